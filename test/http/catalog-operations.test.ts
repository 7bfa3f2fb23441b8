import assert from 'node:assert/strict';
import { startService, jsonLines, jsonBody, type TestService } from './harness';
import { content, group, product, smallCatalog } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

async function exportAll(service: TestService, query = ''): Promise<ReplaceEntity[]> {
  const res = await service.admin('GET', `/api/admin/v4/export/catalog${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).replace);
}

const find = (entities: ReplaceEntity[], key: string) => entities.find((e) => e.key === key);

describe('catalog operations import (POST)', function () {
  let service: TestService;
  const operations = (ops: unknown[], query = '') =>
    service.admin('POST', `/api/admin/v4/import/catalog${query}`, { body: jsonLines(ops), headers: { 'Content-Type': 'application/jsonlines' } });

  beforeEach(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(5))).status, 204);
  });
  afterEach(async () => service.close());

  it('replace adds a new product group and replaces an existing one', async () => {
    const res = await operations([{ replace: group('NEW') }, { replace: group('G1', { only: product('only') }) }]);
    assert.equal(res.status, 204, await res.text());
    const all = await exportAll(service);
    assert.ok(find(all, 'NEW'));
    assert.deepEqual(Object.keys((find(all, 'G1') as { productGroup: { products: object } }).productGroup.products), ['only']);
  });

  it('edit modifies only the given fields and can add a product', async () => {
    const res = await operations([
      { edit: { key: 'G2', productGroup: { products: { 'G2-p': { defaults: { title: 'Renamed' } }, extra: product('extra') } } } },
    ]);
    assert.equal(res.status, 204, await res.text());
    const g2 = find(await exportAll(service), 'G2') as { productGroup: { products: Record<string, { defaults: { title: string; url: string } }> } };
    assert.equal(g2.productGroup.products['G2-p'].defaults.title, 'Renamed');
    assert.equal(g2.productGroup.products['G2-p'].defaults.url, '/p/G2-p', 'fields not in the edit stay');
    assert.ok(g2.productGroup.products.extra);
  });

  it('editAttributes changes a variant’s data by variant key, leaving omitted fields unchanged', async () => {
    const res = await operations([{ editAttributes: { key: 'G3-p-1', variant: { defaults: { stock: 0, sellingPrice: 120, listPrice: 200 } } } }]);
    assert.equal(res.status, 204, await res.text());
    const g3 = find(await exportAll(service), 'G3') as unknown as {
      productGroup: { products: Record<string, { variants: Record<string, { defaults: Record<string, number> }> }> };
    };
    assert.deepEqual(g3.productGroup.products['G3-p'].variants['G3-p-1'].defaults, { listPrice: 200, sellingPrice: 120, stock: 0 });
  });

  it('editAttributes changes a product’s data by product key', async () => {
    const res = await operations([{ editAttributes: { key: 'G4-p', product: { defaults: { brand: 'Other' } } } }]);
    assert.equal(res.status, 204, await res.text());
    const g4 = find(await exportAll(service), 'G4') as { productGroup: { products: Record<string, { defaults: { brand: string; title: string } }> } };
    assert.equal(g4.productGroup.products['G4-p'].defaults.brand, 'Other');
    assert.equal(g4.productGroup.products['G4-p'].defaults.title, 'Product G4-p');
  });

  it('remove and removePartial', async () => {
    const res = await operations([{ remove: { productGroup: 'G1' } }, { removePartial: { market: 'NO', productGroup: 'G2' } }, { remove: { content: 'C1' } }]);
    assert.equal(res.status, 204, await res.text());
    const all = await exportAll(service);
    assert.equal(find(all, 'G1'), undefined);
    assert.equal(find(all, 'C1'), undefined);
    const g2 = find(all, 'G2') as { productGroup: { products: Record<string, { markets: string[] }> } };
    assert.deepEqual(g2.productGroup.products['G2-p'].markets, ['SE']);
  });

  it('clearProductGroups, clearContent and clearTranslations', async () => {
    let res = await operations([{ clearProductGroups: { market: 'NO' } }, { clearContent: { market: 'SE' } }, { clearTranslations: { locale: 'nb-NO' } }]);
    assert.equal(res.status, 204, await res.text());
    const all = await exportAll(service);
    for (const e of all.filter((x) => 'productGroup' in x) as { productGroup: { products: Record<string, { markets: string[] }> } }[]) {
      for (const p of Object.values(e.productGroup.products)) assert.deepEqual(p.markets, ['SE']);
    }
    assert.equal(all.filter((x) => 'content' in x).length, 0);
    assert.deepEqual(
      all.filter((x) => 'translation' in x).map((x) => x.key),
      ['t-shoes-sv'],
    );
    res = await operations([{ clearProductGroups: { market: 'SE' } }]);
    assert.equal(res.status, 204);
    assert.equal((await exportAll(service, '?types=PRODUCT_GROUPS')).length, 0);
  });

  it('is all-or-nothing: one bad line rejects the batch with its line number and changes nothing', async () => {
    const before = await exportAll(service);
    let res = await operations([{ remove: { productGroup: 'G1' } }, { replace: group('BAD', { p: product('p', { markets: [] }) }) }]);
    assert.equal(res.status, 400);
    assert.ok((await jsonBody(res)).errors.some((e: { line: number; path: string }) => e.line === 2 && /markets/.test(e.path)));
    assert.deepEqual(await exportAll(service), before);
    // A line that is valid alone but cannot be applied rejects the batch too (a remove of an unknown key only warns).
    res = await operations([{ remove: { productGroup: 'G1' } }, { editAttributes: { key: 'NOPE', product: { defaults: { title: 'x' } } } }]);
    assert.equal(res.status, 400);
    assert.ok((await jsonBody(res)).errors.some((e: { line: number; message: string }) => e.line === 2 && /NOPE/.test(e.message)));
    assert.deepEqual(await exportAll(service), before);
  });

  it('rejects an edit whose result would be invalid (a new product without defaults)', async () => {
    const res = await operations([
      { edit: { key: 'G5', productGroup: { products: { fresh: { markets: ['SE'], variants: { fv: { defaults: { listPrice: 1, sellingPrice: 1 } } } } } } } },
    ]);
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(await jsonBody(res)), /title|defaults/);
  });

  it('rejects more than one operation on a line and unknown operations', async () => {
    let res = await operations([{ remove: { productGroup: 'G1' }, replace: group('G9') }]);
    assert.equal(res.status, 400);
    res = await operations([{ upsert: group('G9') }]);
    assert.equal(res.status, 400);
  });

  it('validates only with validationOnly=true', async () => {
    const res = await operations([{ remove: { productGroup: 'G1' } }], '?validationOnly=true');
    assert.equal(res.status, 204);
    assert.ok(find(await exportAll(service), 'G1'));
  });

  it('replaces content and keeps it exportable', async () => {
    const res = await operations([{ replace: content('C9', { type: 'guide' }) }]);
    assert.equal(res.status, 204);
    assert.equal((find(await exportAll(service), 'C9') as { content: { type: string } }).content.type, 'guide');
  });
});
