/**
 * Requests of product-page, cart-page and add-to-cart-popup, parsed once at the edge (pure): the shared
 * query context, each endpoint's own parameters, and the POST body (recommendation lists, include flags).
 */
import { invalid } from '../../kernel/errors';
import type { CatalogFacts } from '../catalogFacts';
import { pipeList, required, type RawQuery } from '../../kernel/params';
import { parseRecommendationLists, type RecommendationListRequest } from '../recommendations';
import { MAX_CART_KEYS } from '../recommendations/request';
import { parseQueryContext, type EndpointRules, type QueryContext } from '../request';
import { catalogKey } from '../keys';

/**
 * The specification lists `presentCustom` on product-page ("custom product attributes") and cart-page
 * ("accepts the `variant.` prefix") without saying the other prefixes are not defined there, and the
 * official client's ProductParams allow them on every product query: both present variant, number and
 * length attributes in their lists as every other product endpoint does, instead of a 400 that breaks a
 * shop sending one parameter set everywhere. `templateId` is ignored with a note in the log: the specification
 * says it is not defined for them, and the client sends it on every product query.
 */
export const PRODUCT_PAGE_RULES: EndpointRules = { templates: 'ignored', presentCustomPrefixes: ['variant', 'number', 'length'] };
export const CART_PAGE_RULES: EndpointRules = { templates: 'ignored', presentCustomPrefixes: ['variant', 'number', 'length'] };
export const ADD_TO_CART_POPUP_RULES: EndpointRules = { templates: true, presentCustomPrefixes: ['variant', 'number', 'length'] };

export interface ProductPageRequest {
  context: QueryContext;
  productKey: string;
  include: boolean;
  recommendationLists: RecommendationListRequest[];
}
export interface CartPageRequest {
  context: QueryContext;
  cart: string[];
  include: boolean;
  recommendationLists: RecommendationListRequest[];
}
export interface AddToCartPopupRequest {
  context: QueryContext;
  variantKey: string;
  cart?: string[];
  recommendationLists: RecommendationListRequest[];
}

/** A page body: an object (an empty body is `{}`), with an optional `{include}` section named `section`. */
export interface PageBody {
  include: boolean;
  recommendationLists: RecommendationListRequest[];
}

export function parsePageBody(body: unknown, section?: 'productGroup' | 'cart'): PageBody {
  if (body === undefined || body === null) return { include: false, recommendationLists: [] };
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('Body must be a JSON object');
  const b = body as Record<string, unknown>;
  let include = false;
  if (section && b[section] !== undefined) {
    const s = b[section];
    if (typeof s !== 'object' || s === null || Array.isArray(s)) throw invalid(`Body ${section} must be an object`);
    const flag = (s as Record<string, unknown>).include;
    if (flag !== undefined && typeof flag !== 'boolean') throw invalid(`Body ${section}.include must be true or false`);
    include = flag === true;
  }
  return { include, recommendationLists: parseRecommendationLists(b.recommendationLists) };
}

/** Pipe-separated product or variant keys, at most MAX_CART_KEYS, duplicates dropped. */
function cartKeys(query: RawQuery, isRequired: boolean): string[] | undefined {
  if (isRequired) required(query, 'cart');
  const keys = pipeList(query, 'cart');
  if (keys && keys.length > MAX_CART_KEYS) throw invalid(`Query parameter cart holds at most ${MAX_CART_KEYS} keys (got ${keys.length})`);
  return keys && [...new Set(keys.map((k) => catalogKey('Query parameter cart', k)))];
}

export function parseProductPageRequest(query: RawQuery, body: PageBody, facts: CatalogFacts | undefined): ProductPageRequest {
  const productKey = catalogKey('Query parameter productKey', required(query, 'productKey').trim());
  const context = parseQueryContext(query, facts, PRODUCT_PAGE_RULES);
  return { context, productKey, include: body.include, recommendationLists: body.recommendationLists };
}

export function parseCartPageRequest(query: RawQuery, body: PageBody, facts: CatalogFacts | undefined): CartPageRequest {
  const cart = cartKeys(query, true)!;
  const context = parseQueryContext(query, facts, CART_PAGE_RULES);
  return { context, cart, include: body.include, recommendationLists: body.recommendationLists };
}

export function parseAddToCartPopupRequest(query: RawQuery, body: PageBody, facts: CatalogFacts | undefined): AddToCartPopupRequest {
  const variantKey = catalogKey('Query parameter variantKey', required(query, 'variantKey').trim());
  const cart = cartKeys(query, false);
  const context = parseQueryContext(query, facts, ADD_TO_CART_POPUP_RULES);
  return { context, variantKey, ...(cart ? { cart } : {}), recommendationLists: body.recommendationLists };
}
