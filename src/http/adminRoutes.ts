/** Routes of the administrative interface (`/api/admin/...`). Handlers only wire: parse, call, answer. */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AdminServices } from '../admin/services';
import { invalid } from '../kernel/errors';
import { booleanParam, integerParam, listParam, required, single } from './params';
import { readJsonBody, requireApiKey } from './middleware';
import { answerImport, requireGzipAccepted } from './adminAnswers';
import { parseIsoDuration } from '../admin/importRunner';

const DEFAULT_BLOCKING_TIMEOUT_MS = 5 * 60 * 1000;
const JSON_LINES_TYPES = /^(application\/(jsonlines|json-lines|x-jsonlines|x-ndjson|ndjson|json)|text\/plain)$/;

function blockingTimeout(ctx: Context): number {
  const v = single(ctx, 'blockingTimeout');
  if (v === undefined || v === '') return DEFAULT_BLOCKING_TIMEOUT_MS;
  const ms = parseIsoDuration(v);
  if (ms === undefined) throw invalid(`Query parameter blockingTimeout must be an ISO 8601 duration such as PT5M (got "${v}")`);
  return ms;
}

function bodyIsGzip(ctx: Context): boolean {
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase().trim();
  if (encoding === 'gzip' || encoding === 'x-gzip') return true;
  if (encoding === 'identity') return false;
  throw invalid(`Content-Encoding ${encoding} is not supported: send gzip or an uncompressed body`);
}

function checkJsonLinesType(ctx: Context): void {
  const type = (ctx.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
  if (type && !JSON_LINES_TYPES.test(type)) throw invalid(`Content-Type ${type} is not accepted: send application/jsonlines`);
}

function requestEnded(ctx: Context): Promise<void> {
  if (ctx.req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => { ctx.req.once('end', resolve); ctx.req.once('close', resolve); ctx.req.once('error', () => resolve()); });
}


export function adminRouter(services: AdminServices, apiKeys: string[]): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireApiKey(apiKeys));

  const catalogImport = (mode: 'full' | 'operations') => async (ctx: Context) => {
    checkJsonLinesType(ctx);
    const options = {
      gzip: bodyIsGzip(ctx),
      validationOnly: booleanParam(ctx, 'validationOnly', false),
      force: booleanParam(ctx, 'force', false),
      name: single(ctx, 'name'),
      blockingTimeoutMs: blockingTimeout(ctx),
      bodyReceived: requestEnded(ctx),
    };
    answerImport(ctx, await services.importCatalog(mode, ctx.req, options));
  };
  router.put('/v4/import/catalog', catalogImport('full'));
  router.post('/v4/import/catalog', catalogImport('operations'));

  router.get('/v4/export/catalog', async (ctx) => {
    requireGzipAccepted(ctx);
    const types = listParam(ctx, 'types');
    const keys = listParam(ctx, 'productGroupKeys');
    if (keys && keys.length > 100) throw invalid(`Query parameter productGroupKeys takes at most 100 keys (got ${keys.length})`);
    const allowed = ['PRODUCT_GROUPS', 'CONTENT', 'TRANSLATIONS'];
    const bad = types?.find((t) => !allowed.includes(t));
    if (bad) throw invalid(`Query parameter types: unknown type ${bad}; allowed ${allowed.join(', ')}`);
    const stream = await services.exportCatalog({
      types: (types as ('PRODUCT_GROUPS' | 'CONTENT' | 'TRANSLATIONS')[] | undefined) ?? allowed as ('PRODUCT_GROUPS' | 'CONTENT' | 'TRANSLATIONS')[],
      productGroupKeys: keys,
      limit: integerParam(ctx, 'limit', undefined, 0, Number.MAX_SAFE_INTEGER),
    });
    ctx.type = 'application/jsonlines';
    ctx.body = stream;
  });

  const status = async (ctx: Context) => {
    const id = required(ctx, 'id');
    ctx.body = await services.importStatus(id);
  };
  router.get('/v4/import/status', status);
  router.get('/v3/import/status', status);

  router.post('/v4/import/configuration', async (ctx) => {
    const body = await readJsonBody(ctx);
    await services.importConfiguration(body, {
      allowDestructiveImport: booleanParam(ctx, 'allowDestructiveImport', false),
      name: single(ctx, 'name'),
      blockingTimeoutMs: blockingTimeout(ctx),
    });
    ctx.status = 204;
  });
  router.get('/v4/export/configuration', async (ctx) => {
    ctx.body = await services.exportConfiguration();
  });

  return router;
}
