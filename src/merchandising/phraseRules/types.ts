/**
 * Phrase rules (our addition to Elevate's Admin API; Elevate keeps search merchandising in its apps): what
 * search-page and autocomplete do for a search phrase, per market (optionally one locale of it). A rule
 * applies when the visitor's phrase, normalised (normalise.ts), equals one of its `phrases`, and now is within
 * `start`..`end` when given.
 *
 * - `pinned`: products shown at a 1-based position of search-page's primary list, whatever they match;
 * - `hidden`: products never listed for the phrase;
 * - `boost` / `bury`: product rules (the page rule language, docs/product-rules.md) whose products rank
 *   higher / lower in the phrase's list;
 * - `redirect`: a page path (`/women/shoes`) or an `https://` URL: search-page's and autocomplete's `redirectLink`.
 */
import type { PhraseRule } from '../../contract/merchandising';

export type { PhraseRule, PhraseRuleSets, PinnedProduct } from '../../contract/merchandising';

/** What a market document holds: `published` is what production applies, `preview` the unpublished rules (absent: none). */
export interface MarketPhraseRules {
  published: PhraseRule[];
  preview?: PhraseRule[];
}

export const MAX_PHRASE_RULES_PER_MARKET = 10_000;
export const MAX_PHRASES_PER_RULE = 50;
export const MAX_PINNED = 100;
export const MAX_HIDDEN = 1000;
export const MAX_PHRASE_LENGTH = 200;
export const MAX_REDIRECT_LENGTH = 2000;
