import type { Context } from 'koa';
import { stringifyAnswer } from '../kernel/rawJson';

/**
 * Answers JSON serialised once (Koa would serialise an object body twice: for its length and to send it),
 * as a Buffer: given a string, Koa scans it for its UTF-8 length and the compression stream then encodes
 * it, two passes over a search page's ~350 KB where one encoding gives both. Listing JSON kept per document
 * version (storefront/listingJson.ts) is spliced in as it is (kernel/rawJson.ts).
 */
export function answerJson(ctx: Context, value: unknown): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = Buffer.from(stringifyAnswer(value), 'utf8');
}
