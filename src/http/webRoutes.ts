/**
 * The browser pages the service serves beside its APIs (web/, docs/storefront.md):
 *
 * | Path | What |
 * |---|---|
 * | `/`, and any other GET asking for HTML outside `/api/` | the reference storefront's index.html (it routes in the browser: search, category pages, products, cart) |
 * | `/assets/<hashed name>` | its script and stylesheet, cached for a year (and their source maps, in development only) |
 * | `/analytics/`, `/analytics/assets/<hashed name>` | the search analytics page (its data comes from the admin API, with the key the person logs in with) |
 * | `/console/`, `/console/assets/<hashed name>` | the merchandising console (admin API with the key the person logs in with) |
 * | `/storefront/markets.json` | the configured markets, their locales and currency: what the storefront's market switcher offers; and `dynamicFacets`, how many attribute facets a market without a facet configuration shows after the default ones (the console's facet form starts from it) |
 * | `/images/sample/<key>/<file>?c=RRGGBB` | the sample catalog's placeholder images (SVG) |
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Next } from 'koa';
import type { CatalogConfiguration } from '../catalog/types';
import { BuiltPage, PAGE_CSP, webRoot } from './web/pages';
import { placeholderSvg, tintOf } from './web/placeholderImage';
import { join } from 'node:path';

export interface WebPagesDeps {
  /** The stored market configuration, if any. */
  configuration(): Promise<CatalogConfiguration | undefined>;
  /** DYNAMIC_FACETS: the dynamic facets of a market without a facet configuration. */
  dynamicFacets: number;
  /** Serve the pages' source maps (`*.map`): in development only (not with NODE_ENV=production): they hand out the pages' sources. */
  sourceMaps: boolean;
}

const YEAR = 'public, max-age=31536000, immutable';

function sendPage(ctx: Context, page: BuiltPage, name: string): void {
  const html = page.index();
  ctx.set('Content-Security-Policy', PAGE_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  if (!html) {
    ctx.status = 503;
    ctx.type = 'text/plain';
    ctx.body = `The ${name} is not built: run "npm run build:web" (npm start does it).`;
    return;
  }
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}

export function webRouter(deps: WebPagesDeps): { router: Router; fallback: (ctx: Context, next: Next) => Promise<void> } {
  const storefront = new BuiltPage(join(webRoot(), 'storefront'));
  /** Pages served under a path of their own, by that path's first segment. */
  const pages: Record<string, BuiltPage> = { analytics: new BuiltPage(join(webRoot(), 'analytics')), console: new BuiltPage(join(webRoot(), 'console')) };
  const router = new Router(ROUTER_OPTIONS);

  const sendAsset = (ctx: Context, page: BuiltPage | undefined, name: string) => {
    if (!deps.sourceMaps && name.endsWith('.map')) return; // 404, as for a file that is not there
    const file = page?.asset(name);
    if (!file) return; // 404 JSON from the error handler
    ctx.set('Cache-Control', YEAR);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.type;
    ctx.body = file.body;
  };
  router.get('/assets/:name', (ctx) => sendAsset(ctx, storefront, ctx.params.name!));
  router.get('/:page/assets/:name', (ctx) => sendAsset(ctx, Object.hasOwn(pages, ctx.params.page!) ? pages[ctx.params.page!] : undefined, ctx.params.name!));

  router.get('/storefront/markets.json', async (ctx) => {
    const configuration = await deps.configuration();
    const markets = Object.entries(configuration?.markets ?? {}).map(([id, m]) => ({ id, locales: m.locales, currency: m.currency ?? null }));
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { markets, dynamicFacets: deps.dynamicFacets };
  });

  router.get(['/images/sample/:key/:file', '/images/sample/content/:key/:file'], (ctx) => {
    const { key, file } = ctx.params as { key: string; file: string };
    if (key.length > 200 || file.length > 100) return;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'image/svg+xml';
    ctx.body = placeholderSvg(key, file, tintOf(ctx.query.c), ctx.query.k);
  });

  /** Runs after every router: a browser's GET for a path no route answered gets the storefront, which routes itself. */
  const fallback = async (ctx: Context, next: Next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    const path = ctx.path.toLowerCase();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || path.startsWith('/api/') || path.startsWith('/assets/')) return;
    // Only a browser's navigation (Accept names text/html): API clients keep their JSON 404.
    if (!ctx.get('Accept').includes('text/html')) return;
    const first = ctx.path.split('/')[1] ?? '';
    if (Object.hasOwn(pages, first)) {
      if (ctx.path === `/${first}`) return ctx.redirect(`/${first}/`);
      return sendPage(ctx, pages[first]!, first);
    }
    sendPage(ctx, storefront, 'storefront');
  };
  return { router, fallback };
}
