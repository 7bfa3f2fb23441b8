import assert from 'node:assert/strict';
import type { SearchGateway } from '../../src/search/gateway';
import type { IndexedSearch, SearchResponse } from '../../src/search/msearch';
import { failedSearch, failureOf } from '../../src/search/msearch';
import { mgetAnswer, mgetSearch, roundsGateway } from '../../src/search/rounds';

const answer = (hits: { _id: string; _source?: unknown }[] = []): SearchResponse => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { hits: hits.map((h) => ({ _index: 'i', ...h })) },
});

/** A gateway recording its msearch calls. */
function scripted(): SearchGateway & { calls: IndexedSearch[][] } {
  const calls: IndexedSearch[][] = [];
  return {
    calls,
    msearch: async (searches) => {
      calls.push(searches);
      // an ids search finds all but its first id; any other search answers one hit named by its size
      const ids = (s: IndexedSearch) => (s.body.query?.ids?.values ?? []) as string[];
      return searches.map((s) =>
        answer(
          s.body.query?.ids
            ? ids(s)
                .slice(1)
                .map((id) => ({ _id: id, _source: { productKey: id } }))
            : [{ _id: String(s.body.size) }],
        ),
      );
    },
    search: async () => {
      throw new Error('not used');
    },
    mget: async () => {
      throw new Error('not used');
    },
    mapping: async () => {
      throw new Error('not used');
    },
  };
}

describe('rounds (search/rounds.ts)', () => {
  it('sends the msearch and mget calls made at the same time as one msearch, each caller getting its own answers', async () => {
    const inner = scripted();
    const g = roundsGateway(inner);
    const [a, b, c] = await Promise.all([
      g.msearch([
        { index: 'x', body: { size: 1 } },
        { index: 'x', body: { size: 2 } },
      ]),
      Promise.resolve().then(() => g.msearch([{ index: 'y', body: { size: 3 } }])),
      g.mget({ index: 'p', ids: ['k1', 'k2', 'k3'], _source_includes: ['productKey'] }),
    ]);
    assert.equal(inner.calls.length, 1);
    assert.deepEqual([a.map((r) => r.hits.hits[0]._id), b.map((r) => r.hits.hits[0]._id)], [['1', '2'], ['3']]);
    // mget's shape in the order of its ids; k1 was not found
    assert.deepEqual(
      c.docs.map((d) => ('found' in d ? [d._id, d.found] : [])),
      [
        ['k1', false],
        ['k2', true],
        ['k3', true],
      ],
    );
    // a later call opens the next round
    await g.msearch([{ index: 'x', body: { size: 4 } }]);
    assert.equal(inner.calls.length, 2);
  });

  it('fails every call of a failed round', async () => {
    const g = roundsGateway({
      ...scripted(),
      msearch: async () => {
        throw new Error('boom');
      },
    });
    const results = await Promise.allSettled([g.msearch([{ index: 'x', body: {} }]), g.mget({ index: 'p', ids: ['a'] })]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
  });

  it('turns an mget into an ids search and back', () => {
    assert.deepEqual(mgetSearch({ index: 'p', ids: ['a', 'b'], _source_includes: ['title'] }), {
      index: 'p',
      body: { query: { ids: { values: ['a', 'b'] } }, size: 2, track_total_hits: false, _source: { includes: ['title'] } },
    });
    const docs = mgetAnswer<{ t: number }>(['a', 'b'], answer([{ _id: 'b', _source: { t: 1 } }])).docs;
    assert.deepEqual(
      docs.map((d) => ('found' in d && d.found ? d._source : null)),
      [null, { t: 1 }],
    );
  });

  it('marks a failed optional item', () => {
    const failed = failedSearch({ type: 'index_closed_exception', reason: 'closed' });
    assert.equal(failureOf(failed)?.type, 'index_closed_exception');
    assert.deepEqual(failed.hits.hits, []);
    assert.equal(failureOf(answer()), undefined);
  });
});
