/**
 * A shop's compounds configuration per locale (our addition): the compounds that are not split, so their
 * head never finds them ("Handschuhe" are gloves, not shoes: "schuhe" must not find them). Applied at query
 * time to the catalog's compound expansion, so an import changes search at once, without reindexing.
 */
export type { CompoundSets, LocaleCompounds } from '../../contract/merchandising';

export const MAX_EXCLUDED_PER_LOCALE = 10_000;
export const MAX_COMPOUND_LENGTH = 100;
