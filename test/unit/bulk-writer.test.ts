/**
 * The bulk writer shared by concurrent writers (a full import's documents and, from another task, their vectors):
 * several may wait on the same full batch while requests are in flight; the batch is sent once, and no writer
 * fails for finding it sent (it did: "Cannot read properties of undefined (reading 'bytes')", a 500 on an import).
 */
import assert from 'node:assert/strict';
import type { Client } from '@elastic/elasticsearch';
import { BulkWriter } from '../../src/search/bulkWriter';

/** A stand-in whose bulk requests answer only when `release` is called, counting the documents of each. */
function heldCluster(): { es: Client; sent: number[]; release: () => void } {
  const sent: number[] = [];
  const waiting: (() => void)[] = [];
  const es = {
    transport: {
      request: ({ bulkBody }: { bulkBody: Buffer }) => {
        sent.push(bulkBody.toString('utf8').split('\n').filter(Boolean).length / 2);
        return new Promise((resolve) => waiting.push(() => resolve({ errors: false })));
      },
    },
  } as unknown as Client;
  return { es, sent, release: () => waiting.splice(0).forEach((answer) => answer()) };
}

describe('BulkWriter shared by concurrent writers', () => {
  it('sends a batch that several writers waited on once, and every document', async () => {
    const { es, sent, release } = heldCluster();
    const writer = new BulkWriter(es, { maxBytes: 100, concurrency: 1 });
    const doc = { text: 'x'.repeat(120) };
    // The first document fills a batch, sent at once (one request in flight: the concurrency).
    await writer.index('products', 'a', doc);
    // Two writers each fill the next batch past its size and wait for the request in flight.
    const waiting = [writer.index('products', 'b', doc), writer.index('products', 'c', doc)];
    // Answer every request as it comes until both writers and the flush are done.
    let done = false;
    const finished = Promise.all(waiting)
      .then(() => writer.flush())
      .finally(() => {
        done = true;
      });
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      release();
    }
    await finished;
    assert.equal(
      sent.reduce((a, b) => a + b, 0),
      3,
      `documents per request: ${sent.join(', ')}`,
    );
    assert.equal(writer.stats.indexed, 3);
  });
});
