import assert from 'node:assert/strict';
import type { Facet as ClientFacet, Product as ClientProduct, ProductGroup as ClientGroup, SearchPage } from '@apptus/esales-api';
import { badges, imageInfo, swatch } from '../../src/storefront/presentation';
import { shapeProductGroup, variantLink, type ProductSource, type ShapeContext } from '../../src/storefront/productShaper';
import { productSource } from '../../src/storefront/productSource';
import type { FacetResult, ProductGroupResult, SearchPageResult } from '../../src/storefront/responseTypes';
import { decodeTicket } from '../../src/events/tickets';

const NOW = new Date('2026-11-20T12:00:00Z');

/** A product as a listing fetches it (see productSource). */
const boot: ProductSource = {
  productKey: 'p1',
  productGroupKey: 'g1',
  groupProductKeys: ['p0', 'p1', 'p2'],
  title: 'Ankle boot',
  name: 'Ankle',
  brand: 'Acme',
  url: '/boot',
  rating: 4.5,
  releaseDate: '2026-11-01',
  colors: ['#000', 'Navy', 'Sky Blue', '#ABCDEF', 'red'],
  weight: { amount: 0.8, unit: 'kg', base: 800 },
  customLabels: { material: ['Leather', 'Wool'] },
  customNumbers: { heel: 4 },
  customLengths: { shaft: { amount: 12, unit: 'cm', base: 120 } },
  images: [
    {
      key: 'a',
      alt: 'Front',
      caption: 'Not in listings',
      sources: [
        { url: 'https://i/a-800.jpg', width: 800 },
        { url: 'https://i/a-200.jpg', width: 200 },
      ],
    },
    { key: 'b', custom: { tone: 'dark' }, sources: [{ url: 'https://i/b.jpg' }] },
    { key: 'empty', sources: [] },
  ],
  variants: [
    {
      key: 'p1-37',
      size: ['37'],
      listPrice: 100,
      sellingPrice: 100,
      stock: 3,
      storeStock: [
        { store: 'S1', stock: 0 },
        { store: 'S2', stock: 5 },
      ],
      customPrices: [{ id: 'member', listPrice: 90, sellingPrice: 60 }],
      customLabels: { width: ['Wide'] },
    },
    {
      key: 'p1-38',
      label: 'EU 38',
      size: ['38'],
      listPrice: 100,
      sellingPrice: 70,
      stock: 0,
      storeStock: [{ store: 'S1', stock: 2 }],
      customPrices: [],
      customLabels: {},
      height: { amount: 20, unit: 'cm', base: 200 },
    },
  ],
};
const sibling: ProductSource = {
  productKey: 'p0',
  productGroupKey: 'g1',
  groupProductKeys: ['p0', 'p1', 'p2'],
  title: 'Ankle boot, brown',
  url: '/boot-brown?c=1',
  colors: ['Gold'],
  variants: [{ key: 'p0-1', listPrice: 50, sellingPrice: 50, stock: 1 }],
};

const context = (query: Partial<ShapeContext['query']> = {}): ShapeContext => ({
  query: { channels: { online: true, store: true }, stores: [], presentCustom: [], presentPrices: [], locale: 'en-GB', labels: {}, ...query },
  origin: { pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', market: 'SE', touchpoint: 'DESKTOP' },
  now: NOW,
});

/** Tickets are opaque: compare what they decode to. */
function decoded(group: ProductGroupResult) {
  return group.products.map((p) => ({ product: decodeTicket(p.ticket), variants: p.variants.map((v) => decodeTicket(v.ticket)) }));
}
function withoutTickets(group: ProductGroupResult) {
  return { ...group, products: group.products.map(({ ticket, ...p }) => ({ ...p, variants: p.variants.map(({ ticket: _t, ...v }) => v) })) };
}

describe('storefront product shaper', () => {
  it('shape a group: main product first, siblings in group order, whole structure', () => {
    const group = shapeProductGroup(boot, new Map([['p0', sibling]]), 7, context());
    assert.deepStrictEqual(withoutTickets(group), {
      key: 'g1',
      remaining: 0,
      products: [
        {
          key: 'p1',
          title: 'Ankle boot',
          name: 'Ankle',
          brand: 'Acme',
          link: '/boot',
          rating: 4.5,
          inStock: true,
          listPrice: { min: 100, max: 100 },
          sellingPrice: { min: 70, max: 100 },
          weight: { amount: 0.8, unit: 'kg' },
          variants: [
            {
              key: 'p1-37',
              label: '37',
              size: '37',
              stockNumber: 3,
              inStock: true,
              link: '/boot?variant=p1-37',
              listPrice: 100,
              sellingPrice: 100,
              prices: [],
              availability: [{ channel: 'ONLINE', stockNumber: 3 }],
            },
            {
              key: 'p1-38',
              label: 'EU 38',
              size: '38',
              stockNumber: 0,
              inStock: false,
              link: '/boot?variant=p1-38',
              listPrice: 100,
              sellingPrice: 70,
              prices: [],
              availability: [{ channel: 'ONLINE', stockNumber: 0 }],
              height: { amount: 20, unit: 'cm' },
            },
          ],
          badges: {
            primary: [
              { label: 'Sale', theme: 'SALE' },
              { label: 'New', theme: 'NEW' },
            ],
            secondary: [{ label: '-30%', theme: 'DISCOUNT' }],
          },
          imageInfo: {
            effect: 'SWAP',
            images: [
              {
                alt: 'Front',
                sources: [
                  { url: 'https://i/a-800.jpg', width: 800 },
                  { url: 'https://i/a-200.jpg', width: 200 },
                ],
              },
              { alt: '', custom: { tone: 'dark' }, sources: [{ url: 'https://i/b.jpg' }] },
            ],
            thumbnail: 'https://i/a-200.jpg',
          },
          swatch: { type: 'COLORS', colors: ['#000', 'navy', '#abcdef'] },
        },
        {
          key: 'p0',
          title: 'Ankle boot, brown',
          link: '/boot-brown?c=1',
          inStock: true,
          listPrice: { min: 50, max: 50 },
          sellingPrice: { min: 50, max: 50 },
          variants: [
            {
              key: 'p0-1',
              stockNumber: 1,
              inStock: true,
              link: '/boot-brown?c=1&variant=p0-1',
              listPrice: 50,
              sellingPrice: 50,
              prices: [],
              availability: [{ channel: 'ONLINE', stockNumber: 1 }],
            },
          ],
          badges: { primary: [], secondary: [] },
          imageInfo: { effect: 'NONE', images: [] },
          swatch: { type: 'GOLD', colors: [] },
        },
      ],
    });
    const origin = { pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', market: 'SE', touchpoint: 'DESKTOP', position: 7 };
    assert.deepStrictEqual(decoded(group), [
      {
        product: { ...origin, kind: 'product', productKey: 'p1' },
        variants: [
          { ...origin, kind: 'variant', productKey: 'p1', variantKey: 'p1-37' },
          { ...origin, kind: 'variant', productKey: 'p1', variantKey: 'p1-38' },
        ],
      },
      { product: { ...origin, kind: 'product', productKey: 'p0' }, variants: [{ ...origin, kind: 'variant', productKey: 'p0', variantKey: 'p0-1' }] },
    ]);
  });

  it('follow channels and stores: STORE sums the requested stores, availability per store', () => {
    const storeOnly = shapeProductGroup(boot, new Map(), 0, context({ channels: { online: false, store: true }, stores: ['S1', 'S2'] })).products[0];
    assert.deepStrictEqual(
      storeOnly.variants.map((v) => [v.key, v.stockNumber, v.inStock, v.availability]),
      [
        [
          'p1-37',
          5,
          true,
          [
            { channel: 'STORE', key: 'S1', stockNumber: 0 },
            { channel: 'STORE', key: 'S2', stockNumber: 5 },
          ],
        ],
        [
          'p1-38',
          2,
          true,
          [
            { channel: 'STORE', key: 'S1', stockNumber: 2 },
            { channel: 'STORE', key: 'S2', stockNumber: 0 },
          ],
        ],
      ],
    );
    const both = shapeProductGroup(boot, new Map(), 0, context({ stores: ['S1'] })).products[0];
    assert.deepStrictEqual(
      both.variants.map((v) => [v.stockNumber, v.availability.length]),
      [
        [3, 2],
        [2, 2],
      ],
    );
    const s2Only = shapeProductGroup(boot, new Map(), 0, context({ channels: { online: false, store: true }, stores: ['S1'] })).products[0];
    assert.deepStrictEqual([s2Only.inStock, s2Only.variants.map((v) => v.inStock)], [true, [false, true]]);
  });

  it('use the priceId prices, list presentPrices, and add custom attributes only when requested', () => {
    const p = shapeProductGroup(
      boot,
      new Map(),
      0,
      context({
        priceId: 'member',
        presentPrices: ['member'],
        presentCustom: [
          { level: 'product', kind: 'label', name: 'material' },
          { level: 'product', kind: 'label', name: 'missing' },
          { level: 'product', kind: 'number', name: 'heel' },
          { level: 'product', kind: 'length', name: 'shaft' },
          { level: 'variant', kind: 'label', name: 'width' },
        ],
      }),
    ).products[0];
    assert.deepStrictEqual(
      p.variants.map((v) => [v.listPrice, v.sellingPrice, v.prices]),
      [
        [90, 60, [{ id: 'member', listPrice: 90, sellingPrice: 60 }]],
        [100, 70, []],
      ],
    );
    assert.deepStrictEqual(
      [p.listPrice, p.sellingPrice],
      [
        { min: 90, max: 100 },
        { min: 60, max: 70 },
      ],
    );
    assert.deepStrictEqual(p.custom, {
      material: [
        { id: 'Leather', label: 'Leather' },
        { id: 'Wool', label: 'Wool' },
      ],
    });
    assert.deepStrictEqual(p.typedCustom, { lengths: { shaft: { amount: 12, unit: 'cm' } }, numbers: { heel: 4 }, json: {} });
    assert.deepStrictEqual(
      p.variants.map((v) => v.custom),
      [{ width: [{ id: 'Wide', label: 'Wide' }] }, {}],
    );
    assert.equal(p.variants[0].typedCustom, undefined);
    assert.deepStrictEqual(p.badges.secondary, [{ label: '-33%', theme: 'DISCOUNT' }]);
  });

  it('cap siblings and count the rest as remaining', () => {
    const keys = Array.from({ length: 14 }, (_, i) => `s${i}`);
    const main: ProductSource = { ...sibling, productKey: 's5', groupProductKeys: keys };
    const siblings = new Map(keys.map((k) => [k, { ...sibling, productKey: k }]));
    const group = shapeProductGroup(main, siblings, 0, context());
    assert.deepStrictEqual(
      group.products.map((p) => p.key),
      ['s5', 's0', 's1', 's2', 's3', 's4', 's6', 's7', 's8', 's9', 's10'],
    );
    assert.equal(group.remaining, 3);
  });

  it('decide swatches, badges and image effects by the documented rules', () => {
    assert.deepStrictEqual(swatch(undefined), { type: 'MISSING_COLORS', colors: [] });
    assert.deepStrictEqual(swatch(['Multi', '#fff']), { type: 'MULTI', colors: [] });
    assert.deepStrictEqual(swatch(['SILVER']), { type: 'SILVER', colors: [] });
    assert.deepStrictEqual(swatch(['#fff', 'gold']), { type: 'COLORS', colors: ['#fff'] });
    assert.deepStrictEqual(swatch(['not a colour!']), { type: 'MISSING_COLORS', colors: [] });
    const english = { locale: 'en-GB', labels: {} };
    const at = (releaseDate: string | undefined) => badges({ variants: [{ listPrice: 100, sellingPrice: 95 }], releaseDate, now: NOW, labels: english });
    assert.deepStrictEqual(at('2026-10-22T12:00:00Z'), {
      primary: [
        { label: 'Sale', theme: 'SALE' },
        { label: 'New', theme: 'NEW' },
      ],
      secondary: [],
    });
    assert.deepStrictEqual(at('2026-10-20T11:00:00Z'), { primary: [{ label: 'Sale', theme: 'SALE' }], secondary: [] });
    assert.deepStrictEqual(at('2026-12-01'), { primary: [{ label: 'Sale', theme: 'SALE' }], secondary: [] });
    assert.deepStrictEqual(badges({ variants: [{ listPrice: 100, sellingPrice: 90 }], now: NOW, labels: english }).secondary, [
      { label: '-10%', theme: 'DISCOUNT' },
    ]);
    // the locale's language, then the market-locale's overrides
    const sale = { variants: [{ listPrice: 100, sellingPrice: 70 }], releaseDate: '2026-10-22T12:00:00Z', now: NOW };
    assert.deepStrictEqual(badges({ ...sale, labels: { locale: 'sv-SE', labels: {} } }), {
      primary: [
        { label: 'Rea', theme: 'SALE' },
        { label: 'Nyhet', theme: 'NEW' },
      ],
      secondary: [{ label: '-30%', theme: 'DISCOUNT' }],
    });
    assert.deepStrictEqual(badges({ ...sale, labels: { locale: 'fr-FR', labels: {} } }).secondary, [{ label: '-30\u202f%', theme: 'DISCOUNT' }]);
    assert.deepStrictEqual(badges({ ...sale, labels: { locale: 'sv-SE', labels: { 'badge.SALE': 'Rea!', 'badge.DISCOUNT': 'Spara {n}%' } } }), {
      primary: [
        { label: 'Rea!', theme: 'SALE' },
        { label: 'Nyhet', theme: 'NEW' },
      ],
      secondary: [{ label: 'Spara 30%', theme: 'DISCOUNT' }],
    });
    assert.deepStrictEqual(imageInfo([{ key: 'x', caption: 'c', sources: [{ url: 'u' }] }], 'detail'), {
      effect: 'NONE',
      images: [{ alt: '', caption: 'c', sources: [{ url: 'u' }] }],
      thumbnail: 'u',
    });
    assert.equal(variantLink('/p?x=1', 'a b'), '/p?x=1&variant=a%20b');
  });

  it('apply the market badge rules: off, thresholds, and badges from custom labels', () => {
    const english = { locale: 'en-GB', labels: {} };
    const product = {
      variants: [{ listPrice: 100, sellingPrice: 85 }],
      releaseDate: '2026-10-10T12:00:00Z',
      now: NOW,
      labels: english,
      customLabels: { eco: ['Eco', 'Vegan'], promo: ['Hot'] },
    };
    const attributes = [
      { attribute: 'custom.eco', name: 'eco', theme: 'THEME_1' as const, placement: 'primary' as const },
      { attribute: 'custom.promo', name: 'promo', theme: 'THEME_3' as const, placement: 'secondary' as const },
      { attribute: 'custom.none', name: 'none', theme: 'THEME_2' as const, placement: 'primary' as const },
    ];
    assert.deepStrictEqual(badges({ ...product, rules: { sale: false, newDays: 60, discountMinPercent: 20, attributes } }), {
      primary: [
        { label: 'New', theme: 'NEW' },
        { label: 'Eco', theme: 'THEME_1', attribute: 'custom.eco' },
        { label: 'Vegan', theme: 'THEME_1', attribute: 'custom.eco' },
      ],
      secondary: [{ label: 'Hot', theme: 'THEME_3', attribute: 'custom.promo' }],
    });
    assert.deepStrictEqual(badges({ ...product, rules: { sale: true, discountMinPercent: 15, attributes: [] } }), {
      primary: [{ label: 'Sale', theme: 'SALE' }],
      secondary: [{ label: '-15%', theme: 'DISCOUNT' }],
    });
    assert.deepStrictEqual(
      badges(product),
      { primary: [{ label: 'Sale', theme: 'SALE' }], secondary: [{ label: '-15%', theme: 'DISCOUNT' }] },
      'defaults: 30 days, 10%, no attributes',
    );
  });

  it('show 1, 2 or all images by effect, NONE below two, GALLERY with captions on the product page, heights where known', () => {
    const three = ['a', 'b', 'c'].map((k) => ({ key: k, caption: k.toUpperCase(), sources: [{ url: `u-${k}`, width: 100, height: 50 }] }));
    const urls = (effect: 'NONE' | 'SWAP' | 'GALLERY' | 'detail') => {
      const i = imageInfo(three, effect);
      return [i.effect, i.images.map((x) => x.sources[0].url)];
    };
    assert.deepStrictEqual(urls('NONE'), ['NONE', ['u-a']]);
    assert.deepStrictEqual(urls('SWAP'), ['SWAP', ['u-a', 'u-b']]);
    assert.deepStrictEqual(urls('GALLERY'), ['GALLERY', ['u-a', 'u-b', 'u-c']]);
    assert.deepStrictEqual(urls('detail'), ['GALLERY', ['u-a', 'u-b', 'u-c']]);
    assert.deepStrictEqual(imageInfo(three, 'detail').images[0], { alt: '', caption: 'A', sources: [{ url: 'u-a', width: 100, height: 50 }] });
    assert.deepStrictEqual(imageInfo(three, 'GALLERY').images[0], { alt: '', sources: [{ url: 'u-a', width: 100, height: 50 }] });
    assert.equal(imageInfo(three.slice(0, 1), 'GALLERY').effect, 'NONE');
  });

  it('fetch only the fields the context needs', () => {
    const plain = productSource({ channels: { online: true, store: false }, stores: [], presentCustom: [], presentPrices: [] });
    assert.ok(!plain.some((f) => /storeStock|customPrices|customLabels|description|suggest/.test(f)), plain.join());
    const rich = productSource({
      channels: { online: true, store: true },
      stores: ['S1'],
      presentPrices: [],
      priceId: 'member',
      presentCustom: [
        { level: 'variant', kind: 'number', name: 'n' },
        { level: 'product', kind: 'label', name: 'm' },
      ],
    });
    for (const f of ['variants.storeStock', 'variants.customPrices', 'variants.customNumbers.n', 'customLabels.m']) assert.ok(rich.includes(f), f);
  });

  it('fetch of images only what an image shows (alt, caption, custom, sources), not keys, order, type or tags', () => {
    const fields = productSource({ channels: { online: true, store: false }, stores: [], presentCustom: [], presentPrices: [] });
    assert.deepStrictEqual(
      fields.filter((f) => f.startsWith('images')),
      ['images.alt', 'images.caption', 'images.custom', 'images.sources'],
    );
  });

  it('produce shapes the official client types accept (compile-time check)', () => {
    const group = shapeProductGroup(boot, new Map([['p0', sibling]]), 0, context());
    const product: ClientProduct = { ...group.products[0], brand: group.products[0].brand ?? '' };
    const clientGroup: ClientGroup = { ...group, products: [product] };
    const facet: ClientFacet = {} as FacetResult;
    const page: Omit<SearchPage, 'navigation' | 'primaryList' | 'secondaryList'> = {} as Omit<SearchPageResult, 'navigation' | 'primaryList' | 'secondaryList'>;
    assert.ok(clientGroup && facet && page);
  });
});
