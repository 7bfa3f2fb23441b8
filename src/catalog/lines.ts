/**
 * Reads a JSON-lines request body as a stream of parsed lines with their numbers, gunzipping when the
 * body is gzip-encoded. Memory is bounded by one line, however large the body.
 */
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export type ParsedLine = { line: number; bytes: number; value: unknown } | { line: number; bytes: number; error: string };

export async function* readJsonLines(body: Readable, gzip: boolean): AsyncGenerator<ParsedLine> {
  const source = gzip ? body.pipe(createGunzip()) : body;
  if (gzip) body.on('error', (err) => source.destroy(err));
  const reader = createInterface({ input: source, crlfDelay: Infinity });
  let line = 0;
  for await (const text of reader) {
    line++;
    if (!text.trim()) continue;
    // bytes: length in characters, a close enough measure for the batch cap
    try {
      yield { line, bytes: text.length, value: JSON.parse(text) };
    } catch (err) {
      yield { line, bytes: text.length, error: `not valid JSON: ${(err as Error).message}` };
    }
  }
}
