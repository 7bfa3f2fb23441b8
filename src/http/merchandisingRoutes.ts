/**
 * Admin routes for merchandising data: the imports and exports of every kind of the kinds table
 * (src/admin/merchandisingKinds.ts), and ending an experiment and its results. Handlers only wire: read the
 * body (at most the kind's limit), call the use case (src/admin/merchandisingServices.ts) with the options the
 * kind's route reads from the query, answer.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Middleware } from 'koa';
import type { MerchandisingAdmin } from '../admin/merchandisingServices';
import { readJsonBody } from './body';
import { authorOf } from './access';
import { answerImport, blockingTimeout, requireGzipAccepted } from './adminAnswers';
import { single } from '../kernel/params';
import { keyIdOf } from '../admin/historyRecord';
import type { MerchandisingImportOptions } from '../admin/merchandisingDeps';
import { ExperimentNotFound } from '../merchandising/experiments/types';
import type { ExperimentResults } from '../behaviour/experimentResults';
import { HttpError } from './errors';
import { MERCHANDISING_KIND_TABLE } from '../admin/merchandisingKinds';

const JSON_TYPES = { accepted: /^(application\/([a-z0-9.+-]+\+)?json|text\/plain)$/, send: 'application/json' };

/**
 * What every merchandising import (and a rollback) takes: who makes it, as its version keeps it (the `name`
 * parameter and a short id of the Api-Key, never the key), and `blockingTimeout` (none: the answer waits for the end, 204).
 */
export const importOptions = (ctx: Context): MerchandisingImportOptions => ({
  name: single(ctx.query, 'name'),
  keyId: keyIdOf(ctx.get('Api-Key')),
  ...authorOf(ctx),
  blockingTimeoutMs: blockingTimeout(ctx),
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
          answerImport(ctx, await services.import(kind.name, body, { ...importOptions(ctx), ...(route.options(ctx.query) as object) }));
        });
      }
    }
    router.get(`/${kind.export.version}/export/${kind.name}`, async (ctx) => {
      requireGzipAccepted(ctx);
      ctx.body = await services.export(kind.name, ctx.query);
    });
  }

  router.post('/v4/experiments/:id/end', async (ctx) => {
    ctx.body = await experimentFound(services.endExperiment(ctx.params.id, importOptions(ctx)));
  });
  if (experimentResults) {
    router.get('/v4/experiments/:id/results', async (ctx) => {
      ctx.body = await experimentFound(experimentResults(ctx.params.id));
    });
  }

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
