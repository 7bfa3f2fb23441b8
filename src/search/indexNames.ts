/**
 * Names of every index and alias this service uses, all under INDEX_PREFIX. How each one is mapped and
 * lives (created at start-up, rolled over, versioned behind an alias) is in indexRegistry.ts;
 * docs/index-design.md says what each holds.
 */
export type CatalogPart = 'products' | 'content' | 'entities';
export const CATALOG_PARTS: CatalogPart[] = ['products', 'content', 'entities'];
/** The parts with an index per locale, each analysed in its locale's language; entities are one index. */
export type LocalePart = Exclude<CatalogPart, 'entities'>;
export const LOCALE_PARTS: LocalePart[] = ['products', 'content'];

export interface IndexNames {
  prefix: string;
  /** Alias of the live catalog part, for example `elevate-catalog-products`. */
  catalogAlias(part: CatalogPart): string;
  /**
   * Alias of one locale's live products or content, for example `elevate-catalog-products-sv-se`: every
   * storefront read of that locale and every write by id go through it (docs/language.md "Why an index per locale").
   */
  catalogLocaleAlias(part: LocalePart, locale: string): string;
  /**
   * Concrete index of one catalog version, for example `elevate-catalog-entities-v20261123t105900123`; products
   * and content have one per locale, `elevate-catalog-products-v20261123t105900123-sv-se`.
   */
  catalogIndex(part: CatalogPart, version: string, locale?: string): string;
  /** Pattern matching every version of a catalog part. */
  catalogPattern(part: CatalogPart): string;
  versionOf(index: string): string | undefined;
  /** Markets, locales and currency (one document). */
  configuration: string;
  importJobs: string;
  importLock: string;
  navigation: string;
  pages: string;
  templates: string;
  /** Facet configuration per market. */
  facets: string;
  /** Label overrides per market. */
  labels: string;
  /** Synonym rules per locale (our addition to Elevate's API). */
  synonyms: string;
  /** Phrase rules per market: search merchandising per phrase (our addition to Elevate's API). */
  phraseRules: string;
  /** A/B experiments, one document each (our addition, issue 35). */
  experiments: string;
  /** Kept versions of the merchandising imports (history, diff and rollback). */
  history: string;
  /** The catalog's compounds per locale, from the last full import (query-time compound expansion). */
  vocabulary: string;
  /** The shop's compounds configuration per locale (excluded compounds). */
  compounds: string;
  /** The embedding cache: product text vectors by model and text hash, kept across catalog versions. */
  embeddings: string;
  /** Judged search results per market: phrase, product, grade (replays, src/admin/judgments.ts). */
  judgments: string;
  /** Alias every behaviour read and write goes through. */
  events: string;
  /**
   * The index the events alias is created over. Rollovers add `-000002`, ... behind the same alias and
   * retention deletes the old ones, this one included (src/events/retention.ts): read through the alias.
   */
  firstEventsIndex: string;
  /** Popularity per market|productKey, the last computed score (kept across catalog imports). */
  popularity: string;
  /** Lease documents (one process runs each periodic job). */
  leases: string;
  /** Alias of the live co-occurrence index (what is bought together, written by the co-occurrence job). */
  coOccurrence: string;
}

export function indexNames(prefix: string): IndexNames {
  const alias = (part: CatalogPart) => `${prefix}-catalog-${part}`;
  return {
    prefix,
    catalogAlias: alias,
    catalogLocaleAlias: (part, locale) => `${alias(part)}-${locale.toLowerCase()}`,
    catalogIndex: (part, version, locale) => `${alias(part)}-v${version}${locale ? `-${locale.toLowerCase()}` : ''}`,
    catalogPattern: (part) => `${alias(part)}-v*`,
    // The version is the part up to the next dash: a locale suffix ("-sv-se", "-en-001") may follow.
    versionOf: (index) => /-v([0-9a-z]+)(?:-[a-z]{2,3}-[0-9a-z]+)?$/.exec(index)?.[1],
    configuration: `${prefix}-configuration`,
    importJobs: `${prefix}-import-jobs`,
    importLock: `${prefix}-import-lock`,
    navigation: `${prefix}-navigation`,
    pages: `${prefix}-pages`,
    templates: `${prefix}-templates`,
    facets: `${prefix}-facets`,
    labels: `${prefix}-labels`,
    synonyms: `${prefix}-synonyms`,
    phraseRules: `${prefix}-phrase-rules`,
    experiments: `${prefix}-experiments`,
    history: `${prefix}-history`,
    vocabulary: `${prefix}-vocabulary`,
    compounds: `${prefix}-compounds`,
    embeddings: `${prefix}-embeddings`,
    judgments: `${prefix}-judgments`,
    events: `${prefix}-events`,
    firstEventsIndex: `${prefix}-events-000001`,
    popularity: `${prefix}-popularity`,
    leases: `${prefix}-behaviour-leases`,
    coOccurrence: `${prefix}-co-occurrence`,
  };
}

/** The names behaviour reads and writes. */
export type BehaviourIndexNames = Pick<IndexNames, 'events' | 'firstEventsIndex' | 'popularity' | 'leases' | 'coOccurrence'>;

export const behaviourIndexNames = (prefix: string): BehaviourIndexNames => indexNames(prefix);

/** A sortable, lower-case version stamp: UTC time to the millisecond. */
export function newCatalogVersion(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:.Z]/g, '')
    .replace('T', 't')
    .toLowerCase();
}
