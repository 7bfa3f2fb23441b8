/** Every aggregation and suggester name storefront requests use, defined in one place. */
import type { estypes } from '@elastic/elasticsearch';

export const AGG = {
  /** Multi-select wrapper of one facet: a filter aggregation applying every other selection. */
  facet: (facetId: string) => `facet_${facetId}`,
  /** Inside a facet wrapper. */
  values: 'values',
  min: 'min',
  max: 'max',
  /** Custom numbers and lengths: a nested min/max narrowed to the attribute name. */
  stats: 'stats',
  sizeTypes: 'sizeTypes',
  noSizeType: 'noSizeType',
  sizes: 'sizes',
  matching: 'matching',
  /** Distinct collapse keys under every selection: the product-group count of a collapsed listing. */
  groups: 'groups',
  groupCount: 'groupCount',
  /** Inside groupCount: the products of groups that suppress duplicates, and their distinct groups. */
  suppressing: 'suppressing',
  suppressedGroups: 'suppressedGroups',
  /** Categories co-occurring with a search, for related searches. */
  related: 'related',
  /** Landing pages: which pinned products the listing holds (for slice ranges), under every selection. */
  pinned: 'pinned',
  pinnedKeys: 'pinnedKeys',
  /**
   * Dynamic facets: under every selection, the custom label names (`attributeLabels`) and the custom number
   * names (`attributeNumbers`, nested, with `attributeProducts` counting products) that cover most hits.
   */
  attributes: 'attributes',
  attributeLabels: 'attributeLabels',
  attributeNumbers: 'attributeNumbers',
  attributeNames: 'attributeNames',
  attributeProducts: 'attributeProducts',
  /**
   * Dynamic facets, step 2: one filter under every selection (`candidates`) holding each label candidate's
   * aggregations (`<facet wrapper name>/<aggregation name>`) and one nested pass over the numbers
   * (`candidateNumbers`, by name, with min and max).
   */
  candidates: 'candidates',
  candidateNumbers: 'candidateNumbers',
  /** Navigation: one filter bucket per page node, counting the products the node's page lists. */
  nodes: 'nodes',
  /** search-page navigation: the phrase's hits without the selected category (under `global`), per category path. */
  navigation: 'navigation',
  navigationHits: 'navigationHits',
  categories: 'categories',
  /** search-page spelling: products per typed word, one `filters` bucket per word (suggest/correction.ts). */
  wordCounts: 'wordCounts',
  /** search-page spelling: product groups per candidate correction, one `filters` bucket each (suggest/candidates.ts). */
  candidateCounts: 'candidateCounts',
} as const;

export const SUGGEST = {
  /** Phrase suggester behind auto-correct and did-you-mean. */
  phrase: 'phrase',
} as const;

/** Aggregations by name, as requests carry them; below facets/ and groupCount.ts, which both build them. */
export type Aggs = Record<string, estypes.AggregationsAggregationContainer>;
/** Aggregation results by name, as responses carry them. */
export type AggResults = Record<string, estypes.AggregationsAggregate>;
