/**
 * The primary and secondary list as Elevate means them (issue 40, docs/storefront.md "Primary and secondary
 * list"): a phrase of three words whose products partly match lists in its primary list only the products with
 * every word the relaxation keeps, and its total and colour facet count only those; the products matching part of
 * the phrase come first in the secondary list, and in full with viewAllSecondary. No round trip is added.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE'], currency: 'SEK' }, GB: { locales: ['en-GB'], currency: 'GBP' } },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', GB: 'en-GB' };

function product(market: string, key: string, title: string, category: string, colour: string): ReplaceEntity {
  return {
    key: `G-${market}-${key}`,
    productGroup: {
      products: {
        [`${market}-${key}`]: {
          markets: [market],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category] },
          colorInitial: [colour],
          variants: { [`${market}-${key}-v`]: { defaults: { listPrice: 500, sellingPrice: 500, stock: 5 } } },
        },
      },
    },
  };
}

const RED = '#FF0000';
const BLUE = '#0000FF';
const GREEN = '#008000';
const BLACK = '#000000';
/**
 * Per market: two red wool (knitted) jumpers match every word of the phrase; a red jumper of cotton, a blue
 * and a green wool jumper and a red wool scarf match two of its three words; socks match none.
 */
const CATALOG: ReplaceEntity[] = [
  product('GB', 'jumper-1', 'Wool jumper Classic', 'Jumpers', RED),
  product('GB', 'jumper-2', 'Wool jumper Cable', 'Jumpers', RED),
  product('GB', 'cotton', 'Cotton jumper', 'Jumpers', RED),
  product('GB', 'blue', 'Wool jumper Nordic', 'Jumpers', BLUE),
  product('GB', 'green', 'Wool jumper Fisherman', 'Jumpers', GREEN),
  product('GB', 'scarf', 'Wool scarf', 'Scarves', RED),
  product('GB', 'socks', 'Sports socks', 'Socks', BLACK),
  product('SE', 'jumper-1', 'Stickad tröja Classic', 'Tröjor', RED),
  product('SE', 'jumper-2', 'Stickad tröja Flätad', 'Tröjor', RED),
  product('SE', 'cotton', 'Tröja bomull', 'Tröjor', RED),
  product('SE', 'blue', 'Stickad tröja Nordic', 'Tröjor', BLUE),
  product('SE', 'green', 'Stickad tröja Fiskare', 'Tröjor', GREEN),
  product('SE', 'scarf', 'Stickad halsduk', 'Halsdukar', RED),
  product('SE', 'socks', 'Sportstrumpor', 'Strumpor', BLACK),
];

const PHRASES = [
  ['GB', 'red wool jumper'],
  ['SE', 'röd stickad tröja'],
] as const;
const PARTIAL = ['blue', 'cotton', 'green', 'scarf'];

describe('primary and secondary list (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const page = async (market: string, q: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({
      customerKey: 'c',
      sessionKey: 's',
      market,
      locale: LOCALE_OF[market],
      touchpoint: 'desktop',
      notify: 'false',
      q,
      ...extra,
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return { body: body as SearchPage, roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  };
  const keys = (market: string, groups: SearchPage['primaryList']['productGroups']) => groups.map((g) => g.key.replace(`G-${market}-`, ''));
  const colours = (body: SearchPage) => {
    const facet = body.primaryList.facets.find((f) => f.id === 'color');
    return facet && 'values' in facet ? Object.fromEntries(facet.values.map((v) => [v.id, v.count])) : undefined;
  };

  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('lists only the products with every word in the primary list, and counts only them', async () => {
    for (const [market, q] of PHRASES) {
      // Twice: the second answer comes from the remembered searches of the catalog version.
      for (const pass of ['first', 'again']) {
        const { body } = await page(market, q);
        const what = `${market} "${q}" (${pass})`;
        assert.deepEqual(keys(market, body.primaryList.productGroups).sort(), ['jumper-1', 'jumper-2'], what);
        assert.equal(body.primaryList.totalHits, 2, what);
        assert.deepEqual(colours(body), { [RED]: 2 }, what);
      }
    }
  });

  it('puts the products matching part of the phrase first in the secondary list', async () => {
    for (const [market, q] of PHRASES) {
      const { body } = await page(market, q);
      const secondary = keys(market, body.secondaryList!.productGroups);
      assert.deepEqual(secondary.slice(0, PARTIAL.length).sort(), PARTIAL, `${market} "${q}": ${secondary.join(', ')}`);
      assert.ok(!secondary.includes('jumper-1') && !secondary.includes('jumper-2'), `${market} "${q}": no product of the primary list`);
    }
  });

  it('lists the secondary list in full with viewAllSecondary', async () => {
    for (const [market, q] of PHRASES) {
      const shown = (await page(market, q)).body.secondaryList!;
      const { body } = await page(market, q, { viewAllSecondary: 'true', limit: '2', skip: '0' });
      const all = await page(market, q, { viewAllSecondary: 'true', limit: '50' });
      assert.equal(body.secondaryList!.totalHits, shown.totalHits, `${market} "${q}"`);
      assert.equal(body.secondaryList!.productGroups.length, 2);
      const every = keys(market, all.body.secondaryList!.productGroups);
      assert.equal(every.length, shown.totalHits);
      for (const key of PARTIAL) assert.ok(every.includes(key), `${market} "${q}": ${key} in ${every.join(', ')}`);
      assert.equal(all.body.primaryList.totalHits, 2, "the primary list's total beside it");
    }
  });

  it('adds no round trip', async () => {
    for (const [market, q] of PHRASES) {
      const plain = await page(market, market === 'GB' ? 'jumper' : 'tröja');
      // Upper-cased: a search not asked before, so nothing of it is remembered yet.
      const first = await page(market, q.toUpperCase());
      assert.equal(first.body.primaryList.totalHits, 2);
      const again = await page(market, q);
      assert.ok(plain.roundTrips > 0);
      assert.ok(first.roundTrips <= plain.roundTrips, `${market} "${q}" first asked: ${first.roundTrips} round trips against ${plain.roundTrips}`);
      assert.ok(again.roundTrips <= plain.roundTrips, `${market} "${q}": ${again.roundTrips} round trips against ${plain.roundTrips}`);
    }
  });
});
