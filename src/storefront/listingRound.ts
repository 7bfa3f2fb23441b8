/**
 * The second round trip of a listing page, when one is needed: the values of the attributes covering most
 * hits when the listing has dynamic facets and round 1 did not answer them (facets/dynamicRun.ts), and the
 * siblings of groups whose documents carry no copies of them (a catalog imported before
 * ProductDocument.siblings existed), in one msearch. The siblings of every other group come from the hits
 * (carriedSiblings), without a trip.
 */
import type { IndexedSearch } from '../search/msearch';
import { carriedSiblings, readProducts, siblingsSearch } from './productSource';
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
  const carried = carriedSiblings(at, mains);
  const fetched = siblingsSearch(at, carried.fetch, includes);
  const values = dynamic && 'search' in dynamic ? dynamic : undefined;
  const answered = dynamic && 'facets' in dynamic ? dynamic.facets : [];
  if (!fetched && !values) return { siblings: carried.siblings, dynamicFacets: answered };
  const searches: IndexedSearch[] = [...(fetched ? [{ index: s.index.products(at.locale), body: fetched }] : []), ...(values ? [values.search] : [])];
  const responses = await s.search.msearch(searches);
  for (const [k, p] of readProducts(fetched ? responses[0] : undefined)) carried.siblings.set(k, p);
  return {
    siblings: carried.siblings,
    dynamicFacets: values ? values.read(responses[fetched ? 1 : 0]) : answered,
  };
}
