/**
 * Query understanding over HTTP (docs/language.md "Query understanding"): colour words in their inflected
 * forms, price limits in each market's currency (SEK, NOK, DKK, EUR, GBP) and gender words find what the
 * product word finds with that colour, price or gender selected; a filter that leaves nothing falls back to the
 * words, in the same round trips; the console's explanation says what was understood.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, jsonLines, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = {
  markets: {
    SE: { locales: ['sv-SE'], currency: 'SEK' },
    NO: { locales: ['nb-NO'], currency: 'NOK' },
    DK: { locales: ['da-DK'], currency: 'DKK' },
    DE: { locales: ['de-DE'], currency: 'EUR' },
    GB: { locales: ['en-GB'], currency: 'GBP' },
  },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', NO: 'nb-NO', DK: 'da-DK', DE: 'de-DE', GB: 'en-GB' };

interface Item {
  title: string;
  category: string;
  colour: string;
  price: number;
  gender?: string;
}

function product(market: string, key: string, i: Item): ReplaceEntity {
  return {
    key: `G-${market}-${key}`,
    productGroup: {
      products: {
        [`${market}-${key}`]: {
          markets: [market],
          defaults: { title: i.title, url: `/p/${key}`, brand: 'Acme', category: [i.category], ...(i.gender ? { gender: [i.gender] } : {}) },
          colorInitial: [i.colour],
          variants: { [`${market}-${key}-v`]: { defaults: { listPrice: i.price, sellingPrice: i.price, stock: 5 } } },
        },
      },
    },
  };
}

const BLACK = '#000000';
const WHITE = '#FFFFFF';
/** Per market: a cheap black shoe, a dear white shoe and a black jacket (titles name no colour). */
const CATALOG: ReplaceEntity[] = [
  product('SE', 'shoe-a', { title: 'Sko Classic', category: 'Skor', colour: BLACK, price: 400, gender: 'Herr' }),
  product('SE', 'shoe-b', { title: 'Sko Runner', category: 'Skor', colour: WHITE, price: 900, gender: 'Dam' }),
  product('SE', 'jacket', { title: 'Jacka Vinter', category: 'Jackor', colour: BLACK, price: 1500, gender: 'Herr' }),
  // "gröna" was auto-corrected to "gryta" (issue 30): a pot, and a green shirt.
  product('SE', 'pot', { title: 'Gryta Gjutjärn', category: 'Kök', colour: '#808080', price: 700 }),
  product('SE', 'shirt', { title: 'Skjorta Linne', category: 'Skjortor', colour: '#228B22', price: 500 }),
  product('NO', 'shoe-a', { title: 'Sko Classic', category: 'Sko', colour: BLACK, price: 400 }),
  product('NO', 'shoe-b', { title: 'Sko Runner', category: 'Sko', colour: WHITE, price: 900 }),
  product('NO', 'jacket', { title: 'Jakke Vinter', category: 'Jakker', colour: BLACK, price: 1500 }),
  product('DK', 'shoe-a', { title: 'Sko Classic', category: 'Sko', colour: BLACK, price: 400 }),
  product('DK', 'shoe-b', { title: 'Sko Runner', category: 'Sko', colour: WHITE, price: 900 }),
  product('DK', 'jacket', { title: 'Jakke Vinter', category: 'Jakker', colour: BLACK, price: 1500 }),
  product('DE', 'shoe-a', { title: 'Schuh Classic', category: 'Schuhe', colour: BLACK, price: 40 }),
  product('DE', 'shoe-b', { title: 'Schuh Runner', category: 'Schuhe', colour: WHITE, price: 90 }),
  product('DE', 'jacket', { title: 'Jacke Winter', category: 'Jacken', colour: BLACK, price: 150 }),
  product('GB', 'shoe-a', { title: 'Classic shoe', category: 'Shoes', colour: BLACK, price: 40, gender: 'Men' }),
  product('GB', 'shoe-b', { title: 'Runner shoe', category: 'Shoes', colour: WHITE, price: 90, gender: 'Women' }),
  product('GB', 'jacket', { title: 'Winter jacket', category: 'Jackets', colour: BLACK, price: 150, gender: 'Men' }),
];

describe('query understanding (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const params = (market: string, q: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({ customerKey: 'c', sessionKey: 's', market, locale: LOCALE_OF[market], touchpoint: 'desktop', notify: 'false', q, ...extra });
  const page = async (market: string, q: string, extra: Record<string, string> = {}) => {
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params(market, q, extra)}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return { body: body as SearchPage, roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  };
  const keys = async (market: string, q: string, extra: Record<string, string> = {}) =>
    (await page(market, q, extra)).body.primaryList.productGroups.map((g) => g.key.replace(`G-${market}-`, '')).sort();

  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('finds the products of a colour named in any inflected form, in sv, nb, da, de and en', async () => {
    for (const [market, q, want] of [
      ['SE', 'svarta skor', ['shoe-a']],
      ['SE', 'vita skor', ['shoe-b']],
      ['SE', 'svart', ['jacket', 'shoe-a']],
      ['SE', 'vitt', ['shoe-b']],
      ['NO', 'svarte sko', ['shoe-a']],
      ['NO', 'sort sko', ['shoe-a']],
      ['NO', 'hvite sko', ['shoe-b']],
      ['DK', 'sorte sko', ['shoe-a']],
      ['DK', 'hvide sko', ['shoe-b']],
      ['DE', 'schwarze schuhe', ['shoe-a']],
      ['DE', 'weiße schuhe', ['shoe-b']],
      ['DE', 'weisse schuhe', ['shoe-b']],
      ['GB', 'black shoes', ['shoe-a']],
      ['GB', 'white shoes', ['shoe-b']],
    ] as const) {
      assert.deepEqual(await keys(market, q), want, `${market} "${q}"`);
    }
  });

  it('finds the green products for "gröna" instead of auto-correcting it to "gryta"', async () => {
    const { body } = await page('SE', 'gröna');
    assert.deepEqual(
      body.primaryList.productGroups.map((g) => g.key),
      ['G-SE-shirt'],
    );
    assert.equal(body.autoCorrect, undefined);
  });

  it('answers what the product word answers with the colour selected', async () => {
    assert.deepEqual(await keys('SE', 'svarta skor'), await keys('SE', 'skor', { 'f.color': BLACK }));
    assert.deepEqual(await keys('NO', 'hvite sko'), await keys('NO', 'sko', { 'f.color': WHITE }));
  });

  it('reads price limits in the market currency: SEK, NOK, DKK, EUR, GBP', async () => {
    for (const [market, q, want] of [
      ['SE', 'skor under 500 kr', ['shoe-a']],
      ['SE', 'skor billigare än 500', ['shoe-a']],
      ['SE', 'skor över 500 kr', ['shoe-b']],
      ['NO', 'sko under 500 kr', ['shoe-a']],
      ['NO', 'sko maks 500', ['shoe-a']],
      ['DK', 'sko under 500 kr', ['shoe-a']],
      ['DK', 'sko højst 500', ['shoe-a']],
      ['DE', 'schuhe unter 50 €', ['shoe-a']],
      ['DE', 'schuhe ab 50 euro', ['shoe-b']],
      ['GB', 'shoes under £50', ['shoe-a']],
      ['GB', 'shoes under 50', ['shoe-a']],
      ['GB', 'shoes over £50', ['shoe-b']],
    ] as const) {
      assert.deepEqual(await keys(market, q), want, `${market} "${q}"`);
    }
    assert.deepEqual(await keys('SE', 'skor under 500 kr'), await keys('SE', 'skor', { 'f.price.max': '500' }));
  });

  it('reads price ranges in the market currency and language', async () => {
    for (const [market, q, want] of [
      ['SE', 'skor 500–1000 kr', ['shoe-b']],
      ['SE', 'skor 300-500 kr', ['shoe-a']],
      ['SE', 'skor mellan 300 och 1000 kr', ['shoe-a', 'shoe-b']],
      ['SE', 'skor från 500 kr', ['shoe-b']],
      ['NO', 'sko mellom 500 og 1000 kr', ['shoe-b']],
      ['DK', 'sko 100-500 kr', ['shoe-a']],
      ['DE', 'schuhe zwischen 50 und 100 €', ['shoe-b']],
      ['DE', 'schuhe mindestens 50 €', ['shoe-b']],
      ['GB', 'shoes between £50 and £100', ['shoe-b']],
      ['GB', 'shoes from £10 to £50', ['shoe-a']],
    ] as const) {
      assert.deepEqual(await keys(market, q), want, `${market} "${q}"`);
    }
    assert.deepEqual(await keys('SE', 'skor 500–1000 kr'), await keys('SE', 'skor', { 'f.price.min': '500', 'f.price.max': '1000' }));
  });

  it('leaves a price in another currency as words', async () => {
    // "£" is no currency of the Swedish market: the words match nothing, and nothing is filtered.
    const { body } = await page('SE', 'skor under £50');
    assert.deepEqual(body.primaryList.productGroups, []);
  });

  it('finds the gender a word names, where the catalog has genders', async () => {
    assert.deepEqual(await keys('GB', 'mens shoes'), ['shoe-a']);
    assert.deepEqual(await keys('GB', 'womens shoes'), ['shoe-b']);
    assert.deepEqual(await keys('SE', 'skor herr'), ['shoe-a']);
    assert.deepEqual(await keys('SE', 'svarta jackor herr under 2000 kr'), ['jacket']);
  });

  it('falls back to the words when the understood filter leaves nothing, in the same round trips', async () => {
    const plain = await page('SE', 'skor');
    const red = await page('SE', 'röda skor');
    assert.deepEqual(red.body.primaryList.productGroups.map((g) => g.key).sort(), ['G-SE-shoe-a', 'G-SE-shoe-b']);
    assert.equal(red.body.autoCorrect, undefined);
    // Understanding and its fallback ride in round 1's msearch: no round trip beyond the plain word's.
    const black = await page('SE', 'svarta skor');
    assert.ok(plain.roundTrips > 0);
    assert.ok(black.roundTrips <= plain.roundTrips, `${black.roundTrips} round trips against ${plain.roundTrips}`);
    assert.ok(red.roundTrips <= plain.roundTrips, `${red.roundTrips} round trips against ${plain.roundTrips}`);
    // Under £50 no jacket: the phrase as typed matches nothing, so the words left answer.
    assert.deepEqual(await keys('GB', 'jackets under £50'), ['jacket']);
  });

  it('shows what was understood in the console explanation', async () => {
    const res = await service.admin('GET', `/api/admin/v4/explain/search-page?${params('SE', 'svarta skor under 500 kr')}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(
      {
        words: body.understanding.words,
        colour: body.understanding.colours[0].names[0],
        max: body.understanding.price.max,
        applied: body.understanding.applied,
        mode: body.understanding.mode,
      },
      { words: 'skor', colour: 'Svart', max: 500, applied: true, mode: 'filter' },
    );
    const fallback = await jsonBody(await service.admin('GET', `/api/admin/v4/explain/search-page?${params('SE', 'röda skor')}`));
    assert.equal(fallback.understanding.applied, false);
    const plain = await jsonBody(await service.admin('GET', `/api/admin/v4/explain/search-page?${params('SE', 'skor')}`));
    assert.equal(plain.understanding, undefined);
  });

  // Last: it edits the catalog. The search-page remembers a filter that found products on the catalog version
  // and leaves its fallback out of round 1; an operations import changes products without a new version.
  it('falls back when an operations import empties a filter that found products before', async () => {
    const before = await page('GB', 'white shoes');
    assert.deepEqual(
      before.body.primaryList.productGroups.map((g) => g.key),
      ['G-GB-shoe-b'],
    );
    await page('GB', 'white shoes');
    const res = await service.admin('POST', '/api/admin/v4/import/catalog', {
      body: jsonLines([{ remove: { productGroup: 'G-GB-shoe-b' } }]),
      headers: { 'Content-Type': 'application/jsonlines' },
    });
    assert.equal(res.status, 204, await res.text());
    const after = await page('GB', 'white shoes');
    assert.deepEqual(
      after.body.primaryList.productGroups.map((g) => g.key),
      ['G-GB-shoe-a'],
      'the words left answer, as without the memory',
    );
    assert.deepEqual(
      (await page('GB', 'white shoes')).body.primaryList.productGroups.map((g) => g.key),
      ['G-GB-shoe-a'],
    );
  });
});
