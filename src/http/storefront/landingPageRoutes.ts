/** landing-page (GET and POST) and navigation-tree (GET). */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';
import { parseLandingPageBody, parseLandingPageRequest } from '../../storefront/landingPage/request';
import { landingPage } from '../../storefront/landingPage/run';
import { parseNavigationTreeRequest } from '../../storefront/navigationTree/request';
import { navigationTree } from '../../storefront/navigationTree/run';
import { queryRoute } from './queryRoute';

export function landingPageRoutes(router: Router, services: StorefrontServices): void {
  queryRoute(router, services, 'landing-page', { parseBody: parseLandingPageBody, parseRequest: parseLandingPageRequest, run: landingPage });
  queryRoute(
    router,
    services,
    'navigation-tree',
    {
      parseBody: () => undefined,
      parseRequest: (query, _body, facts) => parseNavigationTreeRequest(query, facts),
      run: navigationTree,
    },
    ['get'],
  );
}
