/**
 * Relaxation keeps what the shopper named (issue 40, docs/language.md "Word roles"), through search-page's
 * answer in sv-SE, nb-NO and en-GB: the product word is never the word relaxation drops; a modifier the catalog
 * does not hold is dropped while the understood colour stays applied; an audience after a preposition is
 * understood ("jakke til herre"); did-you-mean never rewrites a number. No round trip is added.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE'], currency: 'SEK' }, NO: { locales: ['nb-NO'], currency: 'NOK' }, GB: { locales: ['en-GB'], currency: 'GBP' } },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', NO: 'nb-NO', GB: 'en-GB' };

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
/** Per market: a black and a white shoe, a men's and a women's jacket, a children's T-shirt; shoes named by model numbers. */
const CATALOG: ReplaceEntity[] = [
  product('SE', 'shoe-a', { title: 'Sko Classic 4100', category: 'Skor', colour: BLACK, price: 400, gender: 'Herr' }),
  product('SE', 'shoe-b', { title: 'Sko Runner 4100', category: 'Skor', colour: WHITE, price: 900, gender: 'Dam' }),
  product('SE', 'jacket-m', { title: 'Jacka Vinter', category: 'Jackor', colour: BLACK, price: 1500, gender: 'Herr' }),
  product('SE', 'jacket-w', { title: 'Jacka Regn', category: 'Jackor', colour: WHITE, price: 1200, gender: 'Dam' }),
  product('SE', 'tee', { title: 'T-shirt för barn', category: 'Barn', colour: WHITE, price: 150 }),
  product('NO', 'shoe-a', { title: 'Sko Classic', category: 'Sko', colour: BLACK, price: 400, gender: 'Herre' }),
  product('NO', 'shoe-b', { title: 'Sko Runner', category: 'Sko', colour: WHITE, price: 900, gender: 'Dame' }),
  product('NO', 'jacket-m', { title: 'Jakke Vinter', category: 'Jakker', colour: BLACK, price: 1500, gender: 'Herre' }),
  product('NO', 'jacket-w', { title: 'Jakke Regn', category: 'Jakker', colour: WHITE, price: 1200, gender: 'Dame' }),
  product('NO', 'watch', { title: 'Ur Sport', category: 'Ur', colour: BLACK, price: 990 }),
  product('NO', 'tee', { title: 'T-skjorte for barn', category: 'Barn', colour: WHITE, price: 150 }),
  product('GB', 'shoe-a', { title: 'Classic shoe', category: 'Shoes', colour: BLACK, price: 40, gender: 'Men' }),
  product('GB', 'shoe-b', { title: 'Runner shoe', category: 'Shoes', colour: WHITE, price: 90, gender: 'Women' }),
  product('GB', 'jacket-m', { title: 'Winter jacket', category: 'Jackets', colour: BLACK, price: 150, gender: 'Men' }),
  product('GB', 'jacket-w', { title: 'Rain jacket', category: 'Jackets', colour: WHITE, price: 120, gender: 'Women' }),
  product('GB', 'tee', { title: 'T-shirt for kids', category: 'Kids', colour: WHITE, price: 15 }),
];

describe('word roles in relaxation (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const params = (market: string, q: string) =>
    new URLSearchParams({ customerKey: 'c', sessionKey: 's', market, locale: LOCALE_OF[market], touchpoint: 'desktop', notify: 'false', q });
  const page = async (market: string, q: string) => {
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params(market, q)}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return { body: body as SearchPage, roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  };
  const keys = async (market: string, q: string) => (await page(market, q)).body.primaryList.productGroups.map((g) => g.key.replace(`G-${market}-`, '')).sort();

  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('keeps the product word: "<product> for children" lists the product, never the children\'s T-shirt', async () => {
    for (const [market, q] of [
      ['SE', 'jacka för barn'],
      ['NO', 'jakke for barn'],
      ['GB', 'jacket for kids'],
    ] as const) {
      const got = await keys(market, q);
      assert.ok(!got.includes('tee'), `${market} "${q}": ${got.join(', ')}`);
      assert.deepEqual(got, ['jacket-m', 'jacket-w'], `${market} "${q}"`);
    }
  });

  it('drops a modifier the catalog does not hold and keeps the colour', async () => {
    for (const [market, q] of [
      ['SE', 'snygga svarta skor'],
      ['NO', 'fine svarte sko'],
      ['GB', 'nice black shoes'],
    ] as const) {
      assert.deepEqual(await keys(market, q), ['shoe-a'], `${market} "${q}"`);
    }
  });

  it('drops a price intent word without filtering by price or by it', async () => {
    assert.deepEqual(await keys('SE', 'billiga skor'), ['shoe-a', 'shoe-b']);
    assert.deepEqual(await keys('GB', 'cheap shoes'), ['shoe-a', 'shoe-b']);
  });

  it('understands an audience after a preposition', async () => {
    for (const [market, q] of [
      ['NO', 'jakke til herre'],
      ['SE', 'jacka för herr'],
      ['GB', 'jacket for men'],
    ] as const) {
      assert.deepEqual(await keys(market, q), ['jacket-m'], `${market} "${q}"`);
    }
    assert.deepEqual(await keys('NO', 'sko til dame'), ['shoe-b']);
  });

  it('never rewrites a number in did-you-mean', async () => {
    const { body } = await page('SE', 'skor under 400 kr');
    assert.deepEqual(
      body.primaryList.productGroups.map((g) => g.key),
      ['G-SE-shoe-a'],
    );
    for (const { q } of body.didYouMean ?? []) assert.match(q, /\b400\b/, `did-you-mean "${q}"`);
    const typo = await page('SE', 'skor modell 400');
    for (const { q } of [...(typo.body.didYouMean ?? []), ...(typo.body.autoCorrect ? [typo.body.autoCorrect] : [])])
      assert.match(q, /\b400\b/, `correction "${q}"`);
  });

  it('finds a one-syllable noun by its definite plural ("urene": the watches)', async () => {
    assert.deepEqual(await keys('NO', 'urene'), ['watch']);
  });

  it('adds no round trip', async () => {
    const plain = await page('SE', 'skor');
    for (const q of ['jacka för barn', 'snygga svarta skor', 'jacka för herr']) {
      const { roundTrips } = await page('SE', q);
      assert.ok(roundTrips <= plain.roundTrips, `"${q}": ${roundTrips} round trips against ${plain.roundTrips}`);
    }
  });
});
