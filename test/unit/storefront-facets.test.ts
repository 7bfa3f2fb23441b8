import assert from 'node:assert/strict';
import { AGG } from '../../src/storefront/aggNames';
import { facetAggregations, postFilter, shapeFacets } from '../../src/storefront/facets/multiSelect';
import { candidateFacet } from '../../src/storefront/facets/dynamic';
import { facetSetup } from '../../src/storefront/facets/registry';
import { parseSelections } from '../../src/storefront/facets/selections';
import type { AggResults } from '../../src/storefront/facets/types';
import { fails } from './assertions';

const ctx = { channels: { online: true, store: false }, stores: [] as string[] };
const defaults = (c: typeof ctx & { priceId?: string }) => facetSetup({ market: undefined, locale: 'en-GB', page: 'search', defaultDynamicCount: 8 }, c).facets;
const facets = [...defaults(ctx), candidateFacet({ name: 'material', kind: 'label' }, ctx)!];

const terms = (...b: [string, number][]) => ({ buckets: b.map(([key, doc_count]) => ({ key, doc_count })) });

describe('storefront facets', () => {
  it('offer the default set in a fixed order, followed by dynamic facets', () => {
    assert.deepStrictEqual(
      facets.map((f) => f.id),
      ['brand', 'category', 'price', 'color', 'size', 'onlyInStock', 'custom.material'],
    );
    assert.deepStrictEqual(facetSetup({ market: undefined, locale: 'en-GB', page: 'search', defaultDynamicCount: 8 }, ctx).dynamic?.count, 8);
  });

  it('parse selections of every kind into typed selections', () => {
    const selections = parseSelections(
      {
        'f.brand': 'Nike| Puma |Nike',
        'f.price.min': '10.5',
        'f.custom.material': 'Wool',
        'f.onlyInStock': 'TRUE',
        'f.size': 'Shoes;NO_FORMAT;38|M',
        'f.color': '',
        q: 'ignored',
      },
      facets,
    );
    assert.deepStrictEqual(Object.fromEntries(selections), {
      brand: { kind: 'values', values: ['Nike', 'Puma'] },
      price: { kind: 'range', min: 10.5 },
      'custom.material': { kind: 'values', values: ['Wool'] },
      onlyInStock: { kind: 'checkbox', selected: true },
      size: { kind: 'values', values: ['Shoes;NO_FORMAT;38', 'M'] },
    });
    assert.equal(parseSelections({ 'f.onlyInStock': 'false' }, facets).size, 0);
  });

  const bad: [string, Record<string, string | string[]>, RegExp][] = [
    ['a non-numeric range', { 'f.price.max': 'cheap' }, /f\.price\.max must be a number/],
    ['a reversed range', { 'f.price.min': '9', 'f.price.max': '1' }, /f\.price\.min must not be above f\.price\.max/],
    ['values for a range facet', { 'f.price': '10' }, /f\.price: price is a range facet/],
    ['a range for a value facet', { 'f.brand.min': '1' }, /brand is not a range facet/],
    ['a checkbox that is not true/false', { 'f.onlyInStock': 'yes' }, /f\.onlyInStock must be true or false/],
    ['a malformed size id', { 'f.size': 'a;b' }, /f\.size: "a;b" is not a size value/],
    ['a repeated selection', { 'f.brand': ['a', 'b'] }, /f\.brand is given more than once/],
  ];
  for (const [what, query, message] of bad) it(`answer 400 to ${what}`, () => fails(message, () => parseSelections(query, facets)));

  it('ignore selections of facets nobody knows', () => {
    assert.equal(parseSelections({ 'f.fabric': 'x', 'f.fabric.min': '1', 'f.custom.nothing': 'y' }, facets).size, 0);
  });

  it('put selections in post_filter and aggregate each facet under every other selection', () => {
    const selections = parseSelections({ 'f.brand': 'Nike', 'f.color': '#f00' }, facets);
    const brand = { terms: { brand: ['Nike'] } };
    const color = { terms: { colors: ['#f00'] } };
    assert.deepStrictEqual(postFilter(facets, selections), { bool: { filter: [brand, color] } });
    assert.equal(postFilter(facets, new Map()), undefined);
    const aggs = facetAggregations(facets, selections);
    assert.deepStrictEqual(
      Object.keys(aggs),
      facets.map((f) => AGG.facet(f.id)),
    );
    assert.deepStrictEqual(aggs[AGG.facet('brand')], { filter: { bool: { filter: [color] } }, aggs: { values: { terms: { field: 'brand', size: 100 } } } });
    assert.deepStrictEqual(aggs[AGG.facet('color')], { filter: { bool: { filter: [brand] } }, aggs: { values: { terms: { field: 'colors', size: 100 } } } });
    assert.deepStrictEqual(aggs[AGG.facet('price')], {
      filter: { bool: { filter: [brand, color] } },
      aggs: { min: { min: { field: 'price.selling.min' } }, max: { max: { field: 'price.selling.max' } } },
    });
    assert.deepStrictEqual(aggs[AGG.facet('onlyInStock')], {
      filter: { bool: { filter: [brand, color] } },
      aggs: { matching: { filter: { term: { inStock: true } } } },
    });
    assert.deepStrictEqual(facetAggregations(facets, new Map())[AGG.facet('brand')].filter, { match_all: {} });
  });

  it('filter a size id by size and size type, a plain size by size alone', () => {
    const s = parseSelections({ 'f.size': 'Shoes;NO_FORMAT;38|;NO_FORMAT;M|XL' }, facets);
    assert.deepStrictEqual(postFilter(facets, s), {
      bool: {
        filter: [
          {
            bool: {
              should: [
                { bool: { filter: [{ term: { sizes: '38' } }, { term: { sizeType: 'Shoes' } }] } },
                { bool: { filter: [{ term: { sizes: 'M' } }, { bool: { must_not: { exists: { field: 'sizeType' } } } }] } },
                { term: { sizes: 'XL' } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('read the aggregation results of every kind into the client facet shapes', () => {
    const selections = parseSelections({ 'f.brand': 'Puma|Zara', 'f.price.max': '300', 'f.size': 'Shoes;NO_FORMAT;38', 'f.onlyInStock': 'true' }, facets);
    const results = {
      [AGG.facet('brand')]: { doc_count: 9, values: terms(['Puma', 5], ['Adidas', 3], ['Nike', 1]) },
      [AGG.facet('category')]: { doc_count: 9, values: terms(['Shoes', 6], ['Shoes > Boots', 2]) },
      [AGG.facet('price')]: { doc_count: 9, min: { value: 49.5 }, max: { value: 899 } },
      [AGG.facet('color')]: { doc_count: 9, values: terms(['Red', 2], ['#00FF00', 1]) },
      [AGG.facet('size')]: {
        doc_count: 9,
        sizeTypes: { buckets: [{ key: 'Shoes', doc_count: 4, sizes: terms(['38', 3], ['39', 1]) }] },
        noSizeType: { doc_count: 2, sizes: terms(['M', 2]) },
      },
      [AGG.facet('onlyInStock')]: { doc_count: 9, matching: { doc_count: 7 } },
      [AGG.facet('custom.material')]: { doc_count: 0, values: terms() },
    } as unknown as AggResults;
    assert.deepStrictEqual(shapeFacets(facets, selections, results), [
      {
        id: 'brand',
        label: 'Brand',
        type: 'TEXT',
        sort: 'ALPHABETICAL',
        selectedCount: 2,
        values: [
          { id: 'Adidas', label: 'Adidas', selected: false, count: 3 },
          { id: 'Nike', label: 'Nike', selected: false, count: 1 },
          { id: 'Puma', label: 'Puma', selected: true, count: 5 },
          { id: 'Zara', label: 'Zara', selected: true, count: 0 },
        ],
      },
      {
        id: 'category',
        label: 'Category',
        type: 'TEXT',
        sort: 'ALPHABETICAL',
        selectedCount: 0,
        values: [
          { id: 'Shoes', label: 'Shoes', selected: false, count: 6 },
          { id: 'Shoes > Boots', label: 'Shoes > Boots', selected: false, count: 2 },
        ],
      },
      { id: 'price', label: 'Price', type: 'RANGE', min: 49.5, max: 899, maxSelected: 300 },
      {
        id: 'color',
        label: 'Color',
        type: 'COLOR',
        selectedCount: 0,
        values: [
          { id: 'Red', label: 'Red', selected: false, count: 2, color: 'red' },
          { id: '#00FF00', label: '#00FF00', selected: false, count: 1, color: '#00ff00' },
        ],
      },
      {
        id: 'size',
        label: 'Size',
        type: 'SIZE',
        selectedCount: 1,
        sizeTypes: [
          {
            label: 'Shoes',
            formats: [
              {
                format: 'NO_FORMAT',
                values: [
                  { id: 'Shoes;NO_FORMAT;38', label: '38', selected: true, count: 3 },
                  { id: 'Shoes;NO_FORMAT;39', label: '39', selected: false, count: 1 },
                ],
              },
            ],
          },
          { label: '', formats: [{ format: 'NO_FORMAT', values: [{ id: ';NO_FORMAT;M', label: 'M', selected: false, count: 2 }] }] },
        ],
      },
      { id: 'onlyInStock', label: 'In stock', type: 'CHECKBOX', selected: true, count: 7 },
    ]);
  });

  it('leave min and max out of a range facet with no products, and price over priceId', () => {
    const withPriceId = defaults({ ...ctx, priceId: 'member' });
    const aggs = facetAggregations(withPriceId, new Map());
    assert.deepStrictEqual(aggs[AGG.facet('price')].aggs, {
      min: { min: { field: 'customPrice.member.selling.min' } },
      max: { max: { field: 'customPrice.member.selling.max' } },
    });
    const shaped = shapeFacets(withPriceId, new Map(), { [AGG.facet('price')]: { min: { value: null }, max: { value: null } } } as unknown as AggResults);
    assert.deepStrictEqual(
      shaped.find((f) => f.id === 'price'),
      { id: 'price', label: 'Price', type: 'RANGE' },
    );
  });
});
