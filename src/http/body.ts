/**
 * The one reader of request bodies. JSON bodies (storefront POSTs, notifications, configuration and
 * merchandising imports) are read whole, with a size cap, optionally gzip-compressed; catalog imports stream
 * their JSON lines (src/catalog/lines.ts) and only use the header checks here.
 */
import type { Context } from 'koa';
import { createGunzip } from 'node:zlib';
import { invalid } from '../kernel/errors';
import { HttpError, tooLarge } from './errors';

export interface JsonBodyRules {
  /** Largest body, in bytes once decompressed. */
  maxBytes: number;
  /** Content types accepted (any when absent), and what the 400 asks for instead. */
  contentType?: { accepted: RegExp; send: string };
  /** Whether `Content-Encoding: gzip` is accepted (admin imports); other bodies are read as sent. */
  gzip?: boolean;
}

/** Small JSON bodies: storefront POSTs and notifications. */
export const SMALL_JSON_BODY: JsonBodyRules = { maxBytes: 1_000_000 };

/** 400 unless the body's Content-Type, when given, is accepted. */
export function checkContentType(ctx: Context, rule: NonNullable<JsonBodyRules['contentType']>): void {
  const type = (ctx.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
  if (type && !rule.accepted.test(type)) throw invalid(`Content-Type ${type} is not accepted: send ${rule.send}`);
}

/** Whether the body is gzip-compressed; 400 for an encoding other than gzip or none. */
export function bodyIsGzip(ctx: Context): boolean {
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase().trim();
  if (encoding === 'gzip' || encoding === 'x-gzip') return true;
  if (encoding === 'identity') return false;
  throw invalid(`Content-Encoding ${encoding} is not supported: send gzip or an uncompressed body`);
}

/**
 * Deepest nesting of a JSON body: far beyond any body of the interface (a page is about 6 levels deep), and
 * low enough that no recursive walk over a body (validation, null stripping) can overflow the stack, which
 * a body of 20,000 nested objects did with a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** Parses a JSON body; an empty body is `{}`. */
export async function readJsonBody(ctx: Context, rules: JsonBodyRules = SMALL_JSON_BODY): Promise<unknown> {
  if (rules.contentType) checkContentType(ctx, rules.contentType);
  const text = rules.gzip && bodyIsGzip(ctx) ? await readGunzipped(ctx, rules.maxBytes) : await readText(ctx, rules.maxBytes);
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw invalid(`Body is not valid JSON: ${(err as Error).message}`);
  }
  if (depthOf(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw invalid(`Body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
  return body;
}

/** Pure: how deeply `value` nests objects and arrays (without recursion), counting no further than `limit + 1`. */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

async function readText(ctx: Context, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(`Request body larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readGunzipped(ctx: Context, maxBytes: number): Promise<string> {
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
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once the request body has been read to its end (or the connection is gone). */
export function requestEnded(ctx: Context): Promise<void> {
  if (ctx.req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => { ctx.req.once('end', resolve); ctx.req.once('close', resolve); ctx.req.once('error', () => resolve()); });
}
