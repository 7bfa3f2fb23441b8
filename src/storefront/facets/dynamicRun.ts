/**
 * Step 2 of dynamic facets (see dynamic.ts) as a search to send: the candidates come from the listing's
 * facet response, their values from one size-0 search that the caller sends in the same msearch as the
 * rest of its second round (the siblings of the shown groups), and the facets that offer a choice are read
 * from its response.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { IndexedSearch } from '../../search/msearch';
import type { FacetResult } from '../responseTypes';
import { candidateCount, candidateFacet, candidateResults, candidatesSearch, readCandidates, shapeDynamicFacets, type CandidateFacet, type DynamicFacets } from './dynamic';
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

export interface DynamicFacetsStep {
  search: IndexedSearch;
  read(response: estypes.SearchResponse<unknown>): FacetResult[];
}

/** The values search of the candidates; undefined when the listing has no dynamic facets or no candidate. */
export function dynamicFacetsStep(index: string, l: DynamicListing): DynamicFacetsStep | undefined {
  if (!l.dynamic) return undefined;
  const { count } = l.dynamic;
  const candidates = readCandidates(l.response.aggregations, l.facets, candidateCount(l.dynamic, l.facets))
    .flatMap((c): CandidateFacet[] => {
      const facet = candidateFacet(c, l.context);
      return facet ? [{ name: c.name, kind: c.kind, facet }] : [];
    });
  if (candidates.length === 0) return undefined;
  return {
    search: { index, body: candidatesSearch(l.query, candidates, l.selections, l.facets) },
    read: (response) => shapeDynamicFacets(candidates.map((c) => c.facet), candidateResults(candidates, response.aggregations as AggResults | undefined), count),
  };
}
