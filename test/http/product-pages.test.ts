/**
 * product-page, cart-page and add-to-cart-popup through the official client where it fits (and raw HTTP
 * for the 400s): required parameters, the product group in detail, tickets, the cart, the lists' defaults
 * (`params.productKey`, `params.cart`, the popup's variant and notified cart), and behaviour registration.
 */
import assert from 'node:assert/strict';
import type { AddToCartPopup, CartPage, ProductPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

const CATALOG: ReplaceEntity[] = [
  group('GA', {
    A1: product('A1', {
      defaults: {
        title: 'Trail shoe',
        url: '/p/A1',
        brand: 'Acme',
        category: ['cat_shoes'],
        description: 'A light trail shoe.',
        series: 'Trail',
        styleWith: ['B1'],
        customLabels: { material: ['mesh'] },
        customNumbers: { drop: 8 },
        customJson: { care: { wash: false } },
      },
      variants: {
        'A1-38': { defaults: { listPrice: 1000, sellingPrice: 800, stock: 3, size: ['38'], customLabels: { fit: ['narrow'] } } },
        'A1-39': { defaults: { listPrice: 1000, sellingPrice: 800, stock: 0, size: ['39'] } },
      },
      images: { main: { defaults: { urls: [{ url: 'https://img.example.com/A1.jpg', widthInitial: 800 }], alt: 'A1', caption: 'Side view' } } },
    }),
    A2: product('A2', { defaults: { title: 'Trail shoe, red', url: '/p/A2', brand: 'Acme', category: ['cat_shoes'], series: 'Trail' } }),
  }),
  group('GB', { B1: product('B1', { defaults: { title: 'Wool sock', url: '/p/B1', brand: 'Acme', category: ['cat_socks'] } }) }),
  group('GC', { C1: product('C1', { defaults: { title: 'Sun hat', url: '/p/C1', brand: 'Zeta', category: ['cat_hats'] } }) }),
  group('GD', { D1: product('D1', { defaults: { title: 'Trail shoe pro', url: '/p/D1', brand: 'Acme', category: ['cat_shoes'], series: 'Trail' } }) }),
];

describe('product-page, cart-page and add-to-cart-popup', function () {
  let service: TestService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let api: any;
  const base = (customerKey = 'c1', sessionKey = 's1') => `market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=${customerKey}&sessionKey=${sessionKey}`;
  const post = (endpoint: string, query: string, body: unknown = {}) =>
    service.request('POST', `/api/storefront/v3/queries/${endpoint}?${query}`, { body: JSON.stringify(body) });
  const expect400 = async (endpoint: string, query: string, body: unknown, message: RegExp) => {
    const res = await post(endpoint, query, body);
    const answer = await jsonBody(res);
    assert.equal(res.status, 400, JSON.stringify(answer));
    assert.match(answer.message, message);
  };
  const settle = async () => {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-*` });
  };
  const keys = (l: { productGroups: { products: { key: string }[] }[] }) => l.productGroups.map((g) => g.products[0].key);

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    const { elevate } = await import('@apptus/esales-api');
    api = (customerKey: string, sessionKey = `${customerKey}-s`) =>
      elevate({ clusterId: service.url, market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', session: () => ({ customerKey, sessionKey }) });
  });
  after(async () => service.close());

  describe('400s', () => {
    it('product-page: productKey missing or unknown, bad body, shared parameters', async () => {
      await expect400('product-page', base(), {}, /Query parameter productKey is required/);
      await expect400('product-page', `${base()}&productKey=nope`, {}, /productKey: unknown product "nope"/);
      await expect400('product-page', `${base()}&productKey=${'p'.repeat(201)}`, {}, /Query parameter productKey: a key is at most 200 characters \(got 201\)/);
      await expect400(
        'product-page',
        `${base()}&productKey=A1`,
        { recommendationLists: [{ id: 'r', algorithm: 'CART', params: { cart: ['x'.repeat(40_000)] } }] },
        /recommendationLists\[0\]\.params\.cart\[0\] must be at most 200 characters/,
      );
      await expect400(
        'product-page',
        `${base()}&productKey=A1`,
        { recommendationLists: [{ id: 'r', productRules: `rule incl brand { "${'å'.repeat(20_000)}" }` }] },
        /String too long .* a value is at most 1000 characters \(got 20000\)/,
      );
      await expect400('product-page', `${base()}&productKey=A1`, [], /Body must be a JSON object/);
      await expect400('product-page', `${base()}&productKey=A1`, { productGroup: { include: 'yes' } }, /productGroup\.include must be true or false/);
      await expect400('product-page', `${base()}&productKey=A1`, { recommendationLists: [{ id: '' }] }, /recommendationLists\[0\]\.id is required/);
      await expect400('product-page', 'market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&productKey=A1', {}, /sessionKey is required/);
      const res = await service.request('POST', `/api/storefront/v3/queries/product-page?${base()}&productKey=A1`, { body: '{nope' });
      assert.equal(res.status, 400);
    });

    it('cart-page: cart missing or too long, bad body', async () => {
      await expect400('cart-page', base(), {}, /Query parameter cart is required/);
      await expect400('cart-page', `${base()}&cart=${Array.from({ length: 251 }, (_, i) => `k${i}`).join('|')}`, {}, /cart holds at most 250 keys/);
      await expect400('cart-page', `${base()}&cart=A1|${'k'.repeat(201)}`, {}, /Query parameter cart: a key is at most 200 characters \(got 201\)/);
      await expect400(
        'add-to-cart-popup',
        `${base()}&variantKey=${'v'.repeat(300)}`,
        {},
        /Query parameter variantKey: a key is at most 200 characters \(got 300\)/,
      );
      await expect400('cart-page', `${base()}&cart=A1`, { cart: true }, /Body cart must be an object/);
      await expect400('cart-page', `${base()}&cart=A1`, { recommendationLists: Array.from({ length: 11 }, (_, i) => ({ id: `l${i}` })) }, /at most 10 lists/);
    });

    it('presentCustom: every prefix on product-page and cart-page; no prefixes where no products are listed', async () => {
      const custom = 'presentCustom=material|variant.fit|number.drop|length.shaft';
      const product = await post('product-page', `${base()}&productKey=D1&notify=false&${custom}`, {
        recommendationLists: [{ id: 'series', algorithm: 'MORE_FROM_SERIES' }],
      });
      const page = (await jsonBody(product)) as ProductPage;
      assert.equal(product.status, 200, JSON.stringify(page));
      const a1 = page.recommendationLists[0].productGroups.flatMap((g) => g.products).find((p) => p.key === 'A1')!;
      assert.deepEqual(
        [a1.custom, a1.typedCustom?.numbers, a1.variants[0].custom],
        [{ material: [{ id: 'mesh', label: 'mesh' }] }, { drop: 8 }, { fit: [{ id: 'narrow', label: 'narrow' }] }],
      );
      const cart = await post('cart-page', `${base()}&cart=A1-38&notify=false&${custom}`, { cart: { include: true } });
      const cartPage = (await jsonBody(cart)) as CartPage;
      assert.equal(cart.status, 200, JSON.stringify(cartPage));
      const inCart = cartPage.cart[0].products[0];
      assert.deepEqual(
        [inCart.custom, inCart.typedCustom?.numbers, inCart.variants[0].custom],
        [{ material: [{ id: 'mesh', label: 'mesh' }] }, { drop: 8 }, { fit: [{ id: 'narrow', label: 'narrow' }] }],
      );
      await expect400('cart-page', `${base()}&cart=A1&presentCustom=variant.`, {}, /presentCustom: "variant\." names no attribute/);
      const content = await service.request('GET', `/api/storefront/v3/queries/content-information?${base()}&contentKeys=x&presentCustom=variant.fit`);
      assert.deepEqual(
        [content.status, (await jsonBody(content)).message],
        [400, 'Query parameter presentCustom: prefix "variant." is not accepted by this endpoint: it lists no products'],
      );
    });

    it('product-page and cart-page ignore templateId (not defined there, sent by the client on every product query): 200, lists as without it', async () => {
      const imported = await service.admin('POST', '/api/admin/v4/import/templates', {
        body: JSON.stringify({ slim: { products: { all: { fields: ['title'], maxVariants: 0 } } } }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(imported.status, 204, await imported.text());
      const client = api('tpl');
      const lists = [{ id: 'series', algorithm: 'MORE_FROM_SERIES' as const }];
      const product: ProductPage = await client.query.productPage(
        { productKey: 'D1', notify: false },
        { productGroup: { include: true }, recommendationLists: lists },
      );
      const cartLists = [{ id: 'cart', algorithm: 'CART' as const }];
      const cart: CartPage = await client.query.cartPage({ cart: ['A1-38'], notify: false }, { cart: { include: true }, recommendationLists: cartLists });
      assert.ok(product.recommendationLists[0].productGroups.length > 0 && cart.cart.length === 1 && cart.cart[0].products[0].sellingPrice !== undefined);
      for (const templateId of ['slim', 'unknown']) {
        assert.deepEqual(
          await client.query.productPage({ productKey: 'D1', notify: false, templateId }, { productGroup: { include: true }, recommendationLists: lists }),
          product,
        );
        assert.deepEqual(
          await client.query.cartPage({ cart: ['A1-38'], notify: false, templateId }, { cart: { include: true }, recommendationLists: cartLists }),
          cart,
        );
      }
      // where a template does apply, it shapes the list: the lists above would differ had it been applied
      const popup: AddToCartPopup = await client.query.addToCartPopup({ variantKey: 'A1-38', notify: false, templateId: 'slim' }, [
        { ...lists[0], params: { productKey: 'D1' } },
      ]);
      const shaped = popup.recommendationLists[0].productGroups[0].products[0];
      assert.deepEqual([typeof shaped.title, shaped.sellingPrice], ['string', undefined]);
    });

    it('add-to-cart-popup: variantKey missing or unknown, unknown template', async () => {
      await expect400('add-to-cart-popup', base(), {}, /Query parameter variantKey is required/);
      await expect400('add-to-cart-popup', `${base()}&variantKey=A1`, {}, /variantKey: unknown variant "A1"/);
      await expect400('add-to-cart-popup', `${base()}&variantKey=A1-38&templateId=nope`, {}, /templateId: unknown template "nope"/);
      await expect400('add-to-cart-popup', `${base()}&variantKey=A1-38`, { recommendationLists: [{ id: 'a', limit: 300 }] }, /recommendationLists\[0\]\.limit/);
    });
  });

  describe('product-page', () => {
    it('answers the product group in detail when asked, its siblings, and lists about the product', async () => {
      const page: ProductPage = await api('pp').query.productPage(
        { productKey: 'A1', notify: false },
        {
          productGroup: { include: true },
          recommendationLists: [
            { id: 'series', algorithm: 'MORE_FROM_SERIES' },
            { id: 'style', algorithm: 'STYLE_WITH' },
          ],
        },
      );
      const group = page.productGroup!;
      assert.deepEqual([group.key, group.products.map((p) => p.key)], ['GA', ['A1', 'A2']]);
      const main = group.products[0];
      assert.equal(main.description, 'A light trail shoe.');
      assert.deepEqual(main.custom, { material: [{ id: 'mesh', label: 'mesh' }] });
      assert.deepEqual(main.typedCustom, { lengths: {}, numbers: { drop: 8 }, json: { care: { wash: false } } });
      assert.equal(main.imageInfo.images[0].caption, 'Side view');
      assert.deepEqual(
        main.variants.map((v) => [v.key, v.inStock, v.custom]),
        [
          ['A1-38', true, { fit: [{ id: 'narrow', label: 'narrow' }] }],
          ['A1-39', false, {}],
        ],
      );
      assert.equal(group.products[1].description, undefined);
      assert.match(Buffer.from(main.variants[0].ticket, 'base64url').toString(), /^2;PRODUCT_PAGE;PRODUCT_GROUP;variant;A1;A1-38;0;SE;DESKTOP;$/);
      assert.deepEqual(page.recommendationLists.map(keys), [['D1'], ['B1']]);
      assert.equal((page as { tickets?: unknown }).tickets, undefined);
    });

    it('answers variant tickets instead when the group is not asked for', async () => {
      const page: ProductPage = await api('pp').query.productPage({ productKey: 'A1', notify: false });
      assert.deepEqual(Object.keys(page.tickets), ['A1-38', 'A1-39']);
      assert.equal(page.productGroup, undefined);
      assert.deepEqual(page.recommendationLists, []);
      const res = await api('pp').notify.addToCart(page.tickets['A1-38']);
      assert.ok(res === undefined || res.ok !== false);
    });

    it('registers a product view unless notify=false', async () => {
      await api('viewer').query.productPage({ productKey: 'C1', notify: false });
      await api('viewer').query.productPage({ productKey: 'B1' });
      await settle();
      const page: ProductPage = await api('viewer').query.productPage(
        { productKey: 'D1', notify: false },
        { recommendationLists: [{ id: 'rv', algorithm: 'RECENTLY_VIEWED' }] },
      );
      assert.deepEqual(keys(page.recommendationLists[0]), ['B1']);
    });
  });

  describe('cart-page', () => {
    it('answers the cart products in cart order when asked, and lists default params.cart', async () => {
      const page: CartPage = await api('cp').query.cartPage(
        { cart: ['B1-1', 'A1-38', 'A1-39', 'nope'], notify: false },
        { cart: { include: true }, recommendationLists: [{ id: 'more', algorithm: 'CART', limit: 10 }] },
      );
      assert.deepEqual(
        page.cart.map((g) => [g.key, g.products[0].key]),
        [
          ['GB', 'B1'],
          ['GA', 'A1'],
        ],
      );
      assert.match(Buffer.from(page.cart[1].products[0].ticket, 'base64url').toString(), /^2;CART_PAGE;CART;product;A1;;1;SE;DESKTOP;$/);
      const cart = keys(page.recommendationLists[0]);
      assert.ok(!cart.includes('B1') && !cart.includes('A1') && !cart.includes('A2'), cart.join());
      assert.equal(cart[0], 'D1');
      const without: CartPage = await api('cp').query.cartPage({ cart: ['A1'], notify: false });
      assert.deepEqual(without.cart, []);
    });

    it('registers the cart unless notify=false', async () => {
      await api('carter').query.cartPage({ cart: ['A1-38', 'B1'] });
      await api('carter').query.cartPage({ cart: ['C1'], notify: false });
      await settle();
      const found = await service.context.es.search({
        index: `${service.prefix}-events`,
        query: { bool: { filter: [{ term: { customerKey: 'carter' } }, { term: { type: 'cart' } }] } },
      });
      assert.equal((found.hits.total as { value: number }).value, 1);
    });
  });

  describe('add-to-cart-popup', () => {
    it("recommends complements of the variant, with the visitor's notified cart when no cart is given", async () => {
      const popup: AddToCartPopup = await api('pop').query.addToCartPopup({ variantKey: 'A1-38', notify: false }, [
        { id: 'addons', algorithm: 'ADD_TO_CART_RECS', limit: 2 },
      ]);
      assert.deepEqual(keys(popup.recommendationLists[0]), ['B1', 'C1']);
      assert.match(Buffer.from(popup.recommendationLists[0].productGroups[0].products[0].ticket, 'base64url').toString(), /^2;ADD_TO_CART_POPUP;addons;/);

      // The visitor added C1 to the cart earlier in the session: it is the cart, so CART leaves it out.
      const page: ProductPage = await api('pop').query.productPage({ productKey: 'C1', notify: false });
      await api('pop').notify.addToCart(page.tickets['C1-1']);
      await settle();
      const withCart: AddToCartPopup = await api('pop').query.addToCartPopup({ variantKey: 'A1-38', notify: false }, [
        { id: 'c', algorithm: 'CART', limit: 10 },
      ]);
      assert.ok(!keys(withCart.recommendationLists[0]).includes('C1'));
      const given: AddToCartPopup = await api('pop').query.addToCartPopup({ variantKey: 'A1-38', cart: ['B1'], notify: false }, [
        { id: 'c', algorithm: 'CART', limit: 10 },
      ]);
      const listed = keys(given.recommendationLists[0]);
      assert.ok(listed.includes('C1') && !listed.includes('B1') && !listed.includes('A1'), listed.join());
    });

    it('registers the cart with the added variant unless notify=false, and no add-to-cart (the notification is that)', async () => {
      await api('popper').query.addToCartPopup({ variantKey: 'A1-38', cart: ['B1'] }, []);
      await api('popper').query.addToCartPopup({ variantKey: 'C1-1', cart: ['B1'], notify: false }, []);
      await settle();
      const events = await service.context.es.search<{ type: string; keys?: string[] }>({
        index: `${service.prefix}-events`,
        query: { term: { customerKey: 'popper' } },
      });
      assert.deepEqual(
        events.hits.hits.map((h) => [h._source!.type, h._source!.keys]),
        [['cart', ['B1', 'A1-38']]],
      );
      assert.deepEqual(await service.context.behaviour.cartOf({ market: 'SE', customerKey: 'popper', sessionKey: 'popper-s' }), []);
      await expect400('add-to-cart-popup', `${base('popper', 'popper-s')}&variantKey=nope`, {}, /variantKey: unknown variant "nope"/);
    });
  });
});
