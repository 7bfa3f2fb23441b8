/**
 * Query understanding of attribute values named in the phrase (docs/language.md "Query understanding"): a
 * material beside a product word, inflected, as a compound's modifier or after a preposition, answers what the
 * product word answers with that material selected; a brand of several words is not relaxed to half of it;
 * the same round trips as the words alone; the words answer when the material leaves nothing.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE'], currency: 'SEK' }, GB: { locales: ['en-GB'], currency: 'GBP' }, DE: { locales: ['de-DE'], currency: 'EUR' } },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', GB: 'en-GB', DE: 'de-DE' };

interface Item {
  title: string;
  category: string;
  material: string;
  brand?: string;
  description?: string;
}

function product(market: string, key: string, i: Item): ReplaceEntity {
  return {
    key: `G-${market}-${key}`,
    productGroup: {
      products: {
        [`${market}-${key}`]: {
          markets: [market],
          defaults: {
            title: i.title,
            url: `/p/${key}`,
            brand: i.brand ?? 'Acme',
            category: [i.category],
            customLabels: { material: [i.material] },
            ...(i.description ? { description: i.description } : {}),
          },
          variants: { [`${market}-${key}-v`]: { defaults: { listPrice: 500, sellingPrice: 500, stock: 5 } } },
        },
      },
    },
  };
}

const CATALOG: ReplaceEntity[] = [
  // Titles that do not say the material: only the label tells.
  product('SE', 'forest', { title: 'Skor Forest', category: 'Skor', material: 'Läder' }),
  product('SE', 'aurora', { title: 'Skor Aurora', category: 'Skor', material: 'Mocka', description: 'Sula av läder' }),
  product('SE', 'canvas', { title: 'Skor Strand', category: 'Skor', material: 'Canvas' }),
  product('SE', 'hike-socks', { title: 'Sockor Vandring', category: 'Sockor', material: 'Ull' }),
  product('SE', 'basic-socks', { title: 'Sockor Bas', category: 'Sockor', material: 'Bomull', description: 'Mjuk som ull' }),
  product('SE', 'rain-jacket', { title: 'Jacka Regn', category: 'Jackor', material: 'Nylon' }),
  // A brand of two words, and another brand's sneakers of the "Studio" style.
  product('SE', 'brant-field', { title: 'Sneakers Field', category: 'Skor', material: 'Canvas', brand: 'Brant Studio' }),
  product('SE', 'brant-core', { title: 'Sneakers Core', category: 'Skor', material: 'Canvas', brand: 'Brant Studio' }),
  product('SE', 'acme-studio', { title: 'Studio sneakers', category: 'Skor', material: 'Canvas' }),
  product('GB', 'chelsea', { title: 'Chelsea boots', category: 'Boots', material: 'Leather' }),
  product('GB', 'desert', { title: 'Desert boots', category: 'Boots', material: 'Suede', description: 'With a leather lining' }),
  product('GB', 'crew', { title: 'Crew sweater', category: 'Sweaters', material: 'Wool' }),
  product('GB', 'merino', { title: 'Merino sweater', category: 'Sweaters', material: 'Merino', description: 'Fine wool from Australia' }),
  product('DE', 'biker', { title: 'Bikerjacke', category: 'Jacken', material: 'Leder' }),
  product('DE', 'regen', { title: 'Regenjacke', category: 'Jacken', material: 'Nylon', description: 'In Lederoptik' }),
];

describe('query understanding of materials (HTTP)', function () {
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

  it('finds the products of a material named beside a product word, in every form, as the material facet does', async () => {
    for (const [market, q, word, material, want] of [
      ['SE', 'läderskor', 'skor', 'Läder', ['forest']],
      ['SE', 'skor i läder', 'skor', 'Läder', ['forest']],
      ['SE', 'skor i lädret', 'skor', 'Läder', ['forest']],
      ['SE', 'ullsockor', 'sockor', 'Ull', ['hike-socks']],
      ['GB', 'leather boots', 'boots', 'Leather', ['chelsea']],
      ['GB', 'wool sweater', 'sweater', 'Wool', ['crew']],
      ['DE', 'Lederjacke', 'jacke', 'Leder', ['biker']],
    ] as const) {
      assert.deepEqual(await keys(market, q), want, q);
      assert.deepEqual(await keys(market, q), await keys(market, word, { 'f.custom.material': material }), `${q} against ${word} with ${material}`);
    }
  });

  it('understands the material in the round trips of the words alone', async () => {
    // Each asked twice and the second answers compared: a listing's first answer may take a second round for its
    // dynamic facet values, which later answers ask in round 1 (facets/dynamicRun.ts), so first answers depend on
    // what earlier tests asked.
    const warm = async (q: string) => {
      await page('SE', q);
      return (await page('SE', q)).roundTrips;
    };
    assert.equal(await warm('skor i läder'), await warm('skor'));
  });

  it('answers the words when the material leaves nothing, and keeps a material alone a word', async () => {
    assert.deepEqual(await keys('SE', 'läderjacka'), ['rain-jacket']);
    // "ull" alone is searched as text: the wool socks, and the cotton ones whose description names wool.
    assert.deepEqual(await keys('SE', 'ull'), ['basic-socks', 'hike-socks']);
  });

  it('finds a brand of several words beside a product word without the products of half its name', async () => {
    assert.deepEqual(await keys('SE', 'brant studio sneakers'), ['brant-core', 'brant-field']);
    assert.deepEqual(await keys('SE', 'brant studio sneakers'), await keys('SE', 'sneakers', { 'f.brand': 'Brant Studio' }));
    // Where no brand is named, "studio" is a word like any other.
    assert.ok((await keys('SE', 'studio sneakers')).includes('acme-studio'));
  });
});
