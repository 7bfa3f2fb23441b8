import assert from 'node:assert/strict';
import { DomainError } from '../../src/kernel/errors';
import { statusOf } from '../../src/http/errors';
import {
  compileProductFilter,
  compileRules,
  compileRuleSet,
  handpickedKeys,
  parseProductFilter,
  parseRules,
  ProductFilterError,
  RuleSyntaxError,
  tokenize,
  TEXT_ATTRIBUTES,
  type Interval,
  type ParseOptions,
  type RuleSet,
} from '../../src/rules';

/** Asserts a RuleSyntaxError (a domain error answered with 400) with exactly this message, position and token. */
function syntaxError(source: string, expected: { message: string; position: number; token: string }, options: ParseOptions = {}) {
  assert.throws(
    () => parseRules(source, options),
    (err: unknown) => {
      assert.ok(err instanceof RuleSyntaxError, `not a RuleSyntaxError: ${String(err)}`);
      assert.ok(err instanceof DomainError);
      assert.equal(statusOf(err), 400);
      assert.deepStrictEqual({ message: err.message, position: err.position, token: err.token }, expected);
      return true;
    },
  );
}

function filterError(filter: unknown, expected: { message: string; attribute: string }) {
  assert.throws(
    () => parseProductFilter(filter),
    (err: unknown) => {
      assert.ok(err instanceof ProductFilterError, `not a ProductFilterError: ${String(err)}`);
      assert.equal(statusOf(err), 400);
      assert.deepStrictEqual({ message: err.message, attribute: err.attribute }, expected);
      return true;
    },
  );
}

const closed = (min: number, max: number): Interval => ({ min: { value: min, inclusive: true }, max: { value: max, inclusive: true } });
const quoted = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `"${prefix}${i}"`).join(' ');

describe('rules: lexer', () => {
  it('tokenizes words, numbers glued to units, strings with escapes and punctuation, with positions', () => {
    assert.deepStrictEqual(tokenize('rule [10cm,-infinity) {"a\\"b"}'), [
      { kind: 'word', text: 'rule', position: 0 },
      { kind: 'punct', text: '[', position: 5 },
      { kind: 'number', text: '10', position: 6, value: 10 },
      { kind: 'word', text: 'cm', position: 8 },
      { kind: 'punct', text: ',', position: 10 },
      { kind: 'word', text: '-infinity', position: 11 },
      { kind: 'punct', text: ')', position: 20 },
      { kind: 'punct', text: '{', position: 22 },
      { kind: 'string', text: '"a\\"b"', position: 23, value: 'a"b' },
      { kind: 'punct', text: '}', position: 29 },
      { kind: 'end', text: '', position: 30 },
    ]);
  });
});

describe('rules: string values are at most 1000 characters (a longer term fails a whole Elasticsearch search)', () => {
  it('accepts 1000 and refuses 1001 with the position and the start of the string', () => {
    assert.equal(parseRules(`rule incl brand { "${'x'.repeat(1000)}" }`).length, 1);
    syntaxError(`rule incl brand { "${'x'.repeat(1001)}" }`, {
      message: `String too long "${'x'.repeat(39)}… at position 18: a value is at most 1000 characters (got 1001)`,
      position: 18,
      token: `"${'x'.repeat(1001)}"`,
    });
  });
});

describe('rules: parser', () => {
  it('reads the official five-rule example (trailing space inside a string, trailing whitespace)', () => {
    const source =
      'rule incl product_key { "ABC123" "DEF456" "GHJ789" }\nrule incl custom.material { "leather" } excl price [ -infinity, 100 ]\n' +
      'rule incl newness 10d\trule incl brand { "Birkenstock " } excl custom.isActive { "false" } ';
    assert.deepStrictEqual(parseRules(source), [
      { restrictions: [{ kind: 'text', mode: 'incl', attribute: 'product_key', values: ['ABC123', 'DEF456', 'GHJ789'] }] },
      {
        restrictions: [
          { kind: 'customLabel', mode: 'incl', name: 'material', values: ['leather'] },
          { kind: 'number', mode: 'excl', attribute: 'price', ranges: [{ max: { value: 100, inclusive: true } }] },
        ],
      },
      { restrictions: [{ kind: 'newness', mode: 'incl', within: { amount: 10, unit: 'd' } }] },
      {
        restrictions: [
          { kind: 'text', mode: 'incl', attribute: 'brand', values: ['Birkenstock '] },
          { kind: 'customLabel', mode: 'excl', name: 'isActive', values: ['false'] },
        ],
      },
    ]);
  });

  it('reads empty and blank input as no rules', () => {
    assert.deepStrictEqual(parseRules(''), []);
    assert.deepStrictEqual(parseRules(' \n\t '), []);
  });

  it('reads every text attribute with a string list', () => {
    for (const attribute of TEXT_ATTRIBUTES) {
      assert.deepStrictEqual(parseRules(`rule excl ${attribute} { "x" }`), [{ restrictions: [{ kind: 'text', mode: 'excl', attribute, values: ['x'] }] }]);
    }
  });

  it('accept string lists with or without commas and spaces, escapes, empty strings and line breaks', () => {
    const expected = (values: string[]): RuleSet => [{ restrictions: [{ kind: 'text', mode: 'incl', attribute: 'brand', values }] }];
    assert.deepStrictEqual(parseRules('rule incl brand { "a" "b" }'), expected(['a', 'b']));
    assert.deepStrictEqual(parseRules('rule incl brand {"a","b"}'), expected(['a', 'b']));
    assert.deepStrictEqual(parseRules('rule incl brand {"a""b" , "c"}'), expected(['a', 'b', 'c']));
    assert.deepStrictEqual(parseRules('rule incl brand { "A \\"B\\" C:\\\\dir" "" "two\nlines" }'), expected(['A "B" C:\\dir', '', 'two\nlines']));
  });

  it('treat keywords, attribute names, infinity and units case-insensitively; values and custom names keep their case', () => {
    assert.deepStrictEqual(
      parseRules('RULE Incl BRAND { "Nike" } EXCL Custom.Material { "Wool" } incl PRICE [ -INFINITY, Infinity ] incl Length [1 CM, 1 M] incl NEWNESS 2W'),
      [
        {
          restrictions: [
            { kind: 'text', mode: 'incl', attribute: 'brand', values: ['Nike'] },
            { kind: 'customLabel', mode: 'excl', name: 'Material', values: ['Wool'] },
            { kind: 'number', mode: 'incl', attribute: 'price', ranges: [{}] },
            { kind: 'measure', mode: 'incl', attribute: 'length', range: closed(10, 1000) },
            { kind: 'newness', mode: 'incl', within: { amount: 2, unit: 'w' } },
          ],
        },
      ],
    );
  });

  it('read intervals: inclusive [ ], exclusive ( ), mixed, infinite ends, negative and decimal numbers', () => {
    const ranges = (source: string) => {
      const [rule] = parseRules(`rule incl discount ${source}`);
      const [r] = rule.restrictions;
      assert.equal(r.kind, 'number');
      return r.kind === 'number' ? r.ranges : [];
    };
    assert.deepStrictEqual(ranges('[ 10, 100 ]'), [closed(10, 100)]);
    assert.deepStrictEqual(ranges('[10,100]'), [closed(10, 100)]);
    assert.deepStrictEqual(ranges('(10, 100)'), [{ min: { value: 10, inclusive: false }, max: { value: 100, inclusive: false } }]);
    assert.deepStrictEqual(ranges('[10, 100)'), [{ min: { value: 10, inclusive: true }, max: { value: 100, inclusive: false } }]);
    assert.deepStrictEqual(ranges('(-infinity, 2.5]'), [{ max: { value: 2.5, inclusive: true } }]);
    assert.deepStrictEqual(ranges('[-10.25, infinity)'), [{ min: { value: -10.25, inclusive: true } }]);
    assert.deepStrictEqual(ranges('[ 5, 5 ]'), [closed(5, 5)]);
  });

  it('convert units of length, volume and weight to mm, ml and g, with or without a space', () => {
    const range = (attribute: string, source: string) => {
      const [r] = parseRules(`rule incl ${attribute} ${source}`)[0].restrictions;
      return r.kind === 'measure' || r.kind === 'customLength' ? r.range : undefined;
    };
    assert.deepStrictEqual(range('length', '[ 10 cm, 1 m ]'), closed(100, 1000));
    assert.deepStrictEqual(range('width', '[5mm,2dm]'), closed(5, 200));
    assert.deepStrictEqual(range('height', '[1 in, 1 ft)'), { min: { value: 25.4, inclusive: true }, max: { value: 304.8, inclusive: false } });
    assert.deepStrictEqual(range('depth', '[ -infinity, 3 cm ]'), { max: { value: 30, inclusive: true } });
    assert.deepStrictEqual(range('volume', '[ 33 cl, 1 l ]'), closed(330, 1000));
    assert.deepStrictEqual(range('weight', '[ 500 g, 2 KG ]'), closed(500, 2000));
    assert.deepStrictEqual(range('custom.shaftHeight', '[ 20 cm, infinity ]'), { min: { value: 200, inclusive: true } });
  });

  it('read custom attributes as labels, numbers or lengths by the shape of the condition', () => {
    assert.deepStrictEqual(
      parseRules('rule incl custom.material { "wool" } incl custom.heel [ 2, 5 ] excl custom.shaft [ 1 dm, 2 dm ] incl custom.a.b-c:d { "x" }'),
      [
        {
          restrictions: [
            { kind: 'customLabel', mode: 'incl', name: 'material', values: ['wool'] },
            { kind: 'customNumber', mode: 'incl', name: 'heel', ranges: [closed(2, 5)] },
            { kind: 'customLength', mode: 'excl', name: 'shaft', range: closed(100, 200) },
            { kind: 'customLabel', mode: 'incl', name: 'a.b-c:d', values: ['x'] },
          ],
        },
      ],
    );
  });

  it('read newness in hours, days and weeks, with or without a space before the unit', () => {
    const within = (source: string) => {
      const [r] = parseRules(`rule incl newness ${source}`)[0].restrictions;
      return r.kind === 'newness' ? r.within : undefined;
    };
    assert.deepStrictEqual(within('10d'), { amount: 10, unit: 'd' });
    assert.deepStrictEqual(within('10 D'), { amount: 10, unit: 'd' });
    assert.deepStrictEqual(within('2w'), { amount: 2, unit: 'w' });
    assert.deepStrictEqual(within('12h'), { amount: 12, unit: 'h' });
    assert.deepStrictEqual(within('0d'), { amount: 0, unit: 'd' });
  });

  it('allow at most 200 values per restriction and 100 product keys in total', () => {
    assert.equal(parseRules(`rule incl brand { ${quoted(200, 'b')} }`)[0].restrictions.length, 1);
    const tooMany = `rule incl brand { ${quoted(201, 'b')} }`;
    syntaxError(tooMany, {
      message: `Unexpected "b200" at position ${tooMany.indexOf('"b200"')}: at most 200 values per restriction`,
      position: tooMany.indexOf('"b200"'),
      token: '"b200"',
    });

    const hundred = `rule incl product_key { ${quoted(60, 'p')} } rule excl product_key { ${quoted(40, 'q')} }`;
    assert.equal(parseRules(hundred).length, 2);
    const over = `${hundred} rule incl brand { "x" } incl product_key { "one-too-many" }`;
    const at = over.indexOf('"one-too-many"');
    syntaxError(over, { message: `Unexpected "one-too-many" at position ${at}: at most 100 product keys in total`, position: at, token: '"one-too-many"' });
  });

  it('with handpickedFirst, accept product keys only as the sole incl restriction of the first rule', () => {
    const options = { handpickedFirst: true };
    assert.deepStrictEqual(parseRules('rule incl product_key { "p1" } rule incl brand { "b" }', options), [
      { restrictions: [{ kind: 'text', mode: 'incl', attribute: 'product_key', values: ['p1'] }] },
      { restrictions: [{ kind: 'text', mode: 'incl', attribute: 'brand', values: ['b'] }] },
    ]);
    syntaxError(
      'rule incl brand { "b" } rule incl product_key { "p1" }',
      { message: 'Unexpected "product_key" at position 34: handpicked product keys must be in the first rule', position: 34, token: 'product_key' },
      options,
    );
    syntaxError(
      'rule incl product_key { "p1" } excl brand { "b" }',
      { message: 'Unexpected "brand" at position 36: the handpicked rule holds only one "incl product_key" restriction', position: 36, token: 'brand' },
      options,
    );
    syntaxError(
      'rule incl brand { "b" } incl product_key { "p1" }',
      {
        message: 'Unexpected "product_key" at position 29: the handpicked rule holds only one "incl product_key" restriction',
        position: 29,
        token: 'product_key',
      },
      options,
    );
    syntaxError(
      'rule excl product_key { "p1" }',
      { message: 'Unexpected "excl" at position 5: the handpicked rule includes its product keys with "incl"', position: 5, token: 'excl' },
      options,
    );
    syntaxError(
      'rule incl product_key { "p1" } incl product_key { "p2" }',
      {
        message: 'Unexpected "product_key" at position 36: the handpicked rule holds only one "incl product_key" restriction',
        position: 36,
        token: 'product_key',
      },
      options,
    );
    // Without the option (search pages, recommendation lists) product keys go anywhere.
    assert.equal(parseRules('rule incl brand { "b" } incl product_key { "p1" } rule excl product_key { "p2" }').length, 2);
  });

  it('prefix messages with the parameter when given', () => {
    syntaxError(
      'rule incl colour { "red" }',
      { message: 'primaryList.productRules: Unknown attribute "colour" at position 10', position: 10, token: 'colour' },
      { parameter: 'primaryList.productRules' },
    );
  });
});

describe('rules: syntax errors name position and token', () => {
  const cases: [source: string, message: string, position: number, token: string][] = [
    ['rule incl brand { "Nike" } excl price }', 'Unexpected "}" at position 38: price takes an interval such as [ 10, 100 ]', 38, '}'],
    ['rule incl brand { "Nike" "Adidas" } excl }', 'Unexpected "}" at position 41: expected an attribute', 41, '}'],
    ['rule incl colour { "red" }', 'Unknown attribute "colour" at position 10', 10, 'colour'],
    ['rule incl custom. { "x" }', 'Unknown attribute "custom." at position 10: expected a name after "custom."', 10, 'custom.'],
    ['incl brand { "a" }', 'Unexpected "incl" at position 0: expected "rule"', 0, 'incl'],
    ['rule', 'Unexpected end of input at position 4: expected "incl" or "excl"', 4, ''],
    ['rule rule incl brand { "a" }', 'Unexpected "rule" at position 5: expected "incl" or "excl"', 5, 'rule'],
    ['rule incl brand { "a" } brand { "b" }', 'Unexpected "brand" at position 24: expected "incl", "excl", "rule" or end of input', 24, 'brand'],
    ['rule incl { "a" }', 'Unexpected "{" at position 10: expected an attribute', 10, '{'],
    ['rule incl brand', 'Unexpected end of input at position 15: brand takes a list of strings such as { "a" "b" }', 15, ''],
    ['rule incl brand [ 1, 2 ]', 'Unexpected "[" at position 16: brand takes a list of strings such as { "a" "b" }', 16, '['],
    ['rule incl price { "10" }', 'Unexpected "{" at position 16: price takes an interval such as [ 10, 100 ]', 16, '{'],
    ['rule incl length { "10" }', 'Unexpected "{" at position 17: length takes an interval with units such as [ 10 cm, 1 m ]', 17, '{'],
    ['rule incl newness [ 1, 2 ]', 'Unexpected "[" at position 18: newness takes a duration such as 10d', 18, '['],
    ['rule incl custom.size 10d', 'Unexpected "10" at position 22: custom.size takes a list of strings or an interval', 22, '10'],
    ['rule incl brand { }', 'Unexpected "}" at position 18: expected a string', 18, '}'],
    ['rule incl brand { "a", }', 'Unexpected "}" at position 23: expected a string', 23, '}'],
    ['rule incl brand { "a",, "b" }', 'Unexpected "," at position 22: expected a string', 22, ','],
    ['rule incl brand { , "a" }', 'Unexpected "," at position 18: expected a string', 18, ','],
    ['rule incl brand { "a" ]', 'Unexpected "]" at position 22: expected a string, "," or "}"', 22, ']'],
    ['rule incl brand { "a"', 'Unexpected end of input at position 21: expected a string, "," or "}"', 21, ''],
    ['rule incl brand { "a\\n" }', 'Invalid escape "\\n" at position 20: only \\" and \\\\ may be escaped in a string', 20, '\\n'],
    ['rule incl brand { "abc }', 'Unterminated string "abc } at position 18: expected a closing double quote', 18, '"abc }'],
    ["rule incl brand { 'a' }", 'Unexpected character "\'" at position 18', 18, "'"],
    ['rule incl price [ 10 100 ]', 'Unexpected "100" at position 21: expected ","', 21, '100'],
    ['rule incl price [ 10, 100 }', 'Unexpected "}" at position 26: expected "]" or ")"', 26, '}'],
    ['rule incl price [ infinity, 100 ]', 'Unexpected "infinity" at position 18: the lower bound cannot be infinity', 18, 'infinity'],
    ['rule incl price [ 10, -infinity ]', 'Unexpected "-infinity" at position 22: the upper bound cannot be -infinity', 22, '-infinity'],
    ['rule incl price [ ten, 100 ]', 'Unexpected "ten" at position 18: expected a number or -infinity', 18, 'ten'],
    ['rule incl price [ 10, "100" ]', 'Unexpected "100" at position 22: expected a number or infinity', 22, '"100"'],
    ['rule incl price [ 100, 10 ]', 'Empty interval "[ 100, 10 ]" at position 16: no number lies between its bounds', 16, '[ 100, 10 ]'],
    ['rule incl rating [ 4, 4 )', 'Empty interval "[ 4, 4 )" at position 17: no number lies between its bounds', 17, '[ 4, 4 )'],
    ['rule incl length [ 2 m, 10 cm ]', 'Empty interval "[ 2 m, 10 cm ]" at position 17: no number lies between its bounds', 17, '[ 2 m, 10 cm ]'],
    ['rule incl price [ 10 cm, 100 ]', 'Unexpected "cm" at position 21: price takes no unit', 21, 'cm'],
    ['rule incl length [ 10, 1 m ]', 'Missing unit after "10" at position 19: length takes mm, cm, dm, m, in, ft', 19, '10'],
    ['rule incl weight [ 1 kg, 2 m ]', 'Unknown unit "m" at position 27: weight takes mg, g, kg, oz, lb', 27, 'm'],
    ['rule incl custom.shaft [ 10 cm, 20 ]', 'Missing unit after "20" at position 32: custom.shaft takes mm, cm, dm, m, in, ft', 32, '20'],
    ['rule incl custom.shaft [ 10 kg, 20 kg ]', 'Unknown unit "kg" at position 28: custom.shaft takes mm, cm, dm, m, in, ft', 28, 'kg'],
    ['rule incl newness 1.5d', 'Unexpected "1.5" at position 18: a duration is a whole number of hours (h), days (d) or weeks (w)', 18, '1.5'],
    ['rule incl newness -1d', 'Unexpected "-1" at position 18: a duration is a whole number of hours (h), days (d) or weeks (w)', 18, '-1'],
    ['rule incl newness 10', 'Unexpected end of input at position 20: expected a duration unit: h, d or w', 20, ''],
    ['rule incl newness 10m', 'Unexpected "m" at position 20: expected a duration unit: h, d or w', 20, 'm'],
    ['rule incl newness 10d d', 'Unexpected "d" at position 22: expected "incl", "excl", "rule" or end of input', 22, 'd'],
  ];
  for (const [source, message, position, token] of cases) {
    it(source, () => syntaxError(source, { message, position, token }));
  }

  it('shorten long tokens in messages', () => {
    const long = `"${'x'.repeat(60)}`;
    assert.throws(
      () => parseRules(`rule incl brand { ${long} }`),
      (err: unknown) => {
        assert.ok(err instanceof RuleSyntaxError);
        assert.equal(err.message, `Unterminated string ${`"${'x'.repeat(39)}`}… at position 18: expected a closing double quote`);
        assert.equal(err.token, `${long} }`);
        return true;
      },
    );
  });
});

describe('rules: compile', () => {
  const filterOf = (source: string, context = {}) => compileRules(source, context).filter;

  it('compile the official example: rules OR, incl as filter, excl as must_not', () => {
    const source =
      'rule incl product_key { "ABC123" "DEF456" } rule incl custom.material { "leather" } excl price [ -infinity, 100 ] ' +
      'rule incl newness 10d rule incl brand { "Birkenstock" } excl custom.isActive { "false" }';
    assert.deepStrictEqual(compileRules(source), {
      handpicked: ['ABC123', 'DEF456'],
      filter: {
        bool: {
          should: [
            { bool: { filter: [{ terms: { productKey: ['ABC123', 'DEF456'] } }] } },
            {
              bool: {
                filter: [
                  {
                    bool: {
                      should: [
                        {
                          bool: {
                            should: [{ terms: { 'customLabels.material': ['leather'] } }, { terms: { 'customLabelFeedIds.material': ['leather'] } }],
                            minimum_should_match: 1,
                          },
                        },
                        {
                          nested: {
                            path: 'variants',
                            query: {
                              bool: {
                                should: [
                                  { terms: { 'variants.customLabels.material': ['leather'] } },
                                  { terms: { 'variants.customLabelFeedIds.material': ['leather'] } },
                                ],
                                minimum_should_match: 1,
                              },
                            },
                          },
                        },
                      ],
                      minimum_should_match: 1,
                    },
                  },
                ],
                must_not: [{ nested: { path: 'variants', query: { range: { 'variants.sellingPrice': { lte: 100 } } } } }],
              },
            },
            { bool: { filter: [{ range: { releaseDate: { gte: 'now-10d/d' } } }] } },
            {
              bool: {
                filter: [{ terms: { brand: ['Birkenstock'] } }],
                must_not: [
                  {
                    bool: {
                      should: [
                        {
                          bool: {
                            should: [{ terms: { 'customLabels.isActive': ['false'] } }, { terms: { 'customLabelFeedIds.isActive': ['false'] } }],
                            minimum_should_match: 1,
                          },
                        },
                        {
                          nested: {
                            path: 'variants',
                            query: {
                              bool: {
                                should: [
                                  { terms: { 'variants.customLabels.isActive': ['false'] } },
                                  { terms: { 'variants.customLabelFeedIds.isActive': ['false'] } },
                                ],
                                minimum_should_match: 1,
                              },
                            },
                          },
                        },
                      ],
                      minimum_should_match: 1,
                    },
                  },
                ],
              },
            },
          ],
          minimum_should_match: 1,
        },
      },
    });
  });

  it('compile no rules to no filter, one rule without a should wrapper, an excl-only rule to must_not', () => {
    assert.deepStrictEqual(compileRules('  '), { filter: undefined, handpicked: [] });
    assert.equal(compileRuleSet([]), undefined);
    assert.deepStrictEqual(filterOf('rule incl brand { "a" } incl series { "s" }'), {
      bool: { filter: [{ terms: { brand: ['a'] } }, { terms: { series: ['s'] } }] },
    });
    assert.deepStrictEqual(filterOf('rule excl brand { "a" "b" }'), { bool: { must_not: [{ terms: { brand: ['a', 'b'] } }] } });
  });

  it('map text attributes to their keyword fields', () => {
    const fields: [string, string][] = [
      ['product_key', 'productKey'],
      ['brand', 'brand'],
      ['series', 'series'],
      ['department', 'department'],
      ['gender', 'gender'],
      ['age', 'age'],
      ['pattern', 'pattern'],
      ['product_type', 'productType'],
      ['size', 'sizes'],
    ];
    for (const [attribute, field] of fields) {
      assert.deepStrictEqual(filterOf(`rule incl ${attribute} { "v" }`), { bool: { filter: [{ terms: { [field]: ['v'] } }] } }, attribute);
    }
  });

  it('match a category by path (parents include children) or by id; variant keys and stock in the variants', () => {
    assert.deepStrictEqual(filterOf('rule incl category { "Shoes" "c-12" } incl variant_key { "v1" } incl stock_number [ 1, infinity ]'), {
      bool: {
        filter: [
          { bool: { should: [{ terms: { categoryPaths: ['Shoes', 'c-12'] } }, { terms: { categoryIds: ['Shoes', 'c-12'] } }], minimum_should_match: 1 } },
          { nested: { path: 'variants', query: { terms: { 'variants.key': ['v1'] } } } },
          { nested: { path: 'variants', query: { range: { 'variants.stock': { gte: 1 } } } } },
        ],
      },
    });
  });

  it('compile numeric intervals with inclusive and exclusive ends; no bounds means the field has a value', () => {
    assert.deepStrictEqual(filterOf('rule incl discount ( 10, 50 ] incl rating [ 4, 5 ) excl rating [ -infinity, infinity ]'), {
      bool: {
        filter: [{ range: { discount: { gt: 10, lte: 50 } } }, { range: { rating: { gte: 4, lt: 5 } } }],
        must_not: [{ exists: { field: 'rating' } }],
      },
    });
  });

  it('compile price on any variant, or on the custom price range (overlap) when a priceId is given', () => {
    assert.deepStrictEqual(filterOf('rule incl price [ 10, 100 ]'), {
      bool: { filter: [{ nested: { path: 'variants', query: { range: { 'variants.sellingPrice': { gte: 10, lte: 100 } } } } }] },
    });
    const withPriceId = (interval: string) => filterOf(`rule incl price ${interval}`, { priceId: 'member' });
    assert.deepStrictEqual(withPriceId('[ 10, 100 ]'), {
      bool: {
        filter: [
          {
            bool: {
              filter: [{ range: { 'customPrice.member.selling.max': { gte: 10 } } }, { range: { 'customPrice.member.selling.min': { lte: 100 } } }],
            },
          },
        ],
      },
    });
    assert.deepStrictEqual(withPriceId('( 10, infinity ]'), { bool: { filter: [{ range: { 'customPrice.member.selling.max': { gt: 10 } } }] } });
    assert.deepStrictEqual(withPriceId('[ -infinity, 100 )'), { bool: { filter: [{ range: { 'customPrice.member.selling.min': { lt: 100 } } }] } });
    assert.deepStrictEqual(withPriceId('[ -infinity, infinity ]'), { bool: { filter: [{ exists: { field: 'customPrice.member.selling.min' } }] } });
  });

  it('compile newness to date math rounded to the day (hours: to the hour)', () => {
    assert.deepStrictEqual(filterOf('rule incl newness 10d excl newness 2w incl newness 12h'), {
      bool: {
        filter: [{ range: { releaseDate: { gte: 'now-10d/d' } } }, { range: { releaseDate: { gte: 'now-12h/h' } } }],
        must_not: [{ range: { releaseDate: { gte: 'now-2w/d' } } }],
      },
    });
  });

  it("compile measurements on their base value, the product's or any variant's", () => {
    const measure = (name: string, range: object) => ({
      bool: { should: [{ range: { [`measureValues.${name}`]: range } }, { range: { [`${name}.base`]: range } }], minimum_should_match: 1 },
    });
    assert.deepStrictEqual(filterOf('rule incl length [ 10 cm, 1 m ] incl volume [ 1 l, infinity ] incl weight ( -infinity, 2 kg )'), {
      bool: {
        filter: [measure('length', { gte: 100, lte: 1000 }), measure('volume', { gte: 1000 }), measure('weight', { lt: 2000 })],
      },
    });
  });

  it('compile custom numbers and lengths on the product or any variant', () => {
    // Numbers and lengths are nested name/value pairs (no mapped field per attribute name).
    const numeric = (path: string, name: string, value: string, range: object) => ({
      nested: { path, query: { bool: { filter: [{ term: { [`${path}.name`]: name } }, { range: { [`${path}.${value}`]: range } }] } } },
    });
    assert.deepStrictEqual(filterOf('rule incl custom.heel [ 2, 5 ] incl custom.shaftHeight [ 20 cm, infinity ]'), {
      bool: {
        filter: [
          {
            bool: {
              should: [
                numeric('customNumberValues', 'heel', 'value', { gte: 2, lte: 5 }),
                { nested: { path: 'variants', query: numeric('variants.customNumberValues', 'heel', 'value', { gte: 2, lte: 5 }) } },
              ],
              minimum_should_match: 1,
            },
          },
          {
            bool: {
              should: [
                numeric('customLengthValues', 'shaftHeight', 'base', { gte: 200 }),
                { nested: { path: 'variants', query: numeric('variants.customLengthValues', 'shaftHeight', 'base', { gte: 200 }) } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('list handpicked keys of the first rule in order, once each, only when it holds nothing but included keys', () => {
    assert.deepStrictEqual(handpickedKeys(parseRules('rule incl product_key { "p3" "p1" "p3" "p2" } rule incl product_key { "p9" }')), ['p3', 'p1', 'p2']);
    assert.deepStrictEqual(handpickedKeys(parseRules('rule incl product_key { "p1" } incl brand { "b" }')), []);
    assert.deepStrictEqual(handpickedKeys(parseRules('rule excl product_key { "p1" }')), []);
    assert.deepStrictEqual(handpickedKeys(parseRules('rule incl brand { "b" } rule incl product_key { "p1" }')), []);
    assert.deepStrictEqual(handpickedKeys([]), []);
    assert.deepStrictEqual(compileRules('rule incl product_key { "b" "a" } rule incl brand { "x" }', { handpickedFirst: true }).handpicked, ['b', 'a']);
  });
});

describe('rules: deprecated productFilter', () => {
  it('read attributes as one rule (AND), values as OR, custom. prefix, {min, max} with min defaulting to 0', () => {
    const rules = parseProductFilter({
      brand: 'Acme',
      'custom.material': ['leather', 'wool'],
      price: { min: 10, max: 100 },
      discount: { max: 50 },
      'custom.heel': { min: 2 },
    });
    assert.deepStrictEqual(rules, [
      {
        restrictions: [
          { kind: 'text', mode: 'incl', attribute: 'brand', values: ['Acme'] },
          { kind: 'customLabel', mode: 'incl', name: 'material', values: ['leather', 'wool'] },
          { kind: 'number', mode: 'incl', attribute: 'price', ranges: [closed(10, 100)] },
          { kind: 'number', mode: 'incl', attribute: 'discount', ranges: [closed(0, 50)] },
          { kind: 'customNumber', mode: 'incl', name: 'heel', ranges: [{ min: { value: 2, inclusive: true } }] },
        ],
      },
    ]);
  });

  it('compile through the rule compiler, including the official client example (numbers and number lists as exact values)', () => {
    const compiled = compileProductFilter(
      {
        size: 'Women;NO_FORMAT;M',
        brand: ['some_brand', 'another_brand'],
        'custom.season': 'fall',
        discount: 50,
        stock_number: [1, 2],
        price: { max: 200 },
        rating: { min: 3.5 },
      },
      { priceId: 'member' },
    );
    assert.deepStrictEqual(compiled, {
      handpicked: [],
      filter: {
        bool: {
          filter: [
            { terms: { sizes: ['Women;NO_FORMAT;M'] } },
            { terms: { brand: ['some_brand', 'another_brand'] } },
            {
              bool: {
                should: [
                  {
                    bool: {
                      should: [{ terms: { 'customLabels.season': ['fall'] } }, { terms: { 'customLabelFeedIds.season': ['fall'] } }],
                      minimum_should_match: 1,
                    },
                  },
                  {
                    nested: {
                      path: 'variants',
                      query: {
                        bool: {
                          should: [{ terms: { 'variants.customLabels.season': ['fall'] } }, { terms: { 'variants.customLabelFeedIds.season': ['fall'] } }],
                          minimum_should_match: 1,
                        },
                      },
                    },
                  },
                ],
                minimum_should_match: 1,
              },
            },
            { range: { discount: { gte: 50, lte: 50 } } },
            {
              bool: {
                should: [
                  { nested: { path: 'variants', query: { range: { 'variants.stock': { gte: 1, lte: 1 } } } } },
                  { nested: { path: 'variants', query: { range: { 'variants.stock': { gte: 2, lte: 2 } } } } },
                ],
                minimum_should_match: 1,
              },
            },
            {
              bool: {
                filter: [{ range: { 'customPrice.member.selling.max': { gte: 0 } } }, { range: { 'customPrice.member.selling.min': { lte: 200 } } }],
              },
            },
            { range: { rating: { gte: 3.5 } } },
          ],
        },
      },
    });
  });

  it('read an empty object as no filter', () => {
    assert.deepStrictEqual(parseProductFilter({}), []);
    assert.deepStrictEqual(compileProductFilter({}), { filter: undefined, handpicked: [] });
  });

  it('allow 200 values per attribute and 100 product keys', () => {
    const values = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    assert.equal(parseProductFilter({ brand: values(200, 'b'), product_key: values(100, 'p') })[0].restrictions.length, 2);
    filterError({ brand: values(201, 'b') }, { message: 'productFilter.brand: at most 200 values', attribute: 'brand' });
    filterError({ brand: ['Acme', 'x'.repeat(1001)] }, { message: 'productFilter.brand: a value is at most 1000 characters (got 1001)', attribute: 'brand' });
    filterError(
      { 'custom.material': 'å'.repeat(20_000) },
      { message: 'productFilter.custom.material: a value is at most 1000 characters (got 20000)', attribute: 'custom.material' },
    );
    assert.equal(parseProductFilter({ brand: 'x'.repeat(1000) }).length, 1);
    filterError({ product_key: values(101, 'p') }, { message: 'productFilter.product_key: at most 100 product keys in total', attribute: 'product_key' });
  });

  it('reject invalid shapes naming the attribute', () => {
    filterError('brand', { message: 'productFilter: expected an object of attribute to value(s)', attribute: '' });
    filterError([{ brand: 'a' }], { message: 'productFilter: expected an object of attribute to value(s)', attribute: '' });
    filterError({ colour: 'red' }, { message: 'productFilter.colour: unknown attribute', attribute: 'colour' });
    filterError({ brand: 5 }, { message: 'productFilter.brand: expected a string or a list of strings', attribute: 'brand' });
    filterError({ price: 'cheap' }, { message: 'productFilter.price: expected a number, a list of numbers or {min, max}', attribute: 'price' });
    filterError({ price: { min: 10, mx: 20 } }, { message: 'productFilter.price: a range holds only min and max, not mx', attribute: 'price' });
    filterError({ price: { min: '10' } }, { message: 'productFilter.price: min must be a number', attribute: 'price' });
    filterError({ price: { min: 100, max: 10 } }, { message: 'productFilter.price: min 100 is above max 10', attribute: 'price' });
    filterError({ discount: { max: -5 } }, { message: 'productFilter.discount: min 0 is above max -5', attribute: 'discount' });
    filterError({ 'custom.x': ['a', 1] }, { message: 'productFilter.custom.x: a list holds only strings or only numbers', attribute: 'custom.x' });
    filterError({ brand: [] }, { message: 'productFilter.brand: expected at least one value', attribute: 'brand' });
    filterError({ brand: null }, { message: 'productFilter.brand: expected a string, a number, a list of them or {min, max}', attribute: 'brand' });
    filterError({ rating: Number.NaN }, { message: 'productFilter.rating: expected a finite number', attribute: 'rating' });
    filterError({ length: { min: 1 } }, { message: 'productFilter.length: not available in productFilter; use productRules', attribute: 'length' });
    filterError({ newness: 10 }, { message: 'productFilter.newness: not available in productFilter; use productRules', attribute: 'newness' });
  });

  it('prefix messages with the parameter when given', () => {
    assert.throws(() => parseProductFilter({ colour: 'red' }, { parameter: 'recommendationLists[0].productFilter' }), {
      message: 'recommendationLists[0].productFilter.colour: unknown attribute',
    });
  });
});
