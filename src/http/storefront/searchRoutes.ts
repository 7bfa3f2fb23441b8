/** search-page and autocomplete (GET and POST). */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';
import { parseSearchPageBody, parseSearchPageRequest } from '../../storefront/searchPage/request';
import { searchPage } from '../../storefront/searchPage/run';
import { parseAutocompleteBody, parseAutocompleteRequest } from '../../storefront/autocomplete/request';
import { autocomplete } from '../../storefront/autocomplete/run';
import { queryRoute } from './queryRoute';

export function searchRoutes(router: Router, services: StorefrontServices): void {
  queryRoute(router, services, 'search-page', { parseBody: parseSearchPageBody, parseRequest: parseSearchPageRequest, run: searchPage });
  queryRoute(router, services, 'autocomplete', { parseBody: parseAutocompleteBody, parseRequest: parseAutocompleteRequest, run: autocomplete });
}
