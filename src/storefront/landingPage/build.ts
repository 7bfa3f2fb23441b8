/**
 * Pure builders of the landing-page searches. The primary list is two searches of one msearch:
 * `primaryHitsSearch` (query with page and request rules, blocked products and pins first, selections as
 * post_filter, sort, paging, collapse, source) and `primaryFacetsSearch` (total, facets, slice figures;
 * cacheable).
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { candidateCount, coverageAggregation } from '../facets/dynamic';
import { facetAggregations, postFilter, underAllSelections } from '../facets/multiSelect';
import { groupCountAggregation } from '../groupCount';
import type { Aggs } from '../facets/types';
import { productSource } from '../productSource';
import { listingQuery, relevanceBoosts, textMatch } from '../relevance';
import { listingSort, scoresRelevance } from '../sorts';
import { inStockQuery } from '../stock';
import type { LandingPageRequest } from './request';
import { explainedSearch, type ExplainOption } from '../explain';
import type { ListingPlan } from './settings';
import { productsFilters } from '../pageProducts';
import { PIN_WEIGHT, pinnedFirst } from '../pins';

type Query = estypes.QueryDslQueryContainer;

export { PIN_WEIGHT, pinnedFirst };

export interface ListingOptions {
  /** Collapse on `collapseKey` (the market has groups that suppress duplicates). */
  collapse: boolean;
  from: number;
  size: number;
  /** Only the admin explain endpoint: Elasticsearch's explanation and named rule probes (explain.ts). */
  explain?: ExplainOption;
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
  return explainedSearch(
    {
      query: plan.pinsApply ? pinnedFirst(query, plan.pins) : query,
      ...(post ? { post_filter: post } : {}),
      sort: listingSort(plan.sort, req.context),
      from: o.from,
      size: o.size,
      ...(o.collapse ? { collapse: { field: 'collapseKey' } } : {}),
      _source: { includes: productSource(req.context) },
      track_total_hits: false,
    },
    o.explain,
  );
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
      ...facetAggregations(plan.facets, plan.selections, o.collapse),
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
