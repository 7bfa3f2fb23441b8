/**
 * search-page over HTTP against the real Elasticsearch, with a small hand-made catalog whose every
 * product is listed below, so each assertion can be exact.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Navigation, PrimaryList, SearchPage } from '@apptus/esales-api';
import { storefrontRouter } from '../../src/http/storefrontRoutes';
import { errorHandler } from '../../src/http/middleware';
import type { SearchEvent } from '../../src/storefront/services';
import { storefrontServicesOf } from '../../src/app';
import { startService, TEST_CONFIGURATION, type TestService } from './harness';
import type { Product, ReplaceEntity, VariantData } from '../../src/catalog/types';
import type { SearchPageResult } from '../../src/storefront/responseTypes';
import { SORT_IDS, type SortId } from '../../src/storefront/sorts';

const DAY = 86_400_000;
const recent = new Date(Date.now() - 5 * DAY).toISOString();

function variant(o: VariantData) {
  return { defaults: { listPrice: 100, sellingPrice: 100, stock: 1, ...o } };
}
function item(title: string, brand: string, category: string, defaults: Partial<Product['defaults']> = {}, rest: Partial<Product> = {}): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}`, brand, category: [category], ...defaults },
    variants: { [`${title}-v`]: variant({}) },
    ...rest,
  };
}
const groupOf = (key: string, products: Record<string, Product>, suppressDuplicates?: boolean): ReplaceEntity => ({
  key,
  productGroup: { products, ...(suppressDuplicates === undefined ? {} : { suppressDuplicates }) },
});

/** Every product of the catalog; `inStock` means online. */
const CATALOG: ReplaceEntity[] = [
  groupOf('G-RUN', {
    'runner-red': item(
      'Red running shoe with laces for long distances',
      'Nike',
      'Shoes > Running',
      {
        name: 'Pegasus',
        rating: 4.2,
        releaseDate: recent,
        sizeType: 'Shoes',
        customLabels: { material: ['Mesh'] },
        length: { amount: 30, unit: 'cm' },
        weight: { amount: 300, unit: 'g' },
      },
      {
        markets: ['SE', 'NO'],
        colorInitial: ['#FF0000'],
        variants: {
          'runner-red-38': variant({
            size: ['38'],
            listPrice: 1000,
            sellingPrice: 700,
            stock: 5,
            storeStock: { S1: 0 },
            customPrices: { member: { listPrice: 1000, sellingPrice: 500 } },
          }),
          'runner-red-39': variant({ size: ['39'], listPrice: 1000, sellingPrice: 700, stock: 0, storeStock: { S1: 2 } }),
        },
      },
    ),
    'runner-blue': item(
      'Blue running shoe',
      'Nike',
      'Shoes > Running',
      {
        name: 'Vomero',
        rating: 3,
        releaseDate: '2025-01-01',
        length: { amount: 28, unit: 'cm' },
        weight: { amount: 0.35, unit: 'kg' },
      },
      { colorInitial: ['#0000FF'], variants: { 'runner-blue-1': variant({ listPrice: 900, sellingPrice: 900, stock: 3 }) } },
    ),
  }),
  groupOf('G-TRAIL', {
    'trail-1': item(
      'Running shoe',
      'Adidas',
      'Shoes > Running',
      { name: 'Terrex', rating: 4.8, releaseDate: '2024-06-01', length: { amount: 290, unit: 'mm' } },
      {
        colorInitial: ['Gold'],
        variants: { 'trail-1-v': variant({ listPrice: 1200, sellingPrice: 1200, stock: 0, storeStock: { S2: 4 } }) },
      },
    ),
  }),
  groupOf('G-BOOT', {
    'boot-1': item(
      'Winter boot',
      'Adidas',
      'Shoes > Boots',
      { name: 'Arctic', rating: 4, releaseDate: '2026-01-01', customLabels: { material: ['Leather'] } },
      {
        variants: { 'boot-1-v': variant({ listPrice: 2000, sellingPrice: 1500, stock: 2 }) },
      },
    ),
  }),
  groupOf('G-SANDAL', {
    'sandal-1': item(
      'Beach sandal',
      'Birkenstock',
      'Shoes > Sandals',
      {},
      { variants: { 'sandal-1-v': variant({ listPrice: 400, sellingPrice: 400, stock: 10 }) } },
    ),
  }),
  groupOf('G-DRILL', {
    'XR-2041': item('Cordless drill XR-2041', 'Bosch', 'Tools', {}, { variants: { 'XR-2041-EU': variant({ listPrice: 2500, sellingPrice: 2500 }) } }),
  }),
  groupOf('G-JACKET', { 'jacket-1': item('XR 2041 edition jacket, the XR 2041', 'Helly', 'Clothing > Jackets') }),
  groupOf('G-SOCK', { 'sock-1': item('Running sock', 'Nike', 'Accessories'), 'sock-2': item('Running sock twin pack', 'Nike', 'Accessories') }, true),
  { key: 'C-GUIDE', content: { markets: ['SE'], type: 'article', defaults: { title: 'Running guide', url: '/guides/running', description: 'How to start' } } },
  { key: 'C-FAQ', content: { markets: ['SE'], type: 'faq', defaults: { title: 'Returns', url: '/faq/returns' } } },
];

/** What each sort looks at, per product of the `shoes` search (undefined = missing). */
const SHOES: Record<
  string,
  { inStock: boolean; price: number; release?: string; rating?: number; name?: string; title: string; discount: number; length?: number; weight?: number }
> = {
  'runner-red': {
    inStock: true,
    price: 700,
    release: recent,
    rating: 4.2,
    name: 'pegasus',
    title: 'red running shoe with laces for long distances',
    discount: 30,
    length: 300,
    weight: 300,
  },
  'runner-blue': {
    inStock: true,
    price: 900,
    release: '2025-01-01',
    rating: 3,
    name: 'vomero',
    title: 'blue running shoe',
    discount: 0,
    length: 280,
    weight: 350,
  },
  'trail-1': { inStock: false, price: 1200, release: '2024-06-01', rating: 4.8, name: 'terrex', title: 'running shoe', discount: 0, length: 290 },
  'boot-1': { inStock: true, price: 1500, release: '2026-01-01', rating: 4, name: 'arctic', title: 'winter boot', discount: 25 },
  'sandal-1': { inStock: true, price: 400, title: 'beach sandal', discount: 0 },
};

type Row = (typeof SHOES)[string];
const FIELD: Partial<Record<SortId, [(r: Row) => number | string | undefined, 1 | -1]>> = {
  NEWEST_FIRST: [(r) => r.release, -1],
  PRICE_ASCENDING: [(r) => r.price, 1],
  PRICE_DESCENDING: [(r) => r.price, -1],
  DISCOUNT: [(r) => r.discount, -1],
  RATING: [(r) => r.rating, -1],
  NAME: [(r) => r.name, 1],
  TITLE: [(r) => r.title, 1],
  LENGTH_INCREASING: [(r) => r.length, 1],
  LENGTH_DECREASING: [(r) => r.length, -1],
  WEIGHT_INCREASING: [(r) => r.weight, 1],
  WEIGHT_DECREASING: [(r) => r.weight, -1],
};

/** The order a sort must give: in stock first, then the field (missing last), then the key. */
function expectedOrder(sort: SortId): string[] {
  const [get, dir] = FIELD[sort] ?? [() => undefined, 1];
  return Object.keys(SHOES).sort((a, b) => {
    const ra = SHOES[a];
    const rb = SHOES[b];
    if (ra.inStock !== rb.inStock) return ra.inStock ? -1 : 1;
    const va = get(ra);
    const vb = get(rb);
    if (va !== vb) {
      if (va === undefined) return 1;
      if (vb === undefined) return -1;
      return (va < vb ? -1 : 1) * dir;
    }
    return a < b ? -1 : 1;
  });
}

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP' };
const path = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...BASE, ...params })) if (v !== undefined) q.set(k, v);
  return `/api/storefront/v3/queries/search-page?${q}`;
};

describe('search-page (HTTP)', function () {
  let service: TestService;
  const get = async (params: Record<string, string | undefined>) => {
    const res = await service.request('GET', path(params));
    const body = (await res.json()) as SearchPageResult & { message?: string };
    return { status: res.status, body, res };
  };
  const ok = async (params: Record<string, string | undefined>) => {
    const { status, body } = await get(params);
    assert.equal(status, 200, JSON.stringify(body));
    return body;
  };
  const mains = (page: SearchPageResult) => page.primaryList.productGroups.map((g) => g.products[0].key);

  before(async () => {
    service = await startService();
    await service.configure({ markets: { ...TEST_CONFIGURATION.markets, FI: { locales: ['fi-FI'], currency: 'EUR' } } });
  });
  after(async () => service.close());

  describe('before any catalog', () => {
    it('answers 503 with a message when the cluster has no products', async () => {
      const { status, body } = await get({ q: 'shoe' });
      assert.equal(status, 503);
      assert.match(body.message!, /No products/);
    });
    it('still checks required parameters first', async () => {
      assert.equal((await get({ q: undefined })).status, 400);
    });
  });

  describe('with the hand-made catalog', () => {
    before(async () => {
      const res = await service.importCatalog(CATALOG);
      assert.equal(res.status, 204, await res.text());
    });

    it('answers 503 for a configured market without products', async () => {
      const { status, body } = await get({ q: 'shoe', market: 'FI', locale: 'fi-FI' });
      assert.equal(status, 503);
      assert.match(body.message!, /market FI/);
    });

    it('answers 404 with a message to an unknown endpoint', async () => {
      for (const p of ['/api/storefront/v3/queries/serch-page', '/api/storefront/v3/queries/search-page/x', '/api/storefront/v2/queries/search-page']) {
        const res = await service.request('GET', `${p}?q=x`);
        assert.equal(res.status, 404, p);
        assert.match(((await res.json()) as { message: string }).message, /No endpoint/);
      }
    });

    const rules: [string, Record<string, string | undefined>, RegExp][] = [
      ['q missing', { q: undefined }, /q is required/],
      ['customerKey missing', { q: 'x', customerKey: undefined }, /customerKey is required/],
      ['sessionKey missing', { q: 'x', sessionKey: undefined }, /sessionKey is required/],
      ['market missing', { q: 'x', market: undefined }, /market is required/],
      ['locale missing', { q: 'x', locale: undefined }, /locale is required/],
      ['touchpoint missing', { q: 'x', touchpoint: undefined }, /touchpoint is required/],
      ['touchpoint unknown', { q: 'x', touchpoint: 'watch' }, /touchpoint must be one of/],
      ['market unknown', { q: 'x', market: 'DK' }, /market: unknown market "DK"/],
      ['locale not of the market', { q: 'x', locale: 'nb-NO' }, /locale: "nb-NO" is not a locale of market SE/],
      ['channels unknown', { q: 'x', channels: 'WEB' }, /channels: unknown channel "WEB"/],
      ['STORE without stores', { q: 'x', channels: 'STORE' }, /stores must name at least one store/],
      ['stores unknown', { q: 'x', stores: 'S1|S7' }, /stores: unknown store "S7"/],
      ['notify not boolean', { q: 'x', notify: 'no' }, /notify must be true or false/],
      ['presentCustom without a name', { q: 'x', presentCustom: 'number.' }, /presentCustom: "number." names no attribute/],
      ['presentPrices unknown', { q: 'x', presentPrices: 'staff' }, /presentPrices: unknown custom price id "staff"/],
      ['priceId unknown', { q: 'x', priceId: 'staff' }, /priceId: unknown custom price id "staff"/],
      ['viewId unknown', { q: 'x', viewId: 'draft' }, /viewId must be one of PRODUCTION, PREVIEW/],
      ['templateId (no templates yet)', { q: 'x', templateId: 'cards' }, /templateId: unknown template "cards"/],
      ['limit above 600', { q: 'x', limit: '601' }, /limit must be between 1 and 600/],
      ['skip above 10000', { q: 'x', skip: '10001' }, /skip must be between 0 and 10000/],
      ['sort unknown', { q: 'x', sort: 'POPULAR' }, /sort: unknown sort "POPULAR"/],
      ['origin unknown', { q: 'x', origin: 'ADS' }, /origin must be one of/],
      ['malformed range', { q: 'x', 'f.price.min': 'ten' }, /f\.price\.min must be a number/],
      ['malformed checkbox', { q: 'x', 'f.onlyInStock': 'yes' }, /f\.onlyInStock must be true or false/],
    ];
    for (const [what, params, message] of rules) {
      it(`answers 400 naming the parameter: ${what}`, async () => {
        const { status, body } = await get(params);
        assert.equal(status, 400, JSON.stringify(body));
        assert.match(body.message!, message);
      });
    }

    it('accepts the official client spellings: lower-case touchpoint and viewId, known stores and price ids', async () => {
      const page = await ok({
        q: 'shoes',
        touchpoint: 'mobile',
        viewId: 'preview',
        stores: 'S1|S2',
        priceId: 'member',
        presentPrices: 'member',
        notify: 'false',
      });
      assert.equal(page.primaryList.totalHits, 5);
    });

    it('answers the whole response shape, with every 200 carrying X-Response-Time and gzip', async () => {
      const res = await service.request('GET', path({ q: 'shoes' }), { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('x-response-time') ?? '', /^\d+$/);
      assert.equal(res.headers.get('content-encoding'), 'gzip');
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      const page = (await res.json()) as SearchPageResult;
      assert.deepStrictEqual(Object.keys(page).sort(), ['contentLists', 'didYouMean', 'primaryList', 'q', 'relatedSearches', 'secondaryList']);
      assert.deepStrictEqual(page.contentLists, []);
      assert.equal(page.q, 'shoes');
      assert.deepStrictEqual(
        page.primaryList.sort.options.map((o) => o.id),
        [...SORT_IDS],
      );
      assert.equal(page.primaryList.sort.selected, 'RELEVANCE');
      assert.deepStrictEqual(page.relatedSearches, [{ q: 'Running' }, { q: 'Boots' }, { q: 'Sandals' }]);
      assert.ok(!JSON.stringify(page).includes('null'), 'no nulls');
    });

    it('shapes products with siblings, variants, stock, prices, badges and swatches', async () => {
      const page = await ok({ q: 'red running', presentCustom: 'material' });
      const group = page.primaryList.productGroups[0];
      assert.deepStrictEqual([group.key, group.products.map((p) => p.key), group.remaining], ['G-RUN', ['runner-red', 'runner-blue'], 0]);
      const [red, blue] = group.products;
      assert.deepStrictEqual(
        {
          title: red.title,
          name: red.name,
          brand: red.brand,
          link: red.link,
          rating: red.rating,
          inStock: red.inStock,
          listPrice: red.listPrice,
          sellingPrice: red.sellingPrice,
          swatch: red.swatch,
          badges: red.badges,
          custom: red.custom,
          length: red.length,
        },
        {
          title: 'Red running shoe with laces for long distances',
          name: 'Pegasus',
          brand: 'Nike',
          link: '/p/red-running-shoe-with-laces-for-long-distances',
          rating: 4.2,
          inStock: true,
          listPrice: { min: 1000, max: 1000 },
          sellingPrice: { min: 700, max: 700 },
          swatch: { type: 'COLORS', colors: ['#ff0000'] },
          badges: {
            primary: [
              { label: 'Rea', theme: 'SALE' },
              { label: 'Nyhet', theme: 'NEW' },
            ],
            secondary: [{ label: '-30%', theme: 'DISCOUNT' }],
          },
          custom: { material: [{ id: 'Mesh', label: 'Mesh' }] },
          length: { amount: 30, unit: 'cm' },
        },
      );
      assert.deepStrictEqual(
        red.variants.map(({ ticket, ...v }) => v),
        [
          {
            key: 'runner-red-38',
            label: '38',
            size: '38',
            stockNumber: 5,
            inStock: true,
            link: '/p/red-running-shoe-with-laces-for-long-distances?variant=runner-red-38',
            listPrice: 1000,
            sellingPrice: 700,
            prices: [],
            availability: [{ channel: 'ONLINE', stockNumber: 5 }],
          },
          {
            key: 'runner-red-39',
            label: '39',
            size: '39',
            stockNumber: 0,
            inStock: false,
            link: '/p/red-running-shoe-with-laces-for-long-distances?variant=runner-red-39',
            listPrice: 1000,
            sellingPrice: 700,
            prices: [],
            availability: [{ channel: 'ONLINE', stockNumber: 0 }],
          },
        ],
      );
      assert.equal(blue.custom?.material, undefined);
      const withStores = await ok({ q: 'red running', stores: 'S1', priceId: 'member', presentPrices: 'member' });
      const red2 = withStores.primaryList.productGroups[0].products[0];
      assert.deepStrictEqual(
        red2.variants.map((v) => [v.stockNumber, v.sellingPrice, v.prices, v.availability]),
        [
          [
            5,
            500,
            [{ id: 'member', listPrice: 1000, sellingPrice: 500 }],
            [
              { channel: 'ONLINE', stockNumber: 5 },
              { channel: 'STORE', key: 'S1', stockNumber: 0 },
            ],
          ],
          [
            2,
            700,
            [],
            [
              { channel: 'ONLINE', stockNumber: 0 },
              { channel: 'STORE', key: 'S1', stockNumber: 2 },
            ],
          ],
        ],
      );
    });

    it('ranks an exact product or variant key first, as typed or in upper or lower case', async () => {
      for (const q of ['XR-2041', 'xr-2041', 'XR-2041-EU', 'cordless XR-2041']) {
        const page = await ok({ q });
        assert.equal(mains(page)[0], 'XR-2041', q);
      }
      const page = await ok({ q: 'XR 2041' });
      assert.deepStrictEqual(mains(page).sort(), ['XR-2041', 'jacket-1']);
    });

    it('lists every in-stock product before every out-of-stock one, under the channels and stores asked', async () => {
      const online = await ok({ q: 'running shoe' });
      assert.deepStrictEqual(mains(online).slice(-1), ['trail-1']);
      assert.equal(online.primaryList.productGroups.at(-1)!.products[0].inStock, false);
      const store = await ok({ q: 'running shoe', channels: 'STORE', stores: 'S2' });
      assert.equal(mains(store)[0], 'trail-1');
      assert.deepStrictEqual(
        store.primaryList.productGroups[0].products[0].variants.map((v) => [v.inStock, v.stockNumber]),
        [[true, 4]],
      );
      for (const page of [online, store]) {
        const stock = page.primaryList.productGroups.map((g) => g.products[0].inStock);
        assert.deepStrictEqual(
          stock,
          [...stock].sort((a, b) => Number(b) - Number(a)),
        );
      }
    });

    for (const sort of SORT_IDS) {
      it(`sorts ${sort}: in stock first, then by the order's field`, async () => {
        const page = await ok({ q: 'shoes', sort });
        assert.equal(page.primaryList.sort.selected, sort);
        if (sort === 'RELEVANCE') assert.deepStrictEqual(mains(page).at(-1), 'trail-1');
        else assert.deepStrictEqual(mains(page), expectedOrder(sort));
      });
    }

    it('ignores a selection of a facet nobody knows, and filters on an attribute that is not shown', async () => {
      assert.deepStrictEqual(mains(await ok({ q: 'shoes', 'f.fabric': 'silk', 'f.custom.nothing': 'x' })).sort(), mains(await ok({ q: 'shoes' })).sort());
      assert.deepStrictEqual(mains(await ok({ q: 'shoes', 'f.custom.material': 'Leather' })), ['boot-1']);
    });

    it('pages with limit and skip over a stable order and a constant totalHits', async () => {
      const all = mains(await ok({ q: 'shoes', sort: 'TITLE' }));
      const pages = [];
      for (const skip of [0, 2, 4, 6]) {
        const page = await ok({ q: 'shoes', sort: 'TITLE', limit: '2', skip: String(skip) });
        assert.equal(page.primaryList.totalHits, 5);
        pages.push(...mains(page));
      }
      assert.deepStrictEqual(pages, all);
      const last = await ok({ q: 'shoes', limit: '600', skip: '10000' });
      assert.deepStrictEqual([last.primaryList.productGroups, last.primaryList.totalHits], [[], 5]);
    });

    it('counts facets multi-select: a facet ignores its own selection, the others apply it', async () => {
      const facet = (page: SearchPageResult, id: string) => page.primaryList.facets.find((f) => f.id === id)!;
      const counts = (page: SearchPageResult, id: string) => {
        const f = facet(page, id);
        return 'values' in f ? Object.fromEntries(f.values.map((v) => [v.id, [v.count, v.selected]])) : undefined;
      };
      const none = await ok({ q: 'shoes' });
      assert.deepStrictEqual(
        none.primaryList.facets.map((f) => [f.id, f.type]),
        [
          ['brand', 'TEXT'],
          ['category', 'TEXT'],
          ['price', 'RANGE'],
          ['color', 'COLOR'],
          ['size', 'SIZE'],
          ['onlyInStock', 'CHECKBOX'],
          ['custom.material', 'TEXT'],
        ],
      );
      assert.deepStrictEqual(counts(none, 'brand'), { Adidas: [2, false], Birkenstock: [1, false], Nike: [2, false] });
      assert.deepStrictEqual(counts(none, 'category'), {
        Shoes: [5, false],
        'Shoes > Boots': [1, false],
        'Shoes > Running': [3, false],
        'Shoes > Sandals': [1, false],
      });
      assert.deepStrictEqual(facet(none, 'price'), { id: 'price', label: 'Pris', type: 'RANGE', min: 400, max: 1500 });
      assert.deepStrictEqual(facet(none, 'onlyInStock'), { id: 'onlyInStock', label: 'I lager', type: 'CHECKBOX', selected: false, count: 4 });
      assert.deepStrictEqual(facet(none, 'color'), {
        id: 'color',
        label: 'Färg',
        type: 'COLOR',
        selectedCount: 0,
        values: [
          { id: '#0000FF', label: 'Blå', selected: false, count: 1, color: '#0000ff' },
          { id: '#FF0000', label: 'Röd', selected: false, count: 1, color: '#ff0000' },
          { id: 'Gold', label: 'Guld', selected: false, count: 1, color: 'gold' },
        ],
      });
      assert.deepStrictEqual(facet(none, 'size'), {
        id: 'size',
        label: 'Storlek',
        type: 'SIZE',
        selectedCount: 0,
        sizeTypes: [
          {
            label: 'Shoes',
            formats: [
              {
                format: 'NO_FORMAT',
                values: [
                  { id: 'Shoes;NO_FORMAT;38', label: '38', selected: false, count: 1 },
                  { id: 'Shoes;NO_FORMAT;39', label: '39', selected: false, count: 1 },
                ],
              },
            ],
          },
        ],
      });

      const nike = await ok({ q: 'shoes', 'f.brand': 'Nike' });
      assert.equal(nike.primaryList.totalHits, 2);
      assert.deepStrictEqual(mains(nike).sort(), ['runner-blue', 'runner-red']);
      assert.deepStrictEqual(counts(nike, 'brand'), { Adidas: [2, false], Birkenstock: [1, false], Nike: [2, true] });
      assert.deepStrictEqual(counts(nike, 'category'), { Shoes: [2, false], 'Shoes > Running': [2, false] });
      assert.deepStrictEqual(facet(nike, 'price'), { id: 'price', label: 'Pris', type: 'RANGE', min: 700, max: 900 });
      assert.equal((facet(nike, 'brand') as { selectedCount: number }).selectedCount, 1);

      const two = await ok({ q: 'shoes', 'f.brand': 'Nike|Adidas', 'f.category': 'Shoes > Boots' });
      assert.deepStrictEqual([two.primaryList.totalHits, mains(two)], [1, ['boot-1']]);
      assert.deepStrictEqual(counts(two, 'brand'), { Adidas: [1, true], Nike: [0, true] });
      assert.deepStrictEqual(counts(two, 'category'), { Shoes: [4, false], 'Shoes > Boots': [1, true], 'Shoes > Running': [3, false] });
    });

    it('filters by price range, size, colour, custom label and the in-stock checkbox', async () => {
      const sorted = async (params: Record<string, string>) => mains(await ok({ q: 'shoes', ...params })).sort();
      assert.deepStrictEqual(await sorted({ 'f.price.max': '800' }), ['runner-red', 'sandal-1']);
      assert.deepStrictEqual(await sorted({ 'f.price.min': '1000' }), ['boot-1', 'trail-1']);
      assert.deepStrictEqual(await sorted({ 'f.price.min': '850', 'f.price.max': '950' }), ['runner-blue']);
      assert.deepStrictEqual(await sorted({ 'f.size': 'Shoes;NO_FORMAT;39' }), ['runner-red']);
      assert.deepStrictEqual(await sorted({ 'f.color': 'Gold|#0000FF' }), ['runner-blue', 'trail-1']);
      assert.deepStrictEqual(await sorted({ 'f.custom.material': 'Leather' }), ['boot-1']);
      assert.deepStrictEqual(await sorted({ 'f.onlyInStock': 'true' }), ['boot-1', 'runner-blue', 'runner-red', 'sandal-1']);
      assert.deepStrictEqual(await sorted({ 'f.onlyInStock': 'true', channels: 'STORE', stores: 'S2' }), ['trail-1']);
      const page = await ok({ q: 'shoes', 'f.price.max': '800' });
      const price = page.primaryList.facets.find((f) => f.id === 'price');
      assert.deepStrictEqual(price, { id: 'price', label: 'Pris', type: 'RANGE', min: 400, max: 1500, maxSelected: 800 });
    });

    it('filters by selectedCategory', async () => {
      assert.deepStrictEqual(mains(await ok({ q: 'shoes', selectedCategory: 'Shoes > Boots' })), ['boot-1']);
    });

    it('lists a group that suppresses duplicates once, others once per matching product', async () => {
      const socks = await ok({ q: 'running sock' });
      assert.deepStrictEqual([socks.primaryList.totalHits, socks.primaryList.productGroups.map((g) => [g.key, g.products.length])], [1, [['G-SOCK', 2]]]);
      const shoes = await ok({ q: 'running shoe' });
      assert.deepStrictEqual(shoes.primaryList.productGroups.map((g) => g.key).filter((k) => k === 'G-RUN').length, 2);
    });

    it('auto-corrects a phrase without hits, and undoes it on request', async () => {
      const corrected = await ok({ q: 'runnign' });
      assert.equal(corrected.q, 'running');
      assert.deepStrictEqual(corrected.autoCorrect, { q: 'running', originalTotalHits: 0 });
      assert.ok(corrected.primaryList.totalHits > 0);
      assert.deepStrictEqual(corrected.didYouMean, []);
      const undone = await ok({ q: 'runnign', origin: 'UNDO_AUTO_CORRECT' });
      assert.deepStrictEqual([undone.q, undone.autoCorrect, undone.primaryList.totalHits], ['runnign', undefined, 0]);
      assert.deepStrictEqual(undone.didYouMean, [{ q: 'running' }]);
      const selected = await ok({ q: 'runnign', 'f.brand': 'Nike' });
      assert.deepStrictEqual(
        [selected.q, selected.autoCorrect, selected.primaryList.totalHits, selected.didYouMean],
        ['runnign', undefined, 0, [{ q: 'running' }]],
      );
    });

    it('adds a looser secondary list when the primary list is short, expanded with viewAllSecondary', async () => {
      const page = await ok({ q: 'winter sandal', origin: 'UNDO_AUTO_CORRECT' });
      assert.equal(page.primaryList.totalHits, 0);
      assert.deepStrictEqual(
        [page.secondaryList.totalHits, page.secondaryList.productGroups.map((g) => g.products[0].key).sort()],
        [2, ['boot-1', 'sandal-1']],
      );
      const expanded = await ok({ q: 'winter sandal', origin: 'UNDO_AUTO_CORRECT', viewAllSecondary: 'true', limit: '1', skip: '1' });
      assert.deepStrictEqual([expanded.primaryList.productGroups, expanded.secondaryList.totalHits, expanded.secondaryList.productGroups.length], [[], 2, 1]);
      const full = await ok({ q: 'shoes' });
      assert.deepStrictEqual(full.secondaryList, { productGroups: [], totalHits: 0 });
    });

    it('answers POST like GET, reading rules, navigation and content lists from a text/plain body', async () => {
      const post = async (body: unknown, contentType = 'text/plain;charset=UTF-8') => {
        const res = await service.request('POST', path({ q: 'running' }), { body: JSON.stringify(body), headers: { 'Content-Type': contentType } });
        return { status: res.status, body: (await res.json()) as SearchPageResult & { message?: string } };
      };
      const nike = await post({ primaryList: { include: true, productRules: 'rule incl brand { "Nike" } excl product_key { "runner-blue" }' } });
      assert.equal(nike.status, 200, JSON.stringify(nike.body));
      assert.deepStrictEqual(mains(nike.body).sort(), ['runner-red', 'sock-1']);
      const legacy = await post({ primaryList: { productFilter: { brand: 'Adidas' } } }, 'application/json');
      assert.deepStrictEqual(mains(legacy.body), ['trail-1']);
      const withContent = await post({
        navigation: { include: true },
        contentLists: [
          { id: 'guides', limit: 5 },
          { id: 'faq', contentFilter: { type: 'faq' } },
        ],
      });
      assert.deepStrictEqual([withContent.body.navigation?.breadcrumbs, withContent.body.navigation?.tree.type], [[], 'LABEL']);
      assert.deepStrictEqual(
        withContent.body.contentLists.map((l) => [l.id, l.totalHits, l.items.map(({ ticket, ...i }) => i)]),
        [
          ['guides', 1, [{ key: 'C-GUIDE', type: 'article', title: 'Running guide', link: '/guides/running', description: 'How to start', custom: {} }]],
          ['faq', 0, []],
        ],
      );
      const bad = await post({ primaryList: { productRules: 'rule incl brand {"Nike"' } });
      assert.deepStrictEqual(
        [bad.status, bad.body.message],
        [400, 'primaryList.productRules: Unexpected end of input at position 23: expected a string, "," or "}"'],
      );
      const res = await service.request('POST', path({ q: 'running' }), { body: '{oops', headers: { 'Content-Type': 'text/plain' } });
      assert.equal(res.status, 400);
      const getPage = await ok({ q: 'running' });
      assert.deepStrictEqual([getPage.navigation, getPage.contentLists], [undefined, []]);
    });

    it('registers the search through the onSearch hook unless notify=false', async () => {
      const events: SearchEvent[] = [];
      const app = new Koa();
      app.use(errorHandler(service.context.log));
      app.use(
        storefrontRouter(
          storefrontServicesOf(service.context, {
            onSearch: (e) => {
              events.push(e);
              return undefined;
            },
          }),
        ).routes(),
      );
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const url = (params: Record<string, string>) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path(params)}`;
        assert.equal((await fetch(url({ q: 'runnign', origin: 'ORGANIC' }))).status, 200);
        assert.equal((await fetch(url({ q: 'shoes', notify: 'false' }))).status, 200);
        assert.equal((await fetch(url({ q: 'shoes', notify: 'true', 'f.brand': 'Nike' }))).status, 200);
        assert.deepStrictEqual(
          events.map((e) => [e.q, e.usedQ, e.origin, e.totalHits, e.context.customerKey]),
          [
            ['runnign', 'running', 'ORGANIC', 4, 'c1'],
            ['shoes', 'shoes', 'ORGANIC', 2, 'c1'],
          ],
        );
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
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
      const page: SearchPage = await api.query.searchPage({
        q: 'shoes',
        facets: { brand: ['Nike', 'Adidas'], price: { max: 1300 } },
        sort: 'PRICE_ASCENDING',
        notify: false,
        viewId: 'production',
        channels: 'ONLINE',
      });
      assert.deepStrictEqual(
        page.primaryList.productGroups.map((g) => g.products[0].key),
        ['runner-red', 'runner-blue', 'trail-1'],
      );
      const withBody = await api.query.searchPage(
        { q: 'running' },
        { primaryList: { include: true, productRules: 'rule incl brand {"Adidas"}' }, contentLists: [{ id: 'all' }] },
      );
      assert.deepStrictEqual([withBody.primaryList.productGroups.map((g) => g.key), withBody.contentLists.map((l) => l.items.length)], [['G-TRAIL'], [1]]);
      await assert.rejects(api.query.searchPage({ q: 'shoes', sort: 'CHEAPEST' as never }), /sort: unknown sort "CHEAPEST"/);
    });

    it('always answers the primary list, with primaryList.include: false too, and its sliceRanges (none on a search)', async () => {
      const { elevate } = await import('@apptus/esales-api');
      const api = elevate({
        clusterId: service.url,
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
      });
      // The client: include "will always be true for search-page"; its SearchPage.primaryList is not optional.
      const page: SearchPage = await api.query.searchPage(
        { q: 'running', notify: false },
        { primaryList: { include: false, productRules: 'rule incl brand {"Adidas"}' } },
      );
      assert.deepStrictEqual([page.primaryList.productGroups.map((g) => g.key), page.primaryList.totalHits], [['G-TRAIL'], 1]);
      assert.deepStrictEqual((page.primaryList as PrimaryList & { sliceRanges?: unknown }).sliceRanges, []);
      assert.deepStrictEqual((await ok({ q: 'shoes', notify: 'false' })).primaryList.sliceRanges, []);
    });

    it('derives related searches from what visitors searched in the same sessions, else from the categories of the hits', async () => {
      const at = new Date(Date.now() - 60_000);
      const searched = (session: string, phrase: string, totalHits = 3) =>
        service.context.behaviour.record({ market: 'SE', customerKey: session, sessionKey: session, locale: 'sv-SE', type: 'search', phrase, totalHits, at });
      searched('rs-1', 'beach sandal');
      searched('rs-1', 'flip flops');
      searched('rs-1', 'sun hat');
      searched('rs-2', 'beach sandal');
      searched('rs-2', 'flip flops');
      searched('rs-2', 'nothing here', 0);
      searched('rs-3', 'sun hat');
      searched('rs-3', 'towel');
      await service.context.behaviour.flush();
      await service.context.es.indices.refresh({ index: `${service.prefix}-events*` });
      const page = await ok({ q: 'Beach  sandal', notify: 'false' });
      // sessions that searched the phrase: flip flops (2 sessions), sun hat (1); no phrase without hits, nor towel
      assert.deepStrictEqual(page.relatedSearches, [{ q: 'flip flops' }, { q: 'sun hat' }]);
      const boots = await ok({ q: 'winter boot', notify: 'false' }); // no history: the categories of the hits
      assert.deepStrictEqual(boots.relatedSearches, [{ q: 'Boots' }]);
      assert.equal((await get({ q: 'beach sandal', limit: '0' })).status, 400);
    });

    it('draws the categories of the hits as navigation through the official client: counts, selected path, breadcrumbs', async () => {
      const { elevate } = await import('@apptus/esales-api');
      const api = elevate({
        clusterId: service.url,
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
      });
      type Node = Navigation['tree'];
      const outline = (n: Node): unknown[] => [
        n.type,
        'label' in n ? n.label : '',
        'path' in n ? n.path : '',
        n.count,
        n.expandable,
        n.selected,
        n.children.map(outline),
      ];
      const top: SearchPage = await api.query.searchPage({ q: 'running', notify: false }, { navigation: { include: true } });
      // running: runner-red, runner-blue, trail-1 (Shoes > Running) and the sock group (Accessories): 4 groups
      assert.deepStrictEqual(
        [top.navigation?.breadcrumbs, outline(top.navigation!.tree)],
        [
          [],
          [
            'LABEL',
            '',
            '',
            4,
            true,
            false,
            [
              ['PRODUCT', 'Shoes', 'Shoes', 3, true, false, []],
              ['PRODUCT', 'Accessories', 'Accessories', 1, false, false, []],
            ],
          ],
        ],
      );
      const shoes: SearchPage = await api.query.searchPage(
        { q: 'shoes', selectedCategory: 'Shoes > Running', facets: { brand: ['Adidas'] }, notify: false },
        { navigation: { include: true } },
      );
      assert.deepStrictEqual(
        shoes.primaryList.productGroups.map((g) => g.key),
        ['G-TRAIL'],
      );
      // counts ignore the selected category and the facet selections: the siblings stay countable
      assert.deepStrictEqual(
        [shoes.navigation?.breadcrumbs, outline(shoes.navigation!.tree)],
        [
          [
            { label: 'Shoes', path: 'Shoes' },
            { label: 'Running', path: 'Shoes > Running' },
          ],
          [
            'LABEL',
            '',
            '',
            5,
            true,
            false,
            [
              [
                'PRODUCT',
                'Shoes',
                'Shoes',
                5,
                true,
                true,
                [
                  ['PRODUCT', 'Running', 'Shoes > Running', 3, false, true, []],
                  ['PRODUCT', 'Boots', 'Shoes > Boots', 1, false, false, []],
                  ['PRODUCT', 'Sandals', 'Shoes > Sandals', 1, false, false, []],
                ],
              ],
            ],
          ],
        ],
      );
      const plain: SearchPage = await api.query.searchPage({ q: 'shoe', notify: false });
      assert.equal(plain.navigation, undefined);
    });
  });
});
