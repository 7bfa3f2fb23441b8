/**
 * Issue 32 (parity II): storefront behaviour on a small hand-made catalog, one item per describe.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product, translation } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', touchpoint: 'DESKTOP', notify: 'false' };

const silk = (key: string) =>
  group(key, {
    [key]: product(key, {
      defaults: {
        title: `Silk ${key}`,
        url: `/p/${key}`,
        brand: 'Acme',
        category: ['cat_shoes'],
        customLabels: { material: ['mat_silk'] },
        customNumbers: { ports: 2 },
      },
    }),
  });
const wool = (key: string) =>
  group(key, {
    [key]: product(key, {
      defaults: { title: `Wool ${key}`, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'], customLabels: { material: ['mat_wool'] } },
    }),
  });

const cm = (amount: number) => ({ amount, unit: 'cm' });
const measured = (key: string, data: object, variants?: Record<string, object>) =>
  group(key, {
    [key]: product(key, {
      defaults: { title: `Shelf ${key}`, url: `/p/${key}`, brand: 'Measured', category: ['cat_shelves'], ...data },
      ...(variants
        ? {
            variants: Object.fromEntries(
              Object.entries(variants).map(([k, v]) => [k, { defaults: { listPrice: 100, sellingPrice: 100, stock: 3, label: k, ...v } }]),
            ),
          }
        : {}),
    }),
  });

/** A product of `sizeType` with one variant per size, each size `extra[size]` more times in stock products. */
const sized = (key: string, sizeType: string, sizes: string[]) =>
  group(key, {
    [key]: product(key, {
      defaults: { title: `Sized ${key}`, url: `/p/${key}`, brand: 'Sized', category: ['cat_clothes'], sizeType },
      variants: Object.fromEntries(sizes.map((size) => [`${key}-${size}`, { defaults: { listPrice: 100, sellingPrice: 100, stock: 3, size: [size] } }])),
    }),
  });

const CATALOG: ReplaceEntity[] = [
  translation('t-clothing-sv', { attribute: 'sizeType', id: 'Clothing', locale: 'sv-SE', value: 'Kläder' }),
  // Counts: L 3, M 2, S 2, XL 1, XS 1, XXL 1: count order would be L, M, S, ...
  sized('Z1', 'Clothing', ['L', 'M', 'S', 'XL']),
  sized('Z2', 'Clothing', ['L', 'M', 'S', 'XS']),
  sized('Z3', 'Clothing', ['L', 'XXL']),
  sized('Z4', 'Shoes', ['42', '38']),
  sized('Z5', 'Shoes', ['42', '40.5', '9']),
  // Variant-level widths 50 and 80 cm; product-level 60 and 120 cm.
  measured('M-VAR', {}, { 'M-VAR-50': { width: cm(50) }, 'M-VAR-80': { width: cm(80) } }),
  measured('M-60', { width: cm(60) }),
  measured('M-120', { width: cm(120) }),
  translation('t-silk-sv', { attribute: 'customLabels.material', id: 'mat_silk', locale: 'sv-SE', value: 'Siden' }),
  translation('t-silk-en', { attribute: 'customLabels.material', id: 'mat_silk', locale: 'en-GB', value: 'Silk' }),
  silk('S1'),
  silk('S2'),
  wool('W1'),
];

describe('parity II (issue 32)', function () {
  let service: TestService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function landing(params: Record<string, string>, body: unknown): Promise<any> {
    const query = new URLSearchParams({ ...BASE, pageReference: '/no/such/page', limit: '100', ...params });
    const res = await service.request('POST', `/api/storefront/v3/queries/landing-page?${query}`, {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'text/plain' },
    });
    const json = await res.json();
    assert.equal(res.status, 200, JSON.stringify(json));
    return json;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const keys = (page: any): string[] => page.primaryList.productGroups.map((g: { key: string }) => g.key).sort();

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  describe('variant-level measurements (item 3)', function () {
    const shelves = 'rule incl brand { "Measured" }';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const ordered = (page: any): string[] => page.primaryList.productGroups.map((g: { key: string }) => g.key);
    it("a width rule matches a product by its variants' widths", async () => {
      const page = await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: `${shelves} incl width [ 0 cm, 100 cm ]` } });
      assert.deepEqual(keys(page), ['M-60', 'M-VAR']);
      const wide = await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: `${shelves} incl width [ 70 cm, 1 m ]` } });
      assert.deepEqual(keys(wide), ['M-VAR']);
      const excluded = await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: `${shelves} excl width [ 0 cm, 55 cm ]` } });
      assert.deepEqual(keys(excluded), ['M-120', 'M-60']);
    });
    it("width sorts rank by the variants' widths: the widest for decreasing, the narrowest for increasing", async () => {
      const rules = { primaryList: { include: true, productRules: shelves } };
      assert.deepEqual(ordered(await landing({ locale: 'en-GB', sort: 'WIDTH_DECREASING' }, rules)), ['M-120', 'M-VAR', 'M-60']);
      assert.deepEqual(ordered(await landing({ locale: 'en-GB', sort: 'WIDTH_INCREASING' }, rules)), ['M-VAR', 'M-60', 'M-120']);
    });
  });

  describe('sizes in size order (item 8)', function () {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const sizeFacet = (page: any) => page.primaryList.facets.find((f: { type: string }) => f.type === 'SIZE');
    const sizedOnly = { primaryList: { include: true, productRules: 'rule incl brand { "Sized" }' } };
    it("lists letter sizes XXS…XXXL and numeric sizes ascending, and translates the size type's label", async () => {
      const facet = sizeFacet(await landing({ locale: 'sv-SE' }, sizedOnly));
      const types = facet.sizeTypes.map((t: { label: string; formats: { values: { label: string; id: string; count: number }[] }[] }) => [
        t.label,
        t.formats[0].values.map((v) => v.label),
      ]);
      assert.deepEqual(types.sort(), [
        ['Kläder', ['XS', 'S', 'M', 'L', 'XL', 'XXL']],
        ['Shoes', ['9', '38', '40.5', '42']],
      ]);
      const kläder = facet.sizeTypes.find((t: { label: string }) => t.label === 'Kläder');
      assert.equal(kläder.formats[0].values[0].id, 'Clothing;NO_FORMAT;XS', "ids keep the feed's size type");
      const english = sizeFacet(await landing({ locale: 'en-GB' }, sizedOnly));
      assert.deepEqual(english.sizeTypes.map((t: { label: string }) => t.label).sort(), ['Clothing', 'Shoes']);
      const selected = await landing({ locale: 'sv-SE', [`f.${facet.id}`]: 'Clothing;NO_FORMAT;XS' }, sizedOnly);
      assert.deepEqual(keys(selected), ['Z2']);
    });
  });

  describe('FacetSetting.visualization on typed numbers only (item 7)', function () {
    const pageWith = (attribute: string) => ({
      market: 'SE',
      type: 'PARTIAL',
      addOrUpdate: [
        { id: '/facets', primaryList: { facetsOverride: { enabled: true, facets: [{ attribute: 'brand' }, { attribute, visualization: 'RANGE' }] } } },
      ],
    });
    const importPage = (attribute: string) =>
      service.admin('POST', '/api/admin/v3/import/pages', { body: JSON.stringify(pageWith(attribute)), headers: { 'Content-Type': 'application/json' } });
    for (const [attribute, why] of [
      ['custom.material', /custom.material is a label/],
      ['custom.nosuch', /no product in the catalog has custom.nosuch/],
    ] as const) {
      it(`refuses it on ${attribute} with 400 naming the path`, async () => {
        const res = await importPage(attribute);
        const body = await jsonBody(res);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(
          body.errors.map((e: { path: string }) => e.path),
          ['addOrUpdate[0].primaryList.facetsOverride.facets[1].visualization'],
        );
        assert.match(body.errors[0].message, why);
      });
    }
    it('accepts it on a custom number', async () => {
      const res = await importPage('custom.ports');
      assert.equal(res.status, 204, await res.text());
    });
  });

  describe('custom labels by feed id (item 2)', function () {
    for (const locale of ['sv-SE', 'en-GB']) {
      it(`a rule, the deprecated productFilter and a facet selection accept the feed id in ${locale}`, async () => {
        const byRule = await landing({ locale }, { primaryList: { include: true, productRules: 'rule incl custom.material { "mat_silk" }' } });
        assert.deepEqual(keys(byRule), ['S1', 'S2']);
        const byFilter = await landing({ locale }, { primaryList: { include: true, productFilter: { 'custom.material': 'mat_silk' } } });
        assert.deepEqual(keys(byFilter), ['S1', 'S2']);
        const selected = await landing({ locale, 'f.custom.material': 'mat_silk' }, { primaryList: { include: true } });
        assert.deepEqual(keys(selected), ['S1', 'S2']);
        const excluded = await landing(
          { locale },
          { primaryList: { include: true, productRules: 'rule incl brand { "Acme" } excl custom.material { "mat_silk" }' } },
        );
        assert.deepEqual(keys(excluded), ['W1']);
      });
    }
    it('keeps the translated text working in its locale', async () => {
      assert.deepEqual(keys(await landing({ locale: 'sv-SE' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "Siden" }' } })), [
        'S1',
        'S2',
      ]);
      assert.deepEqual(keys(await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "Silk" }' } })), [
        'S1',
        'S2',
      ]);
      assert.deepEqual(keys(await landing({ locale: 'en-GB', 'f.custom.material': 'Silk' }, { primaryList: { include: true } })), ['S1', 'S2']);
      assert.deepEqual(keys(await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "mat_wool" }' } })), [
        'W1',
      ]);
    });
  });
});
