/**
 * Product rules against real data: a throwaway index from the real mapping, a handful of products built
 * by the real document builder, and the product keys each rule matches.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import { productGroupDocuments } from '../../src/catalog/documents';
import type { ProductDocument } from '../../src/catalog/documentTypes';
import type { CatalogConfiguration, Product, ProductData, VariantData } from '../../src/catalog/types';
import { compileProductFilter, compileRules, type CompileContext } from '../../src/rules';
import { createElasticsearchClient } from '../../src/search/client';
import { indexDefinition } from '../../src/search/mappings';

const configuration: CatalogConfiguration = { markets: { SE: { locales: ['sv-SE'] } } };

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const daysAgo = (days: number) => ago(days * 24 * HOUR).slice(0, 10);

const variant = (sellingPrice: number, stock: number, more: VariantData = {}) => ({ defaults: { listPrice: sellingPrice, sellingPrice, stock, ...more } });

function product(key: string, data: ProductData, variants: Product['variants']): [string, Product] {
  return [key, { markets: ['SE'], defaults: { title: key, url: `/${key}`, ...data }, variants }];
}

/** Each product alone in its group, keyed like its product. */
const products: [string, Product][] = [
  product(
    'p1',
    {
      brand: 'Acme',
      category: ['Shoes > Boots'],
      customLabels: { material: ['leather'] },
      customNumbers: { heel: 3 },
      customLengths: { shaftHeight: { amount: 30, unit: 'cm' } },
      length: { amount: 25, unit: 'cm' },
      rating: 4.5,
      releaseDate: daysAgo(3),
    },
    { v1a: variant(80, 5, { listPrice: 100 }), v1b: variant(100, 0) },
  ),
  product(
    'p2',
    {
      brand: 'Acme',
      category: ['Shoes > Sneakers'],
      customLabels: { material: ['canvas'] },
      customNumbers: { heel: 1 },
      length: { amount: 12, unit: 'in' },
      rating: 3,
      releaseDate: daysAgo(60),
    },
    { v2a: variant(50, 0) },
  ),
  product(
    'p3',
    {
      brand: 'Birk',
      category: ['Shoes > Sandals'],
      customLabels: { material: ['leather'] },
      customLengths: { shaftHeight: { amount: 5, unit: 'cm' } },
      releaseDate: daysAgo(365),
    },
    { v3a: variant(150, 2, { listPrice: 200 }) },
  ),
  product(
    'p4',
    { brand: 'Birk', category: ['Bags'], length: { amount: 1, unit: 'm' } },
    { v4a: variant(20, 10, { customLabels: { material: ['wool'] }, customNumbers: { heel: 4 } }) },
  ),
  product(
    'p5',
    { brand: 'Nova', category: ['Bags > Totes'], releaseDate: ago(2 * HOUR) },
    { v5a: variant(70, 1, { customPrices: { member: { listPrice: 70, sellingPrice: 40 } } }) },
  ),
  product('p6', { brand: 'Nova', category: ['Clothing > Shirts'], customLabels: { isActive: ['false'] } }, { v6a: variant(30, 0), v6b: variant(120, 3) }),
  product('p7', { brand: 'Nova', category: ['Clothing'] }, { v7a: variant(10, 3), v7b: variant(10, 3) }),
];

describe('product rules against Elasticsearch', function () {
  const es = createElasticsearchClient(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
  const index = `test-rules-${randomBytes(4).toString('hex')}`;

  before(async () => {
    await es.indices.create({ ...indexDefinition('catalog-products.json', 'core'), index });
    const documents = products.flatMap(
      ([key, p]) => productGroupDocuments(key, { products: { [key]: p } }, { configuration, translate: () => undefined }).documents,
    );
    assert.equal(documents.length, products.length);
    const operations = documents.flatMap(({ id, document }) => [{ index: { _index: index, _id: id } }, document]);
    const bulk = await es.bulk({ operations, refresh: true });
    assert.equal(bulk.errors, false, JSON.stringify(bulk.items.filter((i) => i.index?.error)));
  });

  after(async () => {
    await es.indices.delete({ index, ignore_unavailable: true });
    await es.close();
  });

  async function keysMatching(filter: estypes.QueryDslQueryContainer | undefined): Promise<string[]> {
    const res = await es.search<ProductDocument>({
      index,
      size: 100,
      _source: ['productKey'],
      sort: [{ productKey: 'asc' }],
      query: filter ? { bool: { filter: [filter] } } : { match_all: {} },
    });
    return res.hits.hits.map((h) => h._source?.productKey ?? '?');
  }

  const matches = (rules: string, context: CompileContext = {}) => keysMatching(compileRules(rules, context).filter);

  it('match everything without rules', async () => {
    assert.deepStrictEqual(await matches(''), ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it('narrow with incl and excl within a rule', async () => {
    assert.deepStrictEqual(await matches('rule incl brand { "Acme" }'), ['p1', 'p2']);
    assert.deepStrictEqual(await matches('rule incl brand { "Acme" "Birk" } incl custom.material { "leather" }'), ['p1', 'p3']);
    assert.deepStrictEqual(await matches('rule incl brand { "Acme" "Birk" } incl custom.material { "leather" } excl category { "Shoes > Sandals" }'), ['p1']);
    assert.deepStrictEqual(await matches('rule excl brand { "Acme" "Birk" }'), ['p5', 'p6', 'p7']);
    assert.deepStrictEqual(await matches('rule incl brand { "Nova" } excl custom.isActive { "false" }'), ['p5', 'p7']);
  });

  it('add up separate rules (OR)', async () => {
    assert.deepStrictEqual(await matches('rule incl brand { "Nova" } rule incl product_key { "p1" }'), ['p1', 'p5', 'p6', 'p7']);
    const landing = compileRules('rule incl product_key { "p4" "p2" } rule incl brand { "Nova" } excl product_key { "p6" }');
    assert.deepStrictEqual(landing.handpicked, ['p4', 'p2']);
    assert.deepStrictEqual(await keysMatching(landing.filter), ['p2', 'p4', 'p5', 'p7']);
  });

  it('match a category path with its children, and exact paths only', async () => {
    assert.deepStrictEqual(await matches('rule incl category { "Shoes" }'), ['p1', 'p2', 'p3']);
    assert.deepStrictEqual(await matches('rule incl category { "Bags" "Clothing > Shirts" }'), ['p4', 'p5', 'p6']);
    assert.deepStrictEqual(await matches('rule incl category { "Shoes > Boot" }'), []);
  });

  it('match a price interval when any variant sells within it (not when the range merely overlaps)', async () => {
    // p6 sells at 30 and 120: its range overlaps [60, 100] but no variant is inside.
    assert.deepStrictEqual(await matches('rule incl price [ 60, 100 ]'), ['p1', 'p5']);
    assert.deepStrictEqual(await matches('rule incl price [ 100, infinity ]'), ['p1', 'p3', 'p6']);
    assert.deepStrictEqual(await matches('rule incl price ( 100, infinity ]'), ['p3', 'p6']);
    assert.deepStrictEqual(await matches('rule excl price [ -infinity, 50 ]'), ['p1', 'p3', 'p5']);
  });

  it('use the custom price with a priceId', async () => {
    assert.deepStrictEqual(await matches('rule incl price [ 30, 50 ]', { priceId: 'member' }), ['p5']);
    assert.deepStrictEqual(await matches('rule incl price [ 30, 50 ]'), ['p2', 'p6']);
  });

  it('match newness by release date', async () => {
    assert.deepStrictEqual(await matches('rule incl newness 10d'), ['p1', 'p5']);
    assert.deepStrictEqual(await matches('rule incl newness 12h'), ['p5']);
    assert.deepStrictEqual(await matches('rule incl newness 10w'), ['p1', 'p2', 'p5']);
    assert.deepStrictEqual(await matches('rule incl category { "Shoes" } excl newness 10d'), ['p2', 'p3']);
  });

  it('match custom labels, numbers and lengths on the product or any variant', async () => {
    assert.deepStrictEqual(await matches('rule incl custom.material { "wool" "canvas" }'), ['p2', 'p4']);
    assert.deepStrictEqual(await matches('rule incl custom.heel [ 2, 5 ]'), ['p1', 'p4']);
    assert.deepStrictEqual(await matches('rule incl custom.heel [ -infinity, 2 )'), ['p2']);
    assert.deepStrictEqual(await matches('rule incl custom.shaftHeight [ 1 dm, infinity ]'), ['p1']);
    assert.deepStrictEqual(await matches('rule incl custom.shaftHeight [ 1 in, 50 mm ]'), ['p3']);
  });

  it('match measurements with units converted to the base unit', async () => {
    assert.deepStrictEqual(await matches('rule incl length [ 20 cm, 1 ft ]'), ['p1', 'p2']);
    assert.deepStrictEqual(await matches('rule incl length [ 20 cm, 1 ft )'), ['p1']);
    assert.deepStrictEqual(await matches('rule incl length [ 1 m, infinity ]'), ['p4']);
    assert.deepStrictEqual(await matches('rule incl length [ -infinity, infinity ]'), ['p1', 'p2', 'p4']);
  });

  it('match variant keys and per-variant online stock', async () => {
    assert.deepStrictEqual(await matches('rule incl variant_key { "v6b" "v3a" }'), ['p3', 'p6']);
    // p7 holds 6 in total but no single variant reaches 5.
    assert.deepStrictEqual(await matches('rule incl stock_number [ 5, infinity ]'), ['p1', 'p4']);
    assert.deepStrictEqual(await matches('rule incl stock_number [ 3, 3 ]'), ['p6', 'p7']);
  });

  it('match discount and rating', async () => {
    assert.deepStrictEqual(await matches('rule incl discount [ 20, infinity ]'), ['p1', 'p3']);
    assert.deepStrictEqual(await matches('rule incl discount ( 20, infinity ]'), ['p3']);
    assert.deepStrictEqual(await matches('rule incl rating [ 4, 5 ]'), ['p1']);
  });

  it('match a deprecated productFilter', async () => {
    assert.deepStrictEqual(await keysMatching(compileProductFilter({ brand: ['Acme', 'Nova'], price: { min: 60, max: 100 } }).filter), ['p1', 'p5']);
    assert.deepStrictEqual(await keysMatching(compileProductFilter({ 'custom.material': 'leather', stock_number: { min: 1 } }).filter), ['p1', 'p3']);
  });
});
