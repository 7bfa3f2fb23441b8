/**
 * GET /openapi.json: the OpenAPI 3.1 description (openapi/document.ts), built once. No key (it describes the
 * routes, not data), cacheable with an ETag, and readable from any origin so that browser tools (an API editor,
 * a documentation page) can load it.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import { createHash } from 'node:crypto';
import { openApiDocument } from './openapi/document';

export function openApiRouter(publicUrl: string): Router {
  // Built at the first request, not with the app (tests start many apps that never ask).
  let served: { body: Buffer; etag: string } | undefined;
  const document = () => {
    if (served) return served;
    const body = Buffer.from(JSON.stringify(openApiDocument(publicUrl)), 'utf8');
    served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    return served;
  };
  const router = new Router(ROUTER_OPTIONS);
  router.get('/openapi.json', (ctx) => {
    const { body, etag } = document();
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.etag = etag;
    // Compared here rather than by ctx.fresh, which treats a request's `Cache-Control: no-cache` as a reload
    // (fetch() sends it with every conditional request); RFC 9110 answers If-None-Match whatever the request's caching.
    if (matches(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
  return router;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for If-None-Match). */
function matches(header: string, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
