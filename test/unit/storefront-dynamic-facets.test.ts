import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../../src/storefront/aggNames';
import {
  candidateFacet,
  candidateResults,
  candidatesSearch,
  coverageAggregation,
  facetUsefulness,
  holdsNumbersAsText,
  MIN_SIZEABLE_VALUE_SHARE,
  readCandidates,
  shapeDynamicFacets,
} from '../../src/storefront/facets/dynamic';
import { humaniseAttributeName } from '../../src/merchandising/facets/attributes';
import type { FacetResult } from '../../src/storefront/responseTypes';
import type { Facet } from '../../src/storefront/facets/types';
import { facetSetup, planFacets } from '../../src/storefront/facets/registry';
import { validateFacetConfiguration } from '../../src/merchandising/facets/validate';

const ctx = { channels: { online: true, store: false }, stores: [] as string[] };
const defaults = facetSetup({ market: undefined, locale: 'sv-SE', page: 'search', defaultDynamicCount: 2 }, ctx);
const terms = (...b: [string, number][]) => ({ buckets: b.map(([key, doc_count]) => ({ key, doc_count })) });

describe('storefront dynamic facets', () => {
  it('ask for label and number names under every selection, by coverage then name', () => {
    const plan = planFacets(defaults, { 'f.brand': 'Acme' }, new Map(), ctx);
    const order = [{ _count: 'desc' }, { _key: 'asc' }];
    assert.deepStrictEqual(coverageAggregation(plan.facets, plan.selections, 4), {
      [AGG.attributes]: {
        filter: { bool: { filter: [{ terms: { brand: ['Acme'] } }] } },
        aggs: {
          [AGG.attributeLabels]: { terms: { field: 'customLabelNames', size: 4, order } },
          [AGG.attributeNumbers]: {
            nested: { path: 'customNumberValues' },
            aggs: { [AGG.attributeNames]: { terms: { field: 'customNumberValues.name', size: 4, order } } },
          },
        },
      },
    });
  });

  it('merge label and number candidates by products covered, skip shown facets, cut at the size', () => {
    const aggregations = {
      [AGG.attributes]: {
        doc_count: 10,
        [AGG.attributeLabels]: terms(['panel', 9], ['hdr', 5], ['color', 5], ['note', 1]),
        [AGG.attributeNumbers]: { doc_count: 20, [AGG.attributeNames]: terms(['refreshRate', 7], ['weight', 5]) },
      },
    } as unknown as Record<string, estypes.AggregationsAggregate>;
    const shown = [...defaults.facets, candidateFacet({ name: 'hdr', kind: 'label' }, ctx)!];
    assert.deepStrictEqual(readCandidates(aggregations, shown, 4), [
      { name: 'panel', kind: 'label', products: 9 },
      { name: 'refreshRate', kind: 'number', products: 7 },
      { name: 'color', kind: 'label', products: 5 },
      { name: 'weight', kind: 'number', products: 5 },
    ]);
    assert.deepStrictEqual(readCandidates(undefined, shown, 4), []);
  });

  it("search the candidates' values under every selection, and keep the first that offer a choice", () => {
    const panel = candidateFacet({ name: 'panel', kind: 'label' }, ctx)!;
    const code = candidateFacet({ name: 'code', kind: 'label' }, ctx)!;
    const single = candidateFacet({ name: 'single', kind: 'label' }, ctx)!;
    const rate = candidateFacet({ name: 'rate', kind: 'number' }, ctx)!;
    const care = candidateFacet({ name: 'care', kind: 'label' }, ctx)!;
    const plan = planFacets(defaults, {}, new Map(), ctx);
    const query = { match_all: {} };
    const search = candidatesSearch(
      query,
      [
        { name: 'panel', kind: 'label', facet: panel },
        { name: 'rate', kind: 'number', facet: rate },
      ],
      plan.selections,
      plan.facets,
    );
    assert.deepStrictEqual(Object.keys(search.aggs!), [AGG.candidates]);
    assert.deepStrictEqual(Object.keys(search.aggs![AGG.candidates].aggs!), [`${AGG.facet('custom.panel')}/${AGG.values}`, AGG.candidateNumbers]);
    assert.deepStrictEqual([search.size, search.query, search.track_total_hits], [0, query, false]);
    const freeText = terms(...Array.from({ length: 11 }, (_, i): [string, number] => [`code ${i}`, 1]));
    const results = {
      [AGG.facet('custom.code')]: { doc_count: 11, [AGG.values]: freeText },
      [AGG.facet('custom.single')]: { doc_count: 3, [AGG.values]: terms(['only', 3]) },
      [AGG.facet('custom.care')]: {
        doc_count: 3,
        [AGG.values]: terms(
          ['Wash at 30 degrees, inside out, with similar colours; do not tumble dry, do not bleach, iron on low heat and dry flat in the shade', 2],
          ['Hand wash', 1],
        ),
      },
      [AGG.facet('custom.panel')]: { doc_count: 3, [AGG.values]: terms(['LED', 2], ['OLED', 1]) },
      [AGG.facet('custom.rate')]: { doc_count: 3, [AGG.stats]: { named: { min: { value: 60 }, max: { value: 120 } } } },
    } as never;
    const shaped = shapeDynamicFacets([code, single, care, panel, rate], results, 2, 3);
    assert.deepStrictEqual(
      shaped.map((f) => [f.id, f.type]),
      [
        ['custom.panel', 'TEXT'],
        ['custom.rate', 'RANGE'],
      ],
    );
    assert.deepStrictEqual(panel.aggregations(), { [AGG.values]: { terms: { field: 'customLabels.panel', size: 50 } } });
    assert.deepStrictEqual(
      shapeDynamicFacets([code, single, panel, rate], results, 1, 3).map((f) => f.id),
      ['custom.panel'],
    );
  });

  it('search the candidates in one filter under every selection, numbers in one nested pass, and read them back per facet', () => {
    const panel = { name: 'panel', kind: 'label' as const, facet: candidateFacet({ name: 'panel', kind: 'label' }, ctx)! };
    const rate = { name: 'rate', kind: 'number' as const, facet: candidateFacet({ name: 'rate', kind: 'number' }, ctx)! };
    const weight = { name: 'weight', kind: 'number' as const, facet: candidateFacet({ name: 'weight', kind: 'number' }, ctx)! };
    const plan = planFacets(defaults, { 'f.brand': 'Acme' }, new Map(), ctx);
    const search = candidatesSearch({ match_all: {} }, [panel, rate, weight], plan.selections, plan.facets);
    assert.deepStrictEqual(search.aggs, {
      [AGG.candidates]: {
        filter: { bool: { filter: [{ terms: { brand: ['Acme'] } }] } },
        aggs: {
          [`${AGG.facet('custom.panel')}/${AGG.values}`]: { terms: { field: 'customLabels.panel', size: 50 } },
          [AGG.candidateNumbers]: {
            nested: { path: 'customNumberValues' },
            aggs: {
              [AGG.attributeNames]: {
                terms: { field: 'customNumberValues.name', include: ['rate', 'weight'], size: 2 },
                aggs: { [AGG.min]: { min: { field: 'customNumberValues.value' } }, [AGG.max]: { max: { field: 'customNumberValues.value' } } },
              },
            },
          },
        },
      },
    });
    const response = {
      [AGG.candidates]: {
        doc_count: 3,
        [`${AGG.facet('custom.panel')}/${AGG.values}`]: terms(['LED', 2], ['OLED', 1]),
        [AGG.candidateNumbers]: {
          doc_count: 4,
          [AGG.attributeNames]: { buckets: [{ key: 'rate', doc_count: 3, [AGG.min]: { value: 60 }, [AGG.max]: { value: 120 } }] },
        },
      },
    } as never;
    // As one facet aggregation per candidate answered: a number no hit carries has no min or max.
    assert.deepStrictEqual(candidateResults([panel, rate, weight], response), {
      [AGG.facet('custom.panel')]: { [AGG.values]: terms(['LED', 2], ['OLED', 1]) },
      [AGG.facet('custom.rate')]: { [AGG.stats]: { named: { min: { value: 60 }, max: { value: 120 } } } },
      [AGG.facet('custom.weight')]: { [AGG.stats]: { named: { min: { value: null }, max: { value: null } } } },
    });
    assert.deepStrictEqual(
      shapeDynamicFacets([panel.facet, rate.facet, weight.facet], candidateResults([panel, rate, weight], response), 8, 3).map((f) => f.id),
      ['custom.panel', 'custom.rate'],
    );
    assert.deepStrictEqual(candidateResults([panel], undefined), {});
  });
});

describe('dynamic facet choice: labels, usefulness, numbers held as text', () => {
  const text = (id: string, values: [string, number][]): FacetResult => ({
    id,
    label: id,
    type: 'TEXT',
    sort: 'RELEVANCE',
    selectedCount: 0,
    values: values.map(([v, count]) => ({ id: v, label: v, selected: false, count })),
  });

  it('label a candidate with the listing label of the attribute, else its name humanised', () => {
    assert.equal(candidateFacet({ name: 'operating_temperature__t_t_', kind: 'number' }, ctx)!.label, 'Operating temperature (T-T)');
    assert.equal(candidateFacet({ name: 'product_colour', kind: 'label' }, ctx, (a) => `<${a}>`)!.label, '<custom.product_colour>');
    const overridden = facetSetup(
      { market: undefined, locale: 'sv-SE', labels: { 'facet.custom.ink_type': 'Bläcktyp' }, page: 'search', defaultDynamicCount: 2 },
      ctx,
    );
    assert.equal(candidateFacet({ name: 'ink_type', kind: 'label' }, ctx, overridden.dynamic!.labelOf)!.label, 'Bläcktyp');
  });

  it('humanise attribute names as feeds spell them', () => {
    assert.deepStrictEqual(
      [
        'product_colour',
        'connector_2',
        'notebook_compartment_dimensions__w_x_d_x_h_',
        'operating_temperature__t_t_',
        'refreshRate',
        'specs.display.size',
        'Noise_level_dB',
        'usb_ports',
        'screen-size',
      ].map(humaniseAttributeName),
      [
        'Product colour',
        'Connector 2',
        'Notebook compartment dimensions (W x D x H)',
        'Operating temperature (T-T)',
        'Refresh rate',
        'Display size',
        'Noise level dB',
        'USB ports',
        'Screen size',
      ],
    );
  });

  it('leave out text holding numbers with units or ranges', () => {
    assert.equal(holdsNumbersAsText(['15 - 35', '5 - 95', '0-40', '10 x 20 cm']), true);
    assert.equal(holdsNumbersAsText(['5 kg', '2.4GHz', '15 °C', 'Black']), true);
    assert.equal(holdsNumbersAsText(['Pigment', 'Dye', '2 in 1']), false);
    const temperature = text('custom.t', [
      ['15 - 35', 40],
      ['5 - 40', 30],
      ['10 - 32', 30],
    ]);
    const ink = text('custom.ink', [
      ['Pigment', 50],
      ['Dye', 30],
    ]);
    assert.deepStrictEqual(
      shapeDynamicFacets([fixed(temperature), fixed(ink)], {}, 2, 100).map((f) => f.id),
      ['custom.ink'],
    );
  });

  it('prefer values that split the hits into a few sizeable groups over coverage, ties in candidate order', () => {
    const even = text('custom.even', [
      ['a', 50],
      ['b', 50],
    ]);
    const lopsided = text('custom.lopsided', [
      ['a', 97],
      ['b', 3],
    ]);
    const scattered = text(
      'custom.scattered',
      Array.from({ length: 40 }, (_, i): [string, number] => [`v${i}`, 2]),
    );
    const range: FacetResult = { id: 'custom.r', label: 'r', type: 'RANGE', min: 1, max: 9 };
    assert.ok(facetUsefulness(even, 100) > facetUsefulness(range, 100, 100));
    assert.ok(facetUsefulness(range, 100, 100) > facetUsefulness(lopsided, 100));
    assert.ok(facetUsefulness(range, 100, 100) > facetUsefulness(range, 100, 20));
    const chosen = shapeDynamicFacets([fixed(lopsided), fixed(scattered), fixed(range), fixed(even)], {}, 3, 100).map((f) => f.id);
    assert.deepStrictEqual(chosen, ['custom.even', 'custom.r']);
    const twin = text('custom.twin', [
      ['a', 50],
      ['b', 50],
    ]);
    assert.deepStrictEqual(
      shapeDynamicFacets([fixed(twin), fixed(even)], {}, 2, 100).map((f) => f.id),
      ['custom.twin', 'custom.even'],
    );
  });
});

describe('dynamic TEXT facets split the hits usefully', () => {
  const text = (id: string, values: [string, number][]): FacetResult => ({
    id,
    label: id,
    type: 'TEXT',
    sort: 'RELEVANCE',
    selectedCount: 0,
    values: values.map(([label, count]) => ({ id: label, label, selected: false, count })),
  });
  // 100 hits: a value is a sizeable group from 5 hits on.
  const split = text('custom.split', [
    ['a', 40],
    ['b', 30],
    ['c', 20],
    ['d', 10],
  ]);
  const oneGroup = text('custom.one', [
    ['a', 95],
    ['b', 4],
    ['c', 1],
  ]);
  const longList = text(
    'custom.long',
    Array.from({ length: 31 }, (_, i): [string, number] => [`v${i}`, 6]),
  );
  const tail = text('custom.tail', [
    ['a', 40],
    ['b', 30],
    ['c', 4],
    ['d', 3],
    ['e', 2],
    ['f', 1],
  ]);
  const shortTail = text('custom.short', [
    ['a', 40],
    ['b', 30],
    ['c', 20],
    ['d', 6],
    ['e', 4],
  ]);

  it('show a TEXT facet of 2–30 values, at least two and 70% of them covering 5% of the hits each', () => {
    assert.deepStrictEqual(MIN_SIZEABLE_VALUE_SHARE, 0.7);
    const chosen = shapeDynamicFacets([split, oneGroup, longList, tail, shortTail].map(fixed), {}, 5, 100).map((f) => f.id);
    assert.deepStrictEqual(chosen, ['custom.split', 'custom.short']);
  });

  it('rank a split without a tail above one with a tail', () => {
    assert.ok(facetUsefulness(split, 100) > facetUsefulness(shortTail, 100));
    for (const f of [oneGroup, longList, tail]) assert.strictEqual(facetUsefulness(f, 100), -1, f.id);
  });
});

/** A facet that shapes to `result` whatever the aggregations. */
function fixed(result: FacetResult): Facet {
  return { id: result.id, label: result.label, parse: () => undefined, filter: () => ({ match_all: {} }), aggregations: () => ({}), shape: () => result };
}

describe('facet configuration validation', () => {
  const configuration = { markets: { SE: { locales: ['sv-SE', 'en-GB'] } } };
  it('keep a valid configuration with ids defaulting to the attribute', () => {
    const v = validateFacetConfiguration(
      { markets: { SE: { facets: [{ attribute: 'custom.fit', type: 'TEXT', labels: { 'sv-SE': 'Passform' }, size: 20 }], dynamicFacets: 3 } } },
      configuration,
    );
    assert.deepStrictEqual(v.ok && v.value, {
      markets: { SE: { facets: [{ id: 'custom.fit', attribute: 'custom.fit', type: 'TEXT', labels: { 'sv-SE': 'Passform' }, size: 20 }], dynamicFacets: 3 } },
    });
  });

  it('name every field that is wrong', () => {
    const v = validateFacetConfiguration(
      {
        markets: {
          SE: {
            facets: [
              { attribute: 'price', type: 'RANGE', sortOrder: 'ALPHABETIC', size: 3 },
              { attribute: 'size', type: 'TEXT' },
              { type: 'TEXT' },
              { attribute: 'custom.a b', type: 'TEXT' },
            ],
          },
        },
      },
      configuration,
    );
    assert.equal(v.ok, false);
    assert.deepStrictEqual(!v.ok && v.problems.errors.map((e) => e.path), [
      'markets.SE.facets[0].sortOrder',
      'markets.SE.facets[0].size',
      'markets.SE.facets[1].type',
      'markets.SE.facets[2].attribute',
      'markets.SE.facets[3].id',
    ]);
  });
});
