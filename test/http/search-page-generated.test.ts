/**
 * search-page over a realistic generated catalog: invariants that must hold whatever the data
 * (ordering, multi-select counts, paging, key lookups, auto-correct of a real misspelling).
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { defaultConfiguration, generateCatalogLines, GENERATED_STORES } from '../../src/sample/generator';
import type { ProductResult, SearchPageResult } from '../../src/storefront/responseTypes';

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'UK', locale: 'en-GB', touchpoint: 'desktop' };

/** Every in-stock main product before every out-of-stock one. */
function assertStockTiers(page: SearchPageResult) {
  const stock = page.primaryList.productGroups.map((g) => g.products[0].inStock);
  assert.deepStrictEqual(
    stock,
    [...stock].sort((a, b) => Number(b) - Number(a)),
    'in-stock products first',
  );
}

/** Within each stock tier (and each `part`), `value` is ordered by `dir` (missing values last). */
function assertOrdered(
  page: SearchPageResult,
  value: (p: ProductResult) => number | string | undefined,
  dir: 1 | -1,
  part: (p: ProductResult) => unknown = () => 0,
) {
  const mains = page.primaryList.productGroups.map((g) => g.products[0]);
  for (let i = 1; i < mains.length; i++) {
    const [a, b] = [mains[i - 1], mains[i]];
    if (a.inStock !== b.inStock || part(a) !== part(b)) continue;
    const [va, vb] = [value(a), value(b)];
    if (vb === undefined) continue;
    assert.ok(va !== undefined, `missing value before ${b.key}`);
    assert.ok(dir === 1 ? va <= vb : va >= vb, `${a.key} (${va}) before ${b.key} (${vb})`);
  }
}

describe('search-page over a generated catalog (HTTP)', function () {
  let service: TestService;
  const ok = async (params: Record<string, string>) => {
    const q = new URLSearchParams({ ...BASE, ...params });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${q}`);
    const body = (await res.json()) as SearchPageResult;
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  };
  const mains = (page: SearchPageResult) => page.primaryList.productGroups.map((g) => g.products[0]);

  before(async () => {
    service = await startService();
    await service.configure(defaultConfiguration());
    const res = await service.importCatalog([...generateCatalogLines({ productGroups: 400, seed: 11 })]);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('finds products for everyday phrases, in stock first', async () => {
    for (const q of ['jacket', 'wool', 'sneakers', 'linen shirt', 'lamp']) {
      const page = await ok({ q });
      assert.ok(page.primaryList.totalHits > 0, q);
      assert.ok(page.primaryList.productGroups.length <= Math.min(60, page.primaryList.totalHits), q);
      assertStockTiers(page);
    }
  });

  it('keeps the selected facet counts and applies the selection to the other facets', async () => {
    const none = await ok({ q: 'jacket' });
    const brands = none.primaryList.facets.find((f) => f.id === 'brand');
    assert.ok(brands && brands.type === 'TEXT' && brands.values.length >= 2);
    const top = [...brands.values].sort((a, b) => b.count - a.count)[0];
    const selected = await ok({ q: 'jacket', 'f.brand': top.id });
    const after = selected.primaryList.facets.find((f) => f.id === 'brand');
    assert.deepStrictEqual(
      after && after.type === 'TEXT' && after.values.map((v) => [v.id, v.count]),
      brands.values.map((v) => [v.id, v.count]),
    );
    assert.ok(mains(selected).every((p) => p.brand === top.id));
    assert.ok(selected.primaryList.totalHits <= top.count && selected.primaryList.totalHits > 0);
    const categories = (page: SearchPageResult) => {
      const f = page.primaryList.facets.find((x) => x.id === 'category');
      return f && f.type === 'TEXT' ? f.values.reduce((n, v) => n + v.count, 0) : 0;
    };
    assert.ok(categories(selected) < categories(none), 'the brand selection narrows the category counts');
  });

  it('orders by price, rating and title within each stock tier, with or without priceId', async () => {
    assertOrdered(await ok({ q: 'jacket', sort: 'PRICE_ASCENDING' }), (p) => p.sellingPrice.min, 1);
    assertOrdered(await ok({ q: 'jacket', sort: 'PRICE_DESCENDING' }), (p) => p.sellingPrice.min, -1);
    // With priceId: products with the custom price first (by it), then the others (by their standard price).
    const member = await ok({ q: 'jacket', sort: 'PRICE_ASCENDING', priceId: 'member', presentPrices: 'member' });
    const hasMember = (p: ProductResult) => p.variants.some((v) => v.prices.length > 0);
    assertOrdered(member, (p) => p.sellingPrice.min, 1, hasMember);
    for (const tier of [true, false]) {
      const flags = mains(member)
        .filter((p) => p.inStock === tier)
        .map(hasMember);
      assert.deepStrictEqual(
        flags,
        [...flags].sort((a, b) => Number(b) - Number(a)),
        'custom-priced products first',
      );
    }
    assertOrdered(await ok({ q: 'jacket', sort: 'RATING' }), (p) => p.rating, -1);
    assertOrdered(await ok({ q: 'jacket', sort: 'TITLE' }), (p) => p.title.toLowerCase(), 1);
    for (const page of [await ok({ q: 'jacket', sort: 'NEWEST_FIRST' }), await ok({ q: 'jacket', sort: 'DISCOUNT' })]) assertStockTiers(page);
  });

  it('pages consistently', async () => {
    const key = (page: SearchPageResult) => page.primaryList.productGroups.map((g) => `${g.key}/${g.products[0].key}`);
    const whole = key(await ok({ q: 'jacket', sort: 'PRICE_ASCENDING', limit: '30' }));
    const parts = [];
    for (const skip of ['0', '10', '20']) parts.push(...key(await ok({ q: 'jacket', sort: 'PRICE_ASCENDING', limit: '10', skip })));
    assert.deepStrictEqual(parts, whole);
  });

  it('ranks a product key or a variant key first', async () => {
    const product = mains(await ok({ q: 'wool' })).at(-1)!;
    assert.equal(mains(await ok({ q: product.key }))[0].key, product.key);
    assert.equal(mains(await ok({ q: product.variants[0].key.toLowerCase() }))[0].key, product.key);
  });

  it('auto-corrects the documented misspelling "jakcet"', async () => {
    const page = await ok({ q: 'jakcet' });
    assert.deepStrictEqual([page.q, page.autoCorrect], ['jacket', { q: 'jacket', originalTotalHits: 0 }]);
    assert.equal(page.primaryList.totalHits, (await ok({ q: 'jacket' })).primaryList.totalHits);
  });

  it('counts stock in the requested stores', async () => {
    const store = GENERATED_STORES[0];
    const page = await ok({ q: 'jacket', channels: 'STORE', stores: store });
    assertStockTiers(page);
    for (const p of mains(page)) {
      for (const v of p.variants) {
        assert.deepStrictEqual(
          v.availability.map((a) => [a.channel, a.key]),
          [['STORE', store]],
        );
        assert.equal(v.stockNumber, v.availability[0].stockNumber);
      }
      assert.equal(
        p.inStock,
        p.variants.some((v) => v.stockNumber > 0),
      );
    }
  });
});
