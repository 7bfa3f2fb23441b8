/**
 * Search by meaning through HTTP, on a small English catalog with a fake sentence model (../fixtures/fakeEmbedder.ts:
 * "hot drinks" is near a kettle and a teapot without sharing a word with them). Two services import the same catalog:
 * one with search by meaning on (SEMANTIC_SEARCH=en), one with it off; every assertion on the first fails on the
 * second. A phrase that shares no word with any product finds the products close in meaning; a product found by
 * words and by meaning ranks first; pins, hides and the market's filter hold; totals and facet counts match the
 * list; no round trip is added; re-importing an unchanged catalog embeds nothing, and the import status counts it.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';
import { FakeEmbedder } from '../fixtures/fakeEmbedder';
import { parseSemanticSearch } from '../../src/kernel/config';
import type { ReplaceEntity } from '../../src/catalog/types';
import { assignVariant } from '../../src/merchandising/experiments/assign';
import type { Experiment } from '../../src/merchandising/experiments/types';

const CONFIGURATION = { markets: { UK: { locales: ['en-GB'], currency: 'GBP' }, NO: { locales: ['nb-NO'], currency: 'NOK' } } };

const item = (key: string, title: string, description: string, markets = ['UK'], brand = 'Acme'): ReplaceEntity =>
  group(key, { [key]: product(key, { markets, defaults: { title, url: `/p/${key}`, brand, description, category: ['cat_home'] } }) });

const CATALOG: ReplaceEntity[] = [
  item('KETTLE', 'Kettle Brew 2000', 'Electric kettle, 1.7 litres, stainless steel.'),
  item('TEAPOT', 'Teapot Classic', 'Porcelain teapot for loose leaf tea.', ['UK'], 'Potter'),
  item('NORDIC', 'Kettle Nordic', 'A kettle for the Norwegian shop only.', ['NO']),
  item('SOFA', 'Sofa Oslo', 'Three-seat sofa in grey fabric.'),
  item('UMBRELLA', 'Umbrella Storm', 'Compact umbrella with a wind-proof frame.'),
  item('LAMP', 'Desk Lamp Arc', 'Adjustable lamp with a warm light.'),
  item('HOSE', 'Garden Hose 20 m', 'Flexible hose with a spray nozzle.'),
  item('HELMET', 'Bike Helmet Swift', 'Light helmet with vents.'),
  item('CLOCK', 'Wall Clock Round', 'Quiet clock with large numbers.'),
];

interface Answer {
  keys: string[];
  total: number;
  roundTrips: number;
  brands: Map<string, number>;
  similarInMeaning?: boolean;
}

describe('search by meaning (search-page, fused with the words in one round trip)', function () {
  let on: TestService;
  let off: TestService;
  const embedder = new FakeEmbedder();

  before(async () => {
    on = await startService({ semanticSearch: parseSemanticSearch('en') }, { embedder });
    off = await startService({ semanticSearch: parseSemanticSearch('off') }, { embedder: new FakeEmbedder() });
    for (const service of [on, off]) {
      await service.configure(CONFIGURATION);
      const res = await service.importCatalog(CATALOG);
      assert.equal(res.status, 204, await res.text());
    }
  });
  after(async () => {
    await on?.close();
    await off?.close();
  });

  async function search(service: TestService, q: string, extra: Record<string, string> = {}): Promise<Answer> {
    const query = new URLSearchParams({
      q,
      market: 'UK',
      locale: 'en-GB',
      touchpoint: 'desktop',
      customerKey: 'c',
      sessionKey: 's',
      notify: 'false',
      facets: 'brand',
      ...extra,
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as {
      similarInMeaning?: boolean;
      primaryList: { totalHits: number; productGroups: { products: { key: string }[] }[]; facets: { id: string; values?: { id: string; count: number }[] }[] };
    };
    const brand = body.primaryList.facets.find((f) => f.id === 'brand');
    return {
      keys: body.primaryList.productGroups.map((g) => g.products[0]!.key),
      total: body.primaryList.totalHits,
      roundTrips: Number(res.headers.get('X-Elasticsearch-Round-Trips')),
      brands: new Map((brand?.values ?? []).map((v) => [v.id, v.count])),
      ...(body.similarInMeaning !== undefined ? { similarInMeaning: body.similarInMeaning } : {}),
    };
  }
  /** The fewer round trips of two answers (a cache reload after an import may land in either). */
  const warm = async (service: TestService, q: string, extra: Record<string, string> = {}) => {
    const [a, b] = [await search(service, q, extra), await search(service, q, extra)];
    return a.roundTrips <= b.roundTrips ? a : b;
  };

  it('finds products by meaning with a phrase that shares no word with any product', async () => {
    const meaning = await search(on, 'hot drinks');
    assert.deepEqual(new Set(meaning.keys), new Set(['KETTLE', 'TEAPOT']), JSON.stringify(meaning.keys));
    assert.equal(meaning.total, 2, 'the total counts what the list holds');
    assert.deepEqual(
      [...meaning.brands].sort(),
      [
        ['Acme', 1],
        ['Potter', 1],
      ],
      'facet counts count what the list holds',
    );
    assert.ok(!meaning.keys.includes('NORDIC'), "another market's product stays out");
    assert.equal(meaning.similarInMeaning, true, 'the answer says that no word matched and the list is by meaning');
    assert.equal((await search(on, 'kettle')).similarInMeaning, undefined, 'a list the words found says nothing');
    const words = await search(off, 'hot drinks');
    assert.deepEqual(words.keys, [], 'without search by meaning the words find nothing');
  });

  it('ranks a product found by words and by meaning first, before one found by meaning only', async () => {
    const both = await search(on, 'kettle');
    assert.deepEqual(both.keys, ['KETTLE', 'TEAPOT']);
    assert.equal(both.total, 2);
    assert.deepEqual((await search(off, 'kettle')).keys, ['KETTLE']);
  });

  it('keeps a selected facet value: its count is what selecting it lists', async () => {
    const selected = await search(on, 'hot drinks', { 'f.brand': 'Potter' });
    assert.deepEqual(selected.keys, ['TEAPOT']);
    assert.equal(selected.total, 1);
    assert.deepEqual((await search(off, 'hot drinks', { 'f.brand': 'Potter' })).keys, []);
  });

  it('holds pins and hides of a phrase rule, and adds no Elasticsearch round trip', async () => {
    const before = { on: await warm(on, 'hot drinks'), off: await warm(off, 'hot drinks') };
    assert.equal(before.on.roundTrips, before.off.roundTrips, 'a search by meaning costs no round trip');
    for (const service of [on, off]) {
      const res = await service.admin('PUT', '/api/admin/v4/import/phrase-rules', {
        body: JSON.stringify({
          markets: { UK: [{ id: 'drinks', phrases: ['hot drinks'], pinned: [{ productKey: 'SOFA', position: 1 }], hidden: ['TEAPOT'] }] },
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(res.status, 204, await res.text());
    }
    const ruled = await warm(on, 'hot drinks');
    assert.deepEqual(ruled.keys, ['SOFA', 'KETTLE'], 'the pin first, the hidden product gone, the meaning match after');
    assert.equal(ruled.roundTrips, (await warm(off, 'hot drinks')).roundTrips);
    assert.deepEqual((await search(off, 'hot drinks')).keys, ['SOFA']);
    const paged = await search(on, 'kettle', { skip: '1', limit: '1' });
    assert.deepEqual(paged.keys, ['TEAPOT'], 'the second page holds the second product of the fused list');
  });

  it("explains a product found by meaning as 'Similar in meaning' with its share of the score", async () => {
    const explained = async (service: TestService) => {
      const query = new URLSearchParams({ q: 'kettle', market: 'UK', locale: 'en-GB', touchpoint: 'desktop', customerKey: 'c', sessionKey: 's' });
      const res = await service.admin('GET', `/api/admin/v4/explain/search-page?${query}`);
      assert.equal(res.status, 200, await res.clone().text());
      const body = (await res.json()) as {
        primaryList: { productGroups: { products: { key: string }[]; explanation: { kind: string; label: string; effect: number }[] }[] };
      };
      return new Map(body.primaryList.productGroups.map((g) => [g.products[0]!.key, g.explanation]));
    };
    const groups = await explained(on);
    const teapot = groups.get('TEAPOT')?.find((r) => r.kind === 'meaning');
    assert.equal(teapot?.label, 'Similar in meaning');
    assert.equal(teapot?.effect, 1, 'found by meaning alone: all of its score');
    const kettle = groups.get('KETTLE')?.find((r) => r.kind === 'meaning');
    assert.ok(kettle && kettle.effect > 0 && kettle.effect < 1, JSON.stringify(groups.get('KETTLE')));
    assert.ok(!groups.get('KETTLE')!.some((r) => r.kind === 'rule'), 'the fusion parts are no rules');
    assert.ok(![...(await explained(off)).values()].flat().some((r) => r.kind === 'meaning'));
  });

  it('lets an A/B variant weigh the meaning: weight 0 searches by words alone', async () => {
    const HOUR = 3_600_000;
    const experiment: Experiment = {
      id: 'meaning',
      name: 'Words alone',
      start: new Date(Date.now() - HOUR).toISOString(),
      end: new Date(Date.now() + HOUR).toISOString(),
      markets: ['UK'],
      variants: [
        { id: 'control', share: 50, overrides: {} },
        { id: 'words', share: 50, overrides: { relevance: { semanticWeight: 0 } } },
      ],
    };
    const res = await on.admin('PUT', '/api/admin/v4/import/experiments', {
      body: JSON.stringify({ experiments: [experiment] }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 204, await res.text());
    const visitor = (variant: string) => {
      for (let i = 0; ; i++) if (assignVariant(experiment, `v-${i}`).id === variant) return `v-${i}`;
    };
    try {
      assert.deepEqual((await search(on, 'kettle', { customerKey: visitor('control') })).keys, ['KETTLE', 'TEAPOT']);
      assert.deepEqual((await search(on, 'kettle', { customerKey: visitor('words') })).keys, ['KETTLE']);
    } finally {
      await on.admin('PUT', '/api/admin/v4/import/experiments', { body: JSON.stringify({ experiments: [] }), headers: { 'Content-Type': 'application/json' } });
    }
  });

  it('sorts by anything but relevance by words alone, as before', async () => {
    assert.deepEqual(
      (await search(on, 'hot drinks', { sort: 'PRICE_ASCENDING' })).keys.filter((k) => k !== 'SOFA'),
      [],
    );
  });

  it('embeds nothing when an unchanged catalog is imported again, and the import status counts the vectors', async () => {
    const before = embedder.embedded;
    assert.ok(before >= 8, `the first import embedded the products (${before})`);
    const res = await on.importCatalog(CATALOG, '?blockingTimeout=PT0S');
    assert.equal(res.status, 202, 'blockingTimeout=PT0S answers at once with the id to poll');
    const accepted = await jsonBody(res);
    {
      let status: { status: string; embeddings?: { reused: number; embedded: number } };
      do {
        await new Promise((r) => setTimeout(r, 100));
        status = await jsonBody(await on.admin('GET', `/api/admin/v4/import/status?id=${accepted.id}`));
      } while (status.status === 'IN_PROGRESS');
      assert.equal(status.status, 'SUCCESS');
      assert.deepEqual(status.embeddings, { reused: 8, embedded: 0 });
    }
    assert.equal(embedder.embedded, before, 'every vector came from the embedding cache');
    assert.deepEqual(new Set((await search(on, 'hot drinks')).keys), new Set(['SOFA', 'KETTLE']));
  });
});
