import assert from 'node:assert/strict';
import { indexNames, newCatalogVersion } from '../../src/search/indexNames';

describe('index names', () => {
  it('name versioned catalog indices behind aliases', () => {
    const names = indexNames('shop');
    assert.equal(names.catalogAlias('products'), 'shop-catalog-products');
    assert.equal(names.catalogIndex('products', '20261123t1'), 'shop-catalog-products-v20261123t1');
    assert.equal(names.versionOf('shop-catalog-entities-v20261123t1'), '20261123t1');
  });
  it('name one products and content index per locale, and its alias', () => {
    const names = indexNames('shop');
    assert.equal(names.catalogIndex('products', '20261123t1', 'sv-SE'), 'shop-catalog-products-v20261123t1-sv-se');
    assert.equal(names.catalogLocaleAlias('content', 'en-001'), 'shop-catalog-content-en-001');
    assert.equal(names.versionOf('shop-catalog-products-v20261123t1-sv-se'), '20261123t1');
    assert.equal(names.versionOf('shop-catalog-content-v20261123t1-en-001'), '20261123t1');
  });
  it('make sortable lower-case versions', () => {
    assert.equal(newCatalogVersion(new Date('2026-11-23T10:59:00.123Z')), '20261123t105900123');
  });
});
