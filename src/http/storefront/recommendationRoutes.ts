/**
 * product-page, cart-page and add-to-cart-popup. POST carries the page configuration; GET (what the official
 * client sends without a body) gets the defaults. Handlers only parse, call src/storefront and answer.
 */
import type Router from '@koa/router';
import type { CatalogFacts } from '../../storefront/catalogFacts';
import { queryRoute } from './queryRoute';
import type { RawQuery } from '../../kernel/params';
import type { StorefrontServices } from '../../storefront/services';
import { parseAddToCartPopupRequest, parseCartPageRequest, parsePageBody, parseProductPageRequest, type PageBody } from '../../storefront/pages/request';
import { addToCartPopup, cartPage, productPage } from '../../storefront/pages/run';

export function recommendationRoutes(router: Router, services: StorefrontServices): void {
  const page = <R>(
    section: 'productGroup' | 'cart' | undefined,
    parseRequest: (query: RawQuery, body: PageBody, facts: CatalogFacts | undefined) => R,
    run: (s: StorefrontServices, request: R) => Promise<unknown>,
  ) => ({ parseBody: (body: unknown) => parsePageBody(body, section), parseRequest, run });
  queryRoute(router, services, 'product-page', page('productGroup', parseProductPageRequest, productPage));
  queryRoute(router, services, 'cart-page', page('cart', parseCartPageRequest, cartPage));
  queryRoute(router, services, 'add-to-cart-popup', page(undefined, parseAddToCartPopupRequest, addToCartPopup));
}
