/** content-search-page (GET and POST) and content-information (GET, the official client sends no body). */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';
import { parseContentInformationRequest } from '../../storefront/contentInformation/request';
import { contentInformation } from '../../storefront/contentInformation/run';
import { parseContentSearchPageBody, parseContentSearchPageRequest } from '../../storefront/contentSearchPage/request';
import { contentSearchPage } from '../../storefront/contentSearchPage/run';
import { queryRoute } from './queryRoute';

export function contentRoutes(router: Router, services: StorefrontServices): void {
  queryRoute(router, services, 'content-search-page', {
    parseBody: parseContentSearchPageBody,
    parseRequest: parseContentSearchPageRequest,
    run: contentSearchPage,
  });
  queryRoute(
    router,
    services,
    'content-information',
    {
      parseBody: () => undefined,
      parseRequest: (query, _body, facts) => parseContentInformationRequest(query, facts),
      run: contentInformation,
    },
    ['get'],
  );
}
