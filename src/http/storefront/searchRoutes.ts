/** search-page and autocomplete (GET and POST). */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { readJsonBody } from '../middleware';
import { answerJson } from '../json';
import { parseWithFacts } from '../../storefront/catalogFacts';
import type { StorefrontServices } from '../../storefront/services';
import { parseSearchPageBody, parseSearchPageRequest } from '../../storefront/searchPage/request';
import { searchPage } from '../../storefront/searchPage/run';
import { parseAutocompleteBody, parseAutocompleteRequest } from '../../storefront/autocomplete/request';
import { autocomplete } from '../../storefront/autocomplete/run';

export function searchRoutes(router: Router, services: StorefrontServices): void {
  const searchPageHandler = async (ctx: Context) => {
    const body = parseSearchPageBody(ctx.method === 'POST' ? await readJsonBody(ctx) : undefined);
    const request = await parseWithFacts(services.facts, (facts) => parseSearchPageRequest(ctx.query, body, facts));
    answerJson(ctx, await searchPage(services, request));
  };
  router.get('/queries/search-page', searchPageHandler);
  router.post('/queries/search-page', searchPageHandler);

  const autocompleteHandler = async (ctx: Context) => {
    const body = parseAutocompleteBody(ctx.method === 'POST' ? await readJsonBody(ctx) : undefined);
    const request = await parseWithFacts(services.facts, (facts) => parseAutocompleteRequest(ctx.query, body, facts));
    answerJson(ctx, await autocomplete(services, request));
  };
  router.get('/queries/autocomplete', autocompleteHandler);
  router.post('/queries/autocomplete', autocompleteHandler);
}
