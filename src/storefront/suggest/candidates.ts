/**
 * Did-you-mean checked against the catalog, without a round trip (issue 40: "offered only when the suggestion
 * finds more products than the phrase as typed"; issue 41: "a spelling search only for words outside the
 * catalog's vocabulary").
 *
 * The catalog's vocabulary per locale (catalog/vocabulary.ts, cached by the vocabulary store) tells, before
 * round 1, which typed words the catalog does not hold. For those, `candidatePhrases` builds the phrase with
 * each such word replaced by catalog words one or two edits away (as the phrase suggester's direct generator
 * reaches them: same first letter, diacritics folded). Round 1's spelling search then counts, beside the
 * phrase suggester, the product groups of each candidate phrase's primary list (build.ts
 * `candidateCountAggregation`). After round 1, `offeredCorrections` keeps only the corrections that a
 * counted candidate shows to find more product groups than the phrase as typed.
 *
 * A phrase whose every word the catalog holds (or is a number) has no candidate and is never corrected, so
 * the spelling search is left out of its round 1 (`spellingPlan`).
 * Pure.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { readGroupCount } from '../groupCount';
import { suggesterWords } from './correction';
import { folded, MIN_CORRECTED_WORD } from '../../catalog/nearWords';
import type { CatalogWords } from '../phraseExpansion';

export type { CatalogWords };

/** Candidate phrases counted at most per search (one filter each in the spelling search). */
export const MAX_CANDIDATE_PHRASES = 5;
/** Catalog words tried per unknown typed word at most. */
export const MAX_CANDIDATE_WORDS = 4;
/** Typed words up to this length get candidates one edit away; longer ones two (the suggester's `max_edits`). */
const ONE_EDIT_UP_TO = 4;

/** A word no correction changes: a number, or shorter than the suggester corrects. */
const uncorrected = (word: string) => /^\p{N}+$/u.test(word) || [...word].length < MIN_CORRECTED_WORD;

/**
 * The typed words (lower-case, as the suggester splits them) that the catalog does not hold and may be
 * corrected. A word of letters and digits is one of them ("2gallon" may become "2 gallon"), though no
 * candidate replaces it (`candidatePhrases`).
 */
export function unknownWords(phrase: string, words: Pick<CatalogWords, 'holds'>, realWord?: (word: string) => boolean): string[] {
  return [...new Set(suggesterWords(phrase))].filter((w) => !uncorrected(w) && !words.holds(w) && !realWord?.(w));
}

/**
 * What round 1 asks for a phrase's spelling: whether it needs the spelling search at all (some typed word is
 * outside the catalog's vocabulary and no word of the language), and the candidate corrections it counts.
 * Without a vocabulary (a locale whose words the import does not collect) every phrase needs the search and
 * nothing is counted, as before: `counted` is then undefined.
 */
export interface SpellingPlan {
  needed: boolean;
  counted?: string[];
}

/**
 * `brands`: the catalog's brands (cached catalog facts): their words are the catalog's too, though the
 * vocabulary leaves names out.
 */
export function spellingPlan(
  phrase: string,
  words: CatalogWords | undefined,
  brands: readonly string[] = [],
  realWord?: (word: string) => boolean,
): SpellingPlan {
  if (!words) return { needed: true };
  const named = brandWords(brands);
  const held: CatalogWords = named.size ? { holds: (w) => named.has(folded(w)) || words.holds(w), near: (w, max) => words.near(w, max) } : words;
  const counted = candidatePhrases(phrase, held, realWord);
  return { needed: unknownWords(phrase, held, realWord).length > 0, counted };
}

/** The folded words of the catalog's brands, once per facts read (their list is the same array meanwhile). */
const brandWordsCache = new WeakMap<readonly string[], ReadonlySet<string>>();

function brandWords(brands: readonly string[]): ReadonlySet<string> {
  let named = brandWordsCache.get(brands);
  if (!named) {
    named = new Set(brands.flatMap((b) => suggesterWords(b).map(folded)));
    brandWordsCache.set(brands, named);
  }
  return named;
}

/**
 * The phrases to count: the typed phrase (as the suggester splits it) with its unknown words replaced by
 * catalog words near them, the nearest first, at most MAX_CANDIDATE_PHRASES. One word replaced per phrase
 * first (each unknown word's candidates in turn), then every unknown word by its nearest catalog word.
 */
export function candidatePhrases(phrase: string, words: CatalogWords, realWord?: (word: string) => boolean): string[] {
  const typed = suggesterWords(phrase);
  const unknown = unknownWords(phrase, words, realWord).filter((w) => !/\p{N}/u.test(w));
  if (!unknown.length) return [];
  const near = new Map(unknown.map((w) => [w, words.near(w, [...w].length <= ONE_EDIT_UP_TO ? 1 : 2).slice(0, MAX_CANDIDATE_WORDS)]));
  const replaced = (swap: ReadonlyMap<string, string>) => typed.map((w) => swap.get(w) ?? w).join(' ');
  const out = new Set<string>();
  for (let rank = 0; rank < MAX_CANDIDATE_WORDS; rank++) {
    for (const w of unknown) {
      const c = near.get(w)![rank];
      if (c) out.add(replaced(new Map([[w, c]])));
    }
  }
  const every = new Map(unknown.flatMap((w) => (near.get(w)![0] ? [[w, near.get(w)![0]] as [string, string]] : [])));
  const all = unknown.length > 1 && every.size === unknown.length ? [replaced(every)] : [];
  // The phrase with every unknown word corrected goes before single replacements beyond the first of each.
  const ordered = [...out];
  ordered.splice(unknown.length, 0, ...all);
  return [...new Set(ordered)].slice(0, MAX_CANDIDATE_PHRASES);
}

/** A phrase as compared with a correction: its words folded, as the suggester writes them. */
export const comparable = (phrase: string): string => suggesterWords(phrase).map(folded).join(' ');

/** The product groups of each counted candidate phrase (`candidateCountAggregation`), by comparable phrase. */
export function candidateCounts(response: estypes.SearchResponse<unknown> | undefined, phrases: readonly string[], collapse: boolean): Map<string, number> {
  const buckets = (response?.aggregations?.[AGG.candidateCounts] as { buckets?: Record<string, Record<string, unknown> & { doc_count: number }> } | undefined)
    ?.buckets;
  const out = new Map<string, number>();
  if (!buckets) return out;
  phrases.forEach((p, i) => {
    const b = buckets[String(i)];
    if (b) out.set(comparable(p), collapse ? (readGroupCount(b) ?? b.doc_count) : b.doc_count);
  });
  return out;
}

/**
 * The did-you-mean offered: the accepted corrections (best first) that a counted candidate shows to find more
 * product groups than `typedTotal`. `counts` undefined: the locale has no vocabulary to count by, and the
 * corrections are offered unchecked, as before.
 */
export function offeredCorrections(corrections: readonly string[], counts: ReadonlyMap<string, number> | undefined, typedTotal: number): string[] {
  if (!counts) return [...corrections];
  return corrections.filter((c) => (counts.get(comparable(c)) ?? 0) > typedTotal);
}
