/**
 * Pure shaping of the landing-page response.
 *
 * - `seo` (each omitted when empty): `pageHeading` = the page's heading in the locale; `pageTitle` =
 *   customData key `pageTitle`, else the heading; `metaDescription` = customData `metaDescription`;
 *   `preamble` = customData `preamble`; `canonicalPath` = the page's localized path.
 * - `customData`: the page's customData of the locale, every key (empty map when none).
 * - `published`: true when a stored page (imported, or made in the app) answered the reference in the
 *   view; false for the default page of an unknown reference.
 * - `primaryList.sliceRanges`: one `{id, from, to}` per slice (`from` inclusive, `to` exclusive, 0-based
 *   positions in the whole list) covering the slice's pinned products the list holds; empty when the
 *   page has no slices or the visitor chose another sort than the page's default.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import type { Page } from '../../merchandising/pages/types';
import { AGG } from '../aggNames';
import { shapeContentList } from '../contentLists';
import { shapeFacets } from '../facets/multiSelect';
import { buckets, type AggResults } from '../facets/types';
import { shapeProductGroup, type ProductSource, type ShapeContext } from '../productShaper';
import type { ContentListResult, FacetResult, PrimaryListResult, RecommendationListResult, SliceRange } from '../responseTypes';
import { sortResult } from '../sorts';
import type { NavigationResult } from '../navigation/shape';
import type { LandingPageRequest } from './request';
import type { ListingPlan } from './settings';

export type { SliceRange };

export interface Seo {
  pageTitle?: string;
  pageHeading?: string;
  metaDescription?: string;
  preamble?: string;
  canonicalPath?: string;
}

export interface LandingPageResult {
  primaryList?: PrimaryListResult;
  navigation?: NavigationResult;
  recommendationLists: RecommendationListResult[];
  contentLists: ContentListResult[];
  customData: Record<string, string>;
  published: boolean;
  seo: Seo;
}

export interface LandingPageOutcome {
  req: LandingPageRequest;
  /** The stored page of the view; undefined for an unknown reference. */
  page?: Page;
  plan: ListingPlan;
  /** Present when the response has a primary list: its hits, its total-and-facets search, its total. */
  primary?: { hits: estypes.SearchResponse<unknown>; facets: estypes.SearchResponse<unknown>; total: number; dynamicFacets?: FacetResult[] };
  siblings: ReadonlyMap<string, ProductSource>;
  contents: estypes.SearchResponse<unknown>[];
  recommendationLists: RecommendationListResult[];
  navigation?: NavigationResult;
  now: Date;
  /** The registered answer's query id, carried by the tickets of the primary and content lists. */
  queryId?: string;
}

export function seo(page: Page | undefined, locale: string): Seo {
  const data = page?.customData?.[locale] ?? {};
  const heading = page?.headings?.[locale] || undefined;
  const entries: [keyof Seo, string | undefined][] = [
    ['pageTitle', data.pageTitle || heading],
    ['pageHeading', heading],
    ['metaDescription', data.metaDescription || undefined],
    ['preamble', data.preamble || undefined],
    ['canonicalPath', page?.paths?.[locale] || undefined],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as Seo;
}

/** Slice ranges from which pins the listing holds, in pin order. */
export function sliceRanges(plan: ListingPlan, aggregations: Record<string, estypes.AggregationsAggregate> | undefined): SliceRange[] {
  if (!plan.pinsApply || plan.slices.length === 0) return [];
  const inner = aggregations?.[AGG.pinned] as unknown as AggResults | undefined;
  const held = new Set(buckets(inner?.[AGG.pinnedKeys]).map((b) => String(b.key)));
  const sliceKeys = new Set(plan.slices.flatMap((s) => s.keys));
  let position = plan.pins.filter((k) => !sliceKeys.has(k) && held.has(k)).length;
  return plan.slices.map((s) => {
    const from = position;
    position += s.keys.filter((k) => held.has(k)).length;
    return { id: s.id, from, to: position };
  });
}

export const mainProducts = (response: estypes.SearchResponse<unknown> | undefined): ProductSource[] =>
  (response?.hits.hits ?? []).flatMap((h) => (h._source ? [h._source as ProductSource] : []));

export function shapeLandingPage(o: LandingPageOutcome): LandingPageResult {
  const { req, plan } = o;
  const { market, locale, touchpoint } = req.context;
  const attributed = o.queryId ? { queryId: o.queryId } : {};
  const sc: ShapeContext = { query: req.context, origin: { pageType: 'LANDING_PAGE', listId: 'PRIMARY_LIST', market, touchpoint, ...attributed }, now: o.now };
  const result: LandingPageResult = {
    recommendationLists: o.recommendationLists,
    contentLists: req.contentLists.map((list, i) =>
      shapeContentList(list, o.contents[i] as estypes.SearchResponse<ContentDocument>, { pageType: 'LANDING_PAGE', market, touchpoint, ...attributed }),
    ),
    customData: { ...(o.page?.customData?.[locale] ?? {}) },
    published: o.page !== undefined,
    seo: seo(o.page, locale),
  };
  if (o.primary) {
    result.primaryList = {
      sort: sortResult(plan.sort, req.context, plan.sortOptions),
      productGroups: mainProducts(o.primary.hits).map((p, i) => shapeProductGroup(p, o.siblings, req.skip + i, sc)),
      totalHits: o.primary.total,
      facets: [...shapeFacets(plan.facets, plan.selections, o.primary.facets.aggregations), ...(o.primary.dynamicFacets ?? [])],
      sliceRanges: sliceRanges(plan, o.primary.facets.aggregations),
    };
  }
  if (o.navigation) result.navigation = o.navigation;
  return result;
}
