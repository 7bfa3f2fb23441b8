/**
 * Synonyms per locale (our addition: Elevate keeps them in its app). Applied to the visitor's phrase at
 * query time, so an import changes search at once, without reindexing the catalog.
 *
 * - `{ "terms": ["tröja", "sweater"] }`: two-way equivalents; any of them finds all of them.
 * - `{ "from": ["mobil"], "to": ["mobiltelefon", "telefon"] }`: one-way replacement; a phrase holding
 *   `mobil` searches `mobiltelefon` or `telefon` instead (add the original to `to` to keep it), while
 *   `telefon` finds only itself.
 *
 * Terms may hold several words ("t shirt"); they match whole words of the phrase, case-insensitively.
 */
export type { SynonymRule, SynonymSets } from '../../contract/merchandising';

export const MAX_RULES_PER_LOCALE = 10_000;
export const MAX_TERMS_PER_RULE = 20;
export const MAX_TERM_LENGTH = 100;
