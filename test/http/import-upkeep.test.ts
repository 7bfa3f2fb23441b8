/**
 * A full import has succeeded once the aliases have moved to its version. The upkeep after that (the spelling
 * vocabulary of the new version, deleting the previous version) can fail, and must not turn the import into a
 * failure, still less delete the version that is now live (it did: the failure path dropped "the version being
 * built", which by then was the live one).
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const VISITOR = 'market=SE&locale=sv-SE&customerKey=c&sessionKey=s&touchpoint=DESKTOP&notify=false';

describe('full import: upkeep after the publish', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(3, 'OLD'))).status, 204);
  });
  after(async () => {
    await service.context.es.indices.putSettings({ index: service.context.names.vocabulary, settings: { 'index.blocks.write': false } }).catch(() => undefined);
    await service.close();
  });

  const productPage = (key: string) => service.request('GET', `/api/storefront/v3/queries/product-page?productKey=${encodeURIComponent(key)}&${VISITOR}`);

  it('answers 204 and serves the new catalog when the spelling vocabulary cannot be written', async () => {
    const { es, names } = service.context;
    // The vocabulary is written only after the publish: a write block makes exactly that step fail.
    await es.indices.putSettings({ index: names.vocabulary, settings: { 'index.blocks.write': true } });
    try {
      const res = await service.importCatalog(smallCatalog(3, 'NEW'));
      assert.equal(res.status, 204, `the import answered ${res.status} ${await res.text()}`);
    } finally {
      await es.indices.putSettings({ index: names.vocabulary, settings: { 'index.blocks.write': false } });
    }
    const fresh = await productPage('NEW1-p');
    assert.equal(fresh.status, 200, `the new catalog's product page answered ${fresh.status} ${await fresh.text()}`);
    const stale = await productPage('OLD1-p');
    // The storefront names a product it does not know as a bad parameter (400), as Elevate does.
    assert.equal(stale.status, 400, `the previous catalog's product page answered ${stale.status}`);
    assert.match(((await stale.json()) as { message: string }).message, /unknown product "OLD1-p"/);
    // And the next import still works, deleting whatever the upkeep left.
    assert.equal((await service.importCatalog(smallCatalog(3, 'NEXT'))).status, 204);
    assert.equal((await productPage('NEXT1-p')).status, 200);
  });
});
