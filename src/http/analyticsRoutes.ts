/**
 * Search analytics and the UBI export (`/api/admin/v4/analytics/...`, `/api/admin/v4/export/ubi`), behind
 * the admin Api-Key. Handlers only wire: the use cases parse the query parameters (400 naming the parameter).
 */
import Router from '@koa/router';
import type { SearchAnalytics } from '../behaviour/analytics';
import type { UbiExport } from '../behaviour/ubiExport';
import { requireApiKey } from './middleware';
import { requireGzipAccepted } from './adminAnswers';

export function analyticsRouter(analytics: SearchAnalytics, ubi: UbiExport, apiKeys: string[]): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireApiKey(apiKeys));
  router.get('/v4/analytics/searches', async (ctx) => {
    ctx.body = await analytics.searches(ctx.query);
  });
  router.get('/v4/analytics/searches/daily', async (ctx) => {
    ctx.body = await analytics.daily(ctx.query);
  });
  router.get('/v4/export/ubi', async (ctx) => {
    requireGzipAccepted(ctx);
    const stream = await ubi.export(ctx.query);
    ctx.type = 'application/x-ndjson';
    ctx.body = stream;
  });
  return router;
}
