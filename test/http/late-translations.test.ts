/** A feed that sends a translation after the product groups that use it still gets translated documents. */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { group, product, translation } from '../fixtures/catalog';

describe('full import with translations after the product groups (HTTP)', () => {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
  });
  after(async () => service?.close());

  it('rebuilds the groups once every translation is known', async () => {
    const res = await service.importCatalog([
      group('G1', { p1: product('p1', { defaults: { title: 'Boot', url: '/p1', brand: 'Acme', category: ['cat_late'] } }) }),
      group('G2'),
      translation('t-late', { attribute: 'category', id: 'cat_late', locale: 'sv-SE', value: 'Sena skor' }),
    ]);
    assert.equal(res.status, 204, await res.text());
    const doc = await service.context.es.get<{ category: string[] }>({ index: `${service.prefix}-catalog-products-sv-se`, id: 'SE|sv-SE|p1' });
    assert.deepStrictEqual(doc._source?.category, ['Sena skor']);
  });
});
