/**
 * The storefront msearch asks Elasticsearch to leave out what no caller reads (MSEARCH_FILTER, to parse
 * less JSON per search page), and still gets every part a shaper, explain, the timing header or the
 * failure handling reads: against the real node, since `filter_path` is Elasticsearch's to apply.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { failureOf, msearch, MSEARCH_FILTER } from '../../src/search/msearch';

describe('storefront msearch answer filtering', () => {
  let service: TestService;
  let index: string;

  before(async () => {
    service = await startService();
    index = `${service.prefix}-msearch-filter`;
    await service.context.es.indices.create({
      index,
      mappings: { properties: { productKey: { type: 'keyword' }, title: { type: 'text' }, brand: { type: 'keyword' }, suggest: { type: 'completion' } } },
    });
    await service.context.es.bulk({
      refresh: true,
      operations: [
        { index: { _index: index, _id: 'a' } },
        { productKey: 'P1', title: 'red shoe', brand: 'Acme', suggest: 'red shoe' },
        { index: { _index: index, _id: 'b' } },
        { productKey: 'P2', title: 'blue shoe', brand: 'Beta', suggest: 'blue shoe' },
      ],
    });
  });
  after(async () => {
    await service.context.es.indices.delete({ index, ignore_unavailable: true });
    await service.close();
  });

  it("leaves out hits' index names, shard counts, max_score, timed_out and status", async () => {
    const [res] = await msearch(service.context.es, [{ index, body: { query: { match: { title: 'shoe' } }, track_total_hits: true } }]);
    assert.equal(res.hits.hits.length, 2);
    for (const hit of res.hits.hits) assert.equal(hit._index, undefined);
    assert.equal(res.hits.max_score, undefined);
    assert.equal(res.timed_out, undefined);
    assert.equal((res as { status?: unknown }).status, undefined);
    assert.equal(res._shards?.total, undefined);
  });

  it('keeps took, totals, _id, _score, _source, sort, fields, matched_queries, _explanation, aggregations and suggest', async () => {
    const [listing, completion] = await msearch(service.context.es, [
      {
        index,
        splitAggregations: true,
        body: {
          query: { bool: { must: { match: { title: 'shoe' } }, should: [{ term: { brand: { value: 'Acme', _name: 'rule-acme' } } }] } },
          sort: [{ _score: { order: 'desc' } }, { productKey: { order: 'asc' } }],
          docvalue_fields: ['productKey'],
          explain: true,
          _source: { includes: ['productKey', 'title'] },
          aggs: { brands: { terms: { field: 'brand' } } },
          track_total_hits: true,
        },
      },
      { index, body: { size: 0, suggest: { names: { prefix: 'red', completion: { field: 'suggest' } } } } },
    ]);
    assert.equal(typeof listing.took, 'number');
    assert.deepEqual(listing.hits.total, { value: 2, relation: 'eq' });
    const [first] = listing.hits.hits;
    assert.equal(first._id, 'a');
    assert.equal(typeof first._score, 'number');
    assert.deepEqual(first._source, { productKey: 'P1', title: 'red shoe' });
    assert.equal(first.sort?.length, 2);
    assert.deepEqual(first.fields, { productKey: ['P1'] });
    assert.deepEqual(first.matched_queries, ['rule-acme']);
    assert.ok(first._explanation);
    assert.deepEqual(
      (listing.aggregations?.brands as { buckets: { key: string }[] }).buckets.map((b) => b.key),
      ['Acme', 'Beta'],
    );
    const options = (completion.suggest?.names?.[0]?.options ?? []) as { text: string; _source?: unknown }[];
    assert.deepEqual(
      options.map((o) => o.text),
      ['red shoe'],
    );
    assert.ok(options[0]._source);
  });

  it("keeps the msearch took the X-Elasticsearch-Took header sums, and items' errors", async () => {
    const res = await service.context.es.msearch({ filter_path: MSEARCH_FILTER, searches: [{ index }, { query: { match_all: {} } }] });
    assert.equal(typeof res.took, 'number');
    const [failed] = await msearch(service.context.es, [
      { index, optional: true, body: { query: { range: { title: { gte: 'a' } } }, sort: [{ title: { order: 'asc' } }] } },
    ]);
    assert.ok(failureOf(failed)?.type, 'the failure of an optional search is still reported');
  });
});
