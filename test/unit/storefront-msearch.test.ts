import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { mergeSplit, splitSearch } from '../../src/search/msearch';

describe('msearch split of a listing search', () => {
  const body: estypes.SearchRequest = {
    query: { term: { market: 'SE' } },
    post_filter: { term: { brand: 'Acme' } },
    aggs: { facet_brand: { terms: { field: 'brand' } } },
    collapse: { field: 'collapseKey' },
    sort: [{ _score: { order: 'desc' } }],
    from: 60,
    size: 60,
    track_total_hits: true,
    _source: { includes: ['productKey'] },
  };

  it('sends the page of hits without aggregations or counting', () => {
    const [hits] = splitSearch(body);
    assert.equal(hits.aggs, undefined);
    assert.equal(hits.track_total_hits, false);
    assert.deepEqual(hits.post_filter, body.post_filter);
    assert.deepEqual([hits.from, hits.size, hits.collapse], [60, 60, body.collapse]);
  });

  it('sends the aggregations as a size-0 search with the same query and post_filter, so the total is the same and it can be cached', () => {
    const [, aggregations] = splitSearch(body);
    assert.deepEqual(aggregations, { query: body.query, post_filter: body.post_filter, aggs: body.aggs, size: 0, track_total_hits: true });
  });

  it('merges the two answers into the answer of the unsplit search', () => {
    const hits = {
      took: 3,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: [{ _index: 'i', _id: '1' }] },
    } as estypes.SearchResponse<unknown>;
    const aggs = {
      took: 5,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { total: { value: 42, relation: 'eq' }, hits: [] },
      aggregations: { facet_brand: {} },
    } as unknown as estypes.SearchResponse<unknown>;
    const merged = mergeSplit(hits, aggs);
    assert.equal(merged.took, 5);
    assert.deepEqual(merged.hits.total, { value: 42, relation: 'eq' });
    assert.equal(merged.hits.hits.length, 1);
    assert.deepEqual(merged.aggregations, { facet_brand: {} });
  });
});
