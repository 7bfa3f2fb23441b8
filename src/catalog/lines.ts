/**
 * Reads a JSON-lines request body as a stream of parsed lines with their numbers, gunzipping when the
 * body is gzip-encoded. Memory is bounded by one line, however large the body, and a line by
 * MAX_LINE_BYTES: a body without newlines (a 1 GB line, a gzip bomb of one letter) is refused with 400 once
 * a line passes it, instead of being gathered whole.
 */
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { invalid } from '../kernel/errors';
import { fairShare } from '../kernel/fairShare';

/** Longest line read (bytes, after decompression): far above any product group a feed sends. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export type ParsedLine = { line: number; bytes: number; value: unknown } | { line: number; bytes: number; error: string };

export async function* readJsonLines(body: Readable, gzip: boolean, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<ParsedLine> {
  const source = gzip ? body.pipe(createGunzip()) : body;
  if (gzip) body.on('error', (err) => source.destroy(err));
  let line = 0;
  // Lines of a body already received are parsed without waiting for I/O: give queries their turns.
  const giveWay = fairShare();
  const parse = (bytes: Buffer): ParsedLine | undefined => {
    line++;
    // '\n' never occurs inside a multi-byte UTF-8 sequence: a line's bytes decode on their own.
    const text = bytes.toString('utf8');
    if (!text.trim()) return undefined;
    try {
      return { line, bytes: bytes.length, value: JSON.parse(text) };
    } catch (err) {
      return { line, bytes: bytes.length, error: `not valid JSON: ${(err as Error).message}` };
    }
  };
  // The start of the current line, in pieces from earlier chunks.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        if (nl === start && !pending.length) {
          line++;
          start = nl + 1;
          continue;
        } // a blank line, cheaply
        let bytes = data.subarray(start, nl);
        if (pending.length) {
          bytes = Buffer.concat([...pending, bytes]);
          pending = [];
          pendingBytes = 0;
        }
        start = nl + 1;
        if (bytes.length > maxLineBytes) throw tooLong(line + 1, maxLineBytes);
        if (bytes.length && bytes[bytes.length - 1] === 13) bytes = bytes.subarray(0, bytes.length - 1);
        const parsed = parse(bytes);
        if (parsed) yield parsed;
        const turn = giveWay();
        if (turn) await turn;
      }
      if (start < data.length) {
        pending.push(data.subarray(start));
        pendingBytes += data.length - start;
        if (pendingBytes > maxLineBytes) throw tooLong(line + 1, maxLineBytes);
      }
    }
    if (pendingBytes) {
      const parsed = parse(Buffer.concat(pending));
      if (parsed) yield parsed;
    }
  } catch (err) {
    // zlib's errors (Z_DATA_ERROR "incorrect header check", Z_BUF_ERROR "unexpected end of file") are the
    // sender's: a body said to be gzip that is not, or is cut short.
    const code = (err as { code?: unknown }).code;
    if (gzip && typeof code === 'string' && code.startsWith('Z_'))
      throw invalid(`Body is not valid gzip (Content-Encoding: gzip): ${(err as Error).message}; nothing was imported`);
    throw err;
  } finally {
    // Stop decompressing what nobody reads (the request itself is left to the HTTP server, which answers first).
    if (gzip) source.destroy();
  }
}

function tooLong(line: number, max: number) {
  return invalid(`Line ${line} is longer than ${max} bytes (after decompression): lines are capped; nothing was imported`);
}
