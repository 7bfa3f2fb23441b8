/**
 * Names of every index and alias this service uses. A catalog version is a set of three indices that
 * share a version stamp; the aliases point at the live version (see README "Index design").
 */
export type CatalogPart = 'products' | 'content' | 'entities';
export const CATALOG_PARTS: CatalogPart[] = ['products', 'content', 'entities'];

export interface IndexNames {
  prefix: string;
  /** Alias of the live catalog part, for example `elevate-catalog-products`. */
  catalogAlias(part: CatalogPart): string;
  /** Concrete index of one catalog version, for example `elevate-catalog-products-v20261123t105900123`. */
  catalogIndex(part: CatalogPart, version: string): string;
  /** Pattern matching every version of a catalog part. */
  catalogPattern(part: CatalogPart): string;
  versionOf(index: string): string | undefined;
  importJobs: string;
  importLock: string;
  configuration: string;
}

export function indexNames(prefix: string): IndexNames {
  const alias = (part: CatalogPart) => `${prefix}-catalog-${part}`;
  return {
    prefix,
    catalogAlias: alias,
    catalogIndex: (part, version) => `${alias(part)}-v${version}`,
    catalogPattern: (part) => `${alias(part)}-v*`,
    versionOf: (index) => /-v([0-9a-z]+)$/.exec(index)?.[1],
    importJobs: `${prefix}-import-jobs`,
    importLock: `${prefix}-import-lock`,
    configuration: `${prefix}-configuration`,
  };
}

/** A sortable, lower-case version stamp: UTC time to the millisecond. */
export function newCatalogVersion(now = new Date()): string {
  return now.toISOString().replace(/[-:.Z]/g, '').replace('T', 't').toLowerCase();
}
