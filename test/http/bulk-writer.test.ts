/**
 * The bulk writer against the real node: requests are encoded straight into a Buffer (multi-byte text,
 * lines larger than a request, several requests in flight), and a rejected document is named by its
 * position in the request now that Elasticsearch answers only statuses and errors.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DocumentRejected } from '../../src/kernel/errors';
import { BulkWriter } from '../../src/search/bulkWriter';
import { createElasticsearchClient } from '../../src/search/client';

describe('bulk writer (Elasticsearch)', function () {
  const es = createElasticsearchClient(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
  const index = `test-bulk-writer-${randomBytes(4).toString('hex')}`;

  before(async () => {
    await es.indices.create({
      index,
      mappings: { dynamic: 'strict', properties: { text: { type: 'keyword', index: false, doc_values: false }, n: { type: 'integer' } } },
    });
  });
  after(async () => {
    await es.indices.delete({ index, ignore_unavailable: true });
    await es.close();
  });

  it('writes every document, multi-byte text and lines larger than a request included', async () => {
    const writer = new BulkWriter(es, { maxBytes: 100_000, concurrency: 2 });
    const texts = new Map<string, string>();
    for (let i = 0; i < 600; i++) {
      // Swedish, Greek, CJK and an emoji (a surrogate pair): 1 to 4 bytes per character in UTF-8.
      const text = i % 97 === 0 ? 'ö'.repeat(60_000) + 'λ中😀' : `vinterjacka ${i} Åsa Ωμέγα 中文 😀`.repeat(1 + (i % 7));
      texts.set(String(i), text);
      await writer.index(index, String(i), { text, n: i });
    }
    await writer.delete(index, '5');
    texts.delete('5');
    await writer.flush();
    assert.ok(writer.stats.requests >= 5, `expected many requests, got ${writer.stats.requests}`);
    assert.deepEqual(writer.stats, { indexed: 600, deleted: 1, requests: writer.stats.requests });
    await es.indices.refresh({ index });
    const got = await es.search<{ text: string }>({ index, size: 1000, query: { match_all: {} } });
    assert.equal(got.hits.hits.length, texts.size);
    for (const hit of got.hits.hits) assert.equal(hit._source?.text, texts.get(hit._id!), `document ${hit._id}`);
  });

  it('names the first rejected document of a request by index and id', async () => {
    const writer = new BulkWriter(es, { maxBytes: 1_000_000, concurrency: 1 });
    await writer.index(index, 'ok-1', { n: 1 });
    await writer.index(index, 'bad-1', { n: 'not a number' });
    await writer.index(index, 'bad-2', { unknown: true });
    await assert.rejects(writer.flush(), (err: Error) => {
      assert.ok(err instanceof DocumentRejected);
      assert.match(err.message, new RegExp(`^Bulk write failed for ${index}/bad-1: document_parsing_exception: `));
      return true;
    });
  });
});
