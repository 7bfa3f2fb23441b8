/**
 * Product presentation over HTTP against the real node, through the official client where it models the
 * field: the description a template lists, custom attributes as `{id, label}` and `typedCustom.json`,
 * the image effect and captions, badges from the configuration and the catalog, the ONLINE availability
 * key and the checkbox `false` selection (docs/storefront-api.md "Product presentation: badges, images, custom attributes").
 */
import assert from 'node:assert/strict';
import type { Badge, ContentInformation, Product as ClientProduct, ProductPage, SearchPage } from '@apptus/esales-api';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { Templates } from '../../src/merchandising/templates/types';
import { jsonBody, startService, TEST_CONFIGURATION, type TestService } from './harness';

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const img = (name: string, more: Record<string, unknown> = {}) => ({
  defaults: { urls: [{ url: `https://img.example.com/${name}.jpg`, widthInitial: 800 }], alt: name, ...more },
});

const shoe = (title: string, price: { list: number; sell: number }, more: Partial<Product> & { defaults?: Product['defaults'] } = {}): Product => ({
  markets: ['SE'],
  ...more,
  defaults: { title, url: `/p/${title.toLowerCase().replace(/ /g, '-')}`, brand: 'Acme', category: ['Shoes'], ...more.defaults },
  variants: more.variants ?? { [`${title}-v`]: { defaults: { listPrice: price.list, sellingPrice: price.sell, stock: 2 } } },
});

const CATALOG: ReplaceEntity[] = [
  { key: 'T-MESH-SV', translation: { attribute: 'customLabels.material', id: 'm-mesh', locale: 'sv-SE', value: 'Nät' } },
  { key: 'T-MESH-EN', translation: { attribute: 'customLabels.material', id: 'm-mesh', locale: 'en-GB', value: 'Mesh' } },
  { key: 'T-CARE-SV', translation: { attribute: 'customLabels.topic', id: 'care', locale: 'sv-SE', value: 'Skötsel' } },
  { key: 'T-ECO-SV', translation: { attribute: 'customLabels.eco', id: 'eco-yes', locale: 'sv-SE', value: 'Miljövänlig' } },
  {
    key: 'G-TRAIL',
    productGroup: {
      products: {
        trail: shoe(
          'Trail shoe',
          { list: 1000, sell: 800 },
          {
            defaults: {
              title: 'Trail shoe',
              url: '/p/trail',
              description: 'A light trail shoe.',
              releaseDate: daysAgo(10),
              customLabels: { material: ['m-mesh'], eco: ['eco-yes'], colour: ['red'] },
              customNumbers: { drop: 8 },
              customJson: { care: { wash: false } },
            },
            variants: {
              'trail-38': {
                defaults: {
                  listPrice: 1000,
                  sellingPrice: 800,
                  stock: 3,
                  storeStock: { 'store-1': 4 },
                  label: '38',
                  customLabels: { fit: ['narrow'] },
                  customJson: { sizing: { eu: 38 } },
                },
              },
              'trail-39': { defaults: { listPrice: 1000, sellingPrice: 800, stock: 0, label: '39' } },
            },
            images: {
              side: { ...img('side', { caption: 'Side view' }), order: 1 },
              top: { ...img('top', { caption: 'From above' }), order: 2 },
              sole: {
                defaults: {
                  urls: [{ url: 'https://img.example.com/sole-s.jpg', widthInitial: 200, heightInitial: 150 }, { url: 'https://img.example.com/sole.jpg' }],
                  alt: 'sole',
                },
                order: 3,
              },
            },
          },
        ),
      },
    },
  },
  {
    key: 'G-ROAD',
    productGroup: {
      products: {
        road: shoe(
          'Road shoe',
          { list: 500, sell: 500 },
          { defaults: { title: 'Road shoe', url: '/p/road', releaseDate: daysAgo(60) }, images: { one: img('road') } },
        ),
      },
    },
  },
  {
    key: 'G-SANDAL',
    productGroup: {
      products: {
        sandal: shoe(
          'Sandal shoe',
          { list: 1000, sell: 950 },
          { defaults: { title: 'Sandal shoe', url: '/p/sandal', releaseDate: daysAgo(20) }, images: { a: img('sandal-a'), b: img('sandal-b') } },
        ),
      },
    },
  },
  {
    key: 'G-BOOT',
    productGroup: {
      products: {
        boot: shoe('Winter shoe', { list: 300, sell: 300 }, { variants: { 'boot-v': { defaults: { listPrice: 300, sellingPrice: 300, stock: 0 } } } }),
      },
    },
  },
  {
    key: 'c-guide',
    content: {
      markets: ['SE'],
      type: 'article',
      defaults: { title: 'Shoe care guide', url: '/c/guide', customLabels: { topic: ['care'] } },
      image: { defaults: { urls: [{ url: 'https://img.example.com/guide.jpg', widthInitial: 640 }], alt: 'Guide', caption: 'Brushes' } },
    },
  },
];

const TEMPLATES: Templates = {
  detail: { products: { all: { fields: ['title', 'description', 'custom.*', 'typedCustom'], variants: { all: { fields: ['custom.*', 'typedCustom'] } } } } },
  plain: { products: { all: { fields: ['title'], maxVariants: 0 } } },
};

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', notify: 'false' };

describe('product presentation (HTTP)', function () {
  let service: TestService;
  let api: (locale?: string) => ReturnType<typeof import('@apptus/esales-api').elevate>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (endpoint: string, params: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> => {
    const path = `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`;
    const res =
      body === undefined
        ? await service.request('GET', path)
        : await service.request('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    return { status: res.status, body: await res.json() };
  };
  const products = (page: SearchPage) => new Map(page.primaryList.productGroups.map((g) => [g.products[0].key, g.products[0]]));

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
    const { elevate } = await import('@apptus/esales-api');
    api = (locale = 'sv-SE') =>
      elevate({ clusterId: service.url, market: 'SE', locale, touchpoint: 'desktop', session: () => ({ customerKey: 'c1', sessionKey: 's1' }) });
  });
  after(async () => service.close());

  describe('description in listings (item 4)', () => {
    it('answers the description where a template lists it, on search-page and autocomplete', async () => {
      const page = await api().query.searchPage({ q: 'shoe', templateId: 'detail', notify: false });
      const found = products(page);
      assert.equal(found.get('trail')?.description, 'A light trail shoe.');
      assert.equal('description' in found.get('road')!, false, 'no description imported: omitted');
      const suggestions = await api().query.autocomplete({ q: 'trail', templateId: 'detail' });
      assert.equal(suggestions.productSuggestions[0].products[0].description, 'A light trail shoe.');
    });

    it('leaves it out without a template, and where the template does not list it', async () => {
      const plain = products(await api().query.searchPage({ q: 'trail', notify: false })).get('trail')!;
      assert.equal('description' in plain, false);
      const other = products(await api().query.searchPage({ q: 'trail', templateId: 'plain', notify: false })).get('trail')!;
      assert.deepEqual(Object.keys(other).sort(), ['key', 'remainingVariants', 'ticket', 'title', 'variants']);
    });
  });

  describe('custom attributes (item 8)', () => {
    it('answers the feed id as `id` and the translation as `label`, in listings and on the product page', async () => {
      const trail = products(await api().query.searchPage({ q: 'trail', presentCustom: ['material', 'colour', 'variant.fit'], notify: false })).get('trail')!;
      assert.deepEqual(trail.custom, { material: [{ id: 'm-mesh', label: 'Nät' }], colour: [{ id: 'red', label: 'red' }] });
      assert.deepEqual(trail.variants[0].custom, { fit: [{ id: 'narrow', label: 'narrow' }] });
      const english = products(await api('en-GB').query.searchPage({ q: 'trail', presentCustom: ['material'], notify: false })).get('trail')!;
      assert.deepEqual(english.custom, { material: [{ id: 'm-mesh', label: 'Mesh' }] });
      const page: ProductPage = await api().query.productPage({ productKey: 'trail', notify: false }, { productGroup: { include: true } });
      const main = page.productGroup!.products[0];
      assert.deepEqual(main.custom, {
        material: [{ id: 'm-mesh', label: 'Nät' }],
        eco: [{ id: 'eco-yes', label: 'Miljövänlig' }],
        colour: [{ id: 'red', label: 'red' }],
      });
    });

    it('answers typedCustom.json wherever a template asks for it, product and variant level', async () => {
      const trail = products(await api().query.searchPage({ q: 'trail', templateId: 'detail', notify: false })).get('trail')!;
      assert.deepEqual(trail.typedCustom, { lengths: {}, numbers: { drop: 8 }, json: { care: { wash: false } } });
      assert.deepEqual(
        trail.variants.map((v) => v.typedCustom),
        [
          { lengths: {}, numbers: {}, json: { sizing: { eu: 38 } } },
          { lengths: {}, numbers: {}, json: {} },
        ],
      );
      const popup = await api().query.addToCartPopup({ variantKey: 'Road shoe-v', templateId: 'detail', notify: false }, [
        { id: 'top', algorithm: 'TOP_PRODUCTS' },
      ]);
      const listed = popup.recommendationLists[0].productGroups.flatMap((g) => g.products).find((p) => p.key === 'trail');
      assert.deepEqual(listed?.typedCustom?.json, { care: { wash: false } });
      const page: ProductPage = await api().query.productPage({ productKey: 'trail', notify: false }, { productGroup: { include: true } });
      assert.deepEqual(page.productGroup!.products[0].typedCustom, { lengths: {}, numbers: { drop: 8 }, json: { care: { wash: false } } });
      assert.deepEqual(page.productGroup!.products[0].variants[0].typedCustom?.json, { sizing: { eu: 38 } });
    });

    it("puts the mapping files' new fields on the live catalog version at start, without a refusal", async () => {
      assert.deepEqual(await service.context.indices.addNewFields(), []);
    });

    it('keeps the id of a translated content item custom label', async () => {
      const info: ContentInformation = await api().query.contentInformation({ contentKeys: ['c-guide'] });
      assert.deepEqual(info.items[0].custom, { topic: [{ id: 'care', label: 'Skötsel' }] });
    });
  });

  describe('small wire differences (item 11)', () => {
    it('omits the ONLINE availability key (the client types it `key?: string`; nulls are dropped)', async () => {
      const { status, body } = await call('search-page', { q: 'trail', channels: 'ONLINE|STORE', stores: 'store-1' });
      assert.equal(status, 200, JSON.stringify(body));
      const variant = body.primaryList.productGroups[0].products[0].variants[0];
      assert.deepEqual(variant.availability, [
        { channel: 'ONLINE', stockNumber: 3 },
        { channel: 'STORE', key: 'store-1', stockNumber: 4 },
      ]);
      assert.equal(JSON.stringify(body).includes('null'), false);
      const typed = (await api().query.searchPage({ q: 'trail', channels: 'ONLINE', notify: false })).primaryList.productGroups[0].products[0].variants[0]
        .availability;
      assert.deepEqual(typed, [{ channel: 'ONLINE', stockNumber: 3 }]);
    });
  });

  describe('checkbox facets (item 11)', () => {
    it('f.<id>=false is "not set": no filter and `selected: false`, as an absent selection', async () => {
      const checkbox = (page: SearchPage) => {
        const facet = page.primaryList.facets.find((f) => f.id === 'onlyInStock');
        assert.ok(facet && facet.type === 'CHECKBOX', 'onlyInStock is a CHECKBOX facet');
        return [page.primaryList.totalHits, facet.selected];
      };
      const search = (facets?: Record<string, boolean>) => api().query.searchPage({ q: 'shoe', notify: false, ...(facets ? { facets } : {}) });
      assert.deepEqual(checkbox(await search()), [4, false]);
      assert.deepEqual(checkbox(await search({ onlyInStock: false })), [4, false]);
      assert.deepEqual(checkbox(await search({ onlyInStock: true })), [3, true]);
    });
  });

  describe('images (item 3)', () => {
    it('listings: SWAP with the first two images, NONE with one; no captions', async () => {
      const found = products(await api().query.searchPage({ q: 'shoe', notify: false }));
      const trail = found.get('trail')!.imageInfo;
      assert.deepEqual([trail.effect, trail.images.map((i) => i.alt)], ['SWAP', ['side', 'top']]);
      assert.ok(trail.images.every((i) => !('caption' in i)));
      const road = found.get('road')!.imageInfo;
      assert.deepEqual([road.effect, road.images.length, road.thumbnail], ['NONE', 1, 'https://img.example.com/road.jpg']);
    });

    it('product page: GALLERY of every image with captions, and height where the feed gives it', async () => {
      const page: ProductPage = await api().query.productPage({ productKey: 'trail', notify: false }, { productGroup: { include: true } });
      const info = page.productGroup!.products[0].imageInfo;
      assert.equal(info.effect, 'GALLERY');
      assert.deepEqual(
        info.images.map((i) => [i.alt, i.caption]),
        [
          ['side', 'Side view'],
          ['top', 'From above'],
          ['sole', undefined],
        ],
      );
      assert.deepEqual(info.images[2].sources, [
        { url: 'https://img.example.com/sole-s.jpg', width: 200, height: 150 },
        { url: 'https://img.example.com/sole.jpg' },
      ]);
      const road: ProductPage = await api().query.productPage({ productKey: 'road', notify: false }, { productGroup: { include: true } });
      assert.equal(road.productGroup!.products[0].imageInfo.effect, 'NONE', 'fewer than two images');
    });

    it('content: captions on content-information only, not in content lists or content-search-page', async () => {
      const info: ContentInformation = await api().query.contentInformation({ contentKeys: ['c-guide'] });
      assert.equal(info.items[0].image?.caption, 'Brushes');
      const page = await api().query.searchPage({ q: 'shoe', notify: false }, { contentLists: [{ id: 'all' }] });
      assert.deepEqual(
        page.contentLists[0].items.map((i) => [i.key, i.image?.alt, 'caption' in (i.image ?? {})]),
        [['c-guide', 'Guide', false]],
      );
      const search = await api().query.contentSearchPage({ q: 'care guide' });
      assert.deepEqual(
        search.primaryList.items.map((i) => [i.key, 'caption' in (i.image ?? {})]),
        [['c-guide', false]],
      );
    });

    it('refuses a heightInitial that is not a positive integer, naming the field', async () => {
      const bad = structuredClone(CATALOG.find((e) => e.key === 'G-ROAD')) as { key: string; productGroup: { products: Record<string, Product> } };
      bad.productGroup.products.road.images = { one: { defaults: { urls: [{ url: 'https://img.example.com/x.jpg', heightInitial: 0 } as never] } } };
      const res = await service.admin('POST', '/api/admin/v4/import/catalog', {
        body: JSON.stringify({ replace: bad }) + '\n',
        headers: { 'Content-Type': 'application/jsonlines' },
      });
      assert.equal(res.status, 400);
      assert.match(JSON.stringify(await jsonBody(res)), /images\.one\.defaults\.urls\.0\.heightInitial: must be at least 1/);
    });
  });

  describe('badges (item 2)', () => {
    const badgesOf = (p: ClientProduct | undefined) => p && [...p.badges.primary, ...p.badges.secondary].map((b: Badge) => [b.theme, b.label, b.attribute]);
    const configure = (presentation: unknown) =>
      service.admin('POST', '/api/admin/v4/import/configuration', {
        body: JSON.stringify({ markets: { ...TEST_CONFIGURATION.markets, SE: { ...TEST_CONFIGURATION.markets.SE, presentation } } }),
        headers: { 'Content-Type': 'application/json' },
      });
    /** Storefront facts are cached for a few seconds: ask until the answer changes. */
    async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
      let last: T | undefined;
      for (let i = 0; i < 40; i++) {
        last = await read();
        try {
          assert.deepEqual(last, expected);
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      assert.deepEqual(last, expected);
    }
    const shown = async () => {
      const found = products(await api().query.searchPage({ q: 'shoe', notify: false }));
      return ['trail', 'sandal', 'road'].map((k) => badgesOf(found.get(k)));
    };
    after(async () => assert.equal((await configure(undefined)).status, 204));

    it('default rules: SALE, NEW within 30 days, DISCOUNT from 10%', async () => {
      assert.deepEqual(await shown(), [
        [
          ['SALE', 'Rea', undefined],
          ['NEW', 'Nyhet', undefined],
          ['DISCOUNT', '-20%', undefined],
        ],
        [
          ['SALE', 'Rea', undefined],
          ['NEW', 'Nyhet', undefined],
        ],
        [],
      ]);
    });

    it('per market: rules off, thresholds, and badges from catalog attributes with the translated value as label', async () => {
      const presentation = {
        badges: {
          SALE: { enabled: false },
          NEW: { days: 15 },
          DISCOUNT: { minPercent: 25 },
          attributes: [
            { attribute: 'custom.eco', theme: 'THEME_1' },
            { attribute: 'custom.material', theme: 'THEME_2', placement: 'secondary' },
          ],
        },
      };
      assert.equal((await configure(presentation)).status, 204);
      const exported = await jsonBody(await service.admin('GET', '/api/admin/v4/export/configuration', { headers: { 'Accept-Encoding': 'gzip' } }));
      assert.deepEqual(exported.markets.SE.presentation, presentation);
      await eventually(shown, [
        [
          ['NEW', 'Nyhet', undefined],
          ['THEME_1', 'Miljövänlig', 'custom.eco'],
          ['THEME_2', 'Nät', 'custom.material'],
        ],
        [],
        [],
      ]);
      const page: ProductPage = await api().query.productPage({ productKey: 'trail', notify: false }, { productGroup: { include: true } });
      assert.deepEqual(badgesOf(page.productGroup!.products[0]), [
        ['NEW', 'Nyhet', undefined],
        ['THEME_1', 'Miljövänlig', 'custom.eco'],
        ['THEME_2', 'Nät', 'custom.material'],
      ]);
      assert.equal((await configure({ badges: { NEW: { enabled: false }, DISCOUNT: { enabled: false } }, imageEffect: 'GALLERY' })).status, 204);
      await eventually(shown, [[['SALE', 'Rea', undefined]], [['SALE', 'Rea', undefined]], []]);
      const gallery = products(await api().query.searchPage({ q: 'trail', notify: false })).get('trail')!.imageInfo;
      assert.deepEqual([gallery.effect, gallery.images.length], ['GALLERY', 3]);
    });

    it('refuses a bad presentation with 400 naming the path', async () => {
      const cases: [unknown, RegExp][] = [
        [{ badges: { NEW: { days: 0 } } }, /markets\.SE\.presentation\.badges\.NEW\.days/],
        [{ badges: { DISCOUNT: { minPercent: 100 } } }, /markets\.SE\.presentation\.badges\.DISCOUNT\.minPercent/],
        [{ badges: { attributes: [{ attribute: 'eco', theme: 'THEME_1' }] } }, /markets\.SE\.presentation\.badges\.attributes\.0\.attribute.*custom\.<name>/],
        [{ badges: { attributes: [{ attribute: 'custom.eco', theme: 'SALE' }] } }, /markets\.SE\.presentation\.badges\.attributes\.0\.theme/],
        [{ badges: { SALE: { on: true } } }, /markets\.SE\.presentation\.badges\.SALE\.on/],
        [{ imageEffect: 'FADE' }, /markets\.SE\.presentation\.imageEffect/],
      ];
      for (const [presentation, message] of cases) {
        const res = await configure(presentation);
        const body = await jsonBody(res);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(body.message, message);
      }
    });
  });
});
