/**
 * The phrase suggester behind auto-correct and did-you-mean: corrections of the phrase over the title
 * shingles (unigrams to trigrams), terms generated from `title`. Only phrases more likely than the
 * input are suggested (confidence 1). It reads the whole index, not one market; callers verify that a
 * correction finds products in the market before using it. The content index has the same `title` and
 * `title.shingles` fields, so content-search-page asks it the same way.
 */
import type { estypes } from '@elastic/elasticsearch';
import { SUGGEST } from '../aggNames';

export const PHRASE_SUGGESTIONS = 3;
/**
 * A list with fewer results than this (product groups, content items) is short: the suggester is asked, and
 * its corrections are shown as did-you-mean (search-page and content-search-page).
 */
export const DID_YOU_MEAN_BELOW = 10;
/** Did-you-mean shows at most this many corrections. */
export const MAX_DID_YOU_MEAN = 3;

export function phraseSuggester(phrase: string): estypes.SearchSuggester {
  return {
    text: phrase,
    [SUGGEST.phrase]: {
      phrase: {
        field: 'title.shingles',
        size: PHRASE_SUGGESTIONS,
        gram_size: 3,
        max_errors: 2,
        confidence: 1,
        // Candidates from the unstemmed shingles field (its unigrams): `title` holds the locale's stems
        // ("stor" for Swedish "store"), which would be offered as corrections.
        direct_generator: [{ field: 'title.shingles', suggest_mode: 'popular', min_word_length: 3, prefix_length: 1 }],
      },
    },
  } as estypes.SearchSuggester;
}

/** A search that only runs the suggester (no hits, no counting). */
export function phraseSuggestSearch(phrase: string): estypes.SearchRequest {
  return { size: 0, track_total_hits: false, query: { match_none: {} }, suggest: phraseSuggester(phrase) };
}

/**
 * Suggested phrases, best first, without the phrase itself and without corrections that cut a typed word
 * into a fragment (`cutsWordShort`).
 */
export function phraseSuggestions(response: estypes.SearchResponse<unknown>, phrase: string): string[] {
  const entries = (response.suggest?.[SUGGEST.phrase] ?? []) as estypes.SearchPhraseSuggest[];
  const texts = entries.flatMap((e) => (Array.isArray(e.options) ? e.options : [e.options]).map((o) => o.text));
  return [...new Set(texts)].filter((t) => t.toLowerCase() !== phrase.toLowerCase() && !cutsWordShort(phrase, t));
}

/** Shorter than this, a word the visitor did not type is a fragment ("re", "t"), not a correction. */
const MIN_CORRECTED_LETTERS = 3;
/** A typed word this short that loses its end was a real word ("red" → "re", "tee" → "te"). */
const SHORT_WORD = 4;

const words = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether a correction turns a typed word into a fragment: a word of fewer than 3 letters the visitor did
 * not type ("red dress" → "re dress"), or the start of a typed word of at most 4 letters. The suggester only
 * knows the title vocabulary, so a real word that titles lack (a colour, a material) looks misspelled to it;
 * longer words that lose their end are typical typo fixes ("shoess" → "shoes") and stay allowed.
 */
export function cutsWordShort(typed: string, correction: string): boolean {
  const before = words(typed);
  const after = words(correction);
  const typedWords = new Set(before);
  if (before.length !== after.length) return after.some((w) => !typedWords.has(w) && [...w].length < MIN_CORRECTED_LETTERS);
  return after.some((w, i) => {
    const t = before[i];
    if (w === t) return false;
    if ([...w].length < MIN_CORRECTED_LETTERS) return true;
    return t.startsWith(w) && [...t].length <= SHORT_WORD;
  });
}
