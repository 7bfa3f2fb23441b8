/**
 * Admin routes of judgments and replays (docs/merchandising.md "Replay before publishing"): the judgments
 * import and export, starting a replay job and reading it. Handlers only wire.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ROUTER_OPTIONS } from './middleware';
import { readJsonBody } from './body';
import { answerImport, blockingTimeout, requireGzipAccepted } from './adminAnswers';
import { HttpError } from './errors';
import { single } from '../kernel/params';
import type { ImportOutcome } from '../admin/importRunner';
import type { Judgment, ReplayJob } from '../contract/replay';

/** Largest judgments body once decompressed (20,000 judgments of a few hundred bytes). */
export const MAX_JUDGMENTS_BYTES = 10_000_000;
/** A replay request: a change (synonym rules at most) and two numbers. */
export const MAX_REPLAY_BYTES = 2_000_000;
const JSON_TYPES = { accepted: /^(application\/([a-z0-9.+-]+\+)?json|text\/plain)$/, send: 'application/json' };

export interface ReplayServices {
  importJudgments(body: unknown, options: { name?: string; blockingTimeoutMs?: number }): Promise<ImportOutcome>;
  exportJudgments(market?: string): Promise<{ judgments: Judgment[] }>;
  startReplay(body: unknown): Promise<{ id: string }>;
  replay(id: string): Promise<ReplayJob | undefined>;
}

/** Job ids as ImportJobs makes them (digits): anything else is a 404 without a lookup. */
const JOB_ID = /^[0-9]{1,30}$/;

export function replayRouter(services: ReplayServices, guard: Middleware): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/admin' });
  router.use(guard);

  router.put('/v4/import/judgments', async (ctx: Context) => {
    const body = await readJsonBody(ctx, { maxBytes: MAX_JUDGMENTS_BYTES, contentType: JSON_TYPES, gzip: true });
    const name = single(ctx.query, 'name');
    const timeout = blockingTimeout(ctx);
    answerImport(
      ctx,
      await services.importJudgments(body, { ...(name !== undefined ? { name } : {}), ...(timeout !== undefined ? { blockingTimeoutMs: timeout } : {}) }),
    );
  });
  router.get('/v4/export/judgments', async (ctx) => {
    requireGzipAccepted(ctx);
    ctx.body = await services.exportJudgments(single(ctx.query, 'market'));
  });
  router.post('/v4/replays', async (ctx) => {
    const body = await readJsonBody(ctx, { maxBytes: MAX_REPLAY_BYTES, contentType: JSON_TYPES });
    const { id } = await services.startReplay(body);
    ctx.status = 202;
    ctx.set('Location', `/api/admin/v4/replays/${id}`);
    ctx.body = { id, status: 'IN_PROGRESS', statusUrl: `/api/admin/v4/replays/${id}` };
  });
  router.get('/v4/replays/:id', async (ctx) => {
    const id = ctx.params.id;
    const job = JOB_ID.test(id) ? await services.replay(id) : undefined;
    if (!job) throw new HttpError(404, `No replay "${id.slice(0, 50)}"`);
    ctx.body = job;
  });
  return router;
}
