/**
 * One catalog version per storefront query, against the real node: what a query reads when a full import
 * moves the aliases and deletes the old version (src/search/catalogView.ts).
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { group, product, smallCatalog } from '../fixtures/catalog';
import { elasticsearchGateway } from '../../src/search/gateway';
import { CatalogVersionGone } from '../../src/search/catalogView';

const SEARCH = '/api/storefront/v3/queries/search-page?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&notify=false&q=product';
const productPage = (key: string) =>
  `/api/storefront/v3/queries/product-page?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&notify=false&productKey=${key}`;

/** The group keys a search page shows, and its total. */
async function page(service: TestService): Promise<{ keys: string[]; totalHits: number }> {
  const res = await service.request('GET', SEARCH);
  const body = await jsonBody(res);
  assert.equal(res.status, 200, JSON.stringify(body));
  return { keys: body.primaryList.productGroups.map((g: { key: string }) => g.key).sort(), totalHits: body.primaryList.totalHits };
}

describe('one catalog version per storefront query', function () {
  this.timeout(120_000);
  // Two API processes on one prefix: `reader` keeps the version it resolved for a minute, `importer` imports.
  let importer: TestService;
  let reader: TestService;
  const catalog = (prefix: string, n: number) => smallCatalog(n, prefix);

  before(async () => {
    importer = await startService();
    reader = await startService({ indexPrefix: importer.prefix, catalogViewCacheMs: 60_000 });
    await importer.configure();
    const res = await importer.importCatalog(catalog('A', 3));
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => {
    await reader?.close();
    await importer?.close();
  });

  it('the importing process answers from the new version at once', async () => {
    assert.deepEqual((await page(importer)).keys, ['A1', 'A2', 'A3']);
    const res = await importer.importCatalog(catalog('B', 4));
    assert.equal(res.status, 204, await res.text());
    assert.deepEqual(await page(importer), { keys: ['B1', 'B2', 'B3', 'B4'], totalHits: 4 });
  });

  it('another process whose version was deleted by an import runs its query again on the live one: whole, not empty', async () => {
    assert.deepEqual((await page(reader)).keys, ['B1', 'B2', 'B3', 'B4'], 'the reader resolves and keeps this version');
    const res = await importer.importCatalog(catalog('C', 2));
    assert.equal(res.status, 204, await res.text());
    assert.deepEqual(await page(reader), { keys: ['C1', 'C2'], totalHits: 2 });
    // Reads by id (product-page) take the same way.
    const again = await importer.importCatalog([
      ...catalog('D', 2),
      group('X', { 'X-p': product('X-p', { defaults: { title: 'Product X', url: '/p/X', brand: 'Acme', category: ['cat_shoes'] } }) }),
    ]);
    assert.equal(again.status, 204, await again.text());
    const pageRes = await reader.request('GET', productPage('X-p'));
    const body = await jsonBody(pageRes);
    assert.equal(pageRes.status, 200, JSON.stringify(body));
    // An unknown product is a 400: the 200 and the product's variant ticket say it was found in the live version.
    assert.deepEqual(Object.keys(body.tickets), ['X-p-1']);
  });

  describe('the pinned gateway', () => {
    const alias = () => importer.context.names.catalogLocaleAlias('products', 'sv-SE');

    it('reads the version of its view even after the aliases moved on, and fails with CatalogVersionGone once it is deleted', async () => {
      const { es } = importer.context;
      const view = await importer.context.catalogViews.current(true);
      const pinnedTo = view.concrete(alias());
      assert.ok(pinnedTo, 'the locale alias resolves to a concrete index');
      // Another version takes the alias, as a full import's swap does, and the pinned one stays for now.
      const next = `${pinnedTo}-next`;
      await es.indices.create({ index: next, mappings: { dynamic: false } });
      await es.index({ index: next, id: 'only', document: {}, refresh: true });
      await es.indices.updateAliases({ actions: [{ remove: { index: pinnedTo, alias: alias() } }, { add: { index: next, alias: alias() } }] });
      try {
        const pinned = elasticsearchGateway(es, view);
        const [hits, split] = await pinned.msearch([
          { index: alias(), body: { size: 100, _source: false } },
          { index: alias(), splitAggregations: true, body: { size: 1, track_total_hits: true, aggs: { n: { filter: { match_all: {} } } } } },
        ]);
        // Hits carry no index name (the msearch filter_path leaves it out): the new version holds only "only".
        assert.ok(hits.hits.hits.length > 1 && hits.hits.hits.every((h) => h._id !== 'only'), 'hits of the pinned version');
        assert.ok(
          split.hits.hits.every((h) => h._id !== 'only') && (split.hits.total as { value: number }).value > 1,
          'both halves of a split search on the pinned version',
        );
        const unpinned = await elasticsearchGateway(es).msearch([{ index: alias(), body: {} }]);
        assert.deepEqual(
          unpinned[0].hits.hits.map((h) => h._id),
          ['only'],
          'an unpinned search follows the alias',
        );

        await es.indices.delete({ index: pinnedTo });
        await assert.rejects(pinned.msearch([{ index: alias(), body: {} }]), CatalogVersionGone);
        await assert.rejects(pinned.search({ index: alias(), query: { match_all: {} } }), CatalogVersionGone);
        await assert.rejects(pinned.mget({ index: alias(), ids: ['x'] }), CatalogVersionGone);
      } finally {
        await es.indices.delete({ index: next, ignore_unavailable: true });
      }
    });
  });
});
