/**
 * Runs an autocomplete request: the only autocomplete module that talks to Elasticsearch. It is on the
 * visitor's every keystroke, so the typed path is one round trip plus one optional mget:
 *
 *   in parallel: one msearch (product suggestions with group count and catalog phrases, redirect,
 *                content suggestions, from 4 characters the fuzzy fallback of the suggestions, content
 *                lists, the page whose keywords hold the phrase: the redirect when no product key
 *                matches), the popular-phrases and the recently-viewed lookups (behaviour);
 *   then, only when the visitor viewed products: one mget of them;
 *   then, only when a suggested or viewed group has siblings: one mget of the siblings.
 *
 * Without a phrase (the search box just got focus): trending phrases, the visitor's recent searches and
 * recently viewed products (behaviour lookups in parallel with the content lists), then one mget of the
 * recently viewed products and one of their siblings. Recently viewed products are answered with a phrase
 * too (the client models them without a condition); recent searches only without one (the client: "when
 * query is empty").
 *
 * Autocomplete registers no behaviour, whatever `notify` says: it runs on every keystroke, and a
 * half-typed phrase is not a search. The search is registered by the search-page request the visitor's
 * choice leads to (`origin=PHRASE_SUGGEST` for a suggested phrase), products by product-page, clicks on
 * suggestions by the click notification of their ticket. Behaviour lookups never fail the query: a
 * failure is logged and the part left empty.
 */
import type { estypes } from '@elastic/elasticsearch';
import { productDocumentId } from '../../catalog/documents';
import { contentListSearch } from '../contentLists';
import { topContentFor } from '../topContent';
import { pageLink } from '../../merchandising/pages/keywords';
import { onSchedule } from '../../merchandising/pages/types';
import { failureOf, type IndexedSearch } from '../../search/msearch';
import type { BehaviourLookup } from '../../events/questions';
import { fetchSiblings, productSource } from '../productSource';
import type { ProductSource } from '../productShaper';
import type { StorefrontServices } from '../services';
import { resolveTemplate, withTemplateFields } from '../templates';
import { contentSuggestionSearch, fuzzySuggestionSearch, redirectSearch, suggestionSearch, usesFuzzyFallback } from './build';
import type { AutocompleteRequest } from './request';
import { phraseRuleOf } from '../phraseMerchandising';
import { MAX_PHRASE_SUGGESTIONS, productListing, suggestedProducts, shapeAutocomplete, type AutocompleteResult } from './shape';

export const RECENT_SEARCHES = 10;
export const RECENTLY_VIEWED = 10;

export async function autocomplete(s: StorefrontServices, request: AutocompleteRequest): Promise<AutocompleteResult> {
  // The template decides which custom attributes are fetched, so it is resolved first (the store caches it).
  // The phrase rule's redirect comes from the store's in-process index: no round trip.
  const [template, topContent, phraseRule] = await Promise.all([
    resolveTemplate(s, request.context.templateId),
    topContentFor(s, request.context.market, request.contentLists),
    phraseRuleOf(s, request.context, request.q),
  ]);
  const req = template ? { ...request, context: withTemplateFields(request.context, template) } : request;
  const { market, locale, customerKey } = req.context;
  const typed = req.q !== '';
  const includes = productSource(req.context);

  const fuzzy = typed && usesFuzzyFallback(req);
  const typedSearches: IndexedSearch[] = typed
    ? [
        { index: s.index.products(locale), body: suggestionSearch(req, undefined, (await s.language(locale)).expandTyping(req.q)) },
        { index: s.index.products(locale), body: redirectSearch(req) },
        { index: s.index.content(locale), body: contentSuggestionSearch(req) },
        ...(fuzzy ? [{ index: s.index.products(locale), body: fuzzySuggestionSearch(req) }] : []),
      ]
    : [];
  const searches: IndexedSearch[] = [
    ...typedSearches,
    ...req.contentLists.map((list) => ({
      index: s.index.content(locale),
      body: contentListSearch(list, { market, locale, ...(typed ? { phrase: req.q } : {}) }, topContent),
    })),
  ];
  const keywordLookup = { market, locale, phrase: req.q, view: req.context.viewId === 'PREVIEW' ? ('preview' as const) : ('production' as const) };
  const keywordSearch = typed ? s.merchandising.pages.keywordSearch(keywordLookup) : undefined;
  if (keywordSearch) searches.push(keywordSearch);
  // Behaviour questions ride in the same msearch (optional: a failed one leaves its part empty). Without a
  // phrase the popular phrases are asked beside the trending ones and shown only when nothing trends.
  const lookups = s.behaviour.lookups;
  const phrasesLookup = lookups.popularPhrases({ market, prefix: typed ? req.q : '', limit: MAX_PHRASE_SUGGESTIONS });
  const trendingLookup = typed ? undefined : lookups.trendingPhrases({ market, locale, limit: MAX_PHRASE_SUGGESTIONS });
  const recentLookup = typed ? undefined : lookups.recentSearches({ market, customerKey, limit: RECENT_SEARCHES });
  const viewedLookup = lookups.recentlyViewed({ market, customerKey, limit: RECENTLY_VIEWED });
  const behaviour = { phrases: searches.length, trending: 0, recent: 0, viewed: 0 };
  searches.push({ index: phrasesLookup.index, body: phrasesLookup.body, optional: true });
  if (trendingLookup) behaviour.trending = searches.push({ index: trendingLookup.index, body: trendingLookup.body, optional: true }) - 1;
  if (recentLookup) behaviour.recent = searches.push({ index: recentLookup.index, body: recentLookup.body, optional: true }) - 1;
  behaviour.viewed = searches.push({ index: viewedLookup.index, body: viewedLookup.body, optional: true }) - 1;
  const responses = await s.search.msearch(searches);
  const read = <T>(what: string, l: BehaviourLookup<T[]> | undefined, at: number): T[] => {
    if (!l) return [];
    const failure = failureOf(responses[at]);
    if (!failure) return l.read(responses[at]);
    s.log.warn(`autocomplete: ${what} lookup failed`, { err: failure });
    return [];
  };
  const popular = read('popular phrases', phrasesLookup, behaviour.phrases).map((p) => p.phrase);
  const trending = read('trending phrases', trendingLookup, behaviour.trending).map((p) => p.phrase);
  const behaviourPhrases = typed || trending.length === 0 ? popular : trending;
  const recentSearches = read('recent searches', recentLookup, behaviour.recent);
  // the client models recent searches "when query is empty", recently viewed products without a condition
  const recentKeys = read('recently viewed', viewedLookup, behaviour.viewed);

  const [suggestions, redirect, contentSuggestions, fuzzySuggestions] = typed ? responses.slice(0, typedSearches.length) : [];
  const contents = responses.slice(typedSearches.length, typedSearches.length + req.contentLists.length);
  const matched = keywordSearch && s.merchandising.pages.keywordMatch(responses[behaviour.phrases - 1], keywordLookup);
  // A page outside its schedule (our addition) leads nowhere yet, or no more.
  const keywordPage = matched && (matched.view !== 'production' || onSchedule(matched.page, s.now())) ? matched : undefined;
  const pageRedirect = keywordPage && pageLink(keywordPage.page, locale);
  const recentlyViewed = await fetchProducts(s, { market, locale }, recentKeys, includes);
  const listing = productListing(suggestions, fuzzySuggestions);
  const siblings = await fetchSiblings(
    s.search,
    s.index.products(locale),
    { market, locale },
    [...suggestedProducts(listing, req), ...recentlyViewed],
    includes,
  );
  return shapeAutocomplete({
    req,
    suggestions,
    fuzzySuggestions,
    redirect,
    pageRedirect,
    ...(phraseRule?.redirect !== undefined ? { phraseRedirect: phraseRule.redirect } : {}),
    contentSuggestions,
    contents,
    behaviourPhrases,
    recentSearches,
    recentlyViewed,
    siblings,
    template,
    now: s.now(),
  });
}

/** Product documents of the market and locale by product key, in the order given; unknown keys are left out. */
async function fetchProducts(s: StorefrontServices, at: { market: string; locale: string }, keys: string[], includes: string[]): Promise<ProductSource[]> {
  if (keys.length === 0) return [];
  const res = await s.search.mget<ProductSource>({
    index: s.index.products(at.locale),
    ids: keys.map((k) => productDocumentId(at.market, at.locale, k)),
    _source_includes: includes,
  });
  return res.docs.flatMap((d) => {
    const doc = d as estypes.GetGetResult<ProductSource>;
    return doc.found && doc._source ? [doc._source] : [];
  });
}
