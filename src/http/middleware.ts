/** Cross-cutting HTTP concerns: error mapping, admin authentication, CORS (request ids, timing and the access log: operations.ts). */
import { createHash, timingSafeEqual } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context, Next } from 'koa';
import { answerFor, forbidden, HttpError } from './errors';
import type { Logger } from '../kernel/log';
import { searchFailureDetail } from '../search/errors';

/**
 * Turns every error into a JSON `{ message, ...details }` with its status (errors.ts); a 5xx is logged once,
 * with the detail the caller does not get.
 */
export function errorHandler(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new HttpError(404, `No endpoint ${ctx.method} ${ctx.path}`);
      // The routers' allowedMethods answer a known path with another method by a bare status, which Koa sends
      // as plain text (405, or 501 for a method they do not know at all): a JSON {message} like every other answer, and 405 for both.
      if ((ctx.status === 405 || ctx.status === 501) && (ctx.body === undefined || typeof ctx.body === 'string')) {
        const allow = ctx.response.get('Allow');
        throw new HttpError(405, `Method ${ctx.method} is not allowed on ${ctx.path}${allow ? ` (allowed: ${allow})` : ''}`);
      }
    } catch (err) {
      const answer = answerFor(err);
      if (answer.logged) log.error('request failed', { method: ctx.method, path: ctx.path, status: answer.status, err, ...searchFailureDetail(err) });
      ctx.status = answer.status;
      ctx.body = answer.body;
    }
  };
}

/**
 * Headers of every answer, errors included, set before and after the handlers so neither a handler nor the
 * error handler leaves them out: `nosniff` on all (a JSON answer echoing catalog text must never be sniffed as
 * HTML), and `no-store` on the admin interface (imports, exports, the console's explain and history,
 * analytics: read with a secret key, stale after the next import). The routers match paths case-sensitively
 * (ROUTER_OPTIONS), so `/API/ADMIN/...` answers nothing but a 404; the admin check here is case-insensitive all
 * the same, so a router that matched more would still not escape it.
 */
export function answerHeaders() {
  return async (ctx: Context, next: Next) => {
    const admin = isAdminPath(ctx.path);
    const set = () => {
      ctx.set('X-Content-Type-Options', 'nosniff');
      if (admin) ctx.set('Cache-Control', 'no-store');
    };
    set();
    try {
      await next();
    } finally {
      set();
    }
  };
}

/** Whether a request path is under `/api/admin`, in any case. */
export function isAdminPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api/admin' || lower.startsWith('/api/admin/');
}

/**
 * The options of every router: paths match case-sensitively (the APIs' paths are lower-case; a router that
 * matched `/API/ADMIN/...` answered past every check made on the path's spelling).
 */
export const ROUTER_OPTIONS = { sensitive: true } as const;

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

/**
 * Answers what Node's HTTP parser refuses before Koa sees it (a request line and headers over 16 KB: 431, a
 * malformed request: 400) with a JSON {message} like every other answer, instead of an empty body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 431
        ? 'Request line and headers larger than 16 KB: send long parameters in a POST body'
        : status === 408
          ? 'Request not received in time'
          : `Malformed HTTP request (${err.code ?? 'parse error'})`;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
