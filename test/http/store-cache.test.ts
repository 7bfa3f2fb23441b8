/**
 * STORE_CACHE_MS against the real node: three API processes on one prefix; an import through one is seen
 * there at once, by another process within that process's STORE_CACHE_MS, and not before (src/kernel/cache.ts).
 * Under steady traffic no request waits for a store's reload: it runs behind a read from 3/4 of the TTL
 * (src/kernel/shortCache.ts), outside the request's round trips.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import type { ReplaceEntity } from '../../src/catalog/types';

const CATALOG: ReplaceEntity[] = [
  {
    key: 'G-BOOT',
    productGroup: {
      products: {
        boot: {
          markets: ['SE'],
          defaults: { title: 'Winter boot', url: '/p/boot', brand: 'Acme', category: ['Shoes'] },
          variants: { 'boot-v': { defaults: { listPrice: 1000, sellingPrice: 700, stock: 1 } } },
        },
      },
    },
  },
];

const SEARCH = '/api/storefront/v3/queries/search-page?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&notify=false&q=boot';
const BUILT_IN = 'Pris, lägst först';
const IMPORTED = 'Billigast först';

/** The label of the cheapest-first sort option a visitor of `service` reads. */
async function cheapestFirst(service: TestService): Promise<string> {
  const res = await service.request('GET', SEARCH);
  const body = await jsonBody(res);
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.primaryList.sort.options.find((o: { id: string }) => o.id === 'PRICE_ASCENDING').label;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('STORE_CACHE_MS: how soon other API processes see an import', function () {
  this.timeout(120_000);
  let importer: TestService;
  let patient: TestService;
  let prompt: TestService;

  before(async () => {
    importer = await startService();
    patient = await startService({ indexPrefix: importer.prefix, storeCacheMs: 60_000 });
    prompt = await startService({ indexPrefix: importer.prefix, storeCacheMs: 300 });
    await importer.configure();
    const res = await importer.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => {
    await prompt?.close();
    await patient?.close();
    await importer?.close();
  });

  it('the importing process at once, another within its STORE_CACHE_MS, and not before', async () => {
    for (const service of [importer, patient, prompt]) assert.equal(await cheapestFirst(service), BUILT_IN);
    const res = await importer.admin('PUT', '/api/admin/v4/import/labels', {
      body: JSON.stringify({ markets: { SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': IMPORTED } } } }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 204, await res.text());
    assert.equal(await cheapestFirst(importer), IMPORTED);
    // Past the default of 2 s: a process keeping what it read for a minute still answers the old labels.
    await sleep(2500);
    assert.equal(await cheapestFirst(patient), BUILT_IN);
    assert.equal(await cheapestFirst(prompt), IMPORTED);
  });

  it('under steady traffic, no storefront request waits for a store reload (each autocomplete one round trip)', async () => {
    const steady = await startService({ indexPrefix: importer.prefix, storeCacheMs: 2000 });
    try {
      const autocomplete = async () => {
        const res = await steady.request(
          'GET',
          '/api/storefront/v3/queries/autocomplete?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&q=boo',
        );
        assert.equal(res.status, 200, await res.text());
        return Number(res.headers.get('x-elasticsearch-round-trips'));
      };
      await autocomplete(); // the first request loads every store
      const trips: number[] = [];
      // A request every 100 ms or so for three TTLs: every store is read in its last quarter (500 ms) many times
      // over, even when a request on a loaded machine takes a few hundred milliseconds.
      const until = Date.now() + 6000;
      while (Date.now() < until) {
        await sleep(100);
        trips.push(await autocomplete());
      }
      assert.ok(trips.length >= 10, `only ${trips.length} requests in 6 s`);
      assert.deepEqual(trips, Array(trips.length).fill(1), `round trips per request: ${trips.join(', ')}`);
    } finally {
      await steady.close();
    }
  });
});
