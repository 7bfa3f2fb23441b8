/**
 * Issue 32 (parity II), the admin side: validationOnly judges what the real import judges (item 4).
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

async function exportedKeys(service: TestService): Promise<string[]> {
  const res = await service.admin('GET', '/api/admin/v4/export/catalog?types=PRODUCT_GROUPS', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200);
  return (await res.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l).replace.key).sort();
}

describe('import parity (issue 32)', function () {
  let service: TestService;
  const live = smallCatalog(20);
  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(live);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  describe('validationOnly judges the dangerous-import check (item 4)', function () {
    it('refuses a full import of 1 group over 20 under validationOnly, as the real import does, and keeps the catalog', async () => {
      const dangerous = smallCatalog(1, 'X');
      const validated = await service.importCatalog(dangerous, '?validationOnly=true');
      const body = await jsonBody(validated);
      assert.equal(validated.status, 400, JSON.stringify(body));
      assert.match(body.message, /dangerous/);
      assert.match(body.dangerous[0], /remove 19 of the 20 live product groups/);
      const real = await service.importCatalog(dangerous);
      assert.equal(real.status, 400);
      assert.deepEqual((await jsonBody(real)).dangerous, body.dangerous);
      assert.deepEqual(await exportedKeys(service), live.filter((e) => 'productGroup' in e).map((e) => e.key).sort());
    });
    it('passes it with force=true, and passes a harmless file, still importing nothing', async () => {
      assert.equal((await service.importCatalog(smallCatalog(1, 'X'), '?validationOnly=true&force=true')).status, 204);
      assert.equal((await service.importCatalog(smallCatalog(15, 'Y'), '?validationOnly=true')).status, 204);
      assert.equal((await exportedKeys(service)).length, 20);
    });
    it('judges a market emptied by the file', async () => {
      const seOnly = smallCatalog(20).map((e) => ('productGroup' in e
        ? { ...e, productGroup: { products: Object.fromEntries(Object.entries(e.productGroup.products).map(([k, p]) => [k, { ...p, markets: ['SE'] }])) } }
        : e));
      const res = await service.importCatalog(seOnly, '?validationOnly=true');
      const body = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(body.dangerous.join(' '), /market NO/);
    });
  });
});
