/**
 * The one reader of request bodies. JSON bodies (storefront POSTs, notifications, configuration and
 * merchandising imports) are read whole, with a size cap, optionally gzip-compressed; catalog imports stream
 * their JSON lines (src/catalog/lines.ts) from `importBody`. Every body has time limits (bodyTimeouts): no
 * caller holds a socket, or the import lock, without sending.
 */
import type { Context, Next } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { invalid, RequestTimedOut } from '../kernel/errors';
import { HttpError, tooLarge } from './errors';

/** The time limits of request bodies (docs/configuration.md: REQUEST_TIMEOUT_S, BODY_IDLE_TIMEOUT_S, IMPORT_IDLE_TIMEOUT_S). */
export interface BodyTimeoutSettings {
  /** The whole request must have arrived within this from its start (every request but a catalog import's). */
  requestMs: number;
  /** A body read stops with 408 when no byte arrives for this long while the service waits for one. */
  idleMs: number;
  /** The same for a catalog import's body, which has no overall limit (it streams at the pace of indexing). */
  importIdleMs: number;
}

/** Limits applied when no bodyTimeouts middleware ran (pure tests): Node's defaults' order of magnitude. */
const FALLBACK_TIMEOUTS: BodyTimeoutSettings = { requestMs: 300_000, idleMs: 60_000, importIdleMs: 60_000 };

/**
 * One request's body clock: the deadline of the whole request (cleared once the body is in), and the reader
 * reading the body now, which it stops with a 408 at the deadline; with no reader (a body nobody reads, or the
 * rest of one after the answer) the connection is closed instead.
 */
class BodyClock {
  idleMs: number;
  reader: TimedBody | undefined;
  private deadline: NodeJS.Timeout | undefined;

  constructor(
    private readonly req: IncomingMessage,
    res: ServerResponse,
    private readonly settings: BodyTimeoutSettings,
  ) {
    this.idleMs = settings.idleMs;
    if (req.complete) return;
    this.arm();
    const done = () => this.stop();
    req.once('end', done);
    req.once('close', done);
    res.once('finish', () => {
      if (req.complete) {
        this.stop();
        return;
      }
      // Answered before its body was read to the end (a refusal, a conflict): the rest is drained and
      // discarded, as Node does, but within the request's limit (an import's too), never for ever.
      if (this.reader && !this.reader.destroyed) this.reader.destroy();
      req.resume();
      if (!this.deadline) this.arm();
    });
  }

  private arm(): void {
    this.deadline = setTimeout(() => this.expire(), this.settings.requestMs);
    this.deadline.unref();
  }

  /** A catalog import: no overall deadline, the import's idle limit instead. */
  streaming(): void {
    this.stop();
    this.idleMs = this.settings.importIdleMs;
  }

  stop(): void {
    clearTimeout(this.deadline);
    this.deadline = undefined;
  }

  private expire(): void {
    this.deadline = undefined;
    if (this.req.complete) return;
    const seconds = Math.round(this.settings.requestMs / 1000);
    if (this.reader && !this.reader.destroyed) this.reader.fail(new RequestTimedOut(`Request body not received within ${seconds} s: send it at once`));
    else this.req.socket?.destroy();
  }
}

const CLOCK = Symbol('bodyClock');
type WithClock = Context & { [CLOCK]?: BodyClock };

function clockOf(ctx: Context): BodyClock {
  return ((ctx as WithClock)[CLOCK] ??= new BodyClock(ctx.req, ctx.res, FALLBACK_TIMEOUTS));
}

/** Middleware: every request's body clock, from the first byte of its handling. */
export function bodyTimeouts(settings: BodyTimeoutSettings) {
  return (ctx: Context, next: Next) => {
    (ctx as WithClock)[CLOCK] = new BodyClock(ctx.req, ctx.res, settings);
    return next();
  };
}

/**
 * The request body as a stream that fails with RequestTimedOut (408) when the client sends nothing for the
 * idle limit while the service waits for bytes: the limit runs only while the reader asks for more (so a
 * slow consumer, an import waiting for Elasticsearch, never times its client out), and is reset by every
 * chunk. A client that goes away fails it as Node does (`aborted`, ECONNRESET).
 */
class TimedBody extends Readable {
  private idle: NodeJS.Timeout | undefined;
  private settled = false;
  private ended = false;

  /** `closeAfterAnswer`: the body was left unread (a timeout, a cap): the answer closes the connection rather than wait for the rest. */
  constructor(
    private readonly req: IncomingMessage,
    private readonly idleMs: number,
    private readonly closeAfterAnswer: () => void,
  ) {
    super();
    // The error reaches the reader through its iteration or pipe, whenever it starts reading (an import may
    // still be preparing its catalog version when its client stalls): never as an unhandled 'error' event.
    this.on('error', () => undefined);
    req.on('data', this.onData);
    req.once('end', this.onEnd);
    req.once('error', this.onError);
    req.once('close', this.onClose);
  }

  private readonly onData = (chunk: Buffer) => {
    this.stopIdle();
    if (!this.push(chunk)) this.req.pause();
  };

  private readonly onEnd = () => {
    this.stopIdle();
    this.settled = true;
    this.ended = true;
    this.detach();
    this.push(null);
  };

  private readonly onError = (err: Error) => this.fail(err);

  private readonly onClose = () => {
    if (!this.settled) this.fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  };

  override _read(): void {
    if (this.settled) return;
    this.req.resume();
    if (!this.idle) {
      this.idle = setTimeout(
        () => this.fail(new RequestTimedOut(`Request body stalled: no bytes for ${Math.round(this.idleMs / 1000)} s; nothing was applied`)),
        this.idleMs,
      );
      this.idle.unref();
    }
  }

  /** Ends the body with `err` (a timeout, the client gone). */
  fail(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.destroy(err);
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.settled = true;
    this.stopIdle();
    this.detach();
    if (!this.ended) {
      this.req.pause();
      this.closeAfterAnswer();
    }
    callback(err);
  }

  private stopIdle(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
  }

  private detach(): void {
    this.req.off('data', this.onData);
    this.req.off('end', this.onEnd);
    this.req.off('error', this.onError);
    this.req.off('close', this.onClose);
  }
}

function timedBody(ctx: Context, clock: BodyClock): Readable {
  const body = new TimedBody(ctx.req, clock.idleMs, () => ctx.set('Connection', 'close'));
  clock.reader = body;
  return body;
}

/**
 * A catalog import's body, streamed: no overall deadline (a large feed takes as long as indexing does), but
 * aborted with 408 once its client sends nothing for IMPORT_IDLE_TIMEOUT_S, which releases the import lock.
 */
export function importBody(ctx: Context): Readable {
  const clock = clockOf(ctx);
  clock.streaming();
  return timedBody(ctx, clock);
}

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
  for await (const chunk of timedBody(ctx, clockOf(ctx)) as AsyncIterable<Buffer>) {
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
    const body = timedBody(ctx, clockOf(ctx));
    const gunzip = body.pipe(createGunzip());
    body.on('error', (err) => gunzip.destroy(err));
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(`Request body larger than ${maxBytes} bytes once decompressed`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof HttpError || err instanceof RequestTimedOut) throw err;
    throw invalid(`Body is not valid gzip: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once the request body has been read to its end (or the connection is gone). */
export function requestEnded(ctx: Context): Promise<void> {
  if (ctx.req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    ctx.req.once('end', resolve);
    ctx.req.once('close', resolve);
    ctx.req.once('error', () => resolve());
  });
}
