/** Answers shared by every admin import and export route. */
import type { Context } from 'koa';
import type { ImportOutcome } from '../admin/importRunner';
import { notAcceptable } from './errors';

/** 204 when the import finished within its blocking timeout; else 202 with the job id to poll. */
export function answerImport(ctx: Context, outcome: ImportOutcome): void {
  if (outcome.finished) { ctx.status = 204; return; }
  ctx.status = 202;
  ctx.body = { id: outcome.id, status: 'IN_PROGRESS', statusUrl: `/api/admin/v4/import/status?id=${outcome.id}` };
}

/** Exports are always gzip-compressed (406 for a client that does not accept it). */
export function requireGzipAccepted(ctx: Context): void {
  if (!ctx.acceptsEncodings('gzip')) throw notAcceptable('Exports are sent gzip-compressed: send Accept-Encoding: gzip');
}
