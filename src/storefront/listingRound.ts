/**
 * The second round trip of a listing page: the siblings of the groups shown and, when the listing has
 * dynamic facets, the values of the attributes covering most hits, in one msearch (none when neither is
 * needed).
 */
import type { IndexedSearch } from '../search/msearch';
import { readProducts, siblingsSearch } from './productSource';
import type { ProductSource } from './productShaper';
import type { FacetResult } from './responseTypes';
import type { StorefrontServices } from './services';
import type { DynamicFacetsStep } from './facets/dynamicRun';

export interface ListingRound {
  siblings: Map<string, ProductSource>;
  dynamicFacets: FacetResult[];
}

export async function siblingsAndDynamicFacets(
  s: Pick<StorefrontServices, 'search' | 'index'>,
  at: { market: string; locale: string },
  mains: ProductSource[],
  includes: string[],
  dynamic: DynamicFacetsStep | undefined,
): Promise<ListingRound> {
  const siblings = siblingsSearch(at, mains, includes);
  const searches: IndexedSearch[] = [...(siblings ? [{ index: s.index.products(at.locale), body: siblings }] : []), ...(dynamic ? [dynamic.search] : [])];
  const responses = await s.search.msearch(searches);
  return {
    siblings: readProducts(siblings ? responses[0] : undefined),
    dynamicFacets: dynamic ? dynamic.read(responses[siblings ? 1 : 0]) : [],
  };
}
