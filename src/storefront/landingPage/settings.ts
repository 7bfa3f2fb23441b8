/**
 * What a page's settings make of a landing-page request (pure): the products it lists, the order of its
 * pinned products, its facets and sort orders.
 *
 * - Products: what the page lists (../pageProducts.ts, shared with navigation counts) AND the request's
 *   `primaryList.productRules`.
 * - Pins: the page's `pinned` keys, then the handpicked keys of its first rule (`rule incl product_key
 *   {...}`), then each slice's `pinnedProducts`, duplicates dropped. Pins reorder matching products; they
 *   add none. They apply while the list is in the page's default sort order.
 * - Slices: the page's `pageSliceInfo.slices`; a page without slices of its own inherits (`inherit`
 *   defaults to true, as the admin spec says) what its parent shows: walking up, the first ancestor with
 *   slices of its own gives them, and an ancestor with `inherit: false` and none stops the walk.
 * - Sorts: `sortOrderOverride.sortOrders` (enabled unless `enabled: false`), the first being the
 *   default; without an override every listing sort, RELEVANCE first.
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../../kernel/errors';
import { storefrontSortOf, type PrimaryList } from '../../merchandising/pages/types';
import { compileRuleSet } from '../../rules';
import { pageProducts, type LoadedPage } from '../pageProducts';
import type { Selections } from '../facets/selections';
import type { Facet } from '../facets/types';
import { SORT_IDS, type SortId } from '../sorts';
import { pageFacetSetup, planFacets } from '../facets/registry';
import type { DynamicFacets } from '../facets/dynamic';
import type { LandingPageRequest } from './request';
import type { PhraseExpansion } from '../relevance';

type Query = estypes.QueryDslQueryContainer;

export interface Slice {
  id: string;
  keys: string[];
}

export interface ListingPlan {
  filters: Query[];
  /** What `q` stands for (synonyms, compounds), set by the run when the request has a `q`. */
  expansion?: PhraseExpansion;
  blocked: string[];
  /** Product keys first, in this order, while `pinsApply`. */
  pins: string[];
  pinsApply: boolean;
  slices: Slice[];
  facets: Facet[];
  selections: Selections;
  /** Custom attribute facets chosen from the hits after `facets` (none on pages with a facetsOverride). */
  dynamic?: DynamicFacets;
  sort: SortId;
  sortOptions: SortId[];
}

/**
 * The slices a page shows: its own, else (unless `inherit: false`) those its parent shows. Ancestors that
 * do not exist are skipped, as their `inherit` would default to true. Non-path ids have no ancestors.
 */
export function pageSlices(loaded: LoadedPage): Slice[] {
  for (const p of [loaded.page, ...loaded.ancestors]) {
    const info = p.primaryList?.pageSliceInfo;
    if (info?.slices?.length) return info.slices.map((s) => ({ id: s.productSetId, keys: s.pinnedProducts ?? [] }));
    if (info?.inherit === false) return [];
  }
  return [];
}

export function pageSortOptions(primaryList: PrimaryList | undefined): SortId[] {
  const override = primaryList?.sortOrderOverride;
  if (!override || override.enabled === false || !override.sortOrders?.length) return [...SORT_IDS];
  return [...new Set(override.sortOrders.map(storefrontSortOf))];
}

/** The requested sort among the page's sort orders (400 naming `sort`), default the page's first. */
export function selectSort(requested: string | undefined, offered: SortId[]): SortId {
  if (requested === undefined) return offered[0];
  const id = offered.find((s) => s === requested.toUpperCase());
  if (!id) throw invalid(`Query parameter sort: "${requested}" is not a sort order of this page (${offered.join(', ')})`);
  return id;
}

/**
 * Pins in order without duplicates or blocked keys: `head` (pinned, handpicked), then each slice's keys.
 * A slice keeps only the keys it brings first, so slice ranges never overlap.
 */
export function orderPins(head: string[], slices: Slice[], blocked: string[]): { pins: string[]; ownSlices: Slice[] } {
  const seen = new Set(blocked);
  const take = (keys: string[]) => keys.filter((k) => !seen.has(k) && (seen.add(k), true));
  const pins = take(head);
  const ownSlices = slices.map((s) => ({ id: s.id, keys: take(s.keys) }));
  return { pins: [...pins, ...ownSlices.flatMap((s) => s.keys)], ownSlices };
}

/** The whole listing of a landing-page request on a page (undefined: no stored page, defaults apply). */
export function listingPlan(req: LandingPageRequest, loaded: LoadedPage | undefined): ListingPlan {
  const primaryList = loaded?.page.primaryList;
  const products = loaded ? pageProducts(loaded, req.context.priceId) : { filters: [], blocked: [], handpicked: [] };
  const requestRules = compileRuleSet(req.rules, { priceId: req.context.priceId });
  const slices = loaded ? pageSlices(loaded) : [];
  const facets = planFacets(
    pageFacetSetup(primaryList?.facetsOverride, req.facetSetup, req.context, req.customAttributes),
    req.query,
    req.customAttributes,
    req.context,
  );
  const sortOptions = pageSortOptions(primaryList);
  const sort = selectSort(req.sort, sortOptions);
  const { pins, ownSlices } = orderPins([...(primaryList?.pinned ?? []), ...products.handpicked], slices, products.blocked);
  return {
    filters: [...products.filters, ...(requestRules ? [requestRules] : [])],
    blocked: products.blocked,
    pins,
    pinsApply: sort === sortOptions[0],
    slices: ownSlices,
    facets: facets.facets,
    selections: facets.selections,
    ...(facets.dynamic ? { dynamic: facets.dynamic } : {}),
    sort,
    sortOptions,
  };
}
