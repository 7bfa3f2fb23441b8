/**
 * Issue 32 (parity II), the admin side: validationOnly judges what the real import judges (item 4); what the
 * spec only advises against is accepted and reported as warnings in the import's status (item 5).
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, jsonLines, type TestService } from './harness';
import { group, product, smallCatalog } from '../fixtures/catalog';

async function exportedKeys(service: TestService): Promise<string[]> {
  const res = await service.admin('GET', '/api/admin/v4/export/catalog?types=PRODUCT_GROUPS', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).replace.key)
    .sort();
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
      assert.deepEqual(
        await exportedKeys(service),
        live
          .filter((e) => 'productGroup' in e)
          .map((e) => e.key)
          .sort(),
      );
    });
    it('passes it with force=true, and passes a harmless file, still importing nothing', async () => {
      assert.equal((await service.importCatalog(smallCatalog(1, 'X'), '?validationOnly=true&force=true')).status, 204);
      assert.equal((await service.importCatalog(smallCatalog(15, 'Y'), '?validationOnly=true')).status, 204);
      assert.equal((await exportedKeys(service)).length, 20);
    });
    it('judges a market emptied by the file', async () => {
      const seOnly = smallCatalog(20).map((e) =>
        'productGroup' in e
          ? { ...e, productGroup: { products: Object.fromEntries(Object.entries(e.productGroup.products).map(([k, p]) => [k, { ...p, markets: ['SE'] }])) } }
          : e,
      );
      const res = await service.importCatalog(seOnly, '?validationOnly=true');
      const body = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(body.dangerous.join(' '), /market NO/);
    });
  });

  describe('warnings instead of refusals (item 5)', function () {
    const labelled = group('L1', {
      'L1-p': product('L1-p', { variants: { 'L1-v': { defaults: { listPrice: 100, sellingPrice: 100, stock: 2, label: 'One size' } } } }),
    });
    it('accepts a single-variant label and a remove of an unknown key, and lists both in the status', async () => {
      const body = jsonLines([{ remove: { productGroup: 'NO-SUCH-GROUP' } }, { replace: labelled }, { remove: { productGroup: 'G20' } }]);
      const res = await service.admin('POST', '/api/admin/v4/import/catalog', { body, headers: { 'Content-Type': 'application/jsonlines' } });
      assert.equal(res.status, 204, await res.text());
      assert.equal(res.headers.get('x-import-warnings'), '2');
      const id = res.headers.get('x-import-id');
      assert.ok(id);
      const status = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${id}`));
      assert.equal(status.status, 'SUCCESS');
      assert.equal(status.warningCount, 2);
      assert.deepEqual(status.warnings.map((w: { line: number; path: string }) => [w.line, w.path]).sort(), [
        [1, 'remove.productGroup'],
        [2, 'entity.productGroup.products.L1-p.variants.L1-v.defaults.label'],
      ]);
      assert.match(status.warnings.find((w: { line: number }) => w.line === 1).message, /NO-SUCH-GROUP/);
      const keys = await exportedKeys(service);
      assert.ok(keys.includes('L1') && !keys.includes('G20'));
    });
    it('a full import reports the label too, under validationOnly as for real', async () => {
      const file = [...smallCatalog(20), labelled];
      const validated = await service.importCatalog(file, '?validationOnly=true');
      assert.equal(validated.status, 204, await validated.text());
      assert.equal(validated.headers.get('x-import-warnings'), '1');
      const status = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${validated.headers.get('x-import-id')}`));
      assert.deepEqual(status.warnings, [
        { line: file.length, path: 'replace.productGroup.products.L1-p.variants.L1-v.defaults.label', message: status.warnings[0].message },
      ]);
      assert.match(status.warnings[0].message, /only one variant/);
      const clean = await service.importCatalog(smallCatalog(20));
      assert.equal(clean.status, 204);
      assert.equal(clean.headers.get('x-import-warnings'), null);
      const cleanStatus = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${clean.headers.get('x-import-id')}`));
      assert.equal(cleanStatus.warningCount, undefined);
    });
  });
});
