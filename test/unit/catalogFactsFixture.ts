/** Catalog facts for unit tests: one Swedish market of three products, no stores, prices or attributes, unless `overrides` say otherwise. */
import type { CatalogFacts } from '../../src/storefront/catalogFacts';

export function catalogFacts(overrides: Partial<CatalogFacts> = {}): CatalogFacts {
  return {
    version: 'v1',
    configuration: { markets: { SE: { locales: ['sv-SE'] } } },
    productCounts: { SE: 3 },
    collapsingMarkets: new Set(),
    storeKeys: new Set(),
    priceIds: new Set(),
    genders: [],
    brands: [],
    sizes: [],
    attributes: [],
    customAttributes: new Map(),
    dynamicCandidates: { version: 'v1', ranked: [] },
    facetConfiguration: { markets: {} },
    labelConfiguration: { markets: {} },
    defaultDynamicFacets: 0,
    ...overrides,
  };
}
