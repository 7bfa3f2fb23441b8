/**
 * Product types (issue 30, Build 5): a product of the type the query's head noun names ranks above the
 * accessories whose titles use the word as a modifier ("Laptop Sleeve", "Cooling Pad for Laptop"), in English
 * and in a compounding language, with no extra Elasticsearch round trip.
 */
import assert from 'node:assert/strict';
import type { ReplaceEntity } from '../../src/catalog/types';
import { startService, type TestService } from './harness';

const product = (key: string, title: string, category: string, locale: 'en-GB' | 'sv-SE'): ReplaceEntity => ({
  key,
  productGroup: {
    products: {
      [key]: {
        markets: ['SE'],
        defaults: { title, url: `/p/${key}`, category: [category] },
        overrides: { [`SE|${locale === 'en-GB' ? 'sv-SE' : 'en-GB'}`]: { title: 'x', category: ['Other'] } },
        variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
      },
    },
  },
});

const CATALOG: ReplaceEntity[] = [
  // Accessories first by key, so that a tie by key alone would put them first.
  product('a-lock', 'Laptop Lock, Cable Lock for Laptops', 'Computers > Laptop Accessories', 'en-GB'),
  product('a-pad', 'Cooling Pad for Laptop', 'Computers > Laptop Accessories', 'en-GB'),
  product('a-sleeve', 'Laptop Sleeve 13 inch', 'Computers > Laptop Accessories', 'en-GB'),
  product('a-stand', 'Laptop Stand for laptops up to 17 inch', 'Computers > Laptop Accessories', 'en-GB'),
  product('l-notebook', 'IdeaPad Slim Notebook 15 inch', 'Computers > Laptops', 'en-GB'),
  product('l-zenbook', 'ZenBook 14 Laptop', 'Computers > Laptops', 'en-GB'),
  product('s-galge', 'Jackor galge', 'Hem > Galgar', 'sv-SE'),
  product('s-jackskydd', 'Jackor regnskydd', 'Hem > Regnskydd', 'sv-SE'),
  product('s-vinter', 'Vinterjacka Frost dam med avtagbar luva', 'Dam > Jackor > Vinterjackor', 'sv-SE'),
  // The query → category prior: the grinders' type is "mill" (their category), a word no title uses, so only
  // the catalog's titles tell that a "grinder" is a coffee mill (three of them end on "Grinder").
  product('g-brush', 'Grinder Brush', 'Kitchen > Coffee Accessories', 'en-GB'),
  product('g-burrs', 'Grinder Burrs', 'Kitchen > Coffee Accessories', 'en-GB'),
  product('g-bistro', 'Bodum Bistro Electric Burr Coffee Grinder, 160 Watt', 'Kitchen > Coffee Mills', 'en-GB'),
  product('g-hario', 'Hario Skerton Pro Ceramic Manual Hand Grinder', 'Kitchen > Coffee Mills', 'en-GB'),
  product('g-wilfa', 'Wilfa Svart Uniform Precision Flat Burr Grinder', 'Kitchen > Coffee Mills', 'en-GB'),
  // Negation: "without straw" names what the visitor does not want.
  product('b-straw', 'Water Bottle with Straw', 'Kitchen > Bottles', 'en-GB'),
  product('b-plain', 'Steel Water Bottle 1 l', 'Kitchen > Bottles', 'en-GB'),
];

describe('product types (HTTP)', function () {
  let service: TestService;

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  async function search(q: string, locale: string): Promise<{ keys: string[]; roundTrips: number }> {
    const params = new URLSearchParams({ q, market: 'SE', locale, customerKey: 'c', sessionKey: 's', touchpoint: 'desktop', notify: 'false', limit: '20' });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params}`);
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { primaryList: { productGroups: { key: string }[] } };
    return { keys: body.primaryList.productGroups.map((g) => g.key), roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  }

  it('ranks the laptops above the laptop accessories, for the singular and the plural', async () => {
    for (const q of ['laptop', 'laptops']) {
      const { keys } = await search(q, 'en-GB');
      assert.deepStrictEqual(new Set(keys.slice(0, 2)), new Set(['l-zenbook', 'l-notebook']), `${q}: ${keys.join(', ')}`);
      assert.deepStrictEqual(new Set(keys.slice(2)), new Set(['a-lock', 'a-pad', 'a-sleeve', 'a-stand']), `${q}: ${keys.join(', ')}`);
    }
  });

  it('ranks an accessory first when the query names the accessory', async () => {
    assert.equal((await search('laptop sleeve', 'en-GB')).keys[0], 'a-sleeve');
    assert.equal((await search('laptop stand', 'en-GB')).keys[0], 'a-stand');
  });

  it('ranks a compound of the head noun ("vinterjacka" for "jackor") above accessories for jackets', async () => {
    const { keys } = await search('jackor', 'sv-SE');
    assert.equal(keys[0], 's-vinter', keys.join(', '));
    assert.deepStrictEqual(new Set(keys), new Set(['s-vinter', 's-galge', 's-jackskydd']));
  });

  it("ranks the products a query's head noun names in the catalog's titles above its accessories (the prior)", async () => {
    const { keys, roundTrips } = await search('grinder', 'en-GB');
    assert.deepStrictEqual(new Set(keys.slice(0, 3)), new Set(['g-bistro', 'g-hario', 'g-wilfa']), keys.join(', '));
    assert.deepStrictEqual(new Set(keys.slice(3)), new Set(['g-brush', 'g-burrs']), keys.join(', '));
    assert.equal(roundTrips, (await search('17', 'en-GB')).roundTrips);
  });

  it('does not require what the phrase says the visitor does not want ("without straw")', async () => {
    const { keys } = await search('water bottle without straw', 'en-GB');
    assert.ok(keys.includes('b-plain'), keys.join(', '));
    // and the secondary list does not repeat what the primary list holds
    const params = new URLSearchParams({
      q: 'water bottle without straw',
      market: 'SE',
      locale: 'en-GB',
      customerKey: 'c',
      sessionKey: 's',
      touchpoint: 'desktop',
      notify: 'false',
      limit: '20',
    });
    const body = (await (await service.request('GET', `/api/storefront/v3/queries/search-page?${params}`)).json()) as {
      primaryList: { productGroups: { key: string }[] };
      secondaryList?: { productGroups: { key: string }[] };
    };
    const secondary = (body.secondaryList?.productGroups ?? []).map((g) => g.key);
    assert.deepStrictEqual(
      secondary.filter((k) => keys.includes(k)),
      [],
      `primary ${keys.join(', ')}; secondary ${secondary.join(', ')}`,
    );
  });

  it('suggests the laptops first in autocomplete too', async () => {
    const params = new URLSearchParams({
      q: 'laptop',
      market: 'SE',
      locale: 'en-GB',
      customerKey: 'c',
      sessionKey: 's',
      touchpoint: 'desktop',
      notify: 'false',
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/autocomplete?${params}`);
    assert.equal(res.status, 200);
    const keys = ((await res.json()) as { productSuggestions: { key: string }[] }).productSuggestions.map((g) => g.key);
    assert.deepStrictEqual(new Set(keys.slice(0, 2)), new Set(['l-zenbook', 'l-notebook']), keys.join(', '));
  });

  it('costs no extra Elasticsearch round trip', async () => {
    // A phrase that names no type costs what a phrase that names one does.
    const typed = await search('laptop', 'en-GB');
    const untyped = await search('17', 'en-GB');
    assert.equal(typed.roundTrips, untyped.roundTrips);
  });
});
