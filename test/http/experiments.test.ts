/**
 * A/B experiments over HTTP against the real node (issue 35): the resource (import, 400s naming the path,
 * export, history and rollback, end now), each variant's overrides applied to its visitors only with no extra
 * round trip, events and clicks carrying the variant, and the results against a hand count of generated events.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import type { ReplaceEntity } from '../../src/catalog/types';
import type { EventDocument } from '../../src/events/events';
import { assignVariant } from '../../src/merchandising/experiments/assign';
import type { Experiment } from '../../src/merchandising/experiments/types';
import { compareMeans, compareRates } from '../../src/behaviour/experimentStatistics';

const product = (key: string, title: string): ReplaceEntity => ({
  key: `G-${key}`,
  productGroup: {
    products: {
      [key]: {
        markets: ['SE'],
        defaults: { title, url: `/p/${key}`, brand: 'Acme', category: ['Knitwear'] },
        variants: { [`${key}-v`]: { defaults: { listPrice: 500, sellingPrice: 500, stock: 3 } } },
      },
    },
  },
});

const CATALOG = [product('wool', 'Red wool sweater'), product('cotton', 'Red cotton sweater'), product('jumper', 'Blue jumper')];

const HOUR = 3_600_000;
const ranking = (over: Partial<Experiment> = {}): Experiment => ({
  id: 'ranking-1',
  name: 'Strict matching, no synonyms',
  start: new Date(Date.now() - HOUR).toISOString(),
  end: new Date(Date.now() + 24 * HOUR).toISOString(),
  markets: ['SE'],
  variants: [
    { id: 'control', share: 50, overrides: {} },
    { id: 'B', share: 50, overrides: { relevance: { relaxedMatching: false }, synonyms: 'none' } },
  ],
  ...over,
});

/** A customerKey the experiment assigns to `variant`. */
function visitorOf(e: Experiment, variant: string, prefix = 'visitor'): string {
  for (let i = 0; i < 1000; i++) if (assignVariant(e, `${prefix}-${i}`).id === variant) return `${prefix}-${i}`;
  throw new Error('no visitor');
}

describe('A/B experiments (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;
  const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const importExperiments = (method: 'PUT' | 'POST', body: unknown) => service.admin(method, '/api/admin/v4/import/experiments', json(body));
  const exportExperiments = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/experiments', { headers: { 'Accept-Encoding': 'gzip' } }));
  const search = async (q: string, customerKey: string, notify = false) => {
    const res = await service.request(
      'GET',
      `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=${customerKey}&sessionKey=s-${customerKey}&notify=${notify}`,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const body = await jsonBody(res);
    return {
      keys: body.primaryList.productGroups.map((g: { key: string }) => g.key).sort() as string[],
      roundTrips: res.headers.get('X-Elasticsearch-Round-Trips'),
      body,
    };
  };
  const eventsOf = async (customerKey: string): Promise<EventDocument[]> => {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
    const res = await service.context.es.search<EventDocument>({
      index: `${service.prefix}-events`,
      size: 100,
      query: { term: { customerKey } },
      sort: [{ '@timestamp': 'asc' }, '_doc'],
    });
    return res.hits.hits.map((h) => h._source!);
  };

  const control = visitorOf(ranking(), 'control');
  const variantB = visitorOf(ranking(), 'B');

  before(async () => {
    // Caches that never expire during the file: a query's round trips are then its own, not another cache's reload.
    service = await startService({ storeCacheMs: 600_000 });
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    const synonyms = await service.admin('PUT', '/api/admin/v4/import/synonyms', json({ locales: { 'en-GB': [{ terms: ['zorblat', 'jumper'] }] } }));
    assert.equal(synonyms.status, 204, await synonyms.text());
  });
  after(async () => service?.close());

  it('refuses a bad import with 400 naming the path, and leaves the experiments as they were', async () => {
    const bad = ranking();
    bad.variants[1] = { ...bad.variants[1], share: 40, overrides: { relevance: { queryUnderstanding: 'sometimes' as never } } };
    const res = await importExperiments('PUT', { experiments: [bad, { ...ranking({ id: 'x' }), markets: ['XX'] }] });
    assert.equal(res.status, 400);
    const body = await jsonBody(res);
    const paths = body.errors.map((e: { path: string }) => e.path);
    assert.ok(paths.includes('experiments[0].variants[1].overrides.relevance.queryUnderstanding'), paths.join());
    assert.ok(paths.includes('experiments[0].variants'), paths.join());
    assert.ok(paths.includes('experiments[1].markets[0]'), paths.join());
    assert.deepStrictEqual(await exportExperiments(), { experiments: [] });
  });

  it('answers live results for everyone before an experiment, and the same round trips', async () => {
    for (const who of [control, variantB]) {
      const relaxed = await search('red silk sweater', who);
      assert.deepStrictEqual(relaxed.keys, ['G-cotton', 'G-wool']);
      assert.deepStrictEqual((await search('zorblat', who)).keys, ['G-jumper']);
    }
  });

  it("imports, exports, and applies each variant's overrides to its visitors only, without another round trip", async () => {
    const before = await search('red silk sweater', control);
    assert.equal((await importExperiments('PUT', { experiments: [ranking()] })).status, 204);
    const exported = await exportExperiments();
    assert.equal(exported.experiments.length, 1);
    assert.equal(exported.experiments[0].id, 'ranking-1');
    assert.deepStrictEqual(exported.experiments[0].variants, ranking().variants);
    // relaxed matching off: with no product of every word, the products missing one are listed for the control only
    const asControl = await search('red silk sweater', control);
    const asB = await search('red silk sweater', variantB);
    assert.deepStrictEqual(asControl.keys, ['G-cotton', 'G-wool']);
    assert.deepStrictEqual(asB.keys, []);
    // no synonyms: "zorblat" finds the jumper through the shop's rule for the control only
    assert.deepStrictEqual((await search('zorblat', control)).keys, ['G-jumper']);
    assert.deepStrictEqual((await search('zorblat', variantB)).keys, []);
    // the experiment is read from the process's cache: not one more round trip
    assert.ok(before.roundTrips);
    assert.equal(asControl.roundTrips, before.roundTrips);
    assert.equal(asB.roundTrips, before.roundTrips);
  });

  it('covers only its markets and touchpoints', async () => {
    assert.equal((await importExperiments('PUT', { experiments: [ranking({ touchpoints: ['MOBILE'] })] })).status, 204);
    assert.deepStrictEqual((await search('red silk sweater', variantB)).keys, ['G-cotton', 'G-wool'], 'a DESKTOP search is not in a MOBILE experiment');
    assert.equal((await importExperiments('PUT', { experiments: [ranking()] })).status, 204);
    assert.deepStrictEqual((await search('red silk sweater', variantB)).keys, []);
  });

  it("applies a variant's page rules and pins and its recommendation list algorithm on landing-page, to its visitors only", async () => {
    const page = {
      id: '/knitwear',
      paths: { 'en-GB': '/knitwear' },
      primaryList: { rules: 'rule incl brand { "Acme" }' },
      recLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', limit: 3 }],
    };
    const pages = await service.admin('POST', '/api/admin/v4/import/pages', json({ market: 'SE', type: 'FULL', addOrUpdate: [page] }));
    assert.equal(pages.status, 204, await pages.text());
    const merch = ranking({
      id: 'merch',
      name: 'Knitwear page',
      variants: [
        { id: 'control', share: 50, overrides: {} },
        {
          id: 'B',
          share: 50,
          overrides: {
            pages: { '/knitwear': { productRules: 'rule incl product_key { "wool" "jumper" }', pins: ['jumper'] } },
            recommendations: { top: { algorithm: 'NEWEST_PRODUCTS' } },
          },
        },
      ],
    });
    assert.equal((await importExperiments('POST', { experiments: [merch] })).status, 204);
    const landing = async (customerKey: string) => {
      const res = await service.request(
        'GET',
        `/api/storefront/v3/queries/landing-page?pageReference=/knitwear&market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=${customerKey}&sessionKey=s&notify=false`,
      );
      assert.equal(res.status, 200, await res.clone().text());
      const body = await jsonBody(res);
      return {
        groups: body.primaryList.productGroups.map((g: { key: string }) => g.key) as string[],
        algorithms: body.recommendationLists.map((l: { algorithm: string }) => l.algorithm),
      };
    };
    const asControl = await landing(visitorOf(merch, 'control', 'page'));
    const asB = await landing(visitorOf(merch, 'B', 'page'));
    assert.deepStrictEqual([...asControl.groups].sort(), ['G-cotton', 'G-jumper', 'G-wool']);
    assert.deepStrictEqual(asControl.algorithms, ['TOP_PRODUCTS']);
    assert.deepStrictEqual(asB.groups, ['G-jumper', 'G-wool'], "the variant's rules, its pin first");
    assert.deepStrictEqual(asB.algorithms, ['NEWEST_PRODUCTS']);
    // the stored page is as it was: the variant is applied on a copy, not in the page cache
    assert.deepStrictEqual([...(await landing(visitorOf(merch, 'control', 'page'))).groups].sort(), ['G-cotton', 'G-jumper', 'G-wool']);
    assert.equal((await importExperiments('PUT', { experiments: [ranking()] })).status, 204);
  });

  it("tags searches and the clicks on their answers with the visitor's variant, in the events and the UBI export", async () => {
    const answer = await search('red wool sweater', variantB, true);
    const ticket = answer.body.primaryList.productGroups[0].products[0].ticket;
    const click = await service.request('POST', `/api/storefront/v3/notifications/click?market=SE&customerKey=${variantB}&sessionKey=s-${variantB}`, {
      body: JSON.stringify({ ticket }),
      headers: { 'Content-Type': 'text/plain' },
    });
    assert.equal(click.status, 204, await click.text());
    await search('red wool sweater', control, true);
    const events = await eventsOf(variantB);
    assert.deepStrictEqual(
      events.map((e) => [e.type, e.experimentVariants]),
      [
        ['search', ['ranking-1:B']],
        ['click', ['ranking-1:B']],
      ],
    );
    assert.deepStrictEqual(
      (await eventsOf(control)).map((e) => e.experimentVariants),
      [['ranking-1:control']],
    );
    const day = new Date().toISOString().slice(0, 10);
    const ubi = await service.admin('GET', `/api/admin/v4/export/ubi?market=SE&from=${day}&to=${day}`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(ubi.status, 200, await ubi.clone().text());
    const text = await ubi.text();
    assert.match(text, /"experiment_variants":\["ranking-1:B"\]/);
  });

  it('keeps every change in the history, with a diff, and rolls back', async () => {
    const list = await jsonBody(await service.admin('GET', '/api/admin/v4/history/experiments'));
    assert.ok(list.versions.length >= 3, JSON.stringify(list));
    const [newest, older] = list.versions;
    assert.equal((await importExperiments('POST', { experiments: [ranking({ id: 'second', name: 'Another' })] })).status, 204);
    const after = await jsonBody(await service.admin('GET', '/api/admin/v4/history/experiments'));
    const diff = await jsonBody(await service.admin('GET', `/api/admin/v4/history/experiments/diff?from=${newest.id}&to=${after.versions[0].id}`));
    assert.deepStrictEqual(
      diff.added.map((a: { id: string }) => a.id),
      ['second'],
    );
    assert.equal((await exportExperiments()).experiments.length, 2);
    const rollback = await service.admin('POST', `/api/admin/v4/history/experiments/${newest.id}/rollback`);
    assert.equal(rollback.status, 204, await rollback.text());
    assert.deepStrictEqual(
      (await exportExperiments()).experiments.map((e: Experiment) => e.id),
      ['ranking-1'],
    );
    assert.ok(older);
  });

  it('ends an experiment now: recorded in the history, and its overrides stop applying', async () => {
    assert.equal((await service.admin('POST', '/api/admin/v4/experiments/nope/end')).status, 404);
    const res = await service.admin('POST', '/api/admin/v4/experiments/ranking-1/end');
    assert.equal(res.status, 200, await res.clone().text());
    const ended = await jsonBody(res);
    assert.ok(Date.parse(ended.end) <= Date.now());
    assert.deepStrictEqual((await search('red silk sweater', variantB)).keys, ['G-cotton', 'G-wool']);
    assert.deepStrictEqual((await search('zorblat', variantB)).keys, ['G-jumper']);
    const list = await jsonBody(await service.admin('GET', '/api/admin/v4/history/experiments'));
    assert.equal(list.versions[0].name, 'end ranking-1');
    const results = await jsonBody(await service.admin('GET', '/api/admin/v4/experiments/ranking-1/results'));
    assert.equal(results.experiment.status, 'ended');
  });

  it('answers results equal to a hand count of generated events, with the intervals of the reference formulas', async () => {
    const gen: Experiment = ranking({
      id: 'gen',
      name: 'Generated',
      variants: [
        { id: 'control', share: 50, overrides: {} },
        { id: 'B', share: 50, overrides: { relevance: { behaviourWeight: 0 } } },
      ],
    });
    assert.equal((await importExperiments('POST', { experiments: [gen] })).status, 204);
    // 300 visitors: who searches, clicks, adds to cart and buys follows a fixed pattern per visitor index
    const hand = new Map<string, { visitors: number; searches: number; clickers: number; carters: number; buyers: number; revenue: number[] }>();
    const operations: unknown[] = [];
    const at = new Date().toISOString();
    for (let i = 0; i < 300; i++) {
      const customerKey = `gen-${i}`;
      const variant = assignVariant(gen, customerKey).id;
      const tags = [`gen:${variant}`, 'other:x'];
      const h = hand.get(variant) ?? { visitors: 0, searches: 0, clickers: 0, carters: 0, buyers: 0, revenue: [] };
      const base = { '@timestamp': at, market: 'SE', customerKey, sessionKey: `s-${customerKey}`, touchpoint: 'DESKTOP', experimentVariants: tags };
      const searches = 1 + (i % 3);
      for (let s = 0; s < searches; s++) operations.push({ create: {} }, { ...base, type: 'search', phrase: 'x', skip: 0 });
      operations.push({ create: {} }, { ...base, type: 'search', phrase: 'x', skip: 24 }); // a later page: not a search
      const clicks = variant === 'B' ? i % 2 === 0 : i % 3 === 0;
      if (clicks) operations.push({ create: {} }, { ...base, type: 'click' }, { create: {} }, { ...base, type: 'click' });
      const carts = i % 5 === 0;
      if (carts) operations.push({ create: {} }, { ...base, type: 'add-to-cart' });
      const buys = variant === 'B' ? i % 4 === 0 : i % 7 === 0;
      const revenue = buys ? 100 + (i % 10) * 10 : 0;
      if (buys)
        operations.push(
          { create: {} },
          { ...base, type: 'purchase', revenue: revenue / 2 },
          { create: {} },
          { ...base, type: 'purchase', revenue: revenue / 2 },
        );
      h.visitors++;
      h.searches += searches;
      if (clicks) h.clickers++;
      if (carts) h.carters++;
      if (buys) h.buyers++;
      h.revenue.push(revenue);
      hand.set(variant, h);
    }
    // an event of another experiment's visitor is not counted
    operations.push(
      { create: {} },
      { '@timestamp': at, market: 'SE', customerKey: 'outsider', sessionKey: 's', type: 'search', experimentVariants: ['other:x'] },
    );
    const bulk = await service.context.es.bulk({ index: `${service.prefix}-events`, operations, refresh: true });
    assert.equal(bulk.errors, false);

    const res = await service.admin('GET', '/api/admin/v4/experiments/gen/results');
    assert.equal(res.status, 200, await res.clone().text());
    const results = await jsonBody(res);
    assert.equal(results.experiment.status, 'running');
    const [c, b] = [hand.get('control')!, hand.get('B')!];
    const moments = (r: number[]) => ({ n: r.length, sum: r.reduce((a, x) => a + x, 0), sumOfSquares: r.reduce((a, x) => a + x * x, 0) });
    for (const [v, h] of [
      [results.variants[0], c],
      [results.variants[1], b],
    ] as const) {
      assert.equal(v.visitors, h.visitors);
      assert.equal(v.searches, h.searches);
      assert.equal(v.clickThroughRate, h.clickers / h.visitors);
      assert.equal(v.addToCartRate, h.carters / h.visitors);
      assert.equal(v.conversionRate, h.buyers / h.visitors);
      assert.ok(Math.abs(v.revenuePerVisitor - moments(h.revenue).sum / h.visitors) < 1e-9);
    }
    const vs = results.variants[1].versusControl;
    const conversion = compareRates(c.buyers, c.visitors, b.buyers, b.visitors);
    assert.ok(Math.abs(vs.conversion.ci.low - conversion.ci.low) < 1e-12 && Math.abs(vs.conversion.ci.high - conversion.ci.high) < 1e-12);
    const money = compareMeans(moments(c.revenue), moments(b.revenue));
    assert.ok(Math.abs(vs.revenuePerVisitor.ci.low - money.ci.low) < 1e-9 && Math.abs(vs.revenuePerVisitor.ci.high - money.ci.high) < 1e-9);
    // the plain reading: significant clicks (1/2 against 1/3 of visitors) read as points with their interval
    assert.match(vs.clickThrough.reading, /^\+\d+\.\d% click-through \(95% CI \+\d+\.\d to \+\d+\.\d\)$/);
    assert.equal(vs.addToCart.reading, 'not significant yet');
    assert.equal(typeof results.sampleRatio.pValue, 'number');
    assert.equal(results.sampleRatio.mismatch, false);
    assert.match(results.method.rates, /Newcombe/);
    assert.match(results.method.revenuePerVisitor, /Welch/);
    assert.equal((await service.admin('GET', '/api/admin/v4/experiments/none/results')).status, 404);
  });
});
