/**
 * PRODUCT_INDEX_CODEC: the product indices of a catalog version an import creates get the codec, the other
 * catalog indices keep the default; the storefront answers from them as from the default codec.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const SEARCH = '/api/storefront/v3/queries/search-page?customerKey=c1&sessionKey=s1&market=SE&locale=sv-SE&touchpoint=DESKTOP&q=G1&notify=false';

describe('product index codec (PRODUCT_INDEX_CODEC)', function () {
  let service: TestService | undefined;
  after(async () => service?.close());

  it('creates the product indices of a version with best_compression, the others with the default', async () => {
    service = await startService({ productIndexCodec: 'best_compression' });
    await service.configure();
    const res = await service.importCatalog(smallCatalog());
    assert.equal(res.status, 204, await res.text());
    const search = await service.request('GET', SEARCH);
    const body = await search.text();
    assert.equal(search.status, 200, body);
    assert.ok((JSON.parse(body) as { primaryList: { productGroups: unknown[] } }).primaryList.productGroups.length > 0, body);

    const settings = await service.context.es.indices.getSettings({ index: `${service.prefix}-catalog-*`, name: 'index.codec', include_defaults: true });
    const codecs = Object.entries(settings).map(([index, s]) => [
      index.slice(service!.prefix.length + 1).replace(/-v[^-]+/, ''),
      s.settings?.index?.codec ?? s.defaults?.index?.codec,
    ]);
    const products = codecs.filter(([name]) => name!.startsWith('catalog-products'));
    assert.equal(products.length, 3, JSON.stringify(codecs));
    assert.deepEqual(
      products.filter(([, c]) => c !== 'best_compression'),
      [],
    );
    assert.deepEqual(
      codecs.filter(([name, c]) => !name!.startsWith('catalog-products') && c === 'best_compression'),
      [],
    );
  });
});
