/**
 * The merchandising shapes the admin API answers and the console sends, written once for both: the server
 * validates and stores them, the console (web/console/api.ts) imports them from here instead of copying.
 * Pure types and constants: contract/ imports nothing (dependency-cruiser keeps it so).
 */

/**
 * The merchandising kinds (src/admin/merchandisingKinds.ts describes each once): the path of their import and
 * export (`/api/admin/v4/import/{kind}`), the kind of their import jobs, and their history kind.
 */
export const MERCHANDISING_KINDS = ['pages', 'navigation', 'templates', 'synonyms', 'phrase-rules', 'facets', 'labels', 'experiments', 'compounds'] as const;
export type MerchandisingKindName = (typeof MERCHANDISING_KINDS)[number];

/** The imports whose versions are kept, with diff and rollback (GET /api/admin/v4/history/{kind}): every merchandising kind and the configuration. */
export const HISTORY_KINDS = [...MERCHANDISING_KINDS, 'configuration'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One kept version as the history lists it. */
export interface VersionSummary {
  id: string;
  at: string;
  name: string | null;
  keyId: string | null;
  /** The role of the import's key, and the person named at login (versions kept before roles: absent). */
  role?: string | null;
  user?: string | null;
  summary: string;
}

/** One field of a changed entry, by leaf path (`primaryList.pinned[0]`). */
export interface FieldChange {
  path: string;
  from: unknown;
  to: unknown;
}
/** The diff of two kept versions: entries by id (pages by id, synonyms by locale, facets by market, ...). */
export interface VersionDiff {
  added: { id: string; entry: unknown }[];
  removed: { id: string; entry: unknown }[];
  changed: { id: string; fields: FieldChange[] }[];
}

/** A synonym rule: equivalent terms, or one-way from terms to terms. */
export type SynonymRule = { terms: string[] } | { from: string[]; to: string[] };
/** The rules per locale, as the synonyms import and export carry them under `locales`. */
export type SynonymSets = Record<string, SynonymRule[]>;

/**
 * A phrase rule as the phrase-rules import and export carry it (docs/merchandising.md "Phrase rules"): what
 * search-page and autocomplete do for a search phrase, per market (optionally one locale of it).
 */
export interface PinnedProduct {
  productKey: string;
  position: number;
}

export interface PhraseRule {
  id: string;
  phrases: string[];
  /** Only searches in this locale of the market; absent: every locale of the market. */
  locale?: string;
  pinned?: PinnedProduct[];
  hidden?: string[];
  boost?: string;
  bury?: string;
  redirect?: string;
  /** ISO 8601 times: before `start` or from `end` on, the rule does not apply. */
  start?: string;
  end?: string;
}

/** market → rules, in import order: the phrase-rules import and export carry them under `markets`. */
export type PhraseRuleSets = Record<string, PhraseRule[]>;

/** A locale's compounds configuration: the compounds kept whole (one word each, compared lower-case without diacritics). */
export interface LocaleCompounds {
  excluded: string[];
}
/** locale → its compounds configuration, as the compounds import and export carry them under `locales`. */
export type CompoundSets = Record<string, LocaleCompounds>;
