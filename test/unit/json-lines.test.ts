/** The JSON-lines reader of imports: lines across chunks, CRLF, blank lines, gzip, and the line cap. */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { readJsonLines, type ParsedLine } from '../../src/catalog/lines';
import { InvalidInput } from '../../src/kernel/errors';

async function read(chunks: (string | Buffer)[], gzip = false, max?: number): Promise<ParsedLine[]> {
  const out: ParsedLine[] = [];
  for await (const p of readJsonLines(Readable.from(chunks.map((c) => Buffer.from(c))), gzip, max)) out.push(p);
  return out;
}

describe('readJsonLines', () => {
  it('numbers lines across chunk boundaries, multi-byte characters split included, CRLF and blank lines', async () => {
    const text = '{"a":"å"}\r\n\n{"b":2}\nnot json\n{"c":3}';
    const bytes = Buffer.from(text);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 12), bytes.subarray(12)]; // cuts inside "å"
    const lines = await read(chunks);
    assert.deepEqual(
      lines.map((l) => l.line),
      [1, 3, 4, 5],
    );
    assert.deepEqual('value' in lines[0] ? lines[0].value : undefined, { a: 'å' });
    assert.ok('error' in lines[2] && /not valid JSON/.test(lines[2].error));
    assert.deepEqual('value' in lines[3] ? lines[3].value : undefined, { c: 3 });
  });

  it('reads gzip', async () => {
    const lines = await read([gzipSync('{"a":1}\n{"a":2}\n')], true);
    assert.equal(lines.length, 2);
  });

  it('refuses a body said to be gzip that is not, or is cut short, as invalid input (400), not an internal error', async () => {
    await assert.rejects(
      read(['{"a":1}\n'], true),
      (err: unknown) => err instanceof InvalidInput && /Body is not valid gzip \(Content-Encoding: gzip\): incorrect header check/.test(err.message),
    );
    const gz = gzipSync('{"a":1}\n{"a":2}\n');
    await assert.rejects(read([gz.subarray(0, gz.length - 6)], true), (err: unknown) => err instanceof InvalidInput && /not valid gzip/.test(err.message));
  });

  it('refuses a line longer than the cap with InvalidInput (400), without gathering the rest', async () => {
    const huge = ['{"a":"', 'x'.repeat(600), 'x'.repeat(600)];
    await assert.rejects(read(huge, false, 1000), (err: Error) => err instanceof InvalidInput && /Line 1 is longer than 1000 bytes/.test(err.message));
    await assert.rejects(read(['{}\n{}\n', 'y'.repeat(1001) + '\n'], false, 1000), /Line 3 is longer/);
    assert.equal((await read(['{"a":"' + 'x'.repeat(900) + '"}\n'], false, 1000)).length, 1);
  });
});
