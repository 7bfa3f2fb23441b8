/**
 * search-page's relaxed matching, auto-correct and did-you-mean over HTTP against the real Elasticsearch, on a
 * small Swedish catalog listed below and a general lexicon of its own (the words the test needs), so each
 * assertion is exact: a phrase whose words never occur together relaxes instead of going to auto-correct, a
 * real word is never auto-corrected, did-you-mean keeps the visitor's diacritics and stays quiet on a healthy
 * answer, and none of it costs a round trip more than a plain search.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { SearchPageResult } from '../../src/storefront/responseTypes';
import { startService, TEST_CONFIGURATION, type TestService } from './harness';

function product(key: string, title: string, category: string, stock = 5): ReplaceEntity {
  const p: Product = {
    markets: ['SE'],
    defaults: { title, url: `/p/${key}`, brand: 'Butik', category: [category] },
    variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock } } },
  };
  return { key, productGroup: { products: { [key]: p } } };
}

const CATALOG: ReplaceEntity[] = [
  // Three words never together: "svart mössa ull" relaxes to these.
  product('beanie-black', 'Svart mössa', 'Accessoarer > Mössor'),
  product('beanie-wool', 'Mössa i ull', 'Accessoarer > Mössor'),
  product('scarf-black-wool', 'Svart halsduk i ull', 'Accessoarer > Halsdukar'),
  // All three words, out of stock: still before every product missing one.
  product('beanie-black-wool', 'Svart mössa i ull', 'Accessoarer > Mössor', 0),
  // Cookware the suggester turned "gröna" into.
  product('pot-1', 'Gryta i gjutjärn', 'Kök > Grytor'),
  product('pot-2', 'Gryta med lock', 'Kök > Grytor'),
  product('pot-3', 'Liten gryta', 'Kök > Grytor'),
  // A healthy answer for "vita sneakers", beside a more frequent near-spelling.
  product('sneaker-white-1', 'Vita sneakers', 'Skor > Sneakers'),
  product('sneaker-white-2', 'Vita sneakers i läder', 'Skor > Sneakers'),
  ...Array.from({ length: 30 }, (_, i) => product(`sneaker-vida-${i}`, `Vida sneakers ${i}`, 'Skor > Sneakers')),
  // Two catalog words never together: "svart väst" must not become the frequent "svart väska".
  ...Array.from({ length: 20 }, (_, i) => product(`bag-black-${i}`, `Svart väska ${i}`, 'Väskor')),
  product('vest-wool', 'Väst i ull', 'Kläder > Västar'),
  product('vest-fleece', 'Väst i fleece', 'Kläder > Västar'),
  // One title misspells a word: "röda klännigar" finds it, and did-you-mean offers the catalog's word.
  product('dress-typo', 'Röda klännigar', 'Kläder > Klänningar'),
  ...[1, 2, 3].map((i) => product(`dress-${i}`, `Röda klänningar ${i}`, 'Kläder > Klänningar')),
  // One title misspells "jacka", in a category of its own: the suggester's "jacka" finds more products in the
  // shop (five jackets), none in that category.
  product('jacket-typo', 'Blå jackka', 'Rea'),
  ...[1, 2, 3, 4, 5].map((i) => product(`jacket-${i}`, `Jacka i dun ${i}`, 'Kläder > Jackor')),
];

/** The general lexicon of the test: real Swedish words the catalog lacks or holds. */
const LEXICON = ['gröna', 'grön', 'röda', 'röd', 'vita', 'vit', 'svart', 'mössa', 'gryta', 'klänningar', 'väst', 'väska'];

// notify=false: no search is recorded, so related searches read no sessions and every request costs the same reads.
const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', notify: 'false' };

describe('search-page relaxed matching and spelling (HTTP)', function () {
  let service: TestService;
  let lexiconDir: string;
  const search = async (params: Record<string, string>) => {
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${new URLSearchParams({ ...BASE, ...params })}`);
    const body = (await res.json()) as SearchPageResult;
    assert.equal(res.status, 200, JSON.stringify(body));
    return { body, roundTrips: Number(res.headers.get('X-Elasticsearch-Round-Trips')) };
  };
  const keys = (groups: SearchPageResult['primaryList']['productGroups']) => groups.map((g) => g.key);

  before(async () => {
    lexiconDir = mkdtempSync(join(tmpdir(), 'lexicon-'));
    writeFileSync(join(lexiconDir, 'sv.txt'), LEXICON.join('\n') + '\n');
    // Stores cached for the whole file: a reload between two requests would count round trips of its own.
    service = await startService({ lexiconDir, storeCacheMs: 600_000 });
    await service.configure(TEST_CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => {
    await service.close();
    rmSync(lexiconDir, { recursive: true, force: true });
  });

  it('relaxes a phrase into the secondary list: products missing one word follow the full match there', async () => {
    const { body } = await search({ q: 'svart mössa ull' });
    assert.equal(body.autoCorrect, undefined);
    // The primary list holds the full match alone, though out of stock (issue 40: as Elevate means the lists).
    assert.deepEqual(keys(body.primaryList.productGroups), ['beanie-black-wool']);
    assert.equal(body.primaryList.totalHits, 1);
    assert.deepEqual(new Set(keys(body.secondaryList.productGroups).slice(0, 3)), new Set(['beanie-black', 'beanie-wool', 'scarf-black-wool']));
    const priced = await search({ q: 'svart mössa ull', sort: 'PRICE_ASCENDING' });
    assert.deepEqual(keys(priced.body.primaryList.productGroups), ['beanie-black-wool'], 'under a field sort too');
  });

  it('relaxes rather than auto-corrects when no product holds all the words', async () => {
    const { body } = await search({ q: 'halsduk mössa gryta' });
    assert.deepEqual([body.q, body.autoCorrect, body.primaryList.totalHits], ['halsduk mössa gryta', undefined, 0], 'no product holds two of the three words');
    const plain = await search({ q: 'svart väst' });
    assert.deepEqual(
      [plain.body.q, plain.body.autoCorrect, plain.body.didYouMean],
      ['svart väst', undefined, []],
      'two catalog words that never occur together are not "corrected" into the frequent "svart väska"',
    );
    const secondary = keys(plain.body.secondaryList.productGroups);
    assert.deepEqual(new Set(secondary.slice(0, 2)), new Set(['vest-wool', 'vest-fleece']), 'the word found as typed before its fuzzy neighbour');
  });

  it('never auto-corrects a real word of the language, and still corrects a misspelling', async () => {
    const { body } = await search({ q: 'gröna' });
    assert.deepEqual([body.q, body.autoCorrect, body.didYouMean], ['gröna', undefined, []]);
    const typo = await search({ q: 'grytta' });
    assert.deepEqual(typo.body.autoCorrect, { q: 'gryta', originalTotalHits: 0 });
    assert.equal(typo.body.primaryList.totalHits, 3);
  });

  it("keeps the visitor's diacritics in did-you-mean", async () => {
    const { body } = await search({ q: 'röda klännigar' });
    assert.equal(body.primaryList.totalHits, 1);
    assert.deepEqual(body.didYouMean, [{ q: 'röda klanningar' }]);
  });

  it('offers did-you-mean only when the correction finds more products than the phrase as typed', async () => {
    const shop = await search({ q: 'jackka' });
    assert.deepEqual(
      [keys(shop.body.primaryList.productGroups), shop.body.didYouMean],
      [['jacket-typo'], [{ q: 'jacka' }]],
      'in the shop "jacka" finds five products, "jackka" one',
    );
    const sale = await search({ q: 'jackka', selectedCategory: 'Rea' });
    assert.deepEqual([keys(sale.body.primaryList.productGroups), sale.body.didYouMean], [['jacket-typo'], []], 'in the category "jacka" finds none');
  });

  it('offers no did-you-mean when the phrase already finds a healthy answer', async () => {
    const { body } = await search({ q: 'vita sneakers' });
    assert.deepEqual(keys(body.primaryList.productGroups).sort(), ['sneaker-white-1', 'sneaker-white-2']);
    assert.deepEqual(body.didYouMean, []);
  });

  it('spends no round trip more on a short or empty list than on a long one', async () => {
    // The second request of a phrase: the first also fills the per-catalog caches (facts, navigation, vocabulary).
    const roundTrips = async (q: string) => {
      await search({ q });
      return (await search({ q })).roundTrips;
    };
    assert.ok((await search({ q: 'sneakers' })).body.primaryList.totalHits >= 8);
    const long = await roundTrips('sneakers');
    for (const q of ['vita sneakers', 'svart mössa ull', 'gröna', 'svart väst']) assert.equal(await roundTrips(q), long, q);
    assert.equal(await roundTrips('grytta'), long + 1, 'auto-correct is the one conditional round');
  });
});
