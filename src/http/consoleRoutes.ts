/**
 * Admin routes of the merchandising console (README "Merchandising console: explain, history, impact"):
 * the explain endpoints, which answer search-page and landing-page with a reason for every position.
 * Handlers only wire: parse as the storefront parses, call the use case, answer.
 */
import Router from '@koa/router';
import type { StorefrontServices } from '../storefront/services';
import { parseSearchPageBody, parseSearchPageRequest } from '../storefront/searchPage/request';
import { searchPage } from '../storefront/searchPage/run';
import { parseLandingPageBody, parseLandingPageRequest } from '../storefront/landingPage/request';
import { landingPage } from '../storefront/landingPage/run';
import { requireApiKey } from './middleware';
import { queryHandler } from './storefront/queryRoute';

export interface ConsoleServices {
  storefront: StorefrontServices;
}

export function consoleRouter(services: ConsoleServices, apiKeys: string[]): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireApiKey(apiKeys));

  const explainSearch = queryHandler(services.storefront, {
    parseBody: parseSearchPageBody, parseRequest: parseSearchPageRequest, run: (s, req) => searchPage(s, req, { explain: true }),
  });
  const explainLanding = queryHandler(services.storefront, {
    parseBody: parseLandingPageBody, parseRequest: parseLandingPageRequest, run: (s, req) => landingPage(s, req, { explain: true }),
  });
  for (const method of ['get', 'post'] as const) {
    router[method]('/v4/explain/search-page', explainSearch);
    router[method]('/v4/explain/landing-page', explainLanding);
  }
  return router;
}
