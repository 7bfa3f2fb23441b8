/**
 * Admin routes for merchandising data: navigation, pages, templates, facet configuration, synonyms, phrase rules and experiments imports and exports. Handlers only
 * wire: read the body or the query parameters, call the use case (src/admin/merchandisingServices.ts), answer.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Middleware } from 'koa';
import type { MerchandisingAdmin } from '../admin/merchandisingServices';
import { MAX_ID_FILTER, OUTPUT_FILTERS, type OutputFilter } from '../merchandising/pages/export';
import { invalid } from '../kernel/errors';
import { readJsonBody } from './body';
import { authorOf } from './access';
import { answerImport, blockingTimeout, requireGzipAccepted } from './adminAnswers';
import { booleanParam, list, optionalBoolean, required, single } from '../kernel/params';
import { keyIdOf } from '../admin/historyRecord';
import type { MerchandisingImportOptions } from '../admin/merchandisingDeps';
import { ExperimentNotFound } from '../merchandising/experiments/types';
import type { ExperimentResults } from '../behaviour/experimentResults';
import { HttpError } from './errors';
import { MERCHANDISING_KIND_TABLE } from '../admin/merchandisingKinds';

/** Largest import bodies, once decompressed (413 beyond). */
export const MAX_NAVIGATION_BYTES = 10_000_000;
export const MAX_PAGES_BYTES = 50_000_000;
export const MAX_TEMPLATES_BYTES = 1_000_000;
export const MAX_FACETS_BYTES = 5_000_000;
export const MAX_LABELS_BYTES = 5_000_000;
export const MAX_SYNONYMS_BYTES = 20_000_000;
export const MAX_EXPERIMENTS_BYTES = 1_000_000;
const JSON_TYPES = { accepted: /^(application\/([a-z0-9.+-]+\+)?json|text\/plain)$/, send: 'application/json' };

/**
 * What every merchandising import (and a rollback) takes: who makes it, as its version keeps it (the `name`
 * parameter and a short id of the Api-Key, never the key), and `blockingTimeout` (none: the answer waits for the end, 204).
 */
export const importOptions = (ctx: Context): MerchandisingImportOptions => ({
  name: single(ctx.query, 'name'), keyId: keyIdOf(ctx.get('Api-Key')), ...authorOf(ctx), blockingTimeoutMs: blockingTimeout(ctx),
});

/** A JSON import body, plain or gzip-compressed, at most `maxBytes` once decompressed. */
const readJson = (ctx: Context, maxBytes: number) => readJsonBody(ctx, { maxBytes, contentType: JSON_TYPES, gzip: true });

/** `experimentResults`: the results of an experiment from the events (behaviour/experimentResults.ts). */
export function merchandisingRouter(services: MerchandisingAdmin, guard: Middleware, experimentResults?: (id: string) => Promise<ExperimentResults>): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/admin' });
  // Key, role and throttle (access.ts), before any body is read.
  router.use(guard);

  // Every kind of the table: its imports (each route with its own options) and its export.
  for (const kind of MERCHANDISING_KIND_TABLE) {
    for (const route of kind.imports) {
      for (const version of route.versions) {
        router[route.method](`/${version}/import/${kind.name}`, async (ctx) => {
          const body = await readJson(ctx, kind.maxBytes);
          answerImport(ctx, await services.import(kind, body, { ...importOptions(ctx), ...(route.options(ctx.query) as object) }));
        });
      }
    }
    router.get(`/${kind.export.version}/export/${kind.name}`, async (ctx) => {
      requireGzipAccepted(ctx);
      ctx.body = await services.export(kind, ctx.query);
    });
  }

  const navigationImport = async (ctx: Context) => {
    const body = await readJson(ctx, MAX_NAVIGATION_BYTES);
    answerImport(ctx, await services.importNavigation(body, importOptions(ctx)));
  };
  router.post('/v3/import/navigation', navigationImport);
  router.post('/v4/import/navigation', navigationImport);
  router.get('/v3/export/navigation', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportNavigation({
      market: required(ctx.query, 'market'), locale: required(ctx.query, 'locale'), includeAppNodes: booleanParam(ctx.query, 'includeAppNodes', false),
    });
  });

  const pagesImport = async (ctx: Context) => {
    const body = await readJson(ctx, MAX_PAGES_BYTES);
    const previewOnly = optionalBoolean(ctx.query, 'previewOnly');
    answerImport(ctx, await services.importPages(body, { ...importOptions(ctx), force: booleanParam(ctx.query, 'force', false), ...(previewOnly !== undefined ? { previewOnly } : {}) }));
  };
  router.post('/v3/import/pages', pagesImport);
  router.post('/v4/import/pages', pagesImport);
  router.get('/v4/export/pages', async (ctx) => {
    requireGzipAccepted(ctx);
    const idFilter = list(ctx.query, 'idFilter');
    if (idFilter && idFilter.length > MAX_ID_FILTER) throw invalid(`Query parameter idFilter takes at most ${MAX_ID_FILTER} page ids (got ${idFilter.length})`);
    const outputFilter = single(ctx.query, 'outputFilter') || 'PUBLISHED_ONLY';
    if (!(OUTPUT_FILTERS as readonly string[]).includes(outputFilter)) {
      throw invalid(`Query parameter outputFilter must be one of ${OUTPUT_FILTERS.join(', ')} (got "${outputFilter}")`);
    }
    ctx.body = await services.exportPages({ market: required(ctx.query, 'market'), idFilter, outputFilter: outputFilter as OutputFilter });
  });

  const templatesImport = (mode: 'replace' | 'upsert') => async (ctx: Context) => {
    const body = await readJson(ctx, MAX_TEMPLATES_BYTES);
    const force = mode === 'replace' ? booleanParam(ctx.query, 'force', false) : false;
    answerImport(ctx, await services.importTemplates(body, { ...importOptions(ctx), mode, force }));
  };
  router.put('/v4/import/templates', templatesImport('replace'));
  router.post('/v4/import/templates', templatesImport('upsert'));
  router.get('/v4/export/templates', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportTemplates();
  });

  router.put('/v4/import/facets', async (ctx) => {
    const body = await readJson(ctx, MAX_FACETS_BYTES);
    answerImport(ctx, await services.importFacets(body, importOptions(ctx)));
  });
  router.get('/v4/export/facets', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportFacets();
  });

  router.put('/v4/import/labels', async (ctx) => {
    const body = await readJson(ctx, MAX_LABELS_BYTES);
    answerImport(ctx, await services.importLabels(body, importOptions(ctx)));
  });
  router.get('/v4/export/labels', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportLabels();
  });

  const synonymsImport = (mode: 'replace' | 'append') => async (ctx: Context) => {
    const body = await readJson(ctx, MAX_SYNONYMS_BYTES);
    answerImport(ctx, await services.importSynonyms(body, { ...importOptions(ctx), mode }));
  };
  router.put('/v4/import/synonyms', synonymsImport('replace'));
  router.post('/v4/import/synonyms', synonymsImport('append'));
  router.get('/v4/export/synonyms', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportSynonyms(single(ctx.query, 'locale') || undefined, booleanParam(ctx.query, 'shipped', false));
  });

  const experimentsImport = (mode: 'replace' | 'upsert') => async (ctx: Context) => {
    const body = await readJson(ctx, MAX_EXPERIMENTS_BYTES);
    answerImport(ctx, await services.importExperiments(body, { ...importOptions(ctx), mode }));
  };
  router.put('/v4/import/experiments', experimentsImport('replace'));
  router.post('/v4/import/experiments', experimentsImport('upsert'));
  router.get('/v4/export/experiments', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportExperiments();
  });
  router.post('/v4/experiments/:id/end', async (ctx) => {
    ctx.body = await experimentFound(services.endExperiment(ctx.params.id, importOptions(ctx)));
  });
  if (experimentResults) {
    router.get('/v4/experiments/:id/results', async (ctx) => {
      ctx.body = await experimentFound(experimentResults(ctx.params.id));
    });
  }

  router.put('/v4/import/compounds', async (ctx) => {
    const body = await readJson(ctx, MAX_SYNONYMS_BYTES);
    answerImport(ctx, await services.importCompounds(body, importOptions(ctx)));
  });
  router.get('/v4/export/compounds', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportCompounds(single(ctx.query, 'locale') || undefined);
  });

  return router;
}

/** An unknown experiment id answers 404. */
export async function experimentFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ExperimentNotFound) throw new HttpError(404, err.message);
    throw err;
  }
}
