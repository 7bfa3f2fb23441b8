/**
 * autocomplete with typos (issue 21, item 1): a misspelt word still suggests products, through the fuzzy
 * fallback in the same msearch; totalHits counts the groups shown; a phrase that matches as typed never
 * shows fuzzy matches. Also: a short prefix counts the products its suggestions come from.
 */
import assert from 'node:assert/strict';
import type { Autocomplete } from '@apptus/esales-api';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { AutocompleteResult } from '../../src/storefront/autocomplete/shape';
import { startService, type TestService } from './harness';

const product = (key: string, title: string, category: string, stock = 3): ReplaceEntity => {
  const p: Product = {
    markets: ['SE'],
    defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category] },
    variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock } } },
  };
  // keys are not words of the titles: a key equal to a typed word would match it exactly
  return { key: `G-${key}`, productGroup: { products: { [`p-${key}`]: p } } };
};

const CATALOG: ReplaceEntity[] = [
  product('shirt', 'Linen shirt', 'Clothing > Shirts'),
  product('skirt', 'Denim skirt', 'Clothing > Skirts'),
  product('jacket', 'Rain jacket', 'Clothing > Jackets'),
  product('jacket-old', 'Rain jacket classic', 'Clothing > Jackets', 0),
  product('sneakers', 'Canvas sneakers', 'Shoes > Sneakers'),
  product('slingback', 'Ember slingback', 'Shoes > Klackskor'),
];

describe('autocomplete with typos (HTTP)', function () {
  let service: TestService;
  const ok = async (q: string) => {
    const res = await service.request(
      'GET',
      `/api/storefront/v3/queries/autocomplete?${new URLSearchParams({ q, customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop' })}`,
    );
    assert.equal(res.status, 200);
    return { body: (await res.json()) as AutocompleteResult, roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  };
  const suggested = async (q: string) => {
    const { body } = await ok(q);
    return { keys: body.productSuggestions.map((g) => g.products[0].key.slice(2)), totalHits: body.totalHits };
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('suggests products for a word with a dropped letter or two swapped letters, totalHits counting them', async () => {
    // in stock first, as for a phrase typed right
    assert.deepStrictEqual(await suggested('jaket'), { keys: ['jacket', 'jacket-old'], totalHits: 2 });
    assert.deepStrictEqual(await suggested('jakcet'), { keys: ['jacket', 'jacket-old'], totalHits: 2 });
    assert.deepStrictEqual(await suggested('sneakrs'), { keys: ['sneakers'], totalHits: 1 });
    assert.deepStrictEqual(await suggested('snaekers'), { keys: ['sneakers'], totalHits: 1 });
    // the typo in an earlier, complete word of the phrase
    assert.deepStrictEqual(await suggested('rian jacket'), { keys: ['jacket', 'jacket-old'], totalHits: 2 });
    assert.deepStrictEqual(await suggested('linen shrit'), { keys: ['shirt'], totalHits: 1 });
    // nothing within reach is still nothing
    assert.deepStrictEqual(await suggested('zzzqx'), { keys: [], totalHits: 0 });
  });

  it('keeps exact matches first: a phrase that matches as typed shows no fuzzy matches', async () => {
    // "skirt" is one edit from "shirt"; "shrit" is one (a swap) from "shirt" only
    assert.deepStrictEqual(await suggested('shirt'), { keys: ['shirt'], totalHits: 1 });
    assert.deepStrictEqual(await suggested('skirt'), { keys: ['skirt'], totalHits: 1 });
    assert.deepStrictEqual(await suggested('shrit'), { keys: ['shirt'], totalHits: 1 });
  });

  it('costs no round trip: the fallback rides in the same msearch', async () => {
    const least = async (q: string) => Math.min(...(await Promise.all([0, 1].map(async () => (await ok(q)).roundTrips))));
    // one msearch (with the popular-phrases and recently-viewed lookups), as for a phrase typed right
    assert.equal(await least('jakcet'), 1);
    assert.equal(await least('jacket'), 1);
  });

  it('counts for a short prefix the products its suggestions come from, and a prefix finds categories', async () => {
    // "kl" starts the category "Klackskor" only: the suggestion and the count agree
    assert.deepStrictEqual(await suggested('kl'), { keys: ['slingback'], totalHits: 1 });
    assert.deepStrictEqual(await suggested('klack'), { keys: ['slingback'], totalHits: 1 });
    const { body } = await ok('klack');
    assert.ok(
      body.phraseSuggestions.some((p) => p.q === 'klackskor'),
      JSON.stringify(body.phraseSuggestions),
    );
  });

  it('works through the official client', async () => {
    const { elevate } = await import('@apptus/esales-api');
    const api = elevate({
      clusterId: service.url,
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'desktop',
      session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
    });
    const result: Autocomplete = await api.query.autocomplete({ q: 'jakcet', notify: false });
    assert.deepStrictEqual([result.productSuggestions.map((g) => g.key), result.totalHits], [['G-jacket', 'G-jacket-old'], 2]);
    // the phrase suggestions follow the typo too (fuzzy completion of the category "Jackets")
    assert.deepStrictEqual(result.phraseSuggestions, [{ q: 'jackets', highlighted: 'jackets' }]);
  });
});
