/**
 * Admin routes of the merchandising console (docs/merchandising.md "Merchandising console: explain, history, impact"):
 * the explain endpoints, which answer search-page and landing-page with a reason for every position, and the
 * history of the merchandising imports (list, show, diff, rollback).
 * Handlers only wire: parse as the storefront parses, call the use case, answer.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { StorefrontServices } from '../storefront/services';
import { parseSearchPageBody, parseSearchPageRequest } from '../storefront/searchPage/request';
import { searchPage } from '../storefront/searchPage/run';
import { parseLandingPageBody, parseLandingPageRequest } from '../storefront/landingPage/request';
import { landingPage } from '../storefront/landingPage/run';
import { queryHandler } from './storefront/queryRoute';
import type { Context, Middleware } from 'koa';
import { HISTORY_KINDS, type HistoryKind } from '../admin/historyRecord';
import { historyScope, VersionNotFound, type History } from '../admin/history';
import { invalid } from '../kernel/errors';
import { single } from '../kernel/params';
import { HttpError } from './errors';
import { answerImport } from './adminAnswers';
import { importOptions } from './merchandisingRoutes';
import { accessOf } from './access';

export interface ConsoleServices {
  storefront: StorefrontServices;
  history: History;
}

const kindOf = (ctx: Context): HistoryKind => {
  const kind = ctx.params.kind;
  if (!(HISTORY_KINDS as readonly string[]).includes(kind)) throw new HttpError(404, `Unknown history kind "${kind}": one of ${HISTORY_KINDS.join(', ')}`);
  return kind as HistoryKind;
};

/** A version id as the history makes them (base-36 time and hex), so a bad one is a 400 naming the parameter. */
function versionId(value: string | undefined, parameter: string): string {
  if (!value) throw invalid(`Query parameter ${parameter} is required`);
  if (!/^[0-9a-z]{1,40}$/.test(value)) throw invalid(`${parameter}: "${value.slice(0, 50)}" is not a version id`);
  return value;
}

const found = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (err) {
    if (err instanceof VersionNotFound) throw new HttpError(404, err.message);
    throw err;
  }
};

export function consoleRouter(services: ConsoleServices, guard: Middleware): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/admin' });
  // Key, role and throttle (access.ts), before any body is read.
  router.use(guard);

  const explainSearch = queryHandler(services.storefront, {
    parseBody: parseSearchPageBody,
    parseRequest: parseSearchPageRequest,
    run: (s, req) => searchPage(s, req, { explain: true }),
  });
  const explainLanding = queryHandler(services.storefront, {
    parseBody: parseLandingPageBody,
    parseRequest: parseLandingPageRequest,
    run: (s, req) => landingPage(s, req, { explain: true }),
  });
  for (const method of ['get', 'post'] as const) {
    router[method]('/v4/explain/search-page', explainSearch);
    router[method]('/v4/explain/landing-page', explainLanding);
  }

  // Who the key and header say the caller is: the pages show it after login, and what the role may do.
  router.get('/v4/access', (ctx) => {
    ctx.body = accessOf(ctx) ?? {};
  });

  router.get('/v4/history/:kind', async (ctx) => {
    const kind = kindOf(ctx);
    ctx.body = await services.history.list(kind, historyScope(kind, ctx.query));
  });
  router.get('/v4/history/:kind/diff', async (ctx) => {
    const kind = kindOf(ctx);
    ctx.body = await found(services.history.diff(kind, versionId(single(ctx.query, 'from'), 'from'), versionId(single(ctx.query, 'to'), 'to')));
  });
  router.get('/v4/history/:kind/:id', async (ctx) => {
    const kind = kindOf(ctx);
    ctx.body = await found(services.history.show(kind, versionId(ctx.params.id, 'id')));
  });
  router.post('/v4/history/:kind/:id/rollback', async (ctx) => {
    const kind = kindOf(ctx);
    // As the kind's own import answers: 204 once done, 202 with the job id only past a `blockingTimeout` sent.
    answerImport(ctx, await found(services.history.rollback(kind, versionId(ctx.params.id, 'id'), importOptions(ctx))));
  });
  return router;
}
