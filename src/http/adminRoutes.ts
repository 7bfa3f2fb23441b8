/** Routes of the administrative interface (`/api/admin/...`). Handlers only wire: parse, call, answer. */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context, Middleware } from 'koa';
import type { AdminServices } from '../admin/services';
import { invalid } from '../kernel/errors';
import { booleanParam, integer, list, required, single } from '../kernel/params';
import { bodyIsGzip, checkContentType, importBody, readJsonBody, requestEnded } from './body';
import { answerImport, blockingTimeout, requireGzipAccepted } from './adminAnswers';
import { keyIdOf } from '../admin/historyRecord';
import { authorOf } from './access';
import { DEFAULT_IMPACT_PHRASES, MAX_IMPACT_PHRASES } from '../admin/impactReport';

const DEFAULT_BLOCKING_TIMEOUT_MS = 5 * 60 * 1000;
export const EXPORT_TYPES = ['PRODUCT_GROUPS', 'CONTENT', 'TRANSLATIONS'] as const;
/** Most `productGroupKeys` of a catalog export (admin spec). */
export const MAX_EXPORT_KEYS = 100;
const isExportType = (t: string): t is (typeof EXPORT_TYPES)[number] => (EXPORT_TYPES as readonly string[]).includes(t);
/** Content types of a catalog import body (and of the export: `send`). */
export const JSON_LINES = { accepted: /^(application\/(jsonlines|json-lines|x-jsonlines|x-ndjson|ndjson|json)|text\/plain)$/, send: 'application/jsonlines' };

export function adminRouter(services: AdminServices, guard: Middleware): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/admin' });
  // Key, role and throttle (access.ts), before any body is read.
  router.use(guard);

  const catalogImport = (mode: 'full' | 'operations') => async (ctx: Context) => {
    checkContentType(ctx, JSON_LINES);
    const options = {
      gzip: bodyIsGzip(ctx),
      validationOnly: booleanParam(ctx.query, 'validationOnly', false),
      force: booleanParam(ctx.query, 'force', false),
      name: single(ctx.query, 'name'),
      blockingTimeoutMs: blockingTimeout(ctx, DEFAULT_BLOCKING_TIMEOUT_MS),
      bodyReceived: requestEnded(ctx),
      ...(booleanParam(ctx.query, 'impactReport', false)
        ? { impactReport: { phrases: integer(ctx.query, 'impactPhrases', DEFAULT_IMPACT_PHRASES, 1, MAX_IMPACT_PHRASES) } }
        : {}),
    };
    // Streamed: aborted (408, lock released) once the client sends nothing for IMPORT_IDLE_TIMEOUT_S.
    const outcome = await services.importCatalog(mode, importBody(ctx), options);
    // The impact report is the answer of a validationOnly import that finished in time (past it: 202, then the status call).
    if (outcome.finished && outcome.result?.impactReport) {
      ctx.status = 200;
      ctx.body = outcome.result.impactReport;
      return;
    }
    answerImport(ctx, outcome);
  };
  router.put('/v4/import/catalog', catalogImport('full'));
  router.post('/v4/import/catalog', catalogImport('operations'));

  router.get('/v4/export/catalog', async (ctx) => {
    requireGzipAccepted(ctx);
    const types = list(ctx.query, 'types');
    const keys = list(ctx.query, 'productGroupKeys');
    if (keys && keys.length > MAX_EXPORT_KEYS) throw invalid(`Query parameter productGroupKeys takes at most ${MAX_EXPORT_KEYS} keys (got ${keys.length})`);
    const bad = types?.find((t) => !isExportType(t));
    if (bad) throw invalid(`Query parameter types: unknown type ${bad}; allowed ${EXPORT_TYPES.join(', ')}`);
    const stream = await services.exportCatalog({
      types: types?.filter(isExportType) ?? [...EXPORT_TYPES],
      productGroupKeys: keys,
      limit: integer(ctx.query, 'limit', undefined, 0, Number.MAX_SAFE_INTEGER),
    });
    ctx.type = 'application/jsonlines';
    ctx.body = stream;
  });

  const status = async (ctx: Context) => {
    const id = required(ctx.query, 'id');
    ctx.body = await services.importStatus(id);
  };
  router.get('/v4/import/status', status);
  router.get('/v3/import/status', status);

  router.post('/v4/import/configuration', async (ctx) => {
    const body = await readJsonBody(ctx);
    answerImport(
      ctx,
      await services.importConfiguration(body, {
        allowDestructiveImport: booleanParam(ctx.query, 'allowDestructiveImport', false),
        name: single(ctx.query, 'name'),
        keyId: keyIdOf(ctx.get('Api-Key')),
        ...authorOf(ctx),
        blockingTimeoutMs: blockingTimeout(ctx, DEFAULT_BLOCKING_TIMEOUT_MS),
      }),
    );
  });
  router.get('/v4/export/configuration', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportConfiguration();
  });

  return router;
}
