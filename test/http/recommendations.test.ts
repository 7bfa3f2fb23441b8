/**
 * Recommendation lists against the real Elasticsearch: request limits (400 naming the list's field), each
 * algorithm's cold start on a fresh visitor, list limits, rules and exclusions, and behaviour changing
 * RECENTLY_VIEWED, FAVORITES, PERSONAL, CART and TOP_PRODUCTS in the expected direction on a small scripted
 * traffic set (notifications and product-page views, then flush, popularity run, refresh).
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

interface Item {
  title: string;
  brand: string;
  category: string;
  price: number;
  release: string;
  stock?: number;
  series?: string;
  styleWith?: string[];
  gender?: string[];
  productType?: string[];
}

function productOf(key: string, i: Item) {
  return product(key, {
    defaults: {
      title: i.title,
      url: `/p/${key}`,
      brand: i.brand,
      category: [i.category],
      releaseDate: i.release,
      ...(i.series ? { series: i.series } : {}),
      ...(i.styleWith ? { styleWith: i.styleWith } : {}),
      ...(i.gender ? { gender: i.gender } : {}),
      ...(i.productType ? { productType: i.productType } : {}),
    },
    variants: { [`${key}-1`]: { defaults: { listPrice: i.price, sellingPrice: i.price, stock: i.stock ?? 5 } } },
  });
}
const item = (key: string, i: Item): ReplaceEntity => group(`G-${key}`, { [key]: productOf(key, i) });

const women = { gender: ['women'], productType: ['sneaker'] };
const CATALOG: ReplaceEntity[] = [
  item('S1', {
    title: 'Trail runner shoe',
    brand: 'Acme',
    category: 'cat_shoes',
    price: 500,
    release: '2026-01-01T00:00:00Z',
    series: 'Trail',
    styleWith: ['K1', 'H1'],
    ...women,
  }),
  item('S2', { title: 'Trail runner shoe pro', brand: 'Acme', category: 'cat_shoes', price: 800, release: '2026-02-01T00:00:00Z', series: 'Trail', ...women }),
  item('S3', {
    title: 'City runner shoe',
    brand: 'Nova',
    category: 'cat_shoes',
    price: 900,
    release: '2026-03-01T00:00:00Z',
    gender: ['men'],
    productType: ['sneaker'],
  }),
  item('S4', {
    title: 'Leather boot',
    brand: 'Nova',
    category: 'cat_shoes',
    price: 300,
    release: '2025-06-01T00:00:00Z',
    gender: ['women'],
    productType: ['boot'],
  }),
  item('S5', {
    title: 'Trail runner shoe lite',
    brand: 'Acme',
    category: 'cat_shoes',
    price: 400,
    release: '2026-04-01T00:00:00Z',
    series: 'Trail',
    stock: 0,
    ...women,
  }),
  item('H1', { title: 'Wool hat', brand: 'Zeta', category: 'cat_hats', price: 200, release: '2025-01-01T00:00:00Z' }),
  item('H2', { title: 'Cotton cap', brand: 'Zeta', category: 'cat_hats', price: 150, release: '2025-02-01T00:00:00Z' }),
  item('H3', { title: 'Sun hat', brand: 'Zeta', category: 'cat_hats', price: 250, release: '2025-03-01T00:00:00Z' }),
  item('K1', { title: 'Running socks', brand: 'Acme', category: 'cat_socks', price: 50, release: '2025-04-01T00:00:00Z' }),
  item('K2', { title: 'Wool socks', brand: 'Zeta', category: 'cat_socks', price: 60, release: '2025-05-01T00:00:00Z' }),
  group('GM', {
    M1: productOf('M1', { title: 'Trail runner shoe blue', brand: 'Acme', category: 'cat_shoes', price: 600, release: '2026-05-01T00:00:00Z', ...women }),
    M2: productOf('M2', { title: 'Trail runner shoe red', brand: 'Acme', category: 'cat_shoes', price: 600, release: '2026-05-02T00:00:00Z', ...women }),
  }),
];
/** Every in-stock product group newest first (the cold-start order of popularity-ranked lists), then S5. */
const NEWEST = ['M2', 'S3', 'S2', 'S1', 'S4', 'K2', 'K1', 'H3', 'H2', 'H1', 'S5'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('recommendation lists (real Elasticsearch)', function () {
  let service: TestService;
  const base = (customerKey: string, sessionKey = `${customerKey}-s`) =>
    `market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=${customerKey}&sessionKey=${sessionKey}`;

  const post = (endpoint: string, query: string, body: unknown) =>
    service.request('POST', `/api/storefront/v3/queries/${endpoint}?${query}`, { body: JSON.stringify(body) });
  /** The product keys (main products) of each list of a product-page of `productKey`. */
  async function lists(customerKey: string, recommendationLists: unknown[], productKey = 'S1', extra = '&notify=false'): Promise<string[][]> {
    const res = await post('product-page', `${base(customerKey)}&productKey=${productKey}${extra}`, { recommendationLists });
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body.recommendationLists.map((l: { productGroups: { products: { key: string }[] }[] }) => l.productGroups.map((g) => g.products[0].key));
  }
  const one = async (customerKey: string, list: Record<string, unknown>, productKey = 'S1') =>
    (await lists(customerKey, [{ id: 'l', ...list }], productKey))[0];
  const settle = async () => {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-*` });
  };
  const notify = async (name: string, customerKey: string, body: unknown, sessionKey = `${customerKey}-s`) => {
    const res = await service.request('POST', `/api/storefront/v3/notifications/${name}?market=SE&customerKey=${customerKey}&sessionKey=${sessionKey}`, {
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 204, await res.text());
  };
  const view = async (customerKey: string, productKey: string) => {
    const res = await post('product-page', `${base(customerKey)}&productKey=${productKey}`, {});
    assert.equal(res.status, 200, await res.text());
    await sleep(5);
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  describe('request limits', () => {
    const cases: [string, unknown, RegExp][] = [
      ['not an array', { id: 'x' }, /recommendationLists must be an array/],
      ['more than 10 lists', Array.from({ length: 11 }, (_, i) => ({ id: `l${i}` })), /at most 10 lists/],
      ['a list that is no object', ['x'], /recommendationLists\[0\] must be an object/],
      ['a missing id', [{ algorithm: 'TOP_PRODUCTS' }], /recommendationLists\[0\]\.id is required/],
      ['an id of 21 characters', [{ id: 'a'.repeat(21) }], /recommendationLists\[0\]\.id must be 1 to 20/],
      ['an id with a space', [{ id: 'a b' }], /recommendationLists\[0\]\.id must be 1 to 20 letters/],
      ['a repeated id', [{ id: 'a' }, { id: 'a' }], /recommendationLists\[1\]\.id "a" is used by an earlier list/],
      ['an unknown algorithm', [{ id: 'a', algorithm: 'BEST' }], /recommendationLists\[0\]\.algorithm must be one of/],
      ['an empty label', [{ id: 'a', label: '' }], /recommendationLists\[0\]\.label must be 1 to 200/],
      ['a label of 201 characters', [{ id: 'a', label: 'x'.repeat(201) }], /recommendationLists\[0\]\.label must be 1 to 200/],
      ['a relative showMoreLink', [{ id: 'a', showMoreLink: 'shoes' }], /recommendationLists\[0\]\.showMoreLink must start with/],
      ['a showMoreLink of 1001 characters', [{ id: 'a', showMoreLink: `/${'x'.repeat(1000)}` }], /recommendationLists\[0\]\.showMoreLink must be 1 to 1000/],
      ['limit 0', [{ id: 'a', limit: 0 }], /recommendationLists\[0\]\.limit must be an integer from 1 to 200/],
      ['limit 201', [{ id: 'a', limit: 201 }], /recommendationLists\[0\]\.limit must be an integer from 1 to 200/],
      ['a fractional limit', [{ id: 'a', limit: 2.5 }], /recommendationLists\[0\]\.limit/],
      ['an unknown visualization', [{ id: 'a', visualization: 'LIST' }], /recommendationLists\[0\]\.visualization must be CAROUSEL or GRID/],
      [
        'a cart of 251 keys',
        [{ id: 'a', algorithm: 'CART', params: { cart: Array.from({ length: 251 }, (_, i) => `k${i}`) } }],
        /recommendationLists\[0\]\.params\.cart holds at most 250/,
      ],
      ['a cart that is no array', [{ id: 'a', algorithm: 'CART', params: { cart: 'S1' } }], /recommendationLists\[0\]\.params\.cart must be an array/],
      ['a broken product rule', [{ id: 'a', productRules: 'rule incl brand' }], /recommendationLists\[0\]\.productRules: /],
      ['a broken productFilter', [{ id: 'a', productFilter: { nope: 'x' } }], /recommendationLists\[0\]\.productFilter\.nope: unknown attribute/],
      [
        'rules and filter together',
        [{ id: 'a', productRules: 'rule incl brand { "Acme" }', productFilter: { brand: 'Acme' } }],
        /recommendationLists\[0\]\.productRules and productFilter/,
      ],
      ['an unknown setting', [{ id: 'a', size: 3 }], /recommendationLists\[0\]\.size is not a recommendation list setting/],
      [
        'CART without a cart outside the cart page',
        [{ id: 'ok' }, { id: 'a', algorithm: 'CART' }],
        /recommendationLists\[1\]\.params\.cart is required for CART/,
      ],
    ];
    for (const [what, recommendationLists, message] of cases) {
      it(`answers 400 for ${what}`, async () => {
        const res = await post('product-page', `${base('v')}&productKey=S1&notify=false`, { recommendationLists });
        const body = await jsonBody(res);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(body.message, message);
      });
    }

    it('answers 400 when a list about a product has no product key (cart-page, landing-page)', async () => {
      for (const algorithm of ['ALTERNATIVES', 'UPSELL', 'STYLE_WITH', 'MORE_FROM_SERIES']) {
        const res = await post('cart-page', `${base('v')}&cart=S1-1&notify=false`, { recommendationLists: [{ id: 'a', algorithm }] });
        assert.equal(res.status, 400);
        assert.match((await jsonBody(res)).message, new RegExp(`recommendationLists\\[0\\]\\.params\\.productKey is required for ${algorithm}`));
      }
      const res = await service.request('GET', `/api/storefront/v3/queries/landing-page?${base('v')}&pageReference=/x&notify=false`);
      assert.equal(res.status, 200);
    });

    it('accepts 10 lists, all settings, and answers them in request order', async () => {
      const recommendationLists = Array.from({ length: 10 }, (_, i) => ({ id: `list_${i}-x`, limit: 1 }));
      assert.deepEqual(
        (await lists('v', recommendationLists)).map((l) => l.length),
        Array(10).fill(1),
      );
      const res = await post('product-page', `${base('v')}&productKey=S1&notify=false`, {
        recommendationLists: [
          { id: 'a', algorithm: 'NEWEST_PRODUCTS', label: 'New in', showMoreLink: 'https://shop/new', visualization: 'GRID', limit: 1 },
          { id: 'b' },
        ],
      });
      const body = await jsonBody(res);
      assert.deepEqual(
        body.recommendationLists.map((l: Record<string, unknown>) => ({ ...l, productGroups: (l.productGroups as unknown[]).length })),
        [
          { id: 'a', algorithm: 'NEWEST_PRODUCTS', label: 'New in', showMoreLink: 'https://shop/new', visible: true, visualization: 'GRID', productGroups: 1 },
          { id: 'b', algorithm: 'TOP_PRODUCTS', visible: true, visualization: 'CAROUSEL', productGroups: 4 },
        ],
      );
      assert.deepEqual(await lists('v', []), []);
    });
  });

  describe('cold start (no behaviour at all)', () => {
    it('TOP_PRODUCTS and NEWEST_PRODUCTS: newest first, out of stock last, the page product left out', async () => {
      assert.deepEqual(
        await one('cold', { algorithm: 'TOP_PRODUCTS', limit: 20 }),
        NEWEST.filter((k) => k !== 'S1'),
      );
      assert.deepEqual(
        await one('cold', { algorithm: 'NEWEST_PRODUCTS', limit: 20 }),
        NEWEST.filter((k) => k !== 'S1'),
      );
    });

    it('PERSONAL and FAVORITES: the popular in-stock products', async () => {
      const inStock = NEWEST.filter((k) => k !== 'S1' && k !== 'S5');
      assert.deepEqual(await one('cold', { algorithm: 'PERSONAL', limit: 20 }), inStock);
      assert.deepEqual(await one('cold', { algorithm: 'FAVORITES', limit: 20 }), inStock);
    });

    it('RECENTLY_VIEWED: empty', async () => {
      assert.deepEqual(await one('cold', { algorithm: 'RECENTLY_VIEWED' }), []);
    });

    it("CART: popular products of the cart's categories first, then any, never the cart", async () => {
      assert.deepEqual(await one('cold', { algorithm: 'CART', params: { cart: ['S1-1', 'K1'] }, limit: 6 }, 'H1'), ['M2', 'S3', 'S2', 'S4', 'K2', 'H3']);
    });

    it('ADD_TO_CART_RECS: the styleWith keys, then other categories than the added product', async () => {
      assert.deepEqual(await one('cold', { algorithm: 'ADD_TO_CART_RECS', params: { variantKey: 'S1-1' } }, 'H3'), ['K1', 'H1', 'K2', 'H3']);
    });

    it('UPSELL: more expensive, same gender, in stock, same category first', async () => {
      assert.deepEqual(new Set(await one('cold', { algorithm: 'UPSELL', limit: 10 })), new Set(['S2', 'M2']));
    });

    it('STYLE_WITH: the styleWith keys in feed order, then the brand in other categories', async () => {
      assert.deepEqual(await one('cold', { algorithm: 'STYLE_WITH', limit: 10 }), ['K1', 'H1']);
      assert.deepEqual(await one('cold', { algorithm: 'STYLE_WITH', limit: 10 }, 'S3'), []);
    });

    it('ALTERNATIVES: similar products of the same category first, in stock only', async () => {
      const alternatives = await one('cold', { algorithm: 'ALTERNATIVES', limit: 10 });
      assert.deepEqual(new Set(alternatives.slice(0, 3)), new Set(['S2', 'M2', 'S3']));
      assert.deepEqual(alternatives.slice(3), ['S4']);
    });

    it('MORE_FROM_SERIES: the series, out of stock last; nothing without a series', async () => {
      assert.deepEqual(await one('cold', { algorithm: 'MORE_FROM_SERIES', limit: 10 }), ['S2', 'S5']);
      assert.deepEqual(await one('cold', { algorithm: 'MORE_FROM_SERIES', limit: 10 }, 'H1'), []);
    });

    it('a list about an unknown product is empty', async () => {
      assert.deepEqual(await one('cold', { algorithm: 'ALTERNATIVES', params: { productKey: 'nope' } }), []);
    });
  });

  describe('list settings', () => {
    it('honours limit (default 4) and never repeats a group', async () => {
      assert.equal((await one('lim', {})).length, 4);
      assert.equal((await one('lim', { limit: 2 })).length, 2);
      const all = await one('lim', { limit: 200 }, 'H1');
      assert.equal(all.length, 10);
      assert.ok(!all.includes('M1') && all.includes('M2'));
    });

    it('de-duplicates softly across the lists of a request', async () => {
      const [first, second, newest] = await lists('dd', [
        { id: 'a', limit: 2 },
        { id: 'b', limit: 2 },
        { id: 'c', algorithm: 'NEWEST_PRODUCTS', limit: 2 },
      ]);
      assert.deepEqual(
        [first, second, newest],
        [
          ['M2', 'S3'],
          ['S2', 'S4'],
          ['M2', 'S3'],
        ],
      );
      const [, all] = await lists('dd', [
        { id: 'a', limit: 2 },
        { id: 'b', limit: 20 },
      ]);
      assert.deepEqual(all.slice(-2), ['M2', 'S3']);
    });

    it('honours productRules, the deprecated productFilter, and the variant key of a popup', async () => {
      assert.deepEqual(await one('r', { productRules: 'rule incl brand { "Zeta" }', limit: 10 }), ['K2', 'H3', 'H2', 'H1']);
      assert.deepEqual(await one('r', { productFilter: { brand: 'Zeta', price: { min: 100, max: 220 } }, limit: 10 }), ['H2', 'H1']);
      assert.deepEqual(await one('r', { algorithm: 'UPSELL', params: { productKey: 'S1' }, productRules: 'rule excl product_key { "S2" }' }, 'H1'), ['M2']);
    });

    it('answers product groups with tickets of the page and list', async () => {
      const res = await post('product-page', `${base('t')}&productKey=S1&notify=false`, { recommendationLists: [{ id: 'top', limit: 1 }] });
      const group = (await jsonBody(res)).recommendationLists[0].productGroups[0];
      assert.deepEqual([group.key, group.products.map((p: { key: string }) => p.key), group.remaining], ['GM', ['M2', 'M1'], 0]);
      const ticket = Buffer.from(group.products[0].ticket, 'base64url').toString();
      assert.match(ticket, /^2;PRODUCT_PAGE;top;product;M2;;0;SE;DESKTOP;$/);
    });
  });

  describe('behaviour', () => {
    it("RECENTLY_VIEWED: the visitor's product-page views, newest first, without the page product", async () => {
      await view('rv', 'S3');
      await view('rv', 'H1');
      await view('rv', 'K1');
      await settle();
      assert.deepEqual(await one('rv', { algorithm: 'RECENTLY_VIEWED' }, 'K1'), ['H1', 'S3']);
      assert.deepEqual(await one('someone', { algorithm: 'RECENTLY_VIEWED' }, 'K1'), []);
    });

    it("FAVORITES: the visitor's favourites first, most recent first", async () => {
      await notify('add-favorite', 'fav', { productKey: 'H2' });
      await sleep(5);
      await notify('add-favorite', 'fav', { variantKey: 'K2-1' });
      await settle();
      assert.deepEqual((await one('fav', { algorithm: 'FAVORITES' })).slice(0, 2), ['K2', 'H2']);
    });

    it("PERSONAL: the visitor's categories first", async () => {
      const cold = await one('hats', { algorithm: 'PERSONAL' });
      assert.ok(!cold.includes('H1'));
      for (const key of ['H1', 'H2', 'H3']) await view('hats', key);
      await settle();
      const personal = await one('hats', { algorithm: 'PERSONAL' });
      assert.deepEqual(new Set(personal.slice(0, 3)), new Set(['H1', 'H2', 'H3']));
    });

    it('CART: products bought together with the cart first', async () => {
      assert.equal((await one('cart', { algorithm: 'CART', params: { cart: ['S4'] } }, 'K1'))[0], 'M2');
      for (const session of ['b1', 'b2', 'b3']) {
        await notify(
          'purchase',
          `buyer-${session}`,
          {
            lines: [
              { variantKey: 'S4-1', quantity: 1, sellingPrice: 300 },
              { variantKey: 'H2-1', quantity: 1, sellingPrice: 150 },
            ],
          },
          session,
        );
      }
      await notify('purchase', 'other', { lines: [{ variantKey: 'K2-1', quantity: 1, sellingPrice: 60 }] }, 'b4');
      await settle();
      await service.context.behaviour.updateCoOccurrence();
      assert.equal((await one('cart', { algorithm: 'CART', params: { cart: ['S4-1'] } }, 'K1'))[0], 'H2');
      const res = await post('cart-page', `${base('cart')}&cart=S4-1&notify=false`, { recommendationLists: [{ id: 'c', algorithm: 'CART', limit: 1 }] });
      assert.equal((await jsonBody(res)).recommendationLists[0].productGroups[0].products[0].key, 'H2');
    });

    it('TOP_PRODUCTS: the most popular products after the popularity job', async () => {
      assert.equal((await one('top', { algorithm: 'TOP_PRODUCTS' }))[0], 'M2');
      for (let i = 0; i < 5; i++) await notify('purchase', `top-${i}`, { lines: [{ variantKey: 'K1-1', quantity: 1, sellingPrice: 50 }] });
      await settle();
      await service.context.behaviour.updatePopularity();
      await settle();
      assert.equal((await one('top', { algorithm: 'TOP_PRODUCTS' }))[0], 'K1');
      assert.equal((await one('top', { algorithm: 'TOP_PRODUCTS', productRules: 'rule incl category { "cat_hats" }' }))[0], 'H2');
    });
  });
});
