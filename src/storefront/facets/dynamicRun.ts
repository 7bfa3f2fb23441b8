/**
 * Step 2 of dynamic facets (see dynamic.ts) as a search to send: the candidates come from the listing's
 * facet response, their values from one size-0 search that the caller sends in the same msearch as the
 * rest of its second round (the siblings of the shown groups), and the facets that offer a choice are read
 * from its response.
 */
import { readGroupCount } from '../groupCount';
import type { estypes } from '@elastic/elasticsearch';
import type { IndexedSearch } from '../../search/msearch';
import { AGG } from '../aggNames';
import { CUSTOM_PREFIX } from '../../merchandising/facets/attributes';
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
  const found = readCandidates(l.response.aggregations, l.facets, candidateCount(l.dynamic, l.facets));
  const products = new Map(found.map((c) => [CUSTOM_PREFIX + c.name, c.products]));
  const candidates = found
    .flatMap((c): CandidateFacet[] => {
      const facet = candidateFacet(c, l.context, l.dynamic?.labelOf);
      return facet ? [{ name: c.name, kind: c.kind, facet }] : [];
    });
  if (candidates.length === 0) return undefined;
  // The listing collapses (counts product groups) exactly when its response holds the group count.
  const collapse = l.response.aggregations?.[AGG.groups] !== undefined;
  return {
    search: { index, body: candidatesSearch(l.query, candidates, l.selections, l.facets, collapse) },
    read: (response) => {
      const aggregations = response.aggregations as AggResults | undefined;
      const under = aggregations?.[AGG.candidates] as { doc_count?: number } | undefined;
      const hits = readGroupCount(under as Record<string, unknown> | undefined) ?? under?.doc_count;
      return shapeDynamicFacets(candidates.map((c) => c.facet), candidateResults(candidates, aggregations), count, hits, products);
    },
  };
}
