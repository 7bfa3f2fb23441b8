/** Answers shared by every admin import and export route. */
import type { Context } from 'koa';
import type { ImportOutcome } from '../admin/importRunner';
import { notAcceptable } from './errors';
import { invalid } from '../kernel/errors';
import { single } from '../kernel/params';
import { parseIsoDuration } from '../admin/importRunner';

/**
 * The `blockingTimeout` query parameter (ISO 8601 duration) in milliseconds; `fallback` when absent
 * (catalog and configuration imports: 5 minutes; merchandising imports: undefined, wait until done).
 */
export function blockingTimeout(ctx: Context, fallback: number): number;
export function blockingTimeout(ctx: Context, fallback?: number): number | undefined;
export function blockingTimeout(ctx: Context, fallback?: number): number | undefined {
  const v = single(ctx.query, 'blockingTimeout');
  if (v === undefined || v === '') return fallback;
  const ms = parseIsoDuration(v);
  if (ms === undefined) throw invalid(`Query parameter blockingTimeout must be an ISO 8601 duration such as PT5M (got "${v}")`);
  return ms;
}

/**
 * 204 when the import finished within its blocking timeout; else 202 with the job id to poll. A 204 names
 * its import in `X-Import-Id` (and counts its warnings in `X-Import-Warnings`): its status lists them.
 */
export function answerImport(ctx: Context, outcome: ImportOutcome): void {
  if (outcome.finished) {
    ctx.set('X-Import-Id', outcome.id);
    if (outcome.result?.warningCount) ctx.set('X-Import-Warnings', String(outcome.result.warningCount));
    ctx.status = 204;
    return;
  }
  ctx.status = 202;
  ctx.body = { id: outcome.id, status: 'IN_PROGRESS', statusUrl: `/api/admin/v4/import/status?id=${outcome.id}` };
}

/**
 * Exports are always gzip-compressed (406 for a client that does not accept it), whatever their type
 * (koa-compress counts no JSON lines type as compressible) and size: an export script written for Elevate
 * gunzips every answer.
 */
export function requireGzipAccepted(ctx: Context): void {
  if (!ctx.acceptsEncodings('gzip')) throw notAcceptable('Exports are sent gzip-compressed: send Accept-Encoding: gzip');
  ctx.compress = true;
  ctx.state[ALWAYS_GZIP] = true;
}

const ALWAYS_GZIP = 'alwaysGzip';

/** The compression threshold: none for exports (see requireGzipAccepted), `bytes` for the rest. */
export const compressionThreshold =
  (bytes: number) =>
  (_type: string, _size: number, ctx: Context): number =>
    ctx.state[ALWAYS_GZIP] ? 0 : bytes;
