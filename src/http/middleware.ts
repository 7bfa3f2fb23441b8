/** Cross-cutting HTTP concerns: error mapping, response time, admin authentication, body reading. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Client } from '@elastic/elasticsearch';
import { ApiError, forbidden, fromElasticsearch, isElasticsearchError, badRequest } from './errors';
import type { Logger } from '../log';

/** Turns every error into a JSON `{ message, ...details }` with its status; unexpected errors are logged once. */
export function errorHandler(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError(404, `No endpoint ${ctx.method} ${ctx.path}`);
    } catch (err) {
      const apiError = err instanceof ApiError ? err : isElasticsearchError(err) ? fromElasticsearch(err) : undefined;
      if (!apiError || apiError.status >= 500) log.error('request failed', { method: ctx.method, path: ctx.path, err });
      const e = apiError ?? new ApiError(500, `Internal error: ${(err as Error)?.message ?? String(err)}`);
      ctx.status = e.status;
      ctx.body = { message: e.message, ...(e.details ?? {}) };
    }
  };
}

/** `X-Response-Time` in whole milliseconds on every response. */
export async function responseTime(ctx: Context, next: Next) {
  const start = process.hrtime.bigint();
  await next();
  ctx.set('X-Response-Time', String(Math.round(Number(process.hrtime.bigint() - start) / 1e6)));
}

interface ElasticsearchTiming { took: number; roundTrips: number }
const elasticsearchTiming = new AsyncLocalStorage<ElasticsearchTiming>();
const observedClients = new WeakSet<Client>();
// Only search responses: a bulk write of buffered behaviour events also reports `took` but is not the query's work.
const SEARCH_PATH = /\/_(m?search|mget|count)$/;

/**
 * `X-Elasticsearch-Took`: the sum of Elasticsearch's own `took` (ms) over the search round trips of this
 * request, and `X-Elasticsearch-Round-Trips`; so a benchmark compares API latency with the engine's time.
 */
export function elasticsearchTook(es: Client) {
  if (!observedClients.has(es)) {
    observedClients.add(es);
    es.diagnostic.on('response', (_err, result) => {
      const timing = elasticsearchTiming.getStore();
      const path = result?.meta?.request?.params?.path;
      if (!timing || !path || !SEARCH_PATH.test(path)) return;
      timing.roundTrips++;
      const took = (result.body as { took?: unknown } | undefined)?.took;
      if (typeof took === 'number') timing.took += took;
    });
  }
  return async (ctx: Context, next: Next) => {
    const timing: ElasticsearchTiming = { took: 0, roundTrips: 0 };
    await elasticsearchTiming.run(timing, next);
    if (timing.roundTrips) {
      ctx.set('X-Elasticsearch-Took', String(timing.took));
      ctx.set('X-Elasticsearch-Round-Trips', String(timing.roundTrips));
    }
  };
}

/** Admin endpoints need a known `Api-Key` header. */
export function requireApiKey(keys: string[]) {
  const digests = keys.map(sha256);
  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Api-Key');
    if (!key || !apiKeyMatches(digests, key)) throw forbidden();
    await next();
  };
}

/**
 * Whether `key` is one of the keys whose SHA-256 digests are given, in time that does not depend on where
 * a guess first differs (a plain string comparison stops at the first wrong character, which a remote
 * attacker can time): digests have one length whatever the keys', so timingSafeEqual applies, and every
 * key is compared, a match or not.
 */
export function apiKeyMatches(digests: readonly Buffer[], key: string): boolean {
  const given = sha256(key);
  let match = false;
  for (const digest of digests) match = timingSafeEqual(digest, given) || match;
  return match;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Reads a small request body (storefront POSTs, page and navigation imports) as text, with a size cap. */
export async function readTextBody(ctx: Context, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new ApiError(413, `Request body larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body (sent as application/json or text/plain); an empty body is `{}`. */
export async function readJsonBody(ctx: Context, maxBytes = 1_000_000): Promise<unknown> {
  const text = await readTextBody(ctx, maxBytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw badRequest(`Body is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * CORS for the storefront interface: shops call it from the visitor's browser. The official client sends
 * GET and `text/plain` POST (simple requests, no preflight), but other front ends send JSON and preflight.
 * The admin interface gets no CORS headers: it is called server to server with a secret key.
 */
export function storefrontCors(allowedOrigins: string[]) {
  const any = allowedOrigins.includes('*');
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/storefront/')) return next();
    const origin = ctx.get('Origin');
    const allowed = origin && (any || allowedOrigins.includes(origin));
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', any ? '*' : origin);
      if (!any) ctx.vary('Origin');
      ctx.set('Access-Control-Expose-Headers', 'X-Response-Time');
    }
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      if (allowed) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST');
        ctx.set('Access-Control-Allow-Headers', ctx.get('Access-Control-Request-Headers') || 'Content-Type');
        ctx.set('Access-Control-Max-Age', '86400');
      }
      ctx.status = 204;
      return;
    }
    return next();
  };
}
