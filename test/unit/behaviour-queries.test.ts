/** Behaviour query builders (whole bodies) and shapers (on hand-made aggregation responses). */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { recentSearchesSearch, readRecentSearches } from '../../src/events/queries/recentSearches';
import { readRecentlyViewed, recentlyViewedSearch } from '../../src/events/queries/recentlyViewed';
import { readFavourites } from '../../src/events/queries/favourites';
import { readCart, cartSearch } from '../../src/events/queries/cart';
import { readTrendingPhrases, trendingPhrasesSearch } from '../../src/events/queries/trendingPhrases';
import { popularPhrasesSearch, readPopularPhrases } from '../../src/events/queries/popularPhrases';
import { coOccurrenceSearch, mergeCoOccurring } from '../../src/events/queries/coOccurring';
import { BasketCounts, basketsSearch, jlh, MAX_BASKET_PRODUCTS, readBasketsPage, round, type BasketBucket } from '../../src/events/queries/baskets';
import { readAffinity } from '../../src/events/queries/affinity';
import { accumulatePopularity, popularitySearch, readPopularityPage } from '../../src/events/queries/popularity';
import { decay } from '../../src/events/queries/weights';
import { productLookupSearch, readProductFacts } from '../../src/events/productLookup';

const now = new Date('2026-11-20T12:00:00.000Z');
const scope = { index: 'x-events', now, historyDays: 90 };
const DAY = 86_400_000;
const t = (daysAgo: number) => now.getTime() - daysAgo * DAY;
const latestAt = (ms?: number) => ({ doc_count: ms === undefined ? 0 : 1, at: { value: ms ?? null } });

function response(aggregations: Record<string, unknown>, hits: unknown[] = [], total?: number): estypes.SearchResponse<never> {
  return {
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, failed: 0 },
    hits: { hits: hits as never[], ...(total !== undefined ? { total: { value: total, relation: 'eq' } } : {}) },
    aggregations,
  } as unknown as estypes.SearchResponse<never>;
}

describe('behaviour queries', () => {
  describe('recent searches', () => {
    it("builds one aggregation over the visitor's searches and removals, ordered by the latest search", () => {
      assert.deepEqual(recentSearchesSearch({ market: 'SE', customerKey: 'c1', limit: 5 }, scope), {
        index: 'x-events',
        ignore_unavailable: true,
        allow_no_indices: true,
        size: 0,
        track_total_hits: false,
        query: {
          bool: {
            filter: [
              { term: { market: 'SE' } },
              { term: { customerKey: 'c1' } },
              { terms: { type: ['search', 'remove-recent-searches'] } },
              { range: { '@timestamp': { gte: new Date(t(90)).toISOString() } } },
            ],
          },
        },
        aggs: {
          cleared: {
            filter: { bool: { filter: [{ term: { type: 'remove-recent-searches' } }, { term: { removeAll: true } }] } },
            aggs: { at: { max: { field: '@timestamp' } } },
          },
          phrases: {
            terms: { field: 'phrase', size: 35, execution_hint: 'map', order: { 'searched>at': 'desc' } },
            aggs: {
              searched: { filter: { term: { type: 'search' } }, aggs: { at: { max: { field: '@timestamp' } } } },
              removed: { filter: { term: { type: 'remove-recent-searches' } }, aggs: { at: { max: { field: '@timestamp' } } } },
            },
          },
        },
      });
    });

    it('leaves out phrases removed after their last search and everything before a remove-all', () => {
      const res = response({
        cleared: latestAt(t(3)),
        phrases: {
          buckets: [
            { key: 'shoes', doc_count: 2, searched: latestAt(t(1)), removed: latestAt(t(2)) }, // searched again after removal
            { key: 'hat', doc_count: 2, searched: latestAt(t(1.5)), removed: latestAt(t(1)) }, // removed after search
            { key: 'coat', doc_count: 1, searched: latestAt(t(2.5)), removed: latestAt() },
            { key: 'old', doc_count: 1, searched: latestAt(t(4)), removed: latestAt() }, // before remove-all
            { key: 'only-removed', doc_count: 1, searched: latestAt(), removed: latestAt(t(1)) },
          ],
        },
      });
      assert.deepEqual(readRecentSearches(res, { market: 'SE', customerKey: 'c1' }), ['shoes', 'coat']);
      assert.deepEqual(readRecentSearches(res, { market: 'SE', customerKey: 'c1', limit: 1 }), ['shoes']);
    });
  });

  describe('recently viewed', () => {
    it('excludes keys inside the terms aggregation (a removal event naming them still counts for others)', () => {
      const body = recentlyViewedSearch({ market: 'SE', customerKey: 'c1', excludeKeys: ['P2'] }, scope);
      const products = (body.aggs as Record<string, estypes.AggregationsAggregationContainer>).products;
      assert.deepEqual(products.terms, { field: 'productKey', size: 80, execution_hint: 'map', order: { 'viewed>at': 'desc' }, exclude: ['P2'] });
      assert.deepEqual(products.aggs?.viewed, { filter: { terms: { type: ['product-view', 'click'] } }, aggs: { at: { max: { field: '@timestamp' } } } });
    });

    it('applies removals like recent searches', () => {
      const res = response({
        cleared: latestAt(),
        products: {
          buckets: [
            { key: 'P1', doc_count: 1, viewed: latestAt(t(1)), removed: latestAt(t(2)) },
            { key: 'P2', doc_count: 1, viewed: latestAt(t(2)), removed: latestAt(t(1)) },
            { key: 'P3', doc_count: 1, viewed: latestAt(t(3)), removed: latestAt() },
          ],
        },
      });
      assert.deepEqual(readRecentlyViewed(res, { market: 'SE', customerKey: 'c1' }), ['P1', 'P3']);
    });
  });

  it('favourites fold add and remove per product: the latest wins', () => {
    const res = response({
      products: {
        buckets: [
          { key: 'P1', doc_count: 1, added: latestAt(t(1)), removed: latestAt() },
          { key: 'P2', doc_count: 2, added: latestAt(t(2)), removed: latestAt(t(1)) },
          { key: 'P3', doc_count: 3, added: latestAt(t(1)), removed: latestAt(t(2)) },
          { key: 'P4', doc_count: 1, added: latestAt(), removed: latestAt(t(2)) },
        ],
      },
    });
    assert.deepEqual(readFavourites(res), ['P1', 'P3']);
  });

  describe('cart', () => {
    it("asks for the session's add-to-cart and end events, newest first", () => {
      assert.deepEqual(cartSearch({ market: 'SE', customerKey: 'c1', sessionKey: 's1' }, scope), {
        index: 'x-events',
        ignore_unavailable: true,
        allow_no_indices: true,
        track_total_hits: false,
        size: 250,
        query: {
          bool: {
            filter: [{ term: { market: 'SE' } }, { term: { customerKey: 'c1' } }, { term: { sessionKey: 's1' } }, { terms: { type: ['add-to-cart', 'end'] } }],
          },
        },
        sort: [{ '@timestamp': 'desc' }],
        _source: ['type', 'productKey', 'variantKey'],
      });
    });

    it('keeps distinct variant (else product) keys after the last end', () => {
      const hits = [
        { type: 'add-to-cart', productKey: 'P1', variantKey: 'P1-2' },
        { type: 'add-to-cart', productKey: 'P3' },
        { type: 'add-to-cart', productKey: 'P1', variantKey: 'P1-2' },
        { type: 'end' },
        { type: 'add-to-cart', productKey: 'P9', variantKey: 'P9-1' },
      ].map((_source) => ({ _index: 'x', _id: '1', _source }));
      assert.deepEqual(readCart(response({}, hits) as never), ['P1-2', 'P3']);
    });
  });

  describe('trending phrases', () => {
    it('counts distinct visitors per time window among searches with results', () => {
      const body = trendingPhrasesSearch({ market: 'SE', locale: 'sv-SE', limit: 3 }, scope);
      assert.deepEqual(body.query, {
        bool: {
          filter: [
            { term: { market: 'SE' } },
            { term: { type: 'search' } },
            { range: { totalHits: { gt: 0 } } },
            { range: { '@timestamp': { gte: new Date(t(14)).toISOString() } } },
            { term: { locale: 'sv-SE' } },
          ],
        },
      });
      const phrases = (body.aggs as Record<string, estypes.AggregationsAggregationContainer>).phrases;
      assert.deepEqual(phrases.terms, { field: 'phrase', size: 80 });
      assert.deepEqual(phrases.aggs?.windows.range?.ranges?.[0], { key: '0-1', from: t(1), to: t(0) });
      assert.deepEqual(phrases.aggs?.windows.range?.ranges?.[4], { key: '7-14', from: t(14), to: t(7) });
    });

    it('ranks recent interest above older interest of the same size (decay)', () => {
      const windows = (counts: Record<string, number>) => ({
        buckets: Object.entries(counts).map(([key, n]) => ({ key, doc_count: n, visitors: { value: n } })),
      });
      const res = response({
        phrases: {
          buckets: [
            { key: 'old favourite', doc_count: 30, windows: windows({ '7-14': 10 }) },
            { key: 'new thing', doc_count: 4, windows: windows({ '0-1': 4 }) },
            { key: 'steady', doc_count: 6, windows: windows({ '1-2': 2, '2-4': 2, '4-7': 2 }) },
          ],
        },
      });
      const ranked = readTrendingPhrases(res, { market: 'SE' });
      assert.deepEqual(
        ranked.map((p) => p.phrase),
        ['new thing', 'steady', 'old favourite'],
      );
      assert.equal(ranked[0].score, Math.round(4 * decay(0.5, 2) * 1000) / 1000);
    });
  });

  it('popular phrases filter on the normalised prefix and rank by distinct sessions', () => {
    const body = popularPhrasesSearch({ market: 'SE', prefix: ' Re', limit: 4 }, scope);
    assert.deepEqual((body.query as { bool: { filter: unknown[] } }).bool.filter.at(-1), { prefix: { phrase: 're' } });
    assert.deepEqual((body.aggs as Record<string, estypes.AggregationsAggregationContainer>).phrases, {
      terms: { field: 'phrase', size: 4, order: [{ sessions: 'desc' }, { _key: 'asc' }] },
      aggs: { sessions: { cardinality: { field: 'sessionKey' } } },
    });
    assert.deepEqual(readPopularPhrases(response({ phrases: { buckets: [{ key: 'red', doc_count: 9, sessions: { value: 5 } }] } })), [
      { phrase: 'red', sessions: 5 },
    ]);
  });

  describe('co-occurring products', () => {
    const bucket = (market: string, sessionKey: string, productKey: string, variantKey: string | null = null): BasketBucket => ({
      key: { market, sessionKey, productKey, variantKey },
      doc_count: 1,
    });

    it('pages baskets (market, session, product, variant) of add-to-cart and purchase events', () => {
      const body = basketsSearch(scope, { market: 'SE', sessionKey: 's1', productKey: 'P1', variantKey: null });
      const composite = (body.aggs as Record<string, estypes.AggregationsAggregationContainer>).baskets.composite!;
      assert.deepEqual(
        composite.sources!.map((s) => Object.keys(s)[0]),
        ['market', 'sessionKey', 'productKey', 'variantKey'],
      );
      assert.deepEqual(composite.sources![3], { variantKey: { terms: { field: 'variantKey', missing_bucket: true } } });
      assert.deepEqual(composite.after, { market: 'SE', sessionKey: 's1', productKey: 'P1', variantKey: null });
      assert.deepEqual(body.query, {
        bool: {
          filter: [
            { terms: { type: ['add-to-cart', 'purchase'] } },
            { range: { '@timestamp': { gte: new Date(t(90)).toISOString() } } },
            { exists: { field: 'productKey' } },
            { exists: { field: 'sessionKey' } },
          ],
        },
      });
      assert.equal(readBasketsPage(response({ baskets: { buckets: [], after_key: { a: 1 } } })).after, undefined);
    });

    it('scores JLH over baskets: more often together than usual first, merely together after at 0', () => {
      // A with B in 3 of A's 4 baskets, B in 4 of 7 baskets; A with C once, C in 2 of 7.
      const counts = new BasketCounts();
      counts.add([
        bucket('NO', 'k1', 'A', 'A-1'),
        bucket('NO', 'k1', 'B'),
        bucket('NO', 'k2', 'A', 'A-1'),
        bucket('NO', 'k2', 'A', 'A-2'),
        bucket('NO', 'k2', 'B'),
      ]);
      // A page may end inside a basket: k3 continues on the next page.
      counts.add([bucket('NO', 'k3', 'A')]);
      counts.add([
        bucket('NO', 'k3', 'C'),
        bucket('NO', 'k4', 'C'),
        bucket('NO', 'k4', 'D'),
        bucket('NO', 'k5', 'D'),
        bucket('NO', 'k6', 'B'),
        bucket('NO', 'k7', 'A'),
        bucket('NO', 'k7', 'B'),
        bucket('SE', 'k1', 'A'),
      ]);
      const entries = [...counts.entries()];
      const a = entries.find((e) => e.market === 'NO' && e.productKey === 'A')!;
      assert.deepEqual(a.variantKeys, ['A-1', 'A-2']);
      assert.equal(a.sessions, 4);
      assert.deepEqual(a.related, [
        { productKey: 'B', score: round(jlh(3, 4, 4, 7)), sessions: 3 },
        { productKey: 'C', score: 0, sessions: 1 },
      ]);
      assert.ok(jlh(3, 4, 4, 7) > 0);
      assert.equal(jlh(1, 4, 2, 7), 0);
      assert.deepEqual(
        entries.find((e) => e.market === 'SE' && e.productKey === 'A'),
        { market: 'SE', productKey: 'A', sessions: 1, variantKeys: [], related: [] },
      );
    });

    it('counts a basket of more than MAX_BASKET_PRODUCTS products but adds no pairs for it', () => {
      const counts = new BasketCounts();
      counts.add(Array.from({ length: MAX_BASKET_PRODUCTS + 1 }, (_, i) => bucket('SE', 'bulk', `P${i}`)));
      counts.add([bucket('SE', 'x', 'P0'), bucket('SE', 'x', 'P1')]);
      const p0 = [...counts.entries()].find((e) => e.productKey === 'P0')!;
      assert.equal(p0.sessions, 2);
      assert.deepEqual(
        p0.related.map((r) => [r.productKey, r.sessions]),
        [['P1', 1]],
      );
    });

    it("looks up the keys' products by product or variant key, cached", () => {
      assert.deepEqual(coOccurrenceSearch({ market: 'SE', keys: ['P1', 'P2-1'] }, 'x-co-occurrence'), {
        index: 'x-co-occurrence',
        ignore_unavailable: true,
        allow_no_indices: true,
        track_total_hits: false,
        request_cache: true,
        size: 2,
        query: {
          bool: {
            filter: [
              { term: { market: 'SE' } },
              { bool: { should: [{ terms: { productKey: ['P1', 'P2-1'] } }, { terms: { variantKeys: ['P1', 'P2-1'] } }], minimum_should_match: 1 } },
            ],
          },
        },
        _source: ['productKey', 'related'],
      });
    });

    it("sums a cart's products' related products and never proposes the cart's own", () => {
      const merged = mergeCoOccurring(
        [
          {
            productKey: 'P1',
            related: [
              { productKey: 'P2', score: 0.5, sessions: 2 },
              { productKey: 'X', score: 0.4, sessions: 1 },
              { productKey: 'Y', score: 0, sessions: 4 },
            ],
          },
          {
            productKey: 'P2',
            related: [
              { productKey: 'P1', score: 0.5, sessions: 2 },
              { productKey: 'Y', score: 0.3, sessions: 1 },
              { productKey: 'Z', score: 0, sessions: 1 },
            ],
          },
        ],
        { market: 'SE', keys: ['P1', 'P2-1'] },
      );
      assert.deepEqual(merged, [
        { productKey: 'X', score: 0.4, sessions: 1 },
        { productKey: 'Y', score: 0.3, sessions: 5 },
        { productKey: 'Z', score: 0, sessions: 1 },
      ]);
      assert.equal(
        mergeCoOccurring(
          [
            {
              productKey: 'P1',
              related: [
                { productKey: 'A', score: 1, sessions: 1 },
                { productKey: 'B', score: 0.5, sessions: 1 },
              ],
            },
          ],
          { market: 'SE', keys: ['P1'], limit: 1 },
        ).length,
        1,
      );
    });
  });

  it('affinity weighs brands and categories by interaction kind and reads price quartiles', () => {
    const types = (counts: Record<string, number>) => ({ buckets: Object.entries(counts).map(([key, doc_count]) => ({ key, doc_count })) });
    const res = response(
      {
        brands: {
          buckets: [
            { key: 'Acme', doc_count: 5, types: types({ 'product-view': 5 }) },
            { key: 'Zeta', doc_count: 1, types: types({ purchase: 1 }) },
          ],
        },
        categories: { buckets: [{ key: 'cat_shoes', doc_count: 2, types: types({ click: 1, 'add-to-cart': 1 }) }] },
        price: { values: { '25.0': 100, '50.0': 150, '75.0': 300 } },
      },
      [],
      6,
    );
    assert.deepEqual(readAffinity(res), {
      brands: [
        { value: 'Zeta', score: 10 },
        { value: 'Acme', score: 5 },
      ],
      categories: [{ value: 'cat_shoes', score: 7 }],
      price: { p25: 100, median: 150, p75: 300 },
      events: 6,
    });
  });

  describe('popularity', () => {
    it('pages a composite aggregation over market, product, day and type', () => {
      const body = popularitySearch({ windowDays: 28, halfLifeDays: 7 }, scope, { market: 'SE', productKey: 'P1', day: 0, type: 'click' });
      const composite = (body.aggs as Record<string, estypes.AggregationsAggregationContainer>).products.composite!;
      assert.deepEqual(
        composite.sources!.map((s) => Object.keys(s)[0]),
        ['market', 'productKey', 'day', 'type'],
      );
      assert.deepEqual(composite.after, { market: 'SE', productKey: 'P1', day: 0, type: 'click' });
      assert.deepEqual(body.query, {
        bool: {
          filter: [
            { terms: { type: ['product-view', 'click', 'add-to-cart', 'purchase'] } },
            { range: { '@timestamp': { gte: new Date(t(28)).toISOString() } } },
            { exists: { field: 'productKey' } },
          ],
        },
      });
      assert.equal(readPopularityPage(response({ products: { buckets: [], after_key: { a: 1 } } })).after, undefined);
    });

    it('weighs kinds (view 1, click 2, cart 5, purchase 10) and halves every half-life', () => {
      const scores = new Map<string, number>();
      const today = Date.parse('2026-11-20T00:00:00Z');
      const week = today - 7 * DAY;
      accumulatePopularity(
        scores,
        [
          { key: { market: 'SE', productKey: 'A', day: today, type: 'product-view' }, doc_count: 3 },
          { key: { market: 'SE', productKey: 'A', day: today, type: 'purchase' }, doc_count: 1 },
          { key: { market: 'SE', productKey: 'B', day: week, type: 'add-to-cart' }, doc_count: 4 },
          { key: { market: 'NO', productKey: 'A', day: today, type: 'click' }, doc_count: 1 },
        ],
        now,
        7,
      );
      // Today's bucket is aged at its middle (noon) = now: no decay. A week earlier: half.
      assert.deepEqual(Object.fromEntries(scores), { 'SE|A': 13, 'SE|B': 10, 'NO|A': 2 });
    });
  });

  it('product lookup finds one document per product by product or variant key and maps both', () => {
    const body = productLookupSearch('x-products', 'SE', ['P1', 'P2-1']);
    assert.deepEqual(body.query, {
      bool: {
        filter: [
          { term: { market: 'SE' } },
          { bool: { should: [{ terms: { productKey: ['P1', 'P2-1'] } }, { terms: { variantKeys: ['P1', 'P2-1'] } }], minimum_should_match: 1 } },
        ],
      },
    });
    assert.deepEqual(body.collapse, { field: 'productKey' });
    const res = response({}, [
      { _source: { productKey: 'P1', variantKeys: ['P1-1'], brand: 'Acme', category: ['Skor'], categoryIds: ['cat'], price: { selling: { min: 10 } } } },
      { _source: { productKey: 'P2', variantKeys: ['P2-1', 'P2-2'], category: [], categoryIds: [] } },
    ]);
    assert.deepEqual(Object.fromEntries(readProductFacts(res as never, ['P1', 'P2-1'])), {
      P1: { productKey: 'P1', brand: 'Acme', category: ['Skor'], categoryIds: ['cat'], price: 10 },
      'P2-1': { productKey: 'P2', category: [], categoryIds: [] },
    });
  });
});
