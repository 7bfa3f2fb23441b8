/** landing-page (GET and POST) and navigation-tree (GET). Handlers only parse, call src/storefront and answer. */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { readJsonBody } from '../middleware';
import { answerJson } from '../json';
import { parseWithFacts } from '../../storefront/catalogFacts';
import type { StorefrontServices } from '../../storefront/services';
import { parseLandingPageBody, parseLandingPageRequest } from '../../storefront/landingPage/request';
import { landingPage } from '../../storefront/landingPage/run';
import { parseNavigationTreeRequest } from '../../storefront/navigationTree/request';
import { navigationTree } from '../../storefront/navigationTree/run';

export function landingPageRoutes(router: Router, services: StorefrontServices): void {
  const landingPageHandler = async (ctx: Context) => {
    const isPost = ctx.method === 'POST';
    const body = parseLandingPageBody(isPost ? await readJsonBody(ctx) : undefined);
    const request = await parseWithFacts(services.facts, (facts) => parseLandingPageRequest(ctx.query, body, facts, isPost));
    answerJson(ctx, await landingPage(services, request));
  };
  router.get('/queries/landing-page', landingPageHandler);
  router.post('/queries/landing-page', landingPageHandler);

  router.get('/queries/navigation-tree', async (ctx: Context) => {
    const request = await parseWithFacts(services.facts, (facts) => parseNavigationTreeRequest(ctx.query, facts));
    answerJson(ctx, await navigationTree(services, request));
  });
}
