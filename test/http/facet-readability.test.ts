/**
 * Facets a shopper can read, over HTTP against the real node (issue 21, items 7, 16, 17): a page's
 * `visualization: VALUES` on a custom number answers its distinct values; dynamic facets carry humanised
 * labels and prefer attributes that split the hits into a few sizeable groups over wide-coverage ranges held
 * as text; colour facet values are labelled with the colour's name in the locale, colour names find
 * products, and auto-correct never shortens a typed word into a fragment.
 */
import assert from 'node:assert/strict';
import type { ColorFacet, LandingPage, SearchPage, TextFacet } from '@apptus/esales-api';
import { startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';

type Data = Product['defaults'];

function product(key: string, title: string, defaults: Partial<Data>, extra: Partial<Product> = {}): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets: ['SE'],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: ['Hubs'], ...defaults },
          variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
          ...extra,
        },
      },
    },
  };
}

const HUBS: ReplaceEntity[] = [
  product('hub1', 'Hub one', { customNumbers: { ports: 4 }, customLengths: { cable: { amount: 50, unit: 'cm' } } }),
  product('hub2', 'Hub two', { customNumbers: { ports: 4 }, customLengths: { cable: { amount: 1, unit: 'm' } } }),
  product('hub3', 'Hub three', { customNumbers: { ports: 7 }, customLengths: { cable: { amount: 500, unit: 'mm' } } }),
  product('hub4', 'Hub four', { customNumbers: { ports: 2.5 } }),
];

/** Printer inks as an Icecat feed names them: ranges held as text on every product, useful splits on fewer. */
const INK_COLOURS = ['Black', 'Cyan', 'Magenta', 'Yellow'];
const INKS: ReplaceEntity[] = Array.from({ length: 12 }, (_, i) =>
  product(`ink${i}`, `Printer ink cartridge ${i}`, {
    category: ['Printer supplies'],
    customLabels: {
      operating_temperature__t_t_: [['15 - 35', '10 - 32', '5 - 40'][i % 3]],
      storage_temperature__t_t_: [['-20 - 60', '0 - 40'][i % 2]],
      operating_relative_humidity__h_h_: [['20 - 80 %', '10 - 90 %'][i % 2]],
      storage_humidity__h_h_: [['5 - 95', '10 - 90', '5 - 85'][i % 3]],
      ...(i < 10 ? { ink_type: [i % 2 ? 'Pigment' : 'Dye-based'] } : {}),
      ...(i < 9 ? { product_colour: [INK_COLOURS[i % 4]] } : {}),
      ...(i < 6 ? { connector_2: [i % 2 ? 'USB' : 'None'] } : {}),
    },
    customNumbers: { page_yield: 200 + 50 * i },
  }),
);

/** Clothes with hex colours only: no title names a colour; "RE-4714" gives the title vocabulary the fragment "re". */
const COLOURED: ReplaceEntity[] = [
  product('dress-re', 'Essential Viscose Shirt Dress RE-4714', { category: ['Dresses'] }, { colorInitial: ['#FFD700'] }),
  product('dress-maxi', 'Core Cotton Maxi Dress', { category: ['Dresses'] }, { colorInitial: ['#F5F5DC'] }),
  product('sneaker-black', 'Runner Sneakers', { category: ['Sneakers'] }, { colorInitial: ['#000000'] }),
  product('sneaker-red', 'Canvas Sneakers', { category: ['Sneakers'] }, { colorInitial: ['#C8102E'] }),
  product('sneaker-grey', 'Court Sneakers', { category: ['Sneakers'] }, { colorInitial: ['#808080', '#FFFFFF'] }),
];

const BASE = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', notify: 'false' };

describe('readable facets (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;
  const client = async (locale = 'sv-SE') => {
    const { elevate } = await import('@apptus/esales-api');
    return elevate({ clusterId: service.url, market: 'SE', locale, touchpoint: 'desktop', session: () => ({ customerKey: 'c', sessionKey: 's' }) });
  };
  const get = async <T>(endpoint: string, params: Record<string, string>): Promise<T> => {
    const res = await service.request('GET', `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as T;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog([...HUBS, ...INKS, ...COLOURED]);
    assert.equal(res.status, 204, await res.text());
    const pages = await service.admin('POST', '/api/admin/v3/import/pages', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [
          {
            id: 'hubs',
            primaryList: {
              rules: 'rule incl category { "Hubs" }',
              facetsOverride: {
                facets: [
                  { attribute: 'custom.ports', visualization: 'VALUES' },
                  { attribute: 'custom.cable', visualization: 'VALUES', unit: 'cm', sortOrder: 'RELEVANCE' },
                ],
              },
            },
          },
        ],
      }),
    });
    assert.equal(pages.status, 204, await pages.text());
  });
  after(async () => service?.close());

  describe('facetsOverride with visualization VALUES on a custom number (item 7)', function () {
    it('answers the distinct values of the number, counted in products, through the official client', async () => {
      const api = await client();
      const page: LandingPage = await api.query.landingPage({ pageReference: 'hubs', notify: false });
      const [ports, cable] = page.primaryList!.facets as TextFacet[];
      assert.deepStrictEqual(ports, {
        id: 'custom.ports',
        label: 'Ports',
        type: 'TEXT',
        sort: 'ALPHABETICAL',
        selectedCount: 0,
        values: [
          { id: '2.5', label: '2.5', selected: false, count: 1 },
          { id: '4', label: '4', selected: false, count: 2 },
          { id: '7', label: '7', selected: false, count: 1 },
        ],
      });
      // a length in the facet's unit, by products then value
      assert.deepStrictEqual(
        cable.values.map((v) => [v.id, v.count]),
        [
          ['50', 2],
          ['100', 1],
        ],
      );
    });

    it('filters by the selected values (OR), keeping the facet own counts; a value that is no number is a 400', async () => {
      const api = await client();
      const page: LandingPage = await api.query.landingPage({ pageReference: 'hubs', notify: false, facets: { 'custom.ports': ['4', '7'] } });
      assert.deepStrictEqual(page.primaryList!.productGroups.map((g) => g.key).sort(), ['G-hub1', 'G-hub2', 'G-hub3']);
      const ports = page.primaryList!.facets[0] as TextFacet;
      assert.deepStrictEqual(
        ports.values.map((v) => [v.id, v.count, v.selected]),
        [
          ['2.5', 1, false],
          ['4', 2, true],
          ['7', 1, true],
        ],
      );
      const byLength = await get<LandingPage>('landing-page', { pageReference: 'hubs', 'f.custom.cable': '50' });
      assert.deepStrictEqual(byLength.primaryList!.productGroups.map((g) => g.key).sort(), ['G-hub1', 'G-hub3']);
      const res = await service.request(
        'GET',
        `/api/storefront/v3/queries/landing-page?${new URLSearchParams({ ...BASE, pageReference: 'hubs', 'f.custom.ports': 'four' })}`,
      );
      assert.equal(res.status, 400);
      assert.match(((await res.json()) as { message: string }).message, /f\.custom\.ports/);
    });
  });

  describe('dynamic facets on an attribute-rich feed (item 16)', function () {
    it('label attributes humanised and choose those that split the hits, leaving out ranges held as text', async () => {
      const page = await get<SearchPage>('search-page', { q: 'printer ink', locale: 'en-GB' });
      const dynamic = page.primaryList.facets.filter((f) => f.id.startsWith('custom.'));
      assert.deepStrictEqual(
        dynamic.map((f) => [f.id, f.label, f.type]),
        [
          ['custom.product_colour', 'Product colour', 'TEXT'], // 9 of 12 hits in 4 groups
          ['custom.ink_type', 'Ink type', 'TEXT'], // 10 of 12 in 2
          ['custom.connector_2', 'Connector 2', 'TEXT'],
          ['custom.page_yield', 'Page yield', 'RANGE'],
        ],
      );
      assert.deepStrictEqual(await get<SearchPage>('search-page', { q: 'printer ink', locale: 'en-GB' }), page, 'the same query gets the same facets');
      // A selection of a range held as text still filters, and shows its facet with a humanised label.
      const selected = await get<SearchPage>('search-page', { q: 'printer ink', locale: 'en-GB', 'f.custom.operating_temperature__t_t_': '15 - 35' });
      assert.equal(selected.primaryList.totalHits, 4);
      assert.ok(selected.primaryList.facets.some((f) => f.label === 'Operating temperature (T-T)'));
    });
  });

  describe('colour names (item 17)', function () {
    it('labels COLOR facet values with the colour name in the locale, keeping the CSS code, through the official client', async () => {
      const colours = async (locale: string) => {
        const api = await client(locale);
        const page: SearchPage = await api.query.searchPage({ q: 'sneakers', notify: false });
        const facet = page.primaryList.facets.find((f) => f.type === 'COLOR') as ColorFacet;
        return facet.values.map((v) => [v.id, v.label, v.color]).sort();
      };
      assert.deepStrictEqual(await colours('sv-SE'), [
        ['#000000', 'Svart', '#000000'],
        ['#808080', 'Grå', '#808080'],
        ['#C8102E', 'Röd', '#c8102e'],
        ['#FFFFFF', 'Vit', '#ffffff'],
      ]);
      assert.deepStrictEqual(
        (await colours('en-GB')).map((v) => v[1]),
        ['Black', 'Grey', 'Red', 'White'],
      );
    });

    it('finds the products of a colour a visitor types, in every locale', async () => {
      const keys = (page: SearchPage) => page.primaryList.productGroups.map((g) => g.products[0].key).sort();
      assert.deepStrictEqual(keys(await get<SearchPage>('search-page', { q: 'black sneakers', locale: 'en-GB' })), ['sneaker-black']);
      assert.deepStrictEqual(keys(await get<SearchPage>('search-page', { q: 'svart', locale: 'sv-SE' })), ['sneaker-black']);
      assert.deepStrictEqual(keys(await get<SearchPage>('search-page', { q: 'röda sneakers', locale: 'sv-SE' })), ['sneaker-red']);
      assert.deepStrictEqual(keys(await get<SearchPage>('search-page', { q: 'grey sneakers', locale: 'en-GB' })), ['sneaker-grey']);
      assert.deepStrictEqual(keys(await get<SearchPage>('search-page', { q: 'gray', locale: 'en-GB' })), ['sneaker-grey']);
    });

    it('never auto-corrects a real word into a fragment ("red dress" is not "re dress")', async () => {
      const page = await get<SearchPage>('search-page', { q: 'red dress', locale: 'en-GB' });
      // No red dress in the catalog: understanding's colour filter leaves nothing, so the words left answer
      // (the dresses), never a correction of "red".
      const dresses = await get<SearchPage>('search-page', { q: 'dress', locale: 'en-GB' });
      assert.deepStrictEqual(page.primaryList.productGroups.map((g) => g.key).sort(), dresses.primaryList.productGroups.map((g) => g.key).sort());
      assert.equal(page.autoCorrect, undefined);
      assert.ok(!page.didYouMean.some((d) => d.q.toLowerCase() === 're dress'), JSON.stringify(page.didYouMean));
    });
  });
});
