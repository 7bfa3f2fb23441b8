/**
 * Response templates (`templateId`) shaping search-page and autocomplete over HTTP, templates imported
 * through the admin API; and search-page product rules in the full rule language.
 */
import assert from 'node:assert/strict';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { Templates } from '../../src/merchandising/templates/types';
import { startService, type TestService } from './harness';

const variant = (stock: number, label?: string) => ({ defaults: { listPrice: 300, sellingPrice: 250, stock, ...(label ? { label } : {}) } });
const shirt = (colour: string, variants: Product['variants'], customLabels: Record<string, string[]> = {}): Product => ({
  markets: ['SE'],
  defaults: { title: `${colour} shirt`, url: `/p/${colour.toLowerCase()}-shirt`, brand: 'Acme', category: ['Shirts'], customLabels },
  variants,
});

const CATALOG: ReplaceEntity[] = [
  {
    key: 'G-SHIRT',
    productGroup: {
      products: {
        'shirt-red': shirt('Red', { 'shirt-red-s': variant(2, 'S'), 'shirt-red-m': variant(0, 'M') }, { material: ['Cotton'], fit: ['Slim'] }),
        'shirt-blue': shirt('Blue', { 'shirt-blue-1': variant(4) }),
      },
    },
  },
  {
    key: 'G-TEE',
    productGroup: {
      products: {
        'tee-1': { ...shirt('Green', { 'tee-1-v': variant(0) }), defaults: { title: 'Green tee shirt', url: '/p/tee', brand: 'Other', category: ['Shirts'] } },
      },
    },
  },
];

const TEMPLATES: Templates = {
  card: {
    products: {
      first: { fields: ['title', 'link', 'sellingPrice', 'custom.material'], maxVariants: 1, variants: { all: { fields: ['label', 'inStock'] } } },
      rest: { fields: ['swatch'], maxVariants: 0 },
    },
  },
  everything: {
    products: { all: { fields: ['title', 'custom.*'], variants: { first: { fields: ['sellingPrice'] }, rest: { fields: ['label'] } } } },
  },
};

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', notify: 'false' };
const path = (endpoint: string, params: Record<string, string>) => `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`;

describe('templates applied to product lists (HTTP)', function () {
  let service: TestService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (endpoint: string, params: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> => {
    const res =
      body === undefined
        ? await service.request('GET', path(endpoint, params))
        : await service.request('POST', path(endpoint, params), { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    return { status: res.status, body: await res.json() };
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    const imported = await service.admin('POST', '/api/admin/v4/import/templates', {
      body: JSON.stringify(TEMPLATES),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(imported.status, 204, await imported.text());
  });
  after(async () => service.close());

  /** The card template on a group whose main product is shirt-red. */
  function assertCard(group: { key: string; products: Record<string, unknown>[]; remaining: number }) {
    assert.deepStrictEqual([group.key, group.remaining], ['G-SHIRT', 0]);
    const [first, rest] = group.products;
    assert.deepStrictEqual(Object.keys(first).sort(), ['custom', 'key', 'link', 'remainingVariants', 'sellingPrice', 'ticket', 'title', 'variants']);
    assert.deepStrictEqual(
      [first.key, first.title, first.link, first.sellingPrice, first.custom, first.remainingVariants],
      ['shirt-red', 'Red shirt', '/p/red-shirt', { min: 250, max: 250 }, { material: [{ id: 'Cotton', label: 'Cotton' }] }, 1],
    );
    const variants = first.variants as Record<string, unknown>[];
    assert.deepStrictEqual(
      variants.map((v) => Object.keys(v).sort()),
      [['inStock', 'key', 'label', 'ticket']],
    );
    assert.deepStrictEqual([variants[0].key, variants[0].label, variants[0].inStock], ['shirt-red-s', 'S', true]);
    assert.deepStrictEqual(Object.keys(rest).sort(), ['key', 'remainingVariants', 'swatch', 'ticket', 'variants']);
    assert.deepStrictEqual([rest.key, rest.variants, rest.remainingVariants], ['shirt-blue', [], 1]);
  }

  it('shapes search-page product lists with first/rest, fields, custom.<name> and maxVariants', async () => {
    const { status, body } = await call('search-page', { q: 'red shirt', templateId: 'card' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.primaryList.productGroups.length, 1);
    assertCard(body.primaryList.productGroups[0]);
  });

  it('shapes autocomplete productSuggestions the same way', async () => {
    const { status, body } = await call('autocomplete', { q: 'red sh', templateId: 'card' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.productSuggestions.length, 1);
    assertCard(body.productSuggestions[0]);
  });

  it('all with custom.* and variant first/rest templates; every variant without maxVariants', async () => {
    const { body } = await call('search-page', { q: 'red shirt', templateId: 'everything' });
    const [red, blue] = body.primaryList.productGroups[0].products;
    assert.deepStrictEqual(Object.keys(red).sort(), ['custom', 'key', 'ticket', 'title', 'variants']);
    assert.deepStrictEqual(red.custom, { fit: [{ id: 'Slim', label: 'Slim' }], material: [{ id: 'Cotton', label: 'Cotton' }] });
    assert.deepStrictEqual(
      red.variants.map((v: Record<string, unknown>) => Object.keys(v).sort()),
      [
        ['key', 'sellingPrice', 'ticket'],
        ['key', 'label', 'ticket'],
      ],
    );
    assert.deepStrictEqual([blue.custom, blue.variants.length], [{}, 1]);
  });

  it('works through the official client', async () => {
    const { elevate } = await import('@apptus/esales-api');
    const api = elevate({
      clusterId: service.url,
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'desktop',
      session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
    });
    const page = await api.query.searchPage({ q: 'red shirt', templateId: 'card', notify: false });
    assertCard(page.primaryList.productGroups[0] as never);
    const suggestions = await api.query.autocomplete({ q: 'red', templateId: 'card' });
    assertCard(suggestions.productSuggestions[0] as never);
    await assert.rejects(api.query.autocomplete({ q: 'red', templateId: 'nope' }), /unknown template "nope"/);
  });

  it('leaves lists untouched without templateId', async () => {
    const { body } = await call('search-page', { q: 'red shirt' });
    const red = body.primaryList.productGroups[0].products[0];
    assert.equal(red.custom, undefined);
    for (const field of ['brand', 'inStock', 'listPrice', 'badges', 'imageInfo']) assert.ok(field in red, field);
    assert.equal(red.variants.length, 2);
  });

  it('answers 400 for an unknown template id on search-page and autocomplete', async () => {
    for (const endpoint of ['search-page', 'autocomplete']) {
      const { status, body } = await call(endpoint, { q: 'shirt', templateId: 'nope' });
      assert.deepStrictEqual([status, body.message], [400, 'Query parameter templateId: unknown template "nope"']);
    }
  });

  describe('search-page product rules (full rule language)', () => {
    const mains = (body: { primaryList: { productGroups: { products: { key: string }[] }[] } }) =>
      body.primaryList.productGroups.map((g) => g.products[0].key).sort();

    it('applies rules the former subset could not read: stock_number, series of rules, custom excl', async () => {
      const inStock = await call('search-page', { q: 'shirt' }, { primaryList: { productRules: 'rule incl stock_number [ 1, infinity ]' } });
      assert.deepStrictEqual(mains(inStock.body), ['shirt-blue', 'shirt-red']);
      const either = await call(
        'search-page',
        { q: 'shirt' },
        { primaryList: { productRules: 'rule incl brand { "Other" } rule incl product_key { "shirt-blue" }' } },
      );
      assert.deepStrictEqual(mains(either.body), ['shirt-blue', 'tee-1']);
      const noCotton = await call(
        'search-page',
        { q: 'shirt' },
        { primaryList: { productRules: 'rule incl brand { "Acme" } excl custom.material { "Cotton" }' } },
      );
      assert.deepStrictEqual(mains(noCotton.body), ['shirt-blue']);
    });

    it('answers 400 naming the position and the token', async () => {
      const { status, body } = await call('search-page', { q: 'shirt' }, { primaryList: { productRules: 'rule incl colour { "red" }' } });
      assert.equal(status, 400);
      assert.match(body.message, /^primaryList\.productRules: Unknown attribute "colour" at position 10/);
    });
  });
});
