/**
 * The merchandising shapes the admin API answers and the console sends, written once for both: the server
 * validates and stores them, the console (web/console/api.ts) imports them from here instead of copying.
 * Pure types and constants: contract/ imports nothing (dependency-cruiser keeps it so).
 */

/** The merchandising imports whose versions are kept, with diff and rollback (GET /api/admin/v4/history/{kind}). */
export const HISTORY_KINDS = ['pages', 'navigation', 'templates', 'synonyms', 'phrase-rules', 'facets', 'labels', 'experiments', 'configuration'] as const;
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
export interface FieldChange { path: string; from: unknown; to: unknown }
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
