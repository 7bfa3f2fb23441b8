/**
 * Routes of the storefront query interface (`/api/storefront/v3/queries/...`). One file per group of
 * endpoints under src/http/storefront/; handlers only parse, call src/storefront and answer.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { StorefrontServices } from '../storefront/services';
import { searchRoutes } from './storefront/searchRoutes';
import { landingPageRoutes } from './storefront/landingPageRoutes';
import { recommendationRoutes } from './storefront/recommendationRoutes';
import { contentRoutes } from './storefront/contentRoutes';

export function storefrontRouter(services: StorefrontServices): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/storefront/v3' });
  searchRoutes(router, services);
  landingPageRoutes(router, services);
  recommendationRoutes(router, services);
  contentRoutes(router, services);
  return router;
}
