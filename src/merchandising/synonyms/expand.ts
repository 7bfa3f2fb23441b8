/**
 * Query-time synonym expansion: the phrases a visitor's phrase stands for under a locale's rules. Pure.
 * Rules are compiled once per import into a lookup from a term's words to its replacements; expansion walks
 * the phrase's words left to right, taking the longest term that starts at each word.
 */
import type { SynonymRule } from './types';

/** Phrases a search stands for at most (the original included): each is one more text clause. */
export const MAX_ALTERNATIVES = 8;

export interface CompiledSynonyms {
  /** First word → terms starting with it (as word lists), each with what it stands for, longest first. */
  byFirstWord: Map<string, { words: string[]; alternatives: string[] }[]>;
}

/** The words of a term or phrase as matched: lower case, split on white space. */
export function words(text: string): string[] {
  return text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The lookup of a shop's rules and the shipped general rules of its language (general.ts). A term the shop's
 * rules name (in `terms` or `from`) takes its alternatives from the shop's rules only: `{"from": ["trainers"],
 * "to": ["trainers"]}` switches the shipped "trainers" off, `{"terms": ["jumper", "knitwear"]}` replaces its
 * shipped alternatives. The shipped rules keep every term the shop's rules do not name.
 */
export function compileSynonyms(rules: readonly SynonymRule[], shipped: readonly SynonymRule[] = []): CompiledSynonyms {
  const targets = termTargets(rules);
  for (const [key, alternatives] of termTargets(shipped)) if (!targets.has(key)) targets.set(key, alternatives);
  const byFirstWord = new Map<string, { words: string[]; alternatives: string[] }[]>();
  for (const [key, alternatives] of targets) {
    const w = key.split(' ');
    const list = byFirstWord.get(w[0]) ?? [];
    list.push({ words: w, alternatives: [...alternatives] });
    byFirstWord.set(w[0], list);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { byFirstWord };
}

/** Each term of the rules (its words, lower-case) → what it stands for. */
function termTargets(rules: readonly SynonymRule[]): Map<string, Set<string>> {
  const targets = new Map<string, Set<string>>();
  const add = (term: string, alternatives: string[]) => {
    const key = words(term).join(' ');
    if (!key) return;
    const set = targets.get(key) ?? new Set<string>();
    for (const a of alternatives) set.add(words(a).join(' '));
    targets.set(key, set);
  };
  for (const rule of rules) {
    if ('terms' in rule) for (const term of rule.terms) add(term, rule.terms);
    else for (const term of rule.from) add(term, rule.to);
  }
  return targets;
}

/**
 * The phrase's alternatives: the phrase as typed first (unless a one-way rule replaced part of it), then
 * the combinations of the terms it holds, at most MAX_ALTERNATIVES, without duplicates.
 */
export function expandPhrase(phrase: string, synonyms: CompiledSynonyms): string[] {
  const w = words(phrase);
  // Segments: a fixed word, or the alternatives of a matched term.
  const segments: string[][] = [];
  let matched = false;
  for (let i = 0; i < w.length; ) {
    const term = synonyms.byFirstWord.get(w[i])?.find((t) => t.words.every((x, j) => w[i + j] === x));
    if (term) {
      segments.push(term.alternatives);
      i += term.words.length;
      matched = true;
    } else {
      segments.push([w[i]]);
      i++;
    }
  }
  if (!matched) return [phrase];
  let phrases = [''];
  for (const options of segments) {
    const next: string[] = [];
    for (const prefix of phrases) {
      for (const option of options) {
        next.push(prefix ? `${prefix} ${option}` : option);
        if (next.length >= MAX_ALTERNATIVES * 4) break;
      }
    }
    phrases = next;
  }
  const typed = w.join(' ');
  const unique = [...new Set(phrases)];
  // The phrase as typed leads when a rule kept it (two-way terms always do).
  const ordered = unique.includes(typed) ? [phrase, ...unique.filter((p) => p !== typed)] : unique;
  return ordered.slice(0, MAX_ALTERNATIVES);
}
