/**
 * Admin routes for merchandising data: navigation, pages, templates and facet configuration imports and exports. Handlers only
 * wire: read the body or the query parameters, call the use case (src/admin/merchandisingServices.ts), answer.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { createGunzip } from 'node:zlib';
import type { MerchandisingAdmin } from '../admin/merchandisingServices';
import { MAX_ID_FILTER, OUTPUT_FILTERS, type OutputFilter } from '../merchandising/pages/export';
import { invalid } from '../kernel/errors';
import { HttpError, tooLarge } from './errors';
import { readJsonBody, requireApiKey } from './middleware';
import { answerImport, requireGzipAccepted } from './adminAnswers';
import { booleanParam, listParam, required, single } from './params';

const MAX_NAVIGATION_BYTES = 10_000_000;
const MAX_PAGES_BYTES = 50_000_000;
const MAX_TEMPLATES_BYTES = 1_000_000;
const MAX_FACETS_BYTES = 5_000_000;
const JSON_TYPES = /^(application\/([a-z0-9.+-]+\+)?json|text\/plain)$/;

export function merchandisingRouter(services: MerchandisingAdmin, apiKeys: string[]): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireApiKey(apiKeys));

  const navigationImport = async (ctx: Context) => {
    const body = await readJson(ctx, MAX_NAVIGATION_BYTES);
    answerImport(ctx, await services.importNavigation(body, { name: single(ctx, 'name') }));
  };
  router.post('/v3/import/navigation', navigationImport);
  router.post('/v4/import/navigation', navigationImport);
  router.get('/v3/export/navigation', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportNavigation({
      market: required(ctx, 'market'), locale: required(ctx, 'locale'), includeAppNodes: booleanParam(ctx, 'includeAppNodes', false),
    });
  });

  const pagesImport = async (ctx: Context) => {
    const body = await readJson(ctx, MAX_PAGES_BYTES);
    answerImport(ctx, await services.importPages(body, { name: single(ctx, 'name'), force: booleanParam(ctx, 'force', false) }));
  };
  router.post('/v3/import/pages', pagesImport);
  router.post('/v4/import/pages', pagesImport);
  router.get('/v4/export/pages', async (ctx) => {
    requireGzipAccepted(ctx);
    const idFilter = listParam(ctx, 'idFilter');
    if (idFilter && idFilter.length > MAX_ID_FILTER) throw invalid(`Query parameter idFilter takes at most ${MAX_ID_FILTER} page ids (got ${idFilter.length})`);
    const outputFilter = single(ctx, 'outputFilter') || 'PUBLISHED_ONLY';
    if (!(OUTPUT_FILTERS as readonly string[]).includes(outputFilter)) {
      throw invalid(`Query parameter outputFilter must be one of ${OUTPUT_FILTERS.join(', ')} (got "${outputFilter}")`);
    }
    ctx.body = await services.exportPages({ market: required(ctx, 'market'), idFilter, outputFilter: outputFilter as OutputFilter });
  });

  const templatesImport = (mode: 'replace' | 'upsert') => async (ctx: Context) => {
    const body = await readJson(ctx, MAX_TEMPLATES_BYTES);
    const force = mode === 'replace' ? booleanParam(ctx, 'force', false) : false;
    answerImport(ctx, await services.importTemplates(body, { mode, force, name: single(ctx, 'name') }));
  };
  router.put('/v4/import/templates', templatesImport('replace'));
  router.post('/v4/import/templates', templatesImport('upsert'));
  router.get('/v4/export/templates', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportTemplates();
  });

  router.put('/v4/import/facets', async (ctx) => {
    const body = await readJson(ctx, MAX_FACETS_BYTES);
    answerImport(ctx, await services.importFacets(body, { name: single(ctx, 'name') }));
  });
  router.get('/v4/export/facets', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportFacets();
  });

  return router;
}


/** A JSON body, plain or gzip-compressed (`Content-Encoding: gzip`), at most `maxBytes` once decompressed. */
async function readJson(ctx: Context, maxBytes: number): Promise<unknown> {
  const type = (ctx.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
  if (type && !JSON_TYPES.test(type)) throw invalid(`Content-Type ${type} is not accepted: send application/json`);
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase().trim();
  if (encoding === 'identity') return readJsonBody(ctx, maxBytes);
  if (encoding !== 'gzip' && encoding !== 'x-gzip') throw invalid(`Content-Encoding ${encoding} is not supported: send gzip or an uncompressed body`);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req.pipe(createGunzip()) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(`Request body larger than ${maxBytes} bytes once decompressed`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw invalid(`Body is not valid gzip: ${(err as Error).message}`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalid(`Body is not valid JSON: ${(err as Error).message}`);
  }
}
