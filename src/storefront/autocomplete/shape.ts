/**
 * Pure shaping of the autocomplete response.
 *
 * - phraseSuggestions: with a phrase, popular searches that found products (most sessions first) and
 *   then catalog phrases (completion suggester), lower-cased, without duplicates, at most
 *   MAX_PHRASE_SUGGESTIONS. Without a phrase, trending phrases (popular ones when nothing trends).
 * - highlighted: in each word of the suggestion, the part the visitor typed (a typed token the word
 *   starts with, the longest) is wrapped in double braces, as in the client's `{{jea}}ns`. A suggestion
 *   found through a typo (fuzzy completion) has words the phrase does not start, and so no braces.
 * - redirectLink: the matched variant's link, else the product's link (see build.ts for which product);
 *   without a key match, the link of the page whose keywords hold the phrase (pageRedirect); before both, the
 *   redirect of the phrase's phrase rule (phraseRedirect).
 * - contentSuggestions (deprecated): only link-type content (`type: "link"`, build.ts), as the spec says;
 *   articles and other content are listed by contentLists. `highlightedTitle` is highlighted like phrases.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import type { TemplateSettings } from '../../merchandising/templates/types';
import { shapeContentList, type ContentListSettings } from '../contentLists';
import { readGroupCount } from '../groupCount';
import { totalOf } from '../../search/msearch';
import { shapeProductGroup, variantLink, type ProductSource, type ShapeContext } from '../productShaper';
import type { ContentListResult, ProductGroupResult } from '../responseTypes';
import { availability, stockNumber } from '../stock';
import { applyTemplate } from '../templates';
import { encodeTicket, type TicketOrigin } from '../../events/tickets';
import { COMPLETION, PRODUCT_COMPLETION, PRODUCT_SUGGESTIONS } from './build';
import type { AutocompleteRequest } from './request';

export const MAX_PHRASE_SUGGESTIONS = 8;
export const LIST_IDS = { products: 'PRODUCT_SUGGESTIONS', recentlyViewed: 'RECENTLY_VIEWED', content: 'CONTENT_SUGGESTIONS' } as const;

export interface PhraseSuggestionResult {
  q: string;
  highlighted: string;
}
export interface ContentSuggestionResult {
  title: string;
  highlightedTitle: string;
  link: string;
  ticket: string;
}

export interface AutocompleteResult {
  phraseSuggestions: PhraseSuggestionResult[];
  productSuggestions: ProductGroupResult[];
  contentSuggestions: ContentSuggestionResult[];
  recentSearches: { q: string }[];
  recentlyViewed: ProductGroupResult[];
  totalHits: number;
  redirectLink?: string;
  contentLists: ContentListResult[];
}

/** What the searches and behaviour lookups found; each part is absent when it was not asked. */
export interface AutocompleteOutcome {
  req: AutocompleteRequest;
  suggestions?: estypes.SearchResponse<unknown>;
  /** The fuzzy fallback of the suggestions (from 4 typed characters): shown when `suggestions` matched nothing. */
  fuzzySuggestions?: estypes.SearchResponse<unknown>;
  redirect?: estypes.SearchResponse<unknown>;
  /** The link of the page one of whose keywords is the phrase. */
  pageRedirect?: string;
  /** The phrase rule's redirect: the merchandiser's word comes before a key match and a page keyword. */
  phraseRedirect?: string;
  contentSuggestions?: estypes.SearchResponse<unknown>;
  contents: estypes.SearchResponse<unknown>[];
  /** Popular phrases (with a phrase) or trending phrases (without), best first. */
  behaviourPhrases: string[];
  recentSearches: string[];
  /** Recently viewed main products, newest first. */
  recentlyViewed: ProductSource[];
  siblings: ReadonlyMap<string, ProductSource>;
  template?: TemplateSettings;
  now: Date;
}

/** `{{typed}}rest` per word; the text unchanged when nothing typed starts a word. */
export function highlight(text: string, q: string): string {
  const typed = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (typed.length === 0) return text;
  return text.replace(/[^\s]+/g, (word) => {
    const lower = word.toLowerCase();
    const t = typed.find((token) => lower.startsWith(token));
    return t ? `{{${word.slice(0, t.length)}}}${word.slice(t.length)}` : word;
  });
}

/** Catalog phrases the completion suggester found, lower-cased, best first. */
export function catalogPhrases(response: estypes.SearchResponse<unknown> | undefined): string[] {
  const entries = (response?.suggest?.[COMPLETION] ?? []) as estypes.SearchCompletionSuggest[];
  return entries.flatMap((e) => (Array.isArray(e.options) ? e.options : [e.options]).map((o) => o.text.toLowerCase().trim()));
}

export function phraseSuggestions(behaviourPhrases: string[], catalog: string[], q: string): PhraseSuggestionResult[] {
  const phrases = [...new Set([...behaviourPhrases, ...catalog].map((p) => p.toLowerCase()).filter(Boolean))];
  return phrases.slice(0, MAX_PHRASE_SUGGESTIONS).map((p) => ({ q: p, highlighted: highlight(p, q) }));
}

/**
 * Product groups matching the phrase: the distinct collapse keys where the market collapses, else the
 * products (each its own listing entry); short prefixes count products (see build.ts).
 */
export function suggestionTotal(response: estypes.SearchResponse<unknown> | undefined): number {
  if (!response) return 0;
  return readGroupCount(response.aggregations) ?? totalOf(response);
}

/**
 * The product listing shown: the suggestions as typed, or, when they match nothing, the fuzzy fallback.
 * productSuggestions and totalHits both come from it, so the count describes the products shown.
 */
export function productListing(
  suggestions: estypes.SearchResponse<unknown> | undefined,
  fuzzy: estypes.SearchResponse<unknown> | undefined,
): estypes.SearchResponse<unknown> | undefined {
  return fuzzy && suggestionTotal(suggestions) === 0 && mainProducts(suggestions).length === 0 ? fuzzy : suggestions;
}

interface RedirectSource {
  productKey: string;
  url?: string;
  variantKeys?: string[];
}

export function redirectLink(response: estypes.SearchResponse<unknown> | undefined, q: string): string | undefined {
  const hit = response?.hits.hits[0]?._source as RedirectSource | undefined;
  if (!hit?.url) return undefined;
  // the search matched one of keySpellings(q); which key it was is told apart case-insensitively
  const typed = q.toLowerCase();
  if (hit.productKey.toLowerCase() === typed) return hit.url;
  const variant = hit.variantKeys?.find((k) => k.toLowerCase() === typed);
  return variant ? variantLink(hit.url, variant) : hit.url;
}

export const mainProducts = (response: estypes.SearchResponse<unknown> | undefined): ProductSource[] =>
  (response?.hits.hits ?? []).flatMap((h) => (h._source ? [h._source as ProductSource] : []));

/**
 * The main products of the suggested groups: the hits, or for a short prefix the product completion's
 * candidates, one per collapse key (per product when the market does not collapse), in-stock first
 * (under the request's channels and stores), at most PRODUCT_SUGGESTIONS.
 */
export function suggestedProducts(response: estypes.SearchResponse<unknown> | undefined, req: AutocompleteRequest): ProductSource[] {
  const entries = response?.suggest?.[PRODUCT_COMPLETION] as estypes.SearchCompletionSuggest<ProductSource>[] | undefined;
  if (!entries) return mainProducts(response);
  const inStock = (doc: ProductSource) =>
    (doc.variants ?? []).some((v) => stockNumber(availability({ stock: v.stock ?? 0, storeStock: v.storeStock }, req.context)) > 0);
  // one per group, in the order groups first appear; a group's in-stock product is preferred
  const byKey = new Map<string, ProductSource>();
  for (const entry of entries) {
    for (const option of Array.isArray(entry.options) ? entry.options : [entry.options]) {
      const doc = option._source;
      if (!doc) continue;
      const key = req.collapse ? (doc.collapseKey ?? doc.productKey) : doc.productKey;
      const current = byKey.get(key);
      if (!current || (!inStock(current) && inStock(doc))) byKey.set(key, doc);
    }
  }
  const candidates = [...byKey.values()];
  const ranked = [...candidates.filter(inStock), ...candidates.filter((d) => !inStock(d))];
  return ranked.slice(0, PRODUCT_SUGGESTIONS);
}

export function shapeAutocomplete(o: AutocompleteOutcome): AutocompleteResult {
  const { req } = o;
  const origin = (listId: string): TicketOrigin => ({ pageType: 'AUTOCOMPLETE', listId, market: req.context.market, touchpoint: req.context.touchpoint });
  const groups = (mains: ProductSource[], listId: string): ProductGroupResult[] => {
    const sc: ShapeContext = { query: req.context, origin: origin(listId), now: o.now };
    return applyTemplate(
      mains.map((p, i) => shapeProductGroup(p, o.siblings, i, sc)),
      o.template,
    );
  };
  const link = o.phraseRedirect ?? redirectLink(o.redirect, req.q) ?? o.pageRedirect;
  const listing = productListing(o.suggestions, o.fuzzySuggestions);
  return {
    phraseSuggestions: phraseSuggestions(o.behaviourPhrases, catalogPhrases(o.suggestions), req.q),
    productSuggestions: groups(suggestedProducts(listing, req), LIST_IDS.products),
    contentSuggestions: (o.contentSuggestions?.hits.hits ?? []).flatMap((h, position) => {
      const doc = h._source as Pick<ContentDocument, 'key' | 'title' | 'url'> | undefined;
      if (!doc) return [];
      const ticket = encodeTicket({ ...origin(LIST_IDS.content), kind: 'content', contentKey: doc.key, position });
      return [{ title: doc.title, highlightedTitle: highlight(doc.title, req.q), link: doc.url, ticket }];
    }),
    recentSearches: o.recentSearches.map((q) => ({ q })),
    recentlyViewed: groups(o.recentlyViewed, LIST_IDS.recentlyViewed),
    totalHits: suggestionTotal(listing),
    ...(link !== undefined ? { redirectLink: link } : {}),
    contentLists: req.contentLists.map((list: ContentListSettings, i) =>
      shapeContentList(list, o.contents[i] as estypes.SearchResponse<ContentDocument>, {
        pageType: 'AUTOCOMPLETE',
        market: req.context.market,
        touchpoint: req.context.touchpoint,
      }),
    ),
  };
}
