/**
 * Step 2 of dynamic facets against Elasticsearch (see dynamic.ts): reads the candidates from the listing's
 * facet response, aggregates their values in one size-0 search, and shapes the facets that offer a choice.
 */
import type { estypes } from '@elastic/elasticsearch';
import { msearch } from '../msearch';
import type { FacetResult } from '../responseTypes';
import type { StorefrontServices } from '../services';
import { candidateCount, candidateFacet, candidatesSearch, readCandidates, shapeDynamicFacets, type DynamicFacets } from './dynamic';
import type { FacetContext } from './definitions';
import type { Selections } from './selections';
import type { AggResults, Facet } from './types';

export interface DynamicListing {
  dynamic?: DynamicFacets;
  facets: Facet[];
  selections: Selections;
  /** The listing's query without selections (facets are aggregated under it). */
  query: estypes.QueryDslQueryContainer;
  /** The listing's response holding the coverage aggregation. */
  response: estypes.SearchResponse<unknown>;
  context: FacetContext;
}

export async function runDynamicFacets(s: Pick<StorefrontServices, 'es' | 'index'>, l: DynamicListing): Promise<FacetResult[]> {
  if (!l.dynamic) return [];
  const candidates = readCandidates(l.response.aggregations, l.facets, candidateCount(l.dynamic, l.facets))
    .flatMap((c) => candidateFacet(c, l.context) ?? []);
  if (candidates.length === 0) return [];
  const [response] = await msearch(s.es, [{ index: s.index.products, body: candidatesSearch(l.query, candidates, l.selections, l.facets) }]);
  return shapeDynamicFacets(candidates, response.aggregations as AggResults | undefined, l.dynamic.count);
}
