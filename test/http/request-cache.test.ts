/**
 * The shard request cache answers every storefront search, not only the `_msearch` ones: the cart lookup
 * of cart-page and the variant lookup of add-to-cart-popup (single searches of the gateway) are cache hits
 * when repeated, as Elasticsearch's request cache statistics of the locale's products index show.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

describe('shard request cache on single storefront searches', () => {
  let service: TestService;
  const base = 'market=SE&locale=sv-SE&customerKey=c1&sessionKey=s1&touchpoint=desktop&notify=false';
  const post = (endpoint: string, query: string, body: unknown) =>
    service.request('POST', `/api/storefront/v3/queries/${endpoint}?${base}&${query}`, {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
  const cacheHits = async () => {
    const stats = await service.context.es.indices.stats({ index: `${service.prefix}-catalog-products-sv-se`, metric: 'request_cache' });
    return stats._all.total?.request_cache?.hit_count ?? 0;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog())).status, 204);
  });
  after(async () => service.close());

  for (const [endpoint, query, body] of [
    ['cart-page', 'cart=G1-p|G2-p-1', { cart: { include: true }, recommendationLists: [] }],
    ['add-to-cart-popup', 'variantKey=G3-p-1&cart=G1-p', { recommendationLists: [] }],
  ] as const) {
    it(`${endpoint}: a repeated lookup is answered by the cache`, async () => {
      const first = await post(endpoint, query, body);
      assert.equal(first.status, 200, await first.text());
      const before = await cacheHits();
      for (let i = 0; i < 2; i++) assert.equal((await post(endpoint, query, body)).status, 200);
      assert.ok((await cacheHits()) - before >= 2, `request cache hits went from ${before} to ${await cacheHits()}`);
    });
  }
});
