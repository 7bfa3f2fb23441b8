import assert from 'node:assert/strict';
import { indexNames, newCatalogVersion } from '../../src/search/indexNames';

describe('index names', () => {
  it('name versioned catalog indices behind aliases', () => {
    const names = indexNames('shop');
    assert.equal(names.catalogAlias('products'), 'shop-catalog-products');
    assert.equal(names.catalogIndex('products', '20261123t1'), 'shop-catalog-products-v20261123t1');
    assert.equal(names.versionOf('shop-catalog-entities-v20261123t1'), '20261123t1');
  });
  it('make sortable lower-case versions', () => {
    assert.equal(newCatalogVersion(new Date('2026-11-23T10:59:00.123Z')), '20261123t105900123');
  });
});
