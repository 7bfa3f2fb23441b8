import assert from 'node:assert/strict';
import { parseIsoDuration } from '../../src/admin/importRunner';
import { dangerousChanges } from '../../src/admin/catalogSafety';
import { applyEdit, applyEditAttributes, deepMerge, removeMarket } from '../../src/catalog/merge';
import type { ProductGroup } from '../../src/catalog/types';

describe('ISO 8601 durations (blockingTimeout)', () => {
  it('parses the forms imports use', () => {
    assert.equal(parseIsoDuration('PT5M'), 300_000);
    assert.equal(parseIsoDuration('PT0S'), 0);
    assert.equal(parseIsoDuration('PT1.5S'), 1500);
    assert.equal(parseIsoDuration('P1DT2H'), 93_600_000);
    assert.equal(parseIsoDuration('P1W'), 604_800_000);
  });
  it('rejects what is not a duration', () => {
    for (const bad of ['', 'P', 'PT', '5M', 'PT5', 'PT-5S', 'P1H']) assert.equal(parseIsoDuration(bad), undefined, bad);
  });
});

describe('dangerous full imports', () => {
  const census = (productGroups: number, markets: [string, number][]) => ({ productGroups, perMarket: new Map(markets) });
  it('flags removing more than the ratio of live product groups', () => {
    assert.deepEqual(dangerousChanges(census(100, [['SE', 100]]), census(50, [['SE', 50]]), 0.5), []);
    const reasons = dangerousChanges(census(100, [['SE', 100]]), census(49, [['SE', 49]]), 0.5);
    assert.equal(reasons.length, 1);
    assert.match(reasons[0], /51 of the 100/);
  });
  it('flags emptying a market', () => {
    assert.match(
      dangerousChanges(
        census(10, [
          ['SE', 10],
          ['NO', 2],
        ]),
        census(10, [['SE', 10]]),
        0.5,
      )[0],
      /market NO/,
    );
  });
  it('never flags the first import', () => {
    assert.deepEqual(dangerousChanges(census(0, []), census(10, [['SE', 10]]), 0.5), []);
  });
});

describe('catalog edits', () => {
  const group: ProductGroup = {
    products: {
      p1: {
        markets: ['SE', 'NO'],
        defaults: { title: 'T', url: '/t', brand: 'A' },
        overrides: { 'NO|*': { title: 'N' } },
        variants: { v1: { defaults: { listPrice: 10, sellingPrice: 8, stock: 1 } } },
      },
      p2: { markets: ['NO'], defaults: { title: 'U', url: '/u' }, variants: { v2: { defaults: { listPrice: 5, sellingPrice: 5 } } } },
    },
  };
  it('deep-merges maps and replaces lists and values', () => {
    assert.deepEqual(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: 2 }), { a: { b: 1, c: [3] }, d: 1, e: 2 });
  });
  it('edit creates an entity when none exists', () => {
    assert.deepEqual(applyEdit(undefined, { key: 'g', productGroup: { suppressDuplicates: true } }), {
      key: 'g',
      productGroup: { products: {}, suppressDuplicates: true },
    });
  });
  it('editAttributes replaces given fields of a variant and keeps the rest', () => {
    const next = applyEditAttributes(group, { key: 'v1', variant: { defaults: { stock: 0 } } })!;
    assert.deepEqual(next.products.p1.variants.v1.defaults, { listPrice: 10, sellingPrice: 8, stock: 0 });
    assert.equal(applyEditAttributes(group, { key: 'nope', variant: { defaults: { stock: 0 } } }), undefined);
  });
  it('editAttributes merges product overrides per key', () => {
    const next = applyEditAttributes(group, { key: 'p1', product: { overrides: { 'NO|*': { brand: 'B' } } } })!;
    assert.deepEqual(next.products.p1.overrides, { 'NO|*': { title: 'N', brand: 'B' } });
  });
  it('removeMarket drops the market, its overrides and products sold only there', () => {
    const next = removeMarket({ key: 'g', productGroup: group }, 'NO')!;
    assert.ok('productGroup' in next);
    assert.deepEqual(Object.keys(next.productGroup.products), ['p1']);
    assert.deepEqual(next.productGroup.products.p1.markets, ['SE']);
    assert.equal(next.productGroup.products.p1.overrides, undefined);
    assert.equal(removeMarket(next, 'SE'), undefined);
  });
});
