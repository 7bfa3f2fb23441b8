/**
 * Pure shaping of the search-page response from the searches' results.
 *
 * - didYouMean: the phrase suggester's corrections that find more (run.ts checks them, at most 3) when the primary list has fewer than
 *   DID_YOU_MEAN_BELOW product groups and no auto-correct happened; else empty.
 * - relatedSearches: when the primary list has fewer than RELATED_BELOW groups, the phrases visitors
 *   searched in the same sessions as this one (behaviour data, most sessions first), else (no history)
 *   the leaf names of the categories most common among the hits; at most 4, without the phrase itself;
 *   else empty.
 * - navigation, when the body asks for it: the categories of the hits as a state tree with counts, the
 *   path to `selectedCategory` expanded, and its breadcrumbs (navigation/categories.ts).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import { AGG } from '../aggNames';
import { shapeContentList, type ContentListSettings } from '../contentLists';
import { shapeFacets } from '../facets/multiSelect';
import { buckets } from '../facets/types';
import { readGroupCount } from '../groupCount';
import { categoryNavigation } from '../navigation/categories';
import type { NavigationResult } from '../navigation/shape';
import { shapeProductGroup, type ProductSource, type ShapeContext } from '../productShaper';
import { listingJson, type ListingJsonCache } from '../listingJson';
import type { FacetResult, ProductGroupResult, SearchPageResult } from '../responseTypes';
import { sortResult } from '../sorts';
import { DID_YOU_MEAN_BELOW, MAX_DID_YOU_MEAN } from '../suggest/phrase';
import type { TemplateSettings } from '../../merchandising/templates/types';
import { applyTemplate } from '../templates';
import type { TicketOrigin } from '../../events/tickets';
import type { SearchPageRequest } from './request';

export const RELATED_BELOW = 100;
export const MAX_RELATED = 4;

export interface SearchPageOutcome {
  req: SearchPageRequest;
  /** The phrase the results are for. */
  phrase: string;
  /** Set when auto-correct replaced the phrase: the hit count of the phrase as typed. */
  originalTotalHits?: number;
  primary: estypes.SearchResponse<unknown>;
  primaryTotal: number;
  secondary?: estypes.SearchResponse<unknown>;
  secondaryTotal: number;
  contents: estypes.SearchResponse<unknown>[];
  siblings: ReadonlyMap<string, ProductSource>;
  suggestions: string[];
  now: Date;
  /** The request's response template, applied to both product lists. */
  template?: TemplateSettings;
  /** Custom attribute facets chosen from the hits, shown after the request's facets. */
  dynamicFacets?: FacetResult[];
  /** Phrases searched in the same sessions as this one, most sessions first (empty without history). */
  behaviourRelated?: string[];
  /** The registered answer's query id, carried by every ticket of the page. */
  queryId?: string;
  /**
   * Lists as JSON kept per document version (../listingJson.ts) under `key` (its shapingKey): their
   * productGroups are then a RawJson, which only the answer's serialisation (kernel/rawJson.ts) reads.
   */
  listingJson?: { cache: ListingJsonCache; key: string };
}

export const mainProducts = (response: estypes.SearchResponse<unknown> | undefined): ProductSource[] =>
  (response?.hits.hits ?? []).flatMap((h) => (h._source ? [h._source as ProductSource] : []));

function groups(o: SearchPageOutcome, response: estypes.SearchResponse<unknown> | undefined, listId: string, offset: number): ProductGroupResult[] {
  const sc: ShapeContext = { query: o.req.context, origin: origin(o, listId), now: o.now };
  if (o.listingJson) {
    const at = { market: o.req.context.market, locale: o.req.context.locale };
    const shape = (main: ProductSource, siblings: ReadonlyMap<string, ProductSource>, position: number, c: ShapeContext) =>
      applyTemplate([shapeProductGroup(main, siblings, position, c)], o.template)[0];
    const json = listingJson(o.listingJson.cache, o.listingJson.key, { hits: response?.hits.hits ?? [], offset, sc, shape, siblings: o.siblings, at });
    // Serialised only (SearchPageOutcome.listingJson): the answer's type names what the JSON holds.
    return json as unknown as ProductGroupResult[];
  }
  return applyTemplate(
    mainProducts(response).map((p, i) => shapeProductGroup(p, o.siblings, offset + i, sc)),
    o.template,
  );
}

const origin = (o: SearchPageOutcome, listId: string): TicketOrigin => ({
  pageType: 'SEARCH_PAGE',
  listId,
  market: o.req.context.market,
  touchpoint: o.req.context.touchpoint,
  ...(o.queryId ? { queryId: o.queryId } : {}),
});

const leaf = (category: string) => category.split('>').pop()!.trim();

export function relatedSearches(response: estypes.SearchResponse<unknown>, phrase: string): { q: string }[] {
  const seen = new Set([phrase.toLowerCase()]);
  const out: { q: string }[] = [];
  for (const b of buckets(response.aggregations?.[AGG.related])) {
    const q = leaf(String(b.key));
    if (!q || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    out.push({ q });
    if (out.length === MAX_RELATED) break;
  }
  return out;
}

type Counted = { doc_count: number } & Record<string, unknown>;

/** The navigation from the primary search's navigationAggregation (build.ts). */
export function searchNavigation(response: estypes.SearchResponse<unknown>, selectedCategory: string | undefined, collapse: boolean): NavigationResult {
  const global = response.aggregations?.[AGG.navigation] as Record<string, unknown> | undefined;
  const hits = global?.[AGG.navigationHits] as Counted | undefined;
  const count = (b: Counted) => (collapse ? (readGroupCount(b) ?? b.doc_count) : b.doc_count);
  const categories = (hits?.[AGG.categories] as { buckets?: (Counted & { key: string })[] } | undefined)?.buckets ?? [];
  return categoryNavigation(
    categories.map((b) => ({ path: b.key, count: count(b) })),
    hits ? count(hits) : 0,
    selectedCategory,
  );
}

/** Related searches from the sessions' phrases; undefined when there are none (the category heuristic applies). */
export function sessionRelated(phrases: readonly string[], phrase: string): { q: string }[] | undefined {
  const own = phrase.trim().toLowerCase();
  const out = phrases
    .filter((p) => p !== own)
    .slice(0, MAX_RELATED)
    .map((q) => ({ q }));
  return out.length ? out : undefined;
}

export function shapeSearchPage(o: SearchPageOutcome): SearchPageResult {
  const { req } = o;
  const corrected = o.originalTotalHits !== undefined;
  const result: SearchPageResult = {
    q: o.phrase,
    ...(corrected ? { autoCorrect: { q: o.phrase, originalTotalHits: o.originalTotalHits! } } : {}),
    didYouMean: !corrected && o.primaryTotal < DID_YOU_MEAN_BELOW ? o.suggestions.slice(0, MAX_DID_YOU_MEAN).map((q) => ({ q })) : [],
    primaryList: {
      sort: sortResult(req.sort, req.context),
      productGroups: req.viewAllSecondary ? [] : groups(o, o.primary, 'PRIMARY_LIST', req.skip),
      totalHits: o.primaryTotal,
      facets: [...shapeFacets(req.facets, req.selections, o.primary.aggregations), ...(o.dynamicFacets ?? [])],
      sliceRanges: [], // slices belong to landing pages; a search has none
    },
    secondaryList: {
      productGroups: groups(o, o.secondary, 'SECONDARY_LIST', req.viewAllSecondary ? req.skip : 0),
      totalHits: o.secondaryTotal,
    },
    relatedSearches: o.primaryTotal < RELATED_BELOW ? (sessionRelated(o.behaviourRelated ?? [], o.phrase) ?? relatedSearches(o.primary, o.phrase)) : [],
    contentLists: req.contentLists.map((list: ContentListSettings, i) =>
      shapeContentList(list, o.contents[i] as estypes.SearchResponse<ContentDocument>, {
        pageType: 'SEARCH_PAGE',
        market: req.context.market,
        touchpoint: req.context.touchpoint,
        ...(o.queryId ? { queryId: o.queryId } : {}),
      }),
    ),
  };
  if (req.navigation) result.navigation = searchNavigation(o.primary, req.selectedCategory, req.collapse);
  return result;
}
