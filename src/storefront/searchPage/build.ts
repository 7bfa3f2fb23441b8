/**
 * Pure builders of the search-page searches. `primarySearch` reads like a table of contents: query,
 * selections as post_filter, facet and count aggregations, sort, paging, collapse, source.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { groupCountAggregation } from '../groupCount';
import { candidateCount, coverageAggregation } from '../facets/dynamic';
import { facetAggregations, postFilter, underAllSelections } from '../facets/multiSelect';
import { productSource } from '../productSource';
import { listingQuery, phraseMatch, relaxedMatch, relevanceBoosts, type PhraseExpansion } from '../relevance';
import { compileRuleSet } from '../../rules';
import { listingSort, scoresRelevance } from '../sorts';
import { inStockQuery } from '../stock';
import type { SearchPageRequest } from './request';
import { explainedSearch, type ExplainOption } from '../explain';
import { phraseSuggester } from '../suggest/phrase';
import { wordCountAggregation } from '../suggest/correction';

type Query = estypes.QueryDslQueryContainer;

const RELATED_CATEGORIES = 8;
/** Category paths counted for navigation: enough for every level a sidebar draws on any real catalog. */
export const NAVIGATION_CATEGORIES = 2000;

export interface ListingOptions {
  /** Collapse on `collapseKey` (the market has groups that suppress duplicates). */
  collapse: boolean;
  from: number;
  size: number;
  /** Only the admin explain endpoint: Elasticsearch's explanation and named rule probes (explain.ts). */
  explain?: ExplainOption;
}

/** What defines the listing besides the phrase: market, locale, product rules, selected category. */
export function listingFilters(req: SearchPageRequest, category: 'withCategory' | 'withoutCategory' = 'withCategory'): Query[] {
  const rules = compileRuleSet(req.rules, { priceId: req.context.priceId });
  return [
    { term: { market: req.context.market } },
    { term: { locale: req.context.locale } },
    ...(rules ? [rules] : []),
    ...(req.selectedCategory && category === 'withCategory' ? [{ term: { categoryPaths: req.selectedCategory } }] : []),
  ];
}

/**
 * The primary list's query for a phrase, before selections (facets are aggregated under it); `expansion`
 * adds the phrase's synonyms and compounds (phraseExpansion.ts). A longer phrase also matches products
 * missing one of its words, ranked after every full match (relevance.ts `phraseMatch`).
 */
export function primaryQuery(req: SearchPageRequest, phrase: string, expansion?: PhraseExpansion): Query {
  const { match, full } = phraseMatch(phrase, expansion);
  return listingQuery({
    match,
    ...(full ? { fullMatch: full } : {}),
    boosts: relevanceBoosts(phrase),
    filters: listingFilters(req),
    inStock: inStockQuery(req.context),
    relevance: scoresRelevance(req.sort),
  });
}

/**
 * Navigation counts ride on the primary search (no extra round trip, and they follow an auto-corrected
 * phrase): under `global`, the phrase's hits without the selected category, per category path, so the
 * selected category's siblings keep their counts (navigation/categories.ts).
 */
export function navigationAggregation(req: SearchPageRequest, phrase: string, collapse: boolean, expansion?: PhraseExpansion): Record<string, estypes.AggregationsAggregationContainer> {
  const groups = collapse ? { aggs: groupCountAggregation() } : {};
  return {
    [AGG.navigation]: {
      global: {},
      aggs: {
        [AGG.navigationHits]: {
          filter: { bool: { filter: [phraseMatch(phrase, expansion).match, ...listingFilters(req, 'withoutCategory')] } },
          aggs: {
            ...(collapse ? groupCountAggregation() : {}),
            [AGG.categories]: { terms: { field: 'categoryPaths', size: NAVIGATION_CATEGORIES }, ...groups },
          },
        },
      },
    },
  };
}

export function primarySearch(req: SearchPageRequest, phrase: string, o: ListingOptions, expansion?: PhraseExpansion): estypes.SearchRequest {
  const post = postFilter(req.facets, req.selections);
  return explainedSearch({
    query: primaryQuery(req, phrase, expansion),
    ...(post ? { post_filter: post } : {}),
    aggs: {
      ...facetAggregations(req.facets, req.selections),
      ...(req.dynamic ? coverageAggregation(req.facets, req.selections, candidateCount(req.dynamic, req.facets)) : {}),
      [AGG.related]: { terms: { field: 'category', size: RELATED_CATEGORIES } },
      ...(req.navigation ? navigationAggregation(req, phrase, o.collapse, expansion) : {}),
      ...(o.collapse ? { [AGG.groups]: underAllSelections(req.facets, req.selections, groupCountAggregation()) } : {}),
    },
    sort: listingSort(req.sort, req.context),
    from: o.from,
    size: o.size,
    ...(o.collapse ? { collapse: { field: 'collapseKey' } } : {}),
    _source: { includes: productSource(req.context) },
    track_total_hits: true,
  }, o.explain);
}

/**
 * The secondary list: products matching the phrase loosely (any term, fuzzily) that the primary list
 * does not hold, by relevance; no facet selections.
 */
export function secondarySearch(req: SearchPageRequest, phrase: string, o: ListingOptions, expansion?: PhraseExpansion): estypes.SearchRequest {
  return {
    query: listingQuery({
      match: { bool: { must: [relaxedMatch(phrase, expansion)], must_not: [phraseMatch(phrase, expansion).match] } },
      filters: listingFilters(req),
      inStock: inStockQuery(req.context),
      relevance: true,
    }),
    ...(o.collapse ? { aggs: groupCountAggregation(), collapse: { field: 'collapseKey' } } : {}),
    sort: listingSort('RELEVANCE', req.context),
    from: o.from,
    size: o.size,
    _source: { includes: productSource(req.context) },
    track_total_hits: true,
  };
}

/**
 * The spelling search beside the primary list (no hits): the phrase suggester's corrections and how many of
 * the listing's products hold each typed word, which decide whether a correction may be offered or applied
 * (suggest/correction.ts). `size: 0`, so Elasticsearch's request cache answers a repeated phrase.
 */
export function spellingSearch(req: SearchPageRequest, phrase: string, expansion?: PhraseExpansion): estypes.SearchRequest {
  return {
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: listingFilters(req) } },
    aggs: wordCountAggregation(phrase, expansion),
    suggest: phraseSuggester(phrase),
  };
}
