/**
 * Query understanding of facet values named in the phrase (docs/language.md "Query understanding"): a brand
 * beside a product word, a size after a size word, with a price range; a brand that is also a product word
 * still finds the products whose title names it; the same round trips as the words alone.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE'], currency: 'SEK' }, GB: { locales: ['en-GB'], currency: 'GBP' } },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', GB: 'en-GB' };

interface Item {
  title: string;
  brand: string;
  category: string;
  sizes: string[];
  price: number;
  description?: string;
}

function product(market: string, key: string, i: Item): ReplaceEntity {
  return {
    key: `G-${market}-${key}`,
    productGroup: {
      products: {
        [`${market}-${key}`]: {
          markets: [market],
          defaults: { title: i.title, url: `/p/${key}`, brand: i.brand, category: [i.category], ...(i.description ? { description: i.description } : {}) },
          variants: Object.fromEntries(
            i.sizes.map((size) => [`${market}-${key}-${size}`, { defaults: { listPrice: i.price, sellingPrice: i.price, stock: 5, size: [size] } }]),
          ),
        },
      },
    },
  };
}

const CATALOG: ReplaceEntity[] = [
  product('SE', 'nike-air', { title: 'Sneakers Air', brand: 'Nike', category: 'Skor', sizes: ['40', '42'], price: 900 }),
  product('SE', 'nike-court', { title: 'Sneakers Court', brand: 'Nike', category: 'Skor', sizes: ['38'], price: 600 }),
  // Names the brand in its description only: "fits like Nike" is no Nike.
  product('SE', 'acme-sneaker', { title: 'Sneakers Basic', brand: 'Acme', category: 'Skor', sizes: ['40'], price: 400, description: 'Sitter som Nike' }),
  product('SE', 'jeans-32', { title: 'Jeans Slim', brand: 'Acme', category: 'Jeans', sizes: ['30', '32'], price: 700 }),
  product('SE', 'jeans-34', { title: 'Jeans Loose', brand: 'Acme', category: 'Jeans', sizes: ['34', 'M'], price: 800 }),
  // "Ring" is a brand and a product word: its necklace, and another brand's ring necklace.
  product('SE', 'ring-necklace', { title: 'Halsband Pärla', brand: 'Ring', category: 'Smycken', sizes: ['One'], price: 300 }),
  product('SE', 'necklace-ring', { title: 'Halsband med ring', brand: 'Acme', category: 'Smycken', sizes: ['One'], price: 350 }),
  product('SE', 'plain-necklace', { title: 'Halsband Enkel', brand: 'Acme', category: 'Smycken', sizes: ['One'], price: 200 }),
  product('GB', 'nike-air', { title: 'Air trainers', brand: 'Nike', category: 'Trainers', sizes: ['M', 'L'], price: 90 }),
  product('GB', 'acme-trainers', { title: 'Basic trainers', brand: 'Acme', category: 'Trainers', sizes: ['M'], price: 40 }),
];

describe('query understanding of brands and sizes (HTTP)', function () {
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

  it('finds the products of a brand named beside a product word, and not those naming it in a description', async () => {
    assert.deepEqual(await keys('SE', 'nike sneakers'), ['nike-air', 'nike-court']);
    assert.deepEqual(await keys('SE', 'sneakers NIKE'), ['nike-air', 'nike-court']);
    assert.deepEqual(await keys('GB', 'nike trainers'), ['nike-air']);
    assert.deepEqual(await keys('SE', 'nike sneakers'), await keys('SE', 'sneakers', { 'f.brand': 'Nike' }));
  });

  it('keeps a brand that is also a product word: its own products first, then titles naming the word', async () => {
    const { body } = await page('SE', 'ring halsband');
    const order = body.primaryList.productGroups.map((g) => g.key.replace('G-SE-', ''));
    assert.deepEqual(order, ['ring-necklace', 'necklace-ring']);
    // Alone, the word is searched as text: the brand's products and the titles naming it.
    assert.deepEqual(await keys('SE', 'ring'), ['necklace-ring', 'ring-necklace']);
  });

  it('finds the products of a size named after a size word', async () => {
    assert.deepEqual(await keys('SE', 'jeans storlek 32'), ['jeans-32']);
    assert.deepEqual(await keys('SE', 'jeans size M'), ['jeans-34']);
    assert.deepEqual(await keys('SE', 'sneakers str 40'), ['acme-sneaker', 'nike-air']);
    assert.deepEqual(await keys('GB', 'trainers size L'), ['nike-air']);
    assert.deepEqual(await keys('SE', 'jeans storlek 32'), await keys('SE', 'jeans', { 'f.size': '32' }));
  });

  it('combines brand, size and price range, in the round trips of the words alone', async () => {
    const combined = await page('SE', 'nike sneakers storlek 40 500-1000 kr');
    assert.deepEqual(
      combined.body.primaryList.productGroups.map((g) => g.key),
      ['G-SE-nike-air'],
    );
    const plain = await page('SE', 'sneakers');
    assert.equal(combined.roundTrips, plain.roundTrips);
  });

  it('falls back to the words when the brand or size leaves nothing', async () => {
    // No Nike jeans, no jeans in size 38: the words as typed, then the words left, answer.
    assert.deepEqual(await keys('SE', 'nike jeans'), ['jeans-32', 'jeans-34']);
    assert.deepEqual(await keys('SE', 'jeans storlek 38'), ['jeans-32', 'jeans-34']);
  });
});
