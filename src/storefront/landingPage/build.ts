/**
 * Pure builders of the landing-page searches. The primary list is two searches of one msearch:
 * `primaryHitsSearch` (query with page and request rules, blocked products and pins first, selections as
 * post_filter, sort, paging, collapse, source) and `primaryFacetsSearch` (total, facets, slice figures;
 * cacheable). `nodeCountSearch` counts the products of many pages in one size-0 search (a `filters`
 * aggregation, one bucket per navigation node).
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { candidateCount, coverageAggregation } from '../facets/dynamic';
import { facetAggregations, postFilter, underAllSelections } from '../facets/multiSelect';
import { groupCountAggregation, readGroupCount } from '../groupCount';
import type { Aggs } from '../facets/types';
import { productSource } from '../productSource';
import { listingQuery, relevanceBoosts, textMatch } from '../relevance';
import { listingSort, scoresRelevance } from '../sorts';
import { inStockQuery } from '../stock';
import type { LandingPageRequest } from './request';
import { explainedSearch, type ExplainOption } from '../explain';
import type { ListingPlan, PageProducts } from './settings';

type Query = estypes.QueryDslQueryContainer;

/**
 * Navigation counts are menu figures computed for every node at once: exact up to 3,000 groups that
 * suppress duplicates per node, approximate above (HyperLogLog, typically within 1%), which keeps the
 * search cheap (see groupCount.ts).
 */
export const NODE_COUNT_PRECISION = 3_000;
/**
 * Score added to the i-th of n pins: (n - i) × PIN_WEIGHT. Far above any listing score (relevance × the
 * stock tier stays below 1e12), so pins come first, in their order, whatever their stock.
 */
export const PIN_WEIGHT = 1e15;

export interface ListingOptions {
  /** Collapse on `collapseKey` (the market has groups that suppress duplicates). */
  collapse: boolean;
  from: number;
  size: number;
  /** Only the admin explain endpoint: Elasticsearch's explanation and named rule probes (explain.ts). */
  explain?: ExplainOption;
}

export interface Place { market: string; locale: string }

/** The products of a page: market, locale, its filters, never its blocked products. */
export function productsFilters(at: Place, products: Pick<PageProducts, 'filters' | 'blocked'>): Query[] {
  return [
    { term: { market: at.market } },
    { term: { locale: at.locale } },
    ...products.filters,
    ...(products.blocked.length ? [{ bool: { must_not: [{ terms: { productKey: products.blocked } }] } }] : []),
  ];
}

/** Adds the pin scores on top of a listing query; products that are not pinned keep their order. */
export function pinnedFirst(query: Query, pins: string[]): Query {
  if (pins.length === 0) return query;
  return {
    function_score: {
      query,
      functions: pins.map((key, i) => ({ filter: { term: { productKey: key } }, weight: (pins.length - i) * PIN_WEIGHT })),
      score_mode: 'first',
      boost_mode: 'sum',
    },
  };
}

/** Which pins the listing holds under every selection (slice ranges count only those). */
function pinnedAggregation(plan: ListingPlan): Aggs {
  if (plan.slices.length === 0 || plan.pins.length === 0) return {};
  return {
    [AGG.pinned]: underAllSelections(plan.facets, plan.selections, {
      [AGG.pinnedKeys]: { terms: { field: 'productKey', include: plan.pins, size: plan.pins.length } },
    }),
  };
}

/** The query defining the listing (no pins): page and request rules, blocked products, phrase, stock scoring. */
function listing(req: LandingPageRequest, plan: ListingPlan): Query {
  return listingQuery({
    ...(req.q ? { match: textMatch(req.q, plan.expansion), boosts: relevanceBoosts(req.q) } : {}),
    filters: productsFilters(req.context, plan),
    inStock: inStockQuery(req.context),
    relevance: scoresRelevance(plan.sort),
  });
}

/**
 * The primary list's product groups: pins first, selections as post_filter, sort, paging, collapse,
 * source. Its total and facets come from `primaryFacetsSearch`.
 */
export function primaryHitsSearch(req: LandingPageRequest, plan: ListingPlan, o: ListingOptions): estypes.SearchRequest {
  const post = postFilter(plan.facets, plan.selections);
  const query = listing(req, plan);
  return explainedSearch({
    query: plan.pinsApply ? pinnedFirst(query, plan.pins) : query,
    ...(post ? { post_filter: post } : {}),
    sort: listingSort(plan.sort, req.context),
    from: o.from,
    size: o.size,
    ...(o.collapse ? { collapse: { field: 'collapseKey' } } : {}),
    _source: { includes: productSource(req.context) },
    track_total_hits: false,
  }, o.explain);
}

/**
 * The primary list's total (hits under the selections, or distinct collapse keys), facets and slice
 * figures, in a size-0 search of its own: it does not depend on sort or paging, and Elasticsearch's shard
 * request cache keeps size-0 results by default, so it answers again for every visitor who opens the same
 * page with the same selections (the aggregations are most of a landing page's cost) until the catalog
 * changes.
 */
export function primaryFacetsSearch(req: LandingPageRequest, plan: ListingPlan, o: Pick<ListingOptions, 'collapse'>): estypes.SearchRequest {
  const post = postFilter(plan.facets, plan.selections);
  return {
    size: 0,
    query: facetsQuery(req, plan),
    ...(post ? { post_filter: post } : {}),
    aggs: {
      ...facetAggregations(plan.facets, plan.selections),
      ...(plan.dynamic ? coverageAggregation(plan.facets, plan.selections, candidateCount(plan.dynamic, plan.facets)) : {}),
      ...(o.collapse ? { [AGG.groups]: underAllSelections(plan.facets, plan.selections, groupCountAggregation()) } : {}),
      ...pinnedAggregation(plan),
    },
    track_total_hits: true,
  };
}

/** The primary list's products before selections, unscored: what its facets are aggregated under. */
export function facetsQuery(req: LandingPageRequest, plan: ListingPlan): Query {
  return { bool: { filter: productsFilters(req.context, plan), ...(req.q ? { must: [textMatch(req.q, plan.expansion)] } : {}) } };
}

/**
 * One size-0 search counting, per navigation node, the product groups its page lists (distinct collapse
 * keys when the market collapses, else products), and the whole market-locale for the root.
 */
export function nodeCountSearch(at: Place, nodes: ReadonlyMap<string, PageProducts>, collapse: boolean): estypes.SearchRequest {
  const filters: Record<string, Query> = {};
  for (const [id, products] of nodes) filters[id] = { bool: { filter: productsFilters(at, products).slice(2) } };
  return {
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: productsFilters(at, { filters: [], blocked: [] }) } },
    aggs: {
      ...(collapse ? groupCountAggregation(NODE_COUNT_PRECISION) : {}),
      ...(nodes.size ? { [AGG.nodes]: { filters: { filters }, ...(collapse ? { aggs: groupCountAggregation(NODE_COUNT_PRECISION) } : {}) } } : {}),
    },
  };
}

/** Product groups per node id from a nodeCountSearch response. */
export function nodeCounts(response: estypes.SearchResponse<unknown>, collapse: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const buckets = (response.aggregations?.[AGG.nodes] as { buckets?: Record<string, { doc_count: number } & Record<string, unknown>> } | undefined)?.buckets ?? {};
  for (const [id, b] of Object.entries(buckets)) {
    out.set(id, collapse ? readGroupCount(b) ?? 0 : b.doc_count);
  }
  return out;
}
