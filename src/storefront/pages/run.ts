/**
 * Runs product-page, cart-page and add-to-cart-popup: the only module of these endpoints that talks to
 * Elasticsearch. Each looks up what the page is about (one mget or search), runs its recommendation lists
 * alongside (src/storefront/recommendations) with the page's defaults, fetches siblings in one mget and
 * shapes. Behaviour is registered unless `notify=false`: a product view, a cart (cart-page, and
 * add-to-cart-popup: the cart with the added variant, the basket an analyst expects to see at that moment;
 * the shop's add-to-cart notification, with its ticket, stays the one add-to-cart event, so none is
 * registered here and the session's cart, built from those notifications, is unchanged). Registration is
 * fire-and-forget and never fails the query.
 */
import type { estypes } from '@elastic/elasticsearch';
import { cartEvent, productViewEvent } from '../../events/fromQueries';
import type { BehaviourEvent } from '../../events/events';
import { productDocumentId } from '../../catalog/documents';
import { invalid } from '../../kernel/errors';
import { fetchSiblings, productSource } from '../productSource';
import type { ProductSource, ShapeContext } from '../productShaper';
import { runRecommendationLists } from '../recommendations';
import { SOURCE_FIELDS, sourceProductOf, type Found } from '../recommendations/source';
import type { QueryContext } from '../request';
import type { ProductGroupResult, RecommendationListResult } from '../responseTypes';
import type { StorefrontServices } from '../services';
import { applyTemplate, resolveTemplate, withTemplateFields } from '../templates';
import { noteIgnoredTemplate } from '../ignoredParameters';
import type { PageType } from '../../events/tickets';
import type { AddToCartPopupRequest, CartPageRequest, ProductPageRequest } from './request';
import { shapeCart, shapeProductPageGroup, variantTickets } from './shape';

export interface ProductPageResult {
  productGroup?: ProductGroupResult;
  tickets?: Record<string, string>;
  recommendationLists: RecommendationListResult[];
}
export interface CartPageResult {
  cart: ProductGroupResult[];
  recommendationLists: RecommendationListResult[];
}
export interface AddToCartPopupResult {
  recommendationLists: RecommendationListResult[];
}

export const PRODUCT_GROUP_LIST = 'PRODUCT_GROUP';
export const CART_LIST = 'CART';

const shapeContext = (s: StorefrontServices, ctx: QueryContext, pageType: PageType, listId: string): ShapeContext => ({
  query: ctx,
  origin: { pageType, listId, market: ctx.market, touchpoint: ctx.touchpoint },
  now: s.now(),
});

export async function productPage(s: StorefrontServices, req: ProductPageRequest): Promise<ProductPageResult> {
  const ctx = req.context;
  noteIgnoredTemplate(s.log, 'product-page', ctx);
  // The page's product and its siblings alongside the lists, which take the product from the same
  // lookup; an unknown product wins over a list's error.
  const document = pageDocument(s, ctx, req.productKey, req.include);
  const known = document.then(
    (doc) => new Map([[req.productKey, doc && sourceProductOf(doc)]]),
    () => new Map<string, undefined>(),
  );
  const [product, lists] = await Promise.allSettled([
    document.then(
      async (doc) =>
        doc && {
          doc,
          siblings: req.include
            ? await fetchSiblings(s.search, s.index.products(ctx.locale), ctx, [doc], productSource(ctx))
            : new Map<string, ProductSource>(),
        },
    ),
    runRecommendationLists(s, ctx, req.recommendationLists, { productKey: req.productKey, pageType: 'PRODUCT_PAGE', known }),
  ]);
  if (product.status === 'rejected') throw product.reason;
  if (!product.value) throw invalid(`Query parameter productKey: unknown product "${req.productKey}" in market ${ctx.market}`);
  if (lists.status === 'rejected') throw lists.reason;
  if (ctx.notify) register(s, productViewEvent(ctx, req.productKey));

  const { doc, siblings } = product.value;
  const sc = shapeContext(s, ctx, 'PRODUCT_PAGE', PRODUCT_GROUP_LIST);
  if (!req.include) return { tickets: variantTickets(doc, sc), recommendationLists: lists.value };
  return { productGroup: shapeProductPageGroup(doc, siblings, sc), recommendationLists: lists.value };
}

/**
 * The page's product document, undefined when unknown: all of it when the group is included, else what a
 * listing shows and what its recommendation lists need to know about it.
 */
async function pageDocument(s: StorefrontServices, ctx: QueryContext, productKey: string, include: boolean): Promise<(ProductSource & Found) | undefined> {
  const res = await s.search.mget<ProductSource & Found>({
    index: s.index.products(ctx.locale),
    ids: [productDocumentId(ctx.market, ctx.locale, productKey)],
    ...(include ? { _source_excludes: ['suggest'] } : { _source_includes: [...new Set([...productSource(ctx), ...SOURCE_FIELDS])] }),
  });
  const hit = res.docs[0] as estypes.GetGetResult<ProductSource & Found> | undefined;
  return hit?.found && hit._source ? hit._source : undefined;
}

export async function cartPage(s: StorefrontServices, req: CartPageRequest): Promise<CartPageResult> {
  const ctx = req.context;
  noteIgnoredTemplate(s.log, 'cart-page', ctx);
  const [found, recommendationLists] = await Promise.all([
    req.include ? findProducts(s, ctx, req.cart) : new Map<string, ProductSource>(),
    runRecommendationLists(s, ctx, req.recommendationLists, { cart: req.cart, pageType: 'CART_PAGE' }),
  ]);
  if (ctx.notify) register(s, cartEvent(ctx, req.cart));
  if (!req.include) return { cart: [], recommendationLists };
  const siblings = await fetchSiblings(s.search, s.index.products(ctx.locale), ctx, [...new Set(found.values())], productSource(ctx));
  return { cart: shapeCart(req.cart, found, siblings, shapeContext(s, ctx, 'CART_PAGE', CART_LIST)), recommendationLists };
}

export async function addToCartPopup(s: StorefrontServices, req: AddToCartPopupRequest): Promise<AddToCartPopupResult> {
  const ctx = req.context;
  const [variant, template, cart] = await Promise.all([
    s.search.search({ index: s.index.products(ctx.locale), ...variantSearch(ctx, req.variantKey) }),
    resolveTemplate(s, ctx.templateId),
    req.cart ??
      s.behaviour.cartOf({ market: ctx.market, customerKey: ctx.customerKey, sessionKey: ctx.sessionKey }).catch((err) => {
        s.log.warn('cart from behaviour unavailable', { err });
        return [] as string[];
      }),
  ]);
  if (!variant.hits.hits.length) throw invalid(`Query parameter variantKey: unknown variant "${req.variantKey}" in market ${ctx.market}`);
  if (ctx.notify) register(s, cartEvent(ctx, [...cart, req.variantKey]));
  // The template's custom attributes must be fetched even when presentCustom does not name them.
  const lists = await runRecommendationLists(s, withTemplateFields(ctx, template), req.recommendationLists, {
    variantKey: req.variantKey,
    cart: cart.filter((k) => k !== req.variantKey),
    pageType: 'ADD_TO_CART_POPUP',
  });
  return { recommendationLists: lists.map((l) => ({ ...l, productGroups: applyTemplate(l.productGroups, template) })) };
}

/** Pure: finds a variant key in the request's market and locale. */
export function variantSearch(ctx: Pick<QueryContext, 'market' | 'locale'>, variantKey: string): estypes.SearchRequest {
  return {
    query: { bool: { filter: [{ term: { market: ctx.market } }, { term: { locale: ctx.locale } }, { term: { variantKeys: variantKey } }] } },
    size: 1,
    _source: false,
    track_total_hits: false,
  };
}

/** Pure: the products having any of `keys` as product or variant key. */
export function productsByKeySearch(ctx: QueryContext, keys: string[]): estypes.SearchRequest {
  return {
    query: {
      bool: {
        filter: [
          { term: { market: ctx.market } },
          { term: { locale: ctx.locale } },
          { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }], minimum_should_match: 1 } },
        ],
      },
    },
    size: keys.length,
    _source: { includes: [...productSource(ctx), 'variantKeys'] },
    track_total_hits: false,
  };
}

/** Each key (product or variant key) to its product document. */
async function findProducts(s: StorefrontServices, ctx: QueryContext, keys: string[]): Promise<Map<string, ProductSource>> {
  const response = await s.search.search<ProductSource>({ index: s.index.products(ctx.locale), ...productsByKeySearch(ctx, keys) });
  const found = new Map<string, ProductSource>();
  for (const hit of response.hits.hits) {
    const doc = hit._source;
    if (!doc) continue;
    found.set(doc.productKey, doc);
    for (const v of doc.variantKeys ?? []) found.set(v, doc);
  }
  return found;
}

function register(s: StorefrontServices, event: BehaviourEvent): void {
  try {
    s.behaviour.record(event);
  } catch (err) {
    s.log.warn('behaviour registration failed', { err });
  }
}
