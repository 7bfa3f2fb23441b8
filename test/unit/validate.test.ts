import assert from 'node:assert/strict';
import { CatalogLimits, type FieldError, type ValidationContext, validateEntity, validateOperationLine, validateReplaceLine } from '../../src/catalog/validate';
import type { ReplaceEntity } from '../../src/catalog/types';

const ctx: ValidationContext = { configuration: { markets: { SE: { locales: ['sv-SE'] }, NO: { locales: ['nb-NO'] } } } };

type Line = Record<string, unknown>;

/** A valid product group line: one product, two variants with labels, one image. */
function groupLine(): Line {
  return {
    replace: {
      key: 'PG1',
      productGroup: {
        products: {
          P1: {
            markets: ['SE', 'NO'],
            defaults: { title: 'Shirt', url: '/shirt' },
            variants: {
              V1: { defaults: { listPrice: 200, sellingPrice: 150, label: 'S' } },
              V2: { defaults: { listPrice: 200, sellingPrice: 150, label: 'M' } },
            },
            images: { I1: { defaults: { urls: [{ url: 'https://cdn.example.com/1.jpg', widthInitial: 800 }] } } },
          },
        },
      },
    },
  };
}

function contentLine(): Line {
  return { replace: { key: 'C1', content: { markets: ['SE'], type: 'article', defaults: { title: 'Care guide', url: '/care' } } } };
}

function translationLine(): Line {
  return { replace: { key: 'T1', translation: { attribute: 'category', id: 'shirts', locale: 'sv-SE', value: 'Skjortor' } } };
}

const PG = 'replace.productGroup';
const P1 = `${PG}.products.P1`;
const V1 = `${P1}.variants.V1`;
const V2 = `${P1}.variants.V2`;
const I1 = `${P1}.images.I1`;
const C1 = 'replace.content';
const T1 = 'replace.translation';

/** Sets the value at a dotted path (creating objects on the way); `undefined` deletes the field. */
function set(root: Line, path: string, value: unknown): Line {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let node = root;
  for (const part of parts) {
    if (node[part] === undefined) node[part] = {};
    node = node[part] as Line;
  }
  if (value === undefined) delete node[last];
  else node[last] = value;
  return root;
}

function mutate(line: Line, changes: Record<string, unknown>): Line {
  for (const [path, value] of Object.entries(changes)) set(line, path, value);
  return line;
}

function replaceErrors(line: unknown): FieldError[] {
  const result = validateReplaceLine(line, ctx);
  return result.ok ? [] : result.problems.errors;
}

function operationErrors(line: unknown): FieldError[] {
  const result = validateOperationLine(line, ctx);
  return result.ok ? [] : result.problems.errors;
}

/** Exactly one error, at `path`, whose message contains `fragment`. */
function expectOnly(errors: FieldError[], path: string, fragment: string): void {
  assert.deepEqual(
    errors.map((e) => e.path),
    [path],
    JSON.stringify(errors),
  );
  assert.ok(errors[0].message.includes(fragment), `"${errors[0].message}" should contain "${fragment}"`);
}

const rejectsGroup = (changes: Record<string, unknown>, path: string, fragment: string) =>
  expectOnly(replaceErrors(mutate(groupLine(), changes)), path, fragment);
const acceptsGroup = (changes: Record<string, unknown>) => assert.deepEqual(replaceErrors(mutate(groupLine(), changes)), []);
const rejectsContent = (changes: Record<string, unknown>, path: string, fragment: string) =>
  expectOnly(replaceErrors(mutate(contentLine(), changes)), path, fragment);
const rejectsTranslation = (changes: Record<string, unknown>, path: string, fragment: string) =>
  expectOnly(replaceErrors(mutate(translationLine(), changes)), path, fragment);

describe('catalog validation', () => {
  describe('valid lines', () => {
    it('accept the product group, content and translation fixtures as typed entities', () => {
      for (const line of [groupLine(), contentLine(), translationLine()]) {
        const result = validateReplaceLine(line, ctx);
        assert.deepEqual(result, { ok: true, value: line.replace });
      }
    });
    it('accept a product using every field', () => {
      acceptsGroup({
        [`${PG}.suppressDuplicates`]: true,
        [`${P1}.colorInitial`]: ['#FFF', '#a1b2c3', 'Gold', 'Silver', 'Multi'],
        [`${P1}.colorOverride`]: ['#000000'],
        [`${P1}.defaults`]: {
          title: 'Shirt',
          url: '/shirt',
          brand: 'B',
          name: 'N',
          series: 'S',
          description: 'D',
          ontology: 'A > B',
          sizeType: 'Clothing',
          dataLocale: 'sv-SE',
          age: ['adult'],
          department: ['men'],
          gender: ['male'],
          pattern: ['striped'],
          productType: ['shirt'],
          styleWith: ['P2'],
          category: ['shirts'],
          customLabels: { material: ['cotton'], färg: ['blå'] },
          customJson: { spec: { a: [1, 2] }, flag: null },
          customLengths: { sleeve: { amount: -1, unit: 'cm' } },
          customNumbers: { fit: 3 },
          rating: 5,
          releaseDate: '2024-05-01T10:00:00.123+02:00',
        },
        [`${P1}.overrides`]: { 'SE|*': { title: 'Skjorta' }, '*|nb-NO': { title: 'Skjorte' }, 'SE|sv-SE': { rating: 0 } },
        [`${V1}.defaults`]: {
          listPrice: 200,
          sellingPrice: 200,
          cost: 50,
          label: 'S',
          size: ['S'],
          order: 1,
          stock: 3,
          storeStock: { store1: 0 },
          customPrices: { member: { listPrice: 200, sellingPrice: 180 } },
          customLabels: { fit: ['slim'] },
          customNumbers: { n: 1 },
          dataLocale: 'sv-SE',
          weight: { amount: 0.2, unit: 'kg' },
        },
        [`${V1}.overrides`]: { 'NO|*': { sellingPrice: 190 } },
        [`${V2}.defaults`]: { listPrice: 200, sellingPrice: 150, size: ['M'], order: 2, weight: { amount: 0.3, unit: 'kg' } },
        [`${I1}`]: {
          defaults: {
            urls: [{ url: '//cdn.example.com/a.jpg' }, { url: 'http://cdn.example.com/b.jpg', widthInitial: 1 }],
            alt: 'a',
            caption: 'c',
            customData: { 'crop-x_1': '10' },
            tags: ['front'],
          },
          overrides: { 'SE|*': { alt: 'b' } },
          limitedLocales: ['sv-SE'],
          limitedMarkets: ['SE'],
          order: 2,
          typeInitial: 'model',
          typeOverride: 'cutout',
        },
      });
    });
  });

  describe('line shape (full import)', () => {
    it('reject a line that is not an object at the empty path', () => {
      expectOnly(replaceErrors([1]), '', 'must be a JSON object');
      expectOnly(replaceErrors('replace'), '', 'must be a JSON object');
    });
    it('reject operations other than replace', () => {
      expectOnly(replaceErrors({ ...groupLine(), edit: {} }), 'edit', 'only replace operations are allowed in a full import');
    });
    it('reject a line without replace', () => expectOnly(replaceErrors({}), '', 'must be a replace operation'));
    it('reject a replace that is not an object', () => expectOnly(replaceErrors({ replace: 3 }), 'replace', 'must be an object (got a number)'));
    it('require exactly one entity', () => {
      expectOnly(replaceErrors({ replace: { key: 'x' } }), 'replace', 'must have one of "productGroup", "content", "translation"');
      const both = mutate(groupLine(), { 'replace.content': contentLine().replace });
      assert.ok(replaceErrors(both).some((e) => e.path === 'replace' && e.message.includes('exactly one of')));
    });
    it('reject unknown fields of replace', () => rejectsGroup({ 'replace.extra': 1 }, 'replace.extra', 'unknown field'));
  });

  describe('keys', () => {
    it('require a non-empty entity key of at most 200 characters', () => {
      rejectsGroup({ 'replace.key': undefined }, 'replace.key', 'required');
      rejectsGroup({ 'replace.key': ' ' }, 'replace.key', 'must not be empty');
      rejectsGroup({ 'replace.key': 7 }, 'replace.key', 'must be a string');
      rejectsGroup({ 'replace.key': 'k'.repeat(201) }, 'replace.key', 'at most 200 characters (got 201)');
    });
    it('limit product, variant and image keys', () => {
      const long = 'k'.repeat(201);
      const product = (((groupLine().replace as Line).productGroup as Line).products as Line).P1;
      expectOnly(replaceErrors(set(groupLine(), `${PG}.products`, { [long]: product })), `${PG}.products.${long}`, 'key is at most 200 characters');
      expectOnly(replaceErrors(set(groupLine(), `${PG}.products`, { '': product })), `${PG}.products.`, 'key must not be empty');
      rejectsGroup({ [`${P1}.images.${long}`]: { defaults: { urls: [{ url: '//a/b.jpg' }] } } }, `${P1}.images.${long}`, 'key is at most 200');
      const variants = { V1: { defaults: { listPrice: 1, sellingPrice: 1, label: 'a' } }, [long]: { defaults: { listPrice: 1, sellingPrice: 1, label: 'b' } } };
      rejectsGroup({ [`${P1}.variants`]: variants }, `${P1}.variants.${long}`, 'key is at most 200');
    });
  });

  describe('markets and locales', () => {
    it('require markets on products', () => {
      rejectsGroup({ [`${P1}.markets`]: undefined }, `${P1}.markets`, 'required');
      rejectsGroup({ [`${P1}.markets`]: [] }, `${P1}.markets`, 'at least one');
    });
    it('reject unknown markets', () => rejectsGroup({ [`${P1}.markets`]: ['SE', 'DK'] }, `${P1}.markets.1`, 'unknown market "DK"'));
    it('accept market, locale and exact override keys', () => {
      acceptsGroup({ [`${P1}.overrides`]: { 'SE|*': { title: 'a' }, '*|nb-NO': { title: 'b' }, 'NO|nb-NO': { title: 'c' } } });
    });
    it('check the form of override keys', () => {
      rejectsGroup({ [`${P1}.overrides.SE`]: { title: 'a' } }, `${P1}.overrides.SE`, '"market|locale"');
      rejectsGroup({ [`${P1}.overrides.*|*`]: { title: 'a' } }, `${P1}.overrides.*|*`, '"*|*" is not allowed');
      rejectsGroup({ [`${P1}.overrides.DK|*`]: { title: 'a' } }, `${P1}.overrides.DK|*`, 'unknown market "DK"');
      rejectsGroup({ [`${P1}.overrides.*|de-DE`]: { title: 'a' } }, `${P1}.overrides.*|de-DE`, 'unknown locale "de-DE"');
      rejectsGroup({ [`${P1}.overrides.SE|nb-NO`]: { title: 'a' } }, `${P1}.overrides.SE|nb-NO`, 'locale "nb-NO" is not a locale of market "SE"');
    });
    it('check limitedMarkets and limitedLocales', () => {
      rejectsGroup({ [`${I1}.limitedMarkets`]: ['FI'] }, `${I1}.limitedMarkets.0`, 'unknown market "FI"');
      rejectsGroup({ [`${I1}.limitedLocales`]: ['fi-FI'] }, `${I1}.limitedLocales.0`, 'unknown locale "fi-FI"');
      rejectsContent({ [`${C1}.limitedLocales`]: ['sv-SE', 'de-DE'] }, `${C1}.limitedLocales.1`, 'unknown locale "de-DE"');
    });
  });

  describe('product group and product', () => {
    it('require at least one product', () => {
      rejectsGroup({ [`${PG}.products`]: undefined }, `${PG}.products`, 'required');
      rejectsGroup({ [`${PG}.products`]: {} }, `${PG}.products`, 'at least one');
    });
    it('take suppressDuplicates as a boolean', () =>
      rejectsGroup({ [`${PG}.suppressDuplicates`]: 'yes' }, `${PG}.suppressDuplicates`, 'must be true or false'));
    it('require defaults with a non-empty title and url', () => {
      rejectsGroup({ [`${P1}.defaults`]: undefined }, `${P1}.defaults`, 'required');
      rejectsGroup({ [`${P1}.defaults.title`]: undefined }, `${P1}.defaults.title`, 'required');
      rejectsGroup({ [`${P1}.defaults.title`]: '' }, `${P1}.defaults.title`, 'must not be empty');
      rejectsGroup({ [`${P1}.defaults.url`]: undefined }, `${P1}.defaults.url`, 'required');
    });
    it('require at least one variant', () => {
      rejectsGroup({ [`${P1}.variants`]: undefined }, `${P1}.variants`, 'required');
      rejectsGroup({ [`${P1}.variants`]: {} }, `${P1}.variants`, 'at least one');
    });
    it('take colours as hex codes or Gold, Silver, Multi', () => {
      rejectsGroup({ [`${P1}.colorInitial`]: ['#fff', 'red'] }, `${P1}.colorInitial.1`, 'hex colour');
      rejectsGroup({ [`${P1}.colorOverride`]: ['#ffff'] }, `${P1}.colorOverride.0`, 'hex colour');
      rejectsGroup({ [`${P1}.colorInitial`]: ['gold'] }, `${P1}.colorInitial.0`, '"Gold", "Silver" or "Multi"');
    });
  });

  describe('product data', () => {
    it('require urls relative to the page root', () => {
      rejectsGroup({ [`${P1}.defaults.url`]: 'shirt' }, `${P1}.defaults.url`, 'must start with "/"');
      rejectsGroup({ [`${P1}.defaults.url`]: '//shop.example.com/shirt' }, `${P1}.defaults.url`, 'single "/"');
      rejectsGroup({ [`${P1}.overrides.SE|*.url`]: 'https://shop.example.com/shirt' }, `${P1}.overrides.SE|*.url`, 'must start with "/"');
    });
    it('take string fields as strings', () => {
      for (const f of ['brand', 'name', 'series', 'description', 'ontology', 'sizeType', 'dataLocale']) {
        rejectsGroup({ [`${P1}.defaults.${f}`]: 5 }, `${P1}.defaults.${f}`, 'must be a string (got a number)');
      }
    });
    it('allow at most 20 values of age, department, gender, pattern, productType, styleWith', () => {
      for (const f of ['age', 'department', 'gender', 'pattern', 'productType', 'styleWith']) {
        acceptsGroup({ [`${P1}.defaults.${f}`]: Array(20).fill('x') });
        rejectsGroup({ [`${P1}.defaults.${f}`]: Array(23).fill('x') }, `${P1}.defaults.${f}`, 'at most 20 values (got 23)');
        rejectsGroup({ [`${P1}.defaults.${f}`]: 'x' }, `${P1}.defaults.${f}`, 'must be an array of strings');
      }
      rejectsGroup({ [`${P1}.defaults.age`]: ['adult', 3] }, `${P1}.defaults.age.1`, 'must be a string');
    });
    it('allow at most 100 categories', () => {
      acceptsGroup({ [`${P1}.defaults.category`]: Array(100).fill('c') });
      rejectsGroup({ [`${P1}.defaults.category`]: Array(101).fill('c') }, `${P1}.defaults.category`, 'at most 100 values (got 101)');
    });
    it('take a rating from 0 to 5', () => {
      rejectsGroup({ [`${P1}.defaults.rating`]: 5.5 }, `${P1}.defaults.rating`, 'between 0 and 5');
      rejectsGroup({ [`${P1}.defaults.rating`]: -0.1 }, `${P1}.defaults.rating`, 'between 0 and 5');
      rejectsGroup({ [`${P1}.defaults.rating`]: '4' }, `${P1}.defaults.rating`, 'must be a number');
    });
    it('take ISO 8601 release dates with at least day precision', () => {
      for (const ok of ['2024-05-01', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00.123+02:00', '2024-05-01T10:00', '2024-02-29T23:59:59-05:00']) {
        acceptsGroup({ [`${P1}.defaults.releaseDate`]: ok });
      }
      for (const bad of [
        '2024-05',
        '2024-05-01T10:00,5',
        '2024-05-01T10.5',
        '2024-05-01T10:00.5',
        '20240501',
        '2023-02-29',
        '2024-13-01',
        '2024-05-01T25:00:00Z',
        'May 1, 2024',
      ]) {
        rejectsGroup({ [`${P1}.defaults.releaseDate`]: bad }, `${P1}.defaults.releaseDate`, 'ISO 8601');
      }
      rejectsGroup({ [`${P1}.overrides.SE|sv-SE.releaseDate`]: '2024-05' }, `${P1}.overrides.SE|sv-SE.releaseDate`, 'at least day precision');
    });
    it('take customLabels as names to string lists', () => {
      rejectsGroup({ [`${P1}.defaults.customLabels`]: { color: 'red' } }, `${P1}.defaults.customLabels.color`, 'must be an array of strings');
      rejectsGroup({ [`${P1}.defaults.customLabels`]: ['red'] }, `${P1}.defaults.customLabels`, 'must be an object');
    });
    it('take customJson with any value, customLengths as Length, customNumbers as numbers', () => {
      acceptsGroup({ [`${P1}.defaults.customJson`]: { a: 1, b: 'x', c: [null], d: { e: true } } });
      rejectsGroup(
        { [`${P1}.defaults.customLengths.sleeve`]: { amount: 'long', unit: 'cm' } },
        `${P1}.defaults.customLengths.sleeve.amount`,
        'must be a number',
      );
      rejectsGroup({ [`${P1}.defaults.customLengths.sleeve`]: { amount: 3 } }, `${P1}.defaults.customLengths.sleeve.unit`, 'required');
      rejectsGroup({ [`${P1}.defaults.customNumbers.fit`]: '3' }, `${P1}.defaults.customNumbers.fit`, 'must be a number');
    });
    it('require XML-compliant custom attribute names of at most 2000 characters', () => {
      for (const field of ['customLabels', 'customJson', 'customLengths', 'customNumbers']) {
        const value = { customLabels: ['a'], customJson: 1, customLengths: { amount: 1, unit: 'cm' }, customNumbers: 1 }[field];
        for (const bad of ['bad name', '1abc', 'xmlData', 'XMLdata', '-a']) {
          rejectsGroup({ [`${P1}.defaults.${field}`]: { [bad]: value } }, `${P1}.defaults.${field}.${bad}`, 'XML name');
        }
        acceptsGroup({ [`${P1}.defaults.${field}`]: { '_a.b-c1': value, färg: value } });
      }
      acceptsGroup({ [`${P1}.defaults.customLabels`]: { ['a'.repeat(2000)]: ['x'] } });
      rejectsGroup(
        { [`${P1}.defaults.customLabels`]: { ['a'.repeat(2001)]: ['x'] } },
        `${P1}.defaults.customLabels.${'a'.repeat(2001)}`,
        'at most 2000 characters',
      );
    });
    it('take measurements as {amount >= 0, unit}', () => {
      for (const m of ['depth', 'height', 'length', 'width', 'volume', 'weight']) {
        rejectsGroup({ [`${P1}.defaults.${m}`]: { amount: -1, unit: 'cm' } }, `${P1}.defaults.${m}.amount`, 'at least 0');
        rejectsGroup({ [`${P1}.defaults.${m}`]: { amount: 1, unit: '' } }, `${P1}.defaults.${m}.unit`, 'must not be empty');
      }
      rejectsGroup({ [`${P1}.defaults.weight`]: { amount: 1, unit: 'kg', grams: 1000 } }, `${P1}.defaults.weight.grams`, 'unknown field');
      rejectsGroup({ [`${V1}.defaults.weight`]: 3, [`${V2}.defaults.weight`]: { amount: 1, unit: 'kg' } }, `${V1}.defaults.weight`, 'must be an object');
    });
  });

  describe('measurement level', () => {
    const kg = { amount: 1, unit: 'kg' };
    it('accept a measurement on the product or on every variant', () => {
      acceptsGroup({ [`${P1}.defaults.weight`]: kg });
      acceptsGroup({ [`${V1}.defaults.weight`]: kg, [`${V2}.defaults.weight`]: kg });
    });
    it('reject a measurement at product and variant level', () => {
      rejectsGroup({ [`${P1}.defaults.weight`]: kg, [`${V1}.defaults.weight`]: kg, [`${V2}.defaults.weight`]: kg }, `${P1}.defaults.weight`, 'not both');
      rejectsGroup(
        { [`${P1}.overrides.SE|*.depth`]: kg, [`${V1}.defaults.depth`]: kg, [`${V2}.defaults.depth`]: kg },
        `${P1}.overrides.SE|*.depth`,
        'not both',
      );
    });
    it('require a variant-level measurement on all variants', () => {
      rejectsGroup({ [`${V1}.defaults.height`]: kg }, `${V2}.defaults.height`, 'every variant');
      rejectsGroup({ [`${V1}.defaults.height`]: kg, [`${V2}.overrides.SE|*.height`]: kg }, `${V2}.defaults.height`, 'every variant');
    });
  });

  describe('variants', () => {
    it('require defaults with listPrice and sellingPrice', () => {
      rejectsGroup({ [`${V1}.defaults`]: undefined }, `${V1}.defaults`, 'required');
      rejectsGroup({ [`${V1}.defaults.listPrice`]: undefined }, `${V1}.defaults.listPrice`, 'required');
      rejectsGroup({ [`${V1}.defaults.sellingPrice`]: undefined }, `${V1}.defaults.sellingPrice`, 'required');
    });
    it('take prices and cost as numbers >= 0', () => {
      rejectsGroup({ [`${V1}.defaults.listPrice`]: '200' }, `${V1}.defaults.listPrice`, 'must be a number');
      rejectsGroup({ [`${V1}.defaults.sellingPrice`]: -1 }, `${V1}.defaults.sellingPrice`, 'at least 0');
      rejectsGroup({ [`${V1}.defaults.cost`]: -5 }, `${V1}.defaults.cost`, 'at least 0');
    });
    it('require listPrice >= sellingPrice in defaults', () => {
      rejectsGroup({ [`${V1}.defaults.sellingPrice`]: 250 }, `${V1}.defaults.sellingPrice`, 'at most listPrice (250 > 200)');
    });
    it('require listPrice >= sellingPrice in overrides merged over defaults', () => {
      rejectsGroup({ [`${V1}.overrides.SE|*`]: { sellingPrice: 250 } }, `${V1}.overrides.SE|*.sellingPrice`, 'at most listPrice (250 > 200 in defaults)');
      rejectsGroup({ [`${V1}.overrides.SE|*`]: { listPrice: 100 } }, `${V1}.overrides.SE|*.listPrice`, 'at least sellingPrice (100 < 150 in defaults)');
      acceptsGroup({ [`${V1}.overrides.SE|*`]: { listPrice: 120, sellingPrice: 100 } });
    });
    it('take stock and storeStock as integers >= 0', () => {
      rejectsGroup({ [`${V1}.defaults.stock`]: 1.5 }, `${V1}.defaults.stock`, 'must be an integer');
      rejectsGroup({ [`${V1}.defaults.stock`]: -1 }, `${V1}.defaults.stock`, 'at least 0');
      rejectsGroup({ [`${V1}.defaults.storeStock`]: { s1: -2 } }, `${V1}.defaults.storeStock.s1`, 'at least 0');
      rejectsGroup({ [`${V1}.defaults.storeStock`]: { s1: 0.5 } }, `${V1}.defaults.storeStock.s1`, 'must be an integer');
      rejectsGroup({ [`${V1}.defaults.storeStock`]: { '': 2 } }, `${V1}.defaults.storeStock.`, 'store key must not be empty');
    });
    it('take customPrices with both prices, listPrice >= sellingPrice', () => {
      rejectsGroup({ [`${V1}.defaults.customPrices`]: { member: { listPrice: 100 } } }, `${V1}.defaults.customPrices.member.sellingPrice`, 'required');
      rejectsGroup({ [`${V1}.defaults.customPrices`]: { member: { sellingPrice: 100 } } }, `${V1}.defaults.customPrices.member.listPrice`, 'required');
      rejectsGroup(
        { [`${V1}.defaults.customPrices`]: { member: { listPrice: 100, sellingPrice: 120 } } },
        `${V1}.defaults.customPrices.member.sellingPrice`,
        'at most listPrice',
      );
    });
    it('allow at most 20 custom labels per variant', () => {
      const labels = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`l${i}`, ['x']]));
      acceptsGroup({ [`${V1}.defaults.customLabels`]: labels(20) });
      rejectsGroup({ [`${V1}.defaults.customLabels`]: labels(21) }, `${V1}.defaults.customLabels`, 'at most 20 custom labels per variant (got 21)');
    });
    it('take label as a string, size as a non-empty string list, order as an integer', () => {
      rejectsGroup({ [`${V1}.defaults.label`]: 5 }, `${V1}.defaults.label`, 'must be a string');
      rejectsGroup({ [`${V1}.defaults.size`]: [], [`${V1}.defaults.label`]: 'S' }, `${V1}.defaults.size`, 'at least one value');
      rejectsGroup({ [`${V1}.defaults.order`]: 1.5, [`${V2}.defaults.order`]: 2 }, `${V1}.defaults.order`, 'must be an integer');
    });
    it('require order on all variants of a product or none', () => {
      rejectsGroup({ [`${V1}.defaults.order`]: 1 }, `${V2}.defaults.order`, 'every variant needs it');
    });
    it('require label or size on each of several variants', () => {
      rejectsGroup({ [`${V2}.defaults.label`]: undefined }, `${V2}.defaults.label`, 'more than one variant');
      acceptsGroup({ [`${V2}.defaults.label`]: undefined, [`${V2}.defaults.size`]: ['M'] });
    });
    it('accept label and size on a single variant with a warning naming the path (the spec only advises against them)', () => {
      const warnings = (changes: Record<string, unknown>) => {
        const result = validateReplaceLine(mutate(groupLine(), changes), ctx);
        assert.equal(result.ok, true);
        return result.ok ? (result.warnings ?? []).map((w) => w.path) : [];
      };
      assert.deepEqual(warnings({ [`${P1}.variants.V2`]: undefined }), [`${V1}.defaults.label`]);
      assert.deepEqual(warnings({ [`${P1}.variants.V2`]: undefined, [`${V1}.defaults.label`]: undefined, [`${V1}.overrides.SE|*.size`]: ['S'] }), [
        `${V1}.overrides.SE|*.size`,
      ]);
      assert.deepEqual(warnings({ [`${P1}.variants.V2`]: undefined, [`${V1}.defaults.label`]: undefined }), []);
    });
  });

  describe('images', () => {
    it('require defaults with at least one url', () => {
      rejectsGroup({ [`${I1}.defaults`]: undefined }, `${I1}.defaults`, 'required');
      rejectsGroup({ [`${I1}.defaults.urls`]: undefined }, `${I1}.defaults.urls`, 'required');
      rejectsGroup({ [`${I1}.defaults.urls`]: [] }, `${I1}.defaults.urls`, 'at least one url');
      rejectsGroup({ [`${I1}.defaults.urls`]: [{ widthInitial: 3 }] }, `${I1}.defaults.urls.0.url`, 'required');
    });
    it('require absolute image urls', () => {
      rejectsGroup({ [`${I1}.defaults.urls.0.url`]: '/img/1.jpg' }, `${I1}.defaults.urls.0.url`, 'must be absolute');
      rejectsGroup({ [`${I1}.defaults.urls.0.url`]: 'ftp://cdn/1.jpg' }, `${I1}.defaults.urls.0.url`, '"http://", "https://" or "//"');
    });
    it('take widthInitial as a positive integer and order as an integer', () => {
      rejectsGroup({ [`${I1}.defaults.urls.0.widthInitial`]: 0 }, `${I1}.defaults.urls.0.widthInitial`, 'at least 1');
      rejectsGroup({ [`${I1}.defaults.urls.0.widthInitial`]: 10.5 }, `${I1}.defaults.urls.0.widthInitial`, 'integer');
      rejectsGroup({ [`${I1}.order`]: 'first' }, `${I1}.order`, 'must be a number');
      rejectsGroup({ [`${I1}.order`]: 1.5 }, `${I1}.order`, 'must be an integer');
    });
    it('take typeInitial and typeOverride from model, cutout, misc', () => {
      rejectsGroup({ [`${I1}.typeInitial`]: 'photo' }, `${I1}.typeInitial`, '"model", "cutout" or "misc"');
      rejectsGroup({ [`${I1}.typeOverride`]: 'Model' }, `${I1}.typeOverride`, '"model", "cutout" or "misc"');
    });
    it('check image customData names and values', () => {
      rejectsGroup({ [`${I1}.defaults.customData`]: { 'crop x': '1' } }, `${I1}.defaults.customData.crop x`, 'letters, digits, "-" or "_"');
      rejectsGroup({ [`${I1}.defaults.customData`]: { ['a'.repeat(101)]: '1' } }, `${I1}.defaults.customData.${'a'.repeat(101)}`, '1 to 100');
      acceptsGroup({ [`${I1}.defaults.customData`]: { ['a'.repeat(100)]: '1' } });
      rejectsGroup({ [`${I1}.defaults.customData`]: { crop: 1 } }, `${I1}.defaults.customData.crop`, 'must be a string');
    });
    it('take tags as strings and check overrides', () => {
      rejectsGroup({ [`${I1}.defaults.tags`]: 'front' }, `${I1}.defaults.tags`, 'must be an array of strings');
      rejectsGroup({ [`${I1}.overrides.SE|*.urls`]: [] }, `${I1}.overrides.SE|*.urls`, 'at least one url');
      rejectsGroup({ [`${I1}.overrides.SE|*.alt`]: 1 }, `${I1}.overrides.SE|*.alt`, 'must be a string');
    });
  });

  describe('content', () => {
    const image = { defaults: { urls: [{ url: 'https://cdn.example.com/c.jpg' }] } };
    it('require markets and a non-empty type', () => {
      rejectsContent({ [`${C1}.markets`]: [] }, `${C1}.markets`, 'at least one');
      rejectsContent({ [`${C1}.markets`]: ['DK'] }, `${C1}.markets.0`, 'unknown market');
      rejectsContent({ [`${C1}.type`]: undefined }, `${C1}.type`, 'required');
      rejectsContent({ [`${C1}.type`]: '' }, `${C1}.type`, 'must not be empty');
    });
    it('require defaults with title and url', () => {
      rejectsContent({ [`${C1}.defaults`]: undefined }, `${C1}.defaults`, 'required');
      rejectsContent({ [`${C1}.defaults.title`]: undefined }, `${C1}.defaults.title`, 'required');
      rejectsContent({ [`${C1}.defaults.url`]: undefined }, `${C1}.defaults.url`, 'required');
      rejectsContent({ [`${C1}.defaults.title`]: ' ' }, `${C1}.defaults.title`, 'must not be empty');
    });
    it('take relative or absolute content urls', () => {
      for (const url of ['/care', 'https://blog.example.com/care', 'http://x', '//x/y'])
        assert.deepEqual(replaceErrors(mutate(contentLine(), { [`${C1}.defaults.url`]: url })), []);
      rejectsContent({ [`${C1}.defaults.url`]: 'care' }, `${C1}.defaults.url`, 'must start with "/" (relative) or with "http://", "https://" or "//"');
    });
    it('check description, releaseDate, customLabels and overrides', () => {
      rejectsContent({ [`${C1}.defaults.description`]: 1 }, `${C1}.defaults.description`, 'must be a string');
      rejectsContent({ [`${C1}.defaults.releaseDate`]: '2024-05' }, `${C1}.defaults.releaseDate`, 'ISO 8601');
      rejectsContent({ [`${C1}.defaults.customLabels`]: { 'a b': ['x'] } }, `${C1}.defaults.customLabels.a b`, 'XML name');
      rejectsContent({ [`${C1}.overrides.SE|*.url`]: 'x' }, `${C1}.overrides.SE|*.url`, 'must start with');
      rejectsContent({ [`${C1}.defaults.brand`]: 'x' }, `${C1}.defaults.brand`, 'unknown field');
    });
    it('take one image, without types or tags', () => {
      assert.deepEqual(replaceErrors(mutate(contentLine(), { [`${C1}.image`]: image })), []);
      rejectsContent({ [`${C1}.image`]: { ...image, typeInitial: 'model' } }, `${C1}.image.typeInitial`, 'not allowed on content images');
      rejectsContent({ [`${C1}.image`]: { ...image, typeOverride: 'misc' } }, `${C1}.image.typeOverride`, 'not allowed on content images');
      rejectsContent(
        { [`${C1}.image`]: structuredClone(image), [`${C1}.image.defaults.tags`]: ['a'] },
        `${C1}.image.defaults.tags`,
        'not allowed on content images',
      );
      rejectsContent({ [`${C1}.image`]: { defaults: {} } }, `${C1}.image.defaults.urls`, 'required');
    });
  });

  describe('translations', () => {
    it('take category, age, gender and customLabels.<name> attributes', () => {
      for (const attribute of ['age', 'gender', 'series', 'customLabels.material'])
        assert.deepEqual(replaceErrors(mutate(translationLine(), { [`${T1}.attribute`]: attribute })), []);
      rejectsTranslation(
        { [`${T1}.attribute`]: 'brand' },
        `${T1}.attribute`,
        'must be "category", "age", "gender", "series", "sizeType" or "customLabels.<name>"',
      );
      rejectsTranslation({ [`${T1}.attribute`]: 'customLabels.' }, `${T1}.attribute`, 'customLabels.<name>');
    });
    it('require non-empty id, locale and value', () => {
      rejectsTranslation({ [`${T1}.id`]: '' }, `${T1}.id`, 'must not be empty');
      rejectsTranslation({ [`${T1}.value`]: undefined }, `${T1}.value`, 'required');
      rejectsTranslation({ [`${T1}.locale`]: '' }, `${T1}.locale`, 'must not be empty');
    });
    it('require a configured locale', () => rejectsTranslation({ [`${T1}.locale`]: 'de-DE' }, `${T1}.locale`, 'unknown locale "de-DE"'));
  });

  describe('unknown fields', () => {
    it('report them, suggesting the likely field', () => {
      rejectsGroup({ [`${P1}.defaults.titel`]: 'x' }, `${P1}.defaults.titel`, 'unknown field (did you mean "title"?)');
      rejectsGroup({ [`${V1}.defaults.sellingprice`]: 1 }, `${V1}.defaults.sellingprice`, 'did you mean "sellingPrice"?');
      rejectsGroup({ [`${P1}.colour`]: ['#fff'] }, `${P1}.colour`, 'unknown field');
      rejectsGroup({ [`${V1}.stock`]: 1 }, `${V1}.stock`, 'unknown field (allowed: defaults, overrides)');
      rejectsGroup({ [`${PG}.title`]: 'x' }, `${PG}.title`, 'unknown field');
      rejectsTranslation({ [`${T1}.extra`]: 'x' }, `${T1}.extra`, 'unknown field');
    });
  });

  it('caps errors per line at 20', () => {
    const errors = replaceErrors(mutate(groupLine(), { [`${P1}.colorInitial`]: Array(25).fill('red') }));
    assert.equal(errors.length, 20);
  });

  describe('operations', () => {
    const ok = (line: unknown) => {
      const result = validateOperationLine(line, ctx);
      assert.ok(result.ok, JSON.stringify(result));
      return result.value;
    };
    it('parse replace', () => {
      const line = groupLine();
      assert.deepEqual(ok(line), { op: 'replace', entity: line.replace });
      expectOnly(operationErrors(mutate(groupLine(), { [`${P1}.defaults.url`]: 'x' })), `${P1}.defaults.url`, 'must start with "/"');
    });
    it('parse a partial edit', () => {
      const entity = { key: 'PG1', productGroup: { products: { P1: { defaults: { title: 'New' }, variants: { V1: { defaults: { sellingPrice: 99 } } } } } } };
      assert.deepEqual(ok({ edit: entity }), { op: 'edit', entity });
      const contentEdit = { key: 'C1', content: { defaults: { description: 'x' } } };
      assert.deepEqual(ok({ edit: contentEdit }), { op: 'edit', entity: contentEdit });
      // Rules across variants wait for the merged entity: a label on one of the product's variants is fine here.
      const oneVariant = { key: 'PG1', productGroup: { products: { P1: { variants: { V2: { defaults: { label: 'M' } } }, images: {} } } } };
      assert.deepEqual(ok({ edit: oneVariant }), { op: 'edit', entity: oneVariant });
    });
    it('check every field an edit gives', () => {
      const path = 'edit.productGroup.products.P1.overrides.SE|sv-SE.releaseDate';
      expectOnly(operationErrors(set({ edit: { key: 'PG1' } }, path, '2024-05')), path, 'ISO 8601');
      expectOnly(
        operationErrors(set({ edit: { key: 'PG1' } }, 'edit.productGroup.products.P1.markets', [])),
        'edit.productGroup.products.P1.markets',
        'at least one',
      );
      const prices = 'edit.productGroup.products.P1.variants.V1.defaults';
      expectOnly(operationErrors(set({ edit: { key: 'PG1' } }, prices, { listPrice: 100, sellingPrice: 120 })), `${prices}.sellingPrice`, 'at most listPrice');
      expectOnly(operationErrors({ edit: { key: 'T1', translation: {} } }), 'edit.translation', 'use replace');
      expectOnly(operationErrors({ edit: { productGroup: {} } }), 'edit.key', 'required');
      expectOnly(operationErrors({ edit: { key: 'PG1' } }), 'edit', 'must have one of "productGroup", "content"');
    });
    it('parse editAttributes of a product or a variant', () => {
      const product = { key: 'P1', product: { defaults: { title: 'x' }, overrides: { 'SE|*': { brand: 'B' } }, colorInitial: ['#fff'] } };
      assert.deepEqual(ok({ editAttributes: product }), { op: 'editAttributes', entity: product });
      const variant = { key: 'V1', variant: { defaults: { stock: 4 } } };
      assert.deepEqual(ok({ editAttributes: variant }), { op: 'editAttributes', entity: variant });
    });
    it('refuse structure and bad values in editAttributes', () => {
      for (const f of ['variants', 'images', 'markets']) {
        expectOnly(operationErrors({ editAttributes: { key: 'P1', product: { [f]: {} } } }), `editAttributes.product.${f}`, 'not allowed in editAttributes');
      }
      expectOnly(
        operationErrors({ editAttributes: { key: 'V1', variant: { defaults: { stock: -1 } } } }),
        'editAttributes.variant.defaults.stock',
        'at least 0',
      );
      expectOnly(operationErrors({ editAttributes: { key: 'V1', variant: {}, product: {} } }), 'editAttributes', 'exactly one of "product", "variant"');
      expectOnly(operationErrors({ editAttributes: { key: '', variant: {} } }), 'editAttributes.key', 'must not be empty');
    });
    it('parse remove and removePartial', () => {
      assert.deepEqual(ok({ remove: { productGroup: 'PG1' } }), { op: 'remove', entityType: 'productGroup', key: 'PG1' });
      assert.deepEqual(ok({ remove: { content: 'C1' } }), { op: 'remove', entityType: 'content', key: 'C1' });
      assert.deepEqual(ok({ removePartial: { market: 'SE', content: 'C1' } }), { op: 'removePartial', entityType: 'content', key: 'C1', market: 'SE' });
      assert.deepEqual(ok({ removePartial: { market: 'NO', productGroup: 'PG1' } }), {
        op: 'removePartial',
        entityType: 'productGroup',
        key: 'PG1',
        market: 'NO',
      });
    });
    it('check remove and removePartial', () => {
      expectOnly(operationErrors({ remove: { productGroup: 'PG1', content: 'C1' } }), 'remove', 'exactly one of');
      expectOnly(operationErrors({ remove: { productGroup: '' } }), 'remove.productGroup', 'must not be empty');
      expectOnly(operationErrors({ remove: { translation: 'T1' } }), 'remove.translation', 'translations are removed with clearTranslations');
      expectOnly(operationErrors({ remove: 'PG1' }), 'remove', 'must be an object');
      expectOnly(operationErrors({ removePartial: { market: 'DK', productGroup: 'PG1' } }), 'removePartial.market', 'unknown market "DK"');
      expectOnly(operationErrors({ removePartial: { productGroup: 'PG1' } }), 'removePartial.market', 'required');
    });
    it('parse and check the clear operations', () => {
      assert.deepEqual(ok({ clearProductGroups: { market: 'SE' } }), { op: 'clearProductGroups', market: 'SE' });
      assert.deepEqual(ok({ clearContent: { market: 'NO' } }), { op: 'clearContent', market: 'NO' });
      assert.deepEqual(ok({ clearTranslations: { locale: 'nb-NO' } }), { op: 'clearTranslations', locale: 'nb-NO' });
      expectOnly(operationErrors({ clearProductGroups: { market: 'DK' } }), 'clearProductGroups.market', 'unknown market');
      expectOnly(operationErrors({ clearContent: { market: 'FI' } }), 'clearContent.market', 'unknown market');
      expectOnly(operationErrors({ clearTranslations: { locale: 'de-DE' } }), 'clearTranslations.locale', 'unknown locale');
      expectOnly(operationErrors({ clearTranslations: {} }), 'clearTranslations.locale', 'required');
    });
    it('require exactly one known operation per line', () => {
      expectOnly(operationErrors(null), '', 'must be a JSON object');
      expectOnly(operationErrors({}), '', 'exactly one operation (got none)');
      expectOnly(operationErrors({ remove: { content: 'C1' }, clearContent: { market: 'SE' } }), '', 'exactly one operation (got remove, clearContent)');
      expectOnly(operationErrors({ delete: { content: 'C1' } }), 'delete', 'unknown operation');
    });
  });

  describe('validateEntity', () => {
    it('prefix paths and apply the rules of a full entity to a merged edit', () => {
      const entity = groupLine().replace as Line as unknown as ReplaceEntity;
      assert.deepEqual(validateEntity(entity, ctx, 'edit'), []);
      const infinite = set(groupLine(), `${P1}.defaults.customNumbers.fit`, Number.POSITIVE_INFINITY).replace as unknown as ReplaceEntity;
      expectOnly(validateEntity(infinite, ctx, 'replace'), `${P1}.defaults.customNumbers.fit`, 'must be a number');
      const merged = set(groupLine(), `${V2}.defaults.label`, undefined).replace as unknown as ReplaceEntity;
      expectOnly(validateEntity(merged, ctx, 'edit'), 'edit.productGroup.products.P1.variants.V2.defaults.label', 'more than one variant');
    });
  });

  describe('CatalogLimits', () => {
    const entityOf = (line: Line) => line.replace as ReplaceEntity;
    it('reject a key seen before for the same entity type in a full import', () => {
      const limits = new CatalogLimits();
      assert.deepEqual(limits.add(entityOf(groupLine()), 'replace'), []);
      expectOnly(limits.add(entityOf(groupLine()), 'replace'), 'replace.key', 'duplicate key "PG1", first seen');
      assert.deepEqual(limits.add(entityOf(set(contentLine(), 'replace.key', 'PG1')), 'replace'), []);
    });
    it('allow repeated keys in an operations import', () => {
      const limits = new CatalogLimits({ fullImport: false });
      assert.deepEqual(limits.add(entityOf(groupLine()), 'replace'), []);
      assert.deepEqual(limits.add(entityOf(groupLine()), 'replace'), []);
    });
    it('allow at most 25 distinct content types', () => {
      const limits = new CatalogLimits();
      const content = (i: number, type: string) => entityOf(mutate(contentLine(), { 'replace.key': `C${i}`, [`${C1}.type`]: type }));
      for (let i = 0; i < 25; i++) assert.deepEqual(limits.add(content(i, `type${i}`), 'replace'), []);
      assert.deepEqual(limits.add(content(25, 'type3'), 'replace'), []);
      expectOnly(limits.add(content(26, 'type25'), 'replace'), 'replace.content.type', 'at most 25 distinct content types');
    });
    describe('variant custom attributes', () => {
      const numbers = (names: string[]) => Object.fromEntries(names.map((n) => [n, 1]));
      const names = (from: number, count: number) => Array.from({ length: count }, (_, i) => `n${from + i}`);
      const group = (key: string, variant: Record<string, unknown>) =>
        entityOf(mutate(groupLine(), { 'replace.key': key, [`${P1}.variants`]: { V1: variant } }));
      it('allow 1000 names per market-locale and reject the 1001st, counting overrides where they apply', () => {
        const limits = new CatalogLimits({ configuration: ctx.configuration });
        assert.deepEqual(limits.add(group('G1', { defaults: { customNumbers: numbers(names(0, 999)) } }), 'replace'), []);
        assert.deepEqual(limits.add(group('G2', { defaults: { customNumbers: numbers(names(500, 500)) } }), 'replace'), []);
        const extra = group('G3', { defaults: {}, overrides: { 'SE|*': { customLabels: { n0: ['x'] } } } });
        expectOnly(limits.add(extra, 'replace'), `${P1}.variants`, 'in SE|sv-SE');
        assert.deepEqual(limits.add(group('G3', { defaults: { customNumbers: { n0: 1 } } }), 'replace'), [], 'a rejected entity is not recorded');
      });
      it('count per market without a configuration', () => {
        const limits = new CatalogLimits();
        assert.deepEqual(limits.add(group('G1', { defaults: { customNumbers: numbers(names(0, 1000)) } }), 'replace'), []);
        expectOnly(limits.add(group('G2', { defaults: {}, overrides: { 'NO|nb-NO': { customNumbers: { x: 1 } } } }), 'replace'), `${P1}.variants`, 'in NO|*');
      });
    });
  });
});
