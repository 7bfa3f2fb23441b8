/**
 * Search analytics and the UBI export (`/api/admin/v4/analytics/...`, `/api/admin/v4/export/ubi`), behind
 * the admin Api-Key. Handlers only wire: the use cases parse the query parameters (400 naming the parameter).
 * `format=csv` answers the same numbers as CSV (the key stays in the header: the page downloads with fetch).
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Middleware } from 'koa';
import type { SearchAnalytics } from '../behaviour/analytics';
import { dailyCsv, phraseProductsCsv, phrasesCsv, totalsCsv } from '../behaviour/analyticsCsv';
import type { UbiExport } from '../behaviour/ubiExport';
import type { Suggestions } from '../behaviour/suggestions';
import { oneOf } from '../kernel/params';
import { requireGzipAccepted } from './adminAnswers';

/** `format` (json, the default, or csv); for the searches answer `table` (phrases, the default, or totals). */
function csvOf(ctx: Context): boolean {
  return oneOf(ctx.query, 'format', ['json', 'csv'] as const) === 'csv';
}

function answerCsv(ctx: Context, name: string, csv: string): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}.csv"`);
  ctx.body = csv;
}

export function analyticsRouter(analytics: SearchAnalytics, ubi: UbiExport, guard: Middleware, suggestions?: Suggestions): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/admin' });
  // Key, role and throttle (access.ts), before any body is read.
  router.use(guard);
  router.get('/v4/analytics/searches', async (ctx) => {
    const csv = csvOf(ctx);
    const table = oneOf(ctx.query, 'table', ['phrases', 'totals'] as const) ?? 'phrases';
    const answer = await analytics.searches(ctx.query);
    if (!csv) ctx.body = answer;
    else if (table === 'totals') answerCsv(ctx, `search-totals-${answer.from}-${answer.to}`, totalsCsv(answer));
    else answerCsv(ctx, `search-phrases-${answer.from}-${answer.to}`, phrasesCsv(answer));
  });
  router.get('/v4/analytics/searches/daily', async (ctx) => {
    const csv = csvOf(ctx);
    const answer = await analytics.daily(ctx.query);
    if (csv) answerCsv(ctx, `searches-per-${answer.interval}-${answer.from}-${answer.to}`, dailyCsv(answer));
    else ctx.body = answer;
  });
  router.get('/v4/analytics/searches/products', async (ctx) => {
    const csv = csvOf(ctx);
    const answer = await analytics.phraseProducts(ctx.query);
    if (csv) answerCsv(ctx, `clicked-products-${answer.from}-${answer.to}`, phraseProductsCsv(answer));
    else ctx.body = answer;
  });
  router.get('/v4/export/ubi', async (ctx) => {
    requireGzipAccepted(ctx);
    const stream = await ubi.export(ctx.query);
    ctx.type = 'application/x-ndjson';
    ctx.body = stream;
  });
  if (suggestions)
    router.get('/v4/suggestions', async (ctx) => {
      ctx.body = await suggestions.list(ctx.query);
    });
  return router;
}
