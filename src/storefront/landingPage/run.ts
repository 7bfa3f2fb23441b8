/**
 * Runs a landing-page request: the only module of the endpoint that talks to Elasticsearch.
 *
 * 1. The page (by id, else by localized path) in the view, then its ancestors (restrictChildRules,
 *    inherited slices); cached per process. With navigation, the tree, its pages and its node counts load
 *    alongside (cached per process, see navigation/load.ts).
 * 2. One msearch: the primary list (its hits, and its total and facets) and each content list. Recommendation lists run alongside
 *    (src/storefront/recommendations): their stage searches join this msearch (the query's rounds,
 *    src/search/rounds.ts), so lists without behaviour questions add no round trip.
 * 3. One msearch for the siblings of every group shown and, with dynamic facets, the values of the
 *    attributes covering most hits (facets/dynamic.ts), with the recommendation lists' documents (their
 *    mget joins it); then pure shaping. Two round trips in all when the page and navigation are cached.
 *
 * An unknown reference is not an error: the default page answers (no page settings, `published` false),
 * as Elevate answers references it has no page for, so body-configured pages work without an import.
 *
 * Unless `notify=false`, an answered request registers a page view (the stored page's id, else the
 * reference as sent), fire-and-forget: it never fails the query.
 */
import type { FoundPage } from '../../merchandising/pageStore';
import { onSchedule } from '../../merchandising/pages/types';
import { pageViewEvent } from '../../events/fromQueries';
import { newQueryId } from '../../events/searchSessions';
import { contentListSearch } from '../contentLists';
import type { IndexedSearch, SearchResponse } from '../../search/msearch';
import { productSource } from '../productSource';
import { runRecommendationLists } from '../recommendations';
import { groupTotal } from '../groupCount';
import type { StorefrontServices } from '../services';
import { Cache } from '../../kernel/cache';
import { navigationWithCounts, nodeFacts } from '../navigation/load';
import { selectedPath, shapeNavigation } from '../navigation/shape';
import { facetsQuery, PIN_WEIGHT, primaryFacetsSearch, primaryHitsSearch } from './build';
import { BEFORE_WINDOW, landingProbes, pinReasons, positionBefore, unpinnedSearch } from './explain';
import type { estypes } from '@elastic/elasticsearch';
import { explainHit, shownHits, tieBreaks, withExplanations } from '../explain';
import { askedCandidates, dynamicFacetsStep } from '../facets/dynamicRun';
import { siblingsAndDynamicFacets } from '../listingRound';
import { mergeRecommendationLists } from './recLists';
import { referenceCandidates, type LandingPageRequest } from './request';
import type { LoadedPage } from '../pageProducts';
import { listingPlan } from './settings';
import { mainProducts, shapeLandingPage, type LandingPageResult } from './shape';
import { topContentFor } from '../topContent';
import { noteIgnoredTemplate } from '../ignoredParameters';
import { variantSettings } from '../experiments';
import type { VariantOverrides } from '../../merchandising/experiments/types';

/** `explain`: only the admin explain endpoint; adds each primary product group's explanation (explain.ts) and registers nothing. */
export interface LandingPageOptions {
  explain?: boolean;
}

export async function landingPage(s: StorefrontServices, req: LandingPageRequest, options: LandingPageOptions = {}): Promise<LandingPageResult> {
  const { market, locale, priceId } = req.context;
  noteIgnoredTemplate(s.log, 'landing-page', req.context);
  const at = { market, locale, view: req.view };
  const navigation = req.navigation ? navigationWithCounts(s, at, priceId, req.collapse) : Promise.resolve(undefined);
  navigation.catch(() => undefined); // awaited below; a failure must not go unhandled if the page lookup fails first

  const [cached, language, topContent, variant] = await Promise.all([
    loadPageCached(s, req).then((page) => servedNow(page, req, s.now())),
    req.q ? s.language(locale) : undefined,
    topContentFor(s, req.context.market, req.contentLists),
    variantSettings(s, req.context),
  ]);
  const loaded = withPageOverride(cached, variant.overrides.pages, req.pageReference);
  const plan = { ...listingPlan(req, loaded), ...(req.q && language ? { expansion: language.expand(req.q) } : {}) };
  const withPrimary = req.primaryList ?? loaded?.page.primaryList !== undefined;
  const explain = options.explain && withPrimary ? landingProbes(req, loaded) : undefined;
  // Dynamic facets: the candidates remembered for this listing have their values asked in round 1's facet
  // search (../facets/dynamicRun.ts), whose query is the one their coverage is read under.
  const query = withPrimary && plan.dynamic ? facetsQuery(req, plan) : undefined;
  const remembered =
    query && askedCandidates(s.dynamicCandidates, s.catalogVersion, s.index.products(locale), { ...plan, query, context: req.context }, req.collapse);
  const facetsSearch = () => {
    const body = primaryFacetsSearch(req, plan, { collapse: req.collapse });
    return remembered ? { ...body, aggs: { ...body.aggs, ...remembered.aggs } } : body;
  };
  const searches: IndexedSearch[] = [
    ...(withPrimary
      ? [
          { index: s.index.products(locale), body: primaryHitsSearch(req, plan, { collapse: req.collapse, from: req.skip, size: req.limit, explain }) },
          { index: s.index.products(locale), body: facetsSearch() },
        ]
      : []),
    ...req.contentLists.map((list) => ({ index: s.index.content(locale), body: contentListSearch(list, { market, locale }, topContent) })),
    // The explain run alone: the order without pins, for each product's position before merchandising.
    ...(explain ? [{ index: s.index.products(locale), body: unpinnedSearch(req, plan, req.collapse, req.skip + req.limit + BEFORE_WINDOW) }] : []),
  ];
  let unpinned: SearchResponse | undefined;
  const listing = async () => {
    const responses = await s.search.msearch(searches);
    unpinned = explain ? responses[responses.length - 1] : undefined;
    const primary = withPrimary ? { hits: responses[0], facets: responses[1] } : undefined;
    const dynamic =
      primary &&
      dynamicFacetsStep(s.index.products(locale), {
        ...plan,
        query: query ?? facetsQuery(req, plan),
        response: primary.facets,
        context: req.context,
        ...(remembered ? { asked: remembered.asked } : {}),
      });
    const { siblings, dynamicFacets } = await siblingsAndDynamicFacets(s, req.context, mainProducts(primary?.hits), productSource(req.context), dynamic);
    return {
      primary: primary && { ...primary, dynamicFacets },
      contents: responses.slice(withPrimary ? 2 : 0, (withPrimary ? 2 : 0) + req.contentLists.length),
      siblings,
    };
  };
  const recommendationLists = mergeRecommendationLists(loaded?.page.recLists ?? [], req.recommendationLists);
  // A registered answer's query id: every ticket of the page carries it (search analytics, UBI).
  const queryId = req.context.notify ? newQueryId() : undefined;
  const [recommendations, { primary, contents, siblings }, tree] = await Promise.all([
    runRecommendationLists(s, req.context, recommendationLists, queryId ? { queryId } : {}),
    listing(),
    navigation,
  ]);
  if (queryId && !options.explain) registerPageView(s, req, loaded, queryId);

  const result = shapeLandingPage({
    req,
    plan,
    ...(loaded ? { page: loaded.page } : {}),
    ...(primary ? { primary: { ...primary, total: groupTotal(primary.facets, req.collapse) } } : {}),
    siblings,
    contents,
    recommendationLists: recommendations,
    ...(tree ? { navigation: shapeNavigation(tree.roots, selectedPath(tree.roots, loaded?.page.id), nodeFacts(tree, locale, tree.counts)) } : {}),
    now: s.now(),
    queryId,
  });
  if (!explain || !primary || !unpinned || !result.primaryList) return result;
  const pins = pinReasons(plan, loaded);
  const before = unpinned;
  const hits = shownHits(primary.hits);
  const keyOf = (hit: estypes.SearchHit<unknown>) => String((hit._source as { productKey?: unknown }).productKey);
  const ties = tieBreaks(hits, (i) => pins.has(keyOf(hits[i])));
  const explanations = hits.map((hit, i) =>
    explainHit(
      hit,
      {
        sort: plan.sort,
        position: req.skip + i + 1,
        positionBefore: positionBefore(before, hit),
        pin: pins.get(keyOf(hit)),
        tie: ties[i],
      },
      PIN_WEIGHT,
    ),
  );
  return { ...result, primaryList: { ...result.primaryList, productGroups: withExplanations(result.primaryList.productGroups, explanations) } };
}

/**
 * The page unless its schedule (our addition) says it is not served now: checked per request, not cached, so a
 * campaign starts and ends on time. The preview view shows a scheduled page at any time.
 */
function servedNow(loaded: LoadedPage | undefined, req: LandingPageRequest, now: Date): LoadedPage | undefined {
  return loaded && (req.view !== 'production' || onSchedule(loaded.page, now)) ? loaded : undefined;
}

/**
 * The stored page with an A/B variant's rules and pins for its path (experiments/types.ts), on a copy: the
 * cached page stays as stored. A variant overrides stored pages only.
 */
export function withPageOverride(loaded: LoadedPage | undefined, pages: VariantOverrides['pages'], reference: string): LoadedPage | undefined {
  const override = loaded && pages && Object.hasOwn(pages, reference) ? pages[reference] : undefined;
  if (!loaded || !override) return loaded;
  const primaryList = {
    ...loaded.page.primaryList,
    ...(override.productRules !== undefined ? { rules: override.productRules } : {}),
    ...(override.pins ? { pinned: override.pins } : {}),
  };
  return { ...loaded, page: { ...loaded.page, primaryList } };
}

function registerPageView(s: StorefrontServices, req: LandingPageRequest, loaded: LoadedPage | undefined, queryId: string): void {
  try {
    s.behaviour.record(pageViewEvent(req.context, loaded?.page.id ?? req.pageReference, queryId));
  } catch (err) {
    s.log.warn('behaviour registration failed', { err });
  }
}

/**
 * Pages change only with imports, and a landing page is viewed again and again: lookups (page and
 * ancestors, or "no such page") are cached per process like the navigation (stale-while-revalidate after
 * STORE_CACHE_MS, kernel/cache.ts; an import through this process is seen at once).
 */
const pageCaches = new WeakMap<object, Cache<LoadedPage | undefined>>();

/** A cached lookup older than this is not served, however quiet the page. */
const STALE_MS = 60_000;

function loadPageCached(s: StorefrontServices, req: LandingPageRequest): Promise<LoadedPage | undefined> {
  let cache = pageCaches.get(s.merchandising);
  if (!cache) {
    cache = new Cache<LoadedPage | undefined>({
      name: 'landing-pages',
      ttlMs: s.cacheMs,
      staleMs: STALE_MS,
      maxKeys: 10_000,
      onRefreshFailed: (err) => s.log.warn('background reload of a cached landing page failed; serving the previous value', { err }),
    });
    pageCaches.set(s.merchandising, cache);
  }
  const slot = `${req.context.market}|${req.context.locale}|${req.view}|${req.pageReference}`;
  return cache.get(slot, () => loadPage(s, req), { version: String(s.merchandising.pages.revision) });
}

/** The page a request names with its ancestors; undefined when no page answers the reference in the view. */
async function loadPage(s: StorefrontServices, req: LandingPageRequest): Promise<LoadedPage | undefined> {
  let found: FoundPage | undefined;
  for (const reference of referenceCandidates(req.pageReference)) {
    found = await s.merchandising.pages.findPage({ market: req.context.market, locale: req.context.locale, view: req.view, reference });
    if (found) break;
  }
  if (!found) return undefined;
  const ancestors = await s.merchandising.pages.ancestors(found);
  return { page: found.page, ancestors: ancestors.map((a) => a.page) };
}
