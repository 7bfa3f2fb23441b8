import type { Context } from 'koa';

/** Answers JSON serialised once (Koa would serialise an object body twice: for its length and to send it). */
export function answerJson(ctx: Context, value: unknown): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(value);
}
