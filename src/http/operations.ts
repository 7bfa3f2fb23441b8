/**
 * What an operator and a load balancer need (docs/operations.md):
 *  - observeRequests: the request id (an incoming `X-Request-Id`, sanitised, else a new one) echoed in the
 *    answer and on every log line of the request; `X-Response-Time` and the Elasticsearch timing headers;
 *    one access-log line and the request metrics per request;
 *  - GET /health (liveness), GET /ready (readiness), GET /metrics (Prometheus).
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from '../kernel/log';
import { runWithRequest } from '../kernel/requestContext';
import { timeSearches, type SearchTiming } from '../search/timing';
import type { Readiness } from '../search/readiness';
import type { ServiceMetrics } from './metrics';

/** Longest request id kept; an incoming one is cut to this. */
export const MAX_REQUEST_ID_LENGTH = 128;

/**
 * The request id to use for an incoming `X-Request-Id`: only letters, digits and `-_.:/+=@` are kept (a
 * header value reaches log lines and must not forge or break them), at most MAX_REQUEST_ID_LENGTH; a
 * new UUID when nothing usable remains.
 */
export function requestIdFor(incoming: string | undefined): string {
  const kept = (incoming ?? '').replace(/[^A-Za-z0-9\-_.:/+=@]/g, '').slice(0, MAX_REQUEST_ID_LENGTH);
  return kept || randomUUID();
}

/** The composition root hooks the client's timing (search/timing.ts observeSearchTiming) before it serves. */
export interface ObserveDeps {
  log: Logger;
  /** Absent when METRICS_ENABLED is false. */
  metrics?: ServiceMetrics;
  /** Write the access line (ACCESS_LOG); the metrics and the request id stay either way. */
  accessLog?: boolean;
}

/**
 * The outermost middleware. The access line says method, route (the matched pattern) and path, status,
 * duration, Elasticsearch took and round trips; never headers or the query string, so no `Api-Key` or key of any kind.
 */
export function observeRequests({ log, metrics, accessLog = true }: ObserveDeps) {
  return async (ctx: Context, next: Next) => {
    const requestId = requestIdFor(ctx.get('X-Request-Id') || undefined);
    ctx.set('X-Request-Id', requestId);
    const start = process.hrtime.bigint();
    const scope = { requestId, cacheRead: metrics ? (cache: string, hit: boolean) => metrics.cacheRead(cache, hit) : undefined };
    await runWithRequest(scope, async () => {
      let timing: SearchTiming = { took: 0, roundTrips: 0 };
      try {
        timing = await timeSearches(next);
      } finally {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        ctx.set('X-Response-Time', String(Math.round(ms)));
        if (timing.roundTrips) {
          ctx.set('X-Elasticsearch-Took', String(timing.took));
          ctx.set('X-Elasticsearch-Round-Trips', String(timing.roundTrips));
        }
        const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
        metrics?.request(ctx.method, route, ctx.status, ms / 1000, timing);
        if (accessLog)
          log.info('request', {
            method: ctx.method,
            route,
            path: ctx.path,
            status: ctx.status,
            durationMs: Math.round(ms * 10) / 10,
            esTookMs: timing.took,
            esRoundTrips: timing.roundTrips,
          });
      }
    });
  };
}

export interface OperationsDeps {
  readiness(): Promise<Readiness>;
  metrics?: ServiceMetrics;
  /** Whether GET /metrics answers without the admin `Api-Key` (METRICS_PUBLIC). */
  metricsPublic: boolean;
  /** The admin guard (access.ts): /metrics needs the admin role. */
  adminGuard: Middleware;
}

export function operationsRouter(deps: OperationsDeps): Router {
  const router = new Router(ROUTER_OPTIONS);
  // Liveness: the process runs and its event loop turns. Nothing else is checked, so a cluster outage
  // does not get every API process restarted.
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  // Readiness: whether to send traffic here (src/search/readiness.ts).
  router.get('/ready', async (ctx) => {
    const readiness = await deps.readiness();
    ctx.set('Cache-Control', 'no-store');
    if (readiness.ready) {
      ctx.body = { status: 'ready', elasticsearch: readiness.status };
    } else {
      ctx.status = 503;
      ctx.body = { status: 'not ready', message: readiness.reason, ...readiness.detail };
    }
  });
  const { metrics } = deps;
  if (metrics) {
    const guard = deps.metricsPublic ? (_ctx: Context, next: Next) => next() : deps.adminGuard;
    router.get('/metrics', guard, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = metrics.contentType;
      ctx.body = await metrics.text();
    });
  }
  return router;
}
