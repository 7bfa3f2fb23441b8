/** search-page and autocomplete (GET and POST). */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';
import { parseSearchPageBody, parseSearchPageRequest } from '../../storefront/searchPage/request';
import { searchPage } from '../../storefront/searchPage/run';
import { parseAutocompleteBody, parseAutocompleteRequest } from '../../storefront/autocomplete/request';
import { autocomplete } from '../../storefront/autocomplete/run';
import { queryRoute } from './queryRoute';

export function searchRoutes(router: Router, services: StorefrontServices): void {
  // The answer is only serialised here: its lists may be listing JSON spliced in (storefront/listingJson.ts).
  queryRoute(router, services, 'search-page', {
    parseBody: parseSearchPageBody,
    parseRequest: parseSearchPageRequest,
    run: (s, req) => searchPage(s, req, { serialised: true }),
  });
  queryRoute(router, services, 'autocomplete', { parseBody: parseAutocompleteBody, parseRequest: parseAutocompleteRequest, run: autocomplete });
}
