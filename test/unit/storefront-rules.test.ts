import assert from 'node:assert/strict';
import { ApiError } from '../../src/http/errors';
import { compileRules } from '../../src/storefront/rules/compile';
import { parseRules } from '../../src/storefront/rules/parser';
import { productFilterRules } from '../../src/storefront/rules/productFilter';

const P = 'primaryList.productRules';

function fails(pattern: RegExp, fn: () => unknown) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, 400);
    assert.match(err.message, pattern);
    return true;
  });
}

describe('storefront product rules (subset)', () => {
  it('parse rules, restrictions, string lists with escapes and intervals', () => {
    const rules = parseRules('rule incl brand { "Nike" "A \\"B\\" \\\\" }  excl price [ -infinity, 100 ]\n\trule incl custom.material {"leather"} incl custom.heel [2.5, infinity] ', P);
    assert.deepStrictEqual(rules, [
      {
        restrictions: [
          { mode: 'incl', attribute: { name: 'brand' }, value: { kind: 'strings', values: ['Nike', 'A "B" \\'] } },
          { mode: 'excl', attribute: { name: 'price' }, value: { kind: 'interval', max: 100 } },
        ],
      },
      {
        restrictions: [
          { mode: 'incl', attribute: { name: 'custom', custom: 'material' }, value: { kind: 'strings', values: ['leather'] } },
          { mode: 'incl', attribute: { name: 'custom', custom: 'heel' }, value: { kind: 'interval', min: 2.5 } },
        ],
      },
    ]);
  });

  it('compile to one filter: rules OR, incl as filter, excl as must_not, product or any variant', () => {
    const rules = parseRules('rule incl category { "Shoes" } excl variant_key { "v1" } rule incl price [10, 20] incl custom.material { "wool" }', P);
    assert.deepStrictEqual(compileRules(rules, {}), {
      bool: {
        should: [
          {
            bool: {
              filter: [{ bool: { should: [{ terms: { categoryPaths: ['Shoes'] } }, { terms: { categoryIds: ['Shoes'] } }], minimum_should_match: 1 } }],
              must_not: [{ terms: { variantKeys: ['v1'] } }],
            },
          },
          {
            bool: {
              filter: [
                { nested: { path: 'variants', query: { range: { 'variants.sellingPrice': { gte: 10, lte: 20 } } } } },
                {
                  bool: {
                    should: [
                      { terms: { 'customLabels.material': ['wool'] } },
                      { nested: { path: 'variants', query: { terms: { 'variants.customLabels.material': ['wool'] } } } },
                    ],
                    minimum_should_match: 1,
                  },
                },
              ],
              must_not: [],
            },
          },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('compile a price interval over the custom price when priceId is set', () => {
    assert.deepStrictEqual(compileRules(parseRules('rule incl price [10, 20]', P), { priceId: 'member' }), {
      bool: {
        filter: [{ bool: { filter: [{ range: { 'customPrice.member.selling.max': { gte: 10 } } }, { range: { 'customPrice.member.selling.min': { lte: 20 } } }] } }],
        must_not: [],
      },
    });
    assert.equal(compileRules([], {}), undefined);
  });

  const errors: [string, string, RegExp][] = [
    ['an empty expression', '  ', /expected "rule" at position 2/],
    ['a missing restriction', 'rule brand {"x"}', /expected "incl" or "excl" at position 5/],
    ['an unknown attribute', 'rule incl colour {"red"}', /unknown attribute "colour" at position 10/],
    ['a missing value', 'rule incl brand "x"', /expected "\{" or "\[" at position 16/],
    ['an unterminated string', 'rule incl brand {"x}', /unterminated string at position 17/],
    ['a list for price', 'rule incl price {"10"}', /price does not take a list of strings at position 16/],
    ['an interval for brand', 'rule incl brand [1, 2]', /brand does not take an interval at position 16/],
    ['a reversed interval', 'rule incl price [5, 1]', /interval minimum above its maximum at position 22/],
    ['a bad bound', 'rule incl price [a, 1]', /expected a number or infinity at position 17/],
    ['trailing garbage', 'rule incl brand {"x"} and', /expected "rule" at position 22/],
  ];
  for (const [what, source, message] of errors) {
    it(`answer 400 naming the position for ${what}`, () => fails(new RegExp(`^${P}: .*${message.source}`), () => parseRules(source, P)));
  }

  it('limit product keys per rule', () => {
    const keys = Array.from({ length: 101 }, (_, i) => `"p${i}"`).join(' ');
    fails(/at most 100 product keys/, () => parseRules(`rule incl product_key { ${keys} }`, P));
  });

  it('read the deprecated productFilter as one rule', () => {
    assert.deepStrictEqual(productFilterRules({ brand: ['Nike', 'Puma'], 'custom.season': 'fall', price: { max: 200 }, rating: 4 }, 'primaryList.productFilter'), [
      {
        restrictions: [
          { mode: 'incl', attribute: { name: 'brand' }, value: { kind: 'strings', values: ['Nike', 'Puma'] } },
          { mode: 'incl', attribute: { name: 'custom', custom: 'season' }, value: { kind: 'strings', values: ['fall'] } },
          { mode: 'incl', attribute: { name: 'price' }, value: { kind: 'interval', min: 0, max: 200 } },
          { mode: 'incl', attribute: { name: 'rating' }, value: { kind: 'interval', min: 4, max: 4 } },
        ],
      },
    ]);
    fails(/primaryList.productFilter.colour: unknown attribute/, () => productFilterRules({ colour: 'red' }, 'primaryList.productFilter'));
    fails(/primaryList.productFilter.price: price does not take strings/, () => productFilterRules({ price: 'cheap' }, 'primaryList.productFilter'));
    fails(/a range is \{min, max\}/, () => productFilterRules({ price: { from: 1 } }, 'primaryList.productFilter'));
  });
});
