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

/** Shorter than this, a word cut from a typed word is a fragment ("re" of "red"), not a correction. */
const MIN_CORRECTED_LETTERS = 3;

/** Words as the suggester sees them: "1/2" is two words, a closing quote no part of "oil”". */
const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const letters = (w: string) => [...w].length;

/**
 * Whether a correction turns a typed word into a fragment: the start of a typed word, shorter than 3 letters
 * ("red dress" → "re dress", "reddress" → "re dress", "usb" → "us"). The suggester only knows the title
 * vocabulary, so a real word that titles lack (a colour, a material) looks misspelled to it. Other
 * corrections stay allowed: "tc" → "tv", "sets" → "set", "shoess" → "shoes", a word split in two. A wider rule (every new word
 * under 3 letters, every word of 4 letters losing its end) cost ESCI nDCG@10 0.008 (0.7296 → 0.7217): it
 * refused "knife sets" → "knife set" and "1/2 pint" → "1 2 pint".
 */
export function cutsWordShort(typed: string, correction: string): boolean {
  const before = words(typed);
  const after = words(correction);
  const isFragmentOf = (w: string, t: string) => w !== t && letters(w) < MIN_CORRECTED_LETTERS && t.startsWith(w);
  if (before.length !== after.length) {
    const kept = new Set(after);
    const cut = new Set(before.filter((t) => !kept.has(t)));
    // A typed word split in two is no fragment: "2gallon" → "2 gallon", "mens" → "men s", "tshirt" → "t shirt".
    const splits = (i: number) => cut.has(after[i] + (after[i + 1] ?? '')) || cut.has((after[i - 1] ?? '') + after[i]);
    return after.some((w, i) => !before.includes(w) && !splits(i) && [...cut].some((t) => isFragmentOf(w, t)));
  }
  return after.some((w, i) => isFragmentOf(w, before[i]));
}
