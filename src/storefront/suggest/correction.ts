/**
 * Which of the phrase suggester's corrections search-page may offer (did-you-mean) or apply (auto-correct),
 * and in what spelling. The suggester knows only the titles' words, folded: on its own it replaced real
 * words ("gröna" → "gryta"), words the catalog holds outside titles, and dropped the visitor's diacritics
 * ("röda klänningar" → "raka klanningar"). So a correction may only change a typed word that is
 *   - missing from the market's products or rare in them (found in fewer than RARE_BELOW products, counted by
 *     the spelling search beside the primary list: `wordCountAggregation`), and
 *   - no word of the language (the general lexicon, docs/language.md; languages without one rely on the
 *     catalog count alone);
 * and every number typed stays as typed (issue 40: "skor under 400 kr" was offered "skor under 4100 kr"; "2gallon"
 * may still become "2 gallon"), and every word it keeps (equal once folded) is written as the visitor typed it. A phrase whose words the
 * catalog all knows is never corrected: a healthy answer gets no did-you-mean ("vita sneakers" stays), and two
 * catalog words that never occur together are relaxed, not "corrected" into a frequent unrelated word.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { wordsMatch, type PhraseExpansion } from '../relevance';
import { folded as foldedWord } from '../../catalog/nearWords';

/** A typed word found in at least this many products of the listing is the catalog's word: never corrected. */
export const RARE_BELOW = 2;
/** Words counted per phrase (longer phrases: the first ones; the rest count as catalog words). */
export const MAX_COUNTED_WORDS = 8;

/** Words as the suggester sees them, lower-case: "1/2" is two words. */
export const suggesterWords = (text: string): string[] =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A word without diacritics, as the suggester's folding field holds it ("röda" → roda, "søt" → sot). */
export const folded = foldedWord;

/** One filter per typed word (the listing's products holding it, its forms and compounds included). */
export function wordCountAggregation(phrase: string, expansion?: PhraseExpansion): Record<string, estypes.AggregationsAggregationContainer> {
  const words = [...new Set(suggesterWords(phrase))].slice(0, MAX_COUNTED_WORDS);
  if (!words.length) return {};
  const filters = Object.fromEntries(words.map((w) => [w, wordsMatch(w, expansion?.compounds, 1, expansion?.forms)]));
  return { [AGG.wordCounts]: { filters: { filters } } };
}

/** Products per typed word from `wordCountAggregation` (words it did not count are absent). */
export function wordCounts(response: estypes.SearchResponse<unknown> | undefined): Map<string, number> {
  const agg = response?.aggregations?.[AGG.wordCounts] as { buckets?: Record<string, { doc_count: number }> } | undefined;
  return new Map(Object.entries(agg?.buckets ?? {}).map(([w, b]) => [w, b.doc_count]));
}

export interface TypedWordFacts {
  /** Products of the listing holding each typed word (lower-case); a word not counted is a catalog word. */
  counts: ReadonlyMap<string, number>;
  /** Whether a lower-case word is a word of the language (undefined: the locale has no lexicon). */
  realWord?: (word: string) => boolean;
  /**
   * Whether the catalog's vocabulary holds a lower-case word in any form (suggest/candidates.ts; undefined: the
   * locale has none). Such a word is never corrected (issue 40), however few of the listing's products hold it.
   */
  holds?: (word: string) => boolean;
}

/** Whether a typed word may be corrected: rare or missing in the catalog, outside its vocabulary, and no word of the language. */
export function correctable(word: string, facts: TypedWordFacts): boolean {
  const count = facts.counts.get(word);
  if (count === undefined || count >= RARE_BELOW) return false;
  return !facts.holds?.(word) && !facts.realWord?.(word);
}

/** The numbers of a text, in order: a price, a size or a model number the shopper typed is never corrected. */
const numbersOf = (text: string) => (text.match(/\p{N}+/gu) ?? []).join(' ');

/**
 * The correction as search-page may use it, or undefined: it changes only correctable words (at least one,
 * besides diacritics), and words it keeps from the phrase are spelled as typed.
 */
export function acceptedCorrection(typed: string, correction: string, facts: TypedWordFacts): string | undefined {
  const before = suggesterWords(typed);
  const after = suggesterWords(correction);
  const typedByFold = new Map(before.map((w) => [folded(w), w]));
  const spelled = after.map((w) => typedByFold.get(folded(w)) ?? w);
  const kept = new Set(spelled);
  const changed = before.filter((w) => !kept.has(w));
  if (numbersOf(typed) !== numbersOf(correction)) return undefined;
  if (!changed.length || !changed.every((w) => correctable(w, facts))) return undefined;
  return spelled.join(' ');
}

/** The accepted corrections, best first, without repeats. */
export function acceptedCorrections(typed: string, corrections: string[], facts: TypedWordFacts): string[] {
  return [...new Set(corrections.flatMap((c) => acceptedCorrection(typed, c, facts) ?? []))];
}
