/**
 * product-page, cart-page and add-to-cart-popup. POST carries the page configuration; GET (what the official
 * client sends without a body) gets the defaults. Handlers only parse, call src/storefront and answer.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { readJsonBody } from '../middleware';
import { answerJson } from '../json';
import { parseWithFacts, type CatalogFacts } from '../../storefront/catalogFacts';
import type { RawQuery } from '../../storefront/queryParams';
import type { StorefrontServices } from '../../storefront/services';
import {
  parseAddToCartPopupRequest, parseCartPageRequest, parsePageBody, parseProductPageRequest, type PageBody,
} from '../../storefront/pages/request';
import { addToCartPopup, cartPage, productPage } from '../../storefront/pages/run';

export function recommendationRoutes(router: Router, services: StorefrontServices): void {
  const route = <R>(
    name: string,
    section: 'productGroup' | 'cart' | undefined,
    parse: (query: RawQuery, body: PageBody, facts: CatalogFacts | undefined) => R,
    run: (s: StorefrontServices, request: R) => Promise<unknown>,
  ) => {
    const handler = async (ctx: Context) => {
      const body = parsePageBody(ctx.method === 'POST' ? await readJsonBody(ctx) : undefined, section);
      const request = await parseWithFacts(services.facts, (facts) => parse(ctx.query, body, facts));
      answerJson(ctx, await run(services, request));
    };
    router.get(`/queries/${name}`, handler);
    router.post(`/queries/${name}`, handler);
  };
  route('product-page', 'productGroup', parseProductPageRequest, productPage);
  route('cart-page', 'cart', parseCartPageRequest, cartPage);
  route('add-to-cart-popup', undefined, parseAddToCartPopupRequest, addToCartPopup);
}
