/**
 * Search analytics over HTTP against the real Elasticsearch: a known stream of storefront queries and
 * notifications (today) plus events recorded with explicit times (two days ago), then every number of
 * `/analytics/searches` and `/analytics/searches/daily`, null rates included, and the 400s.
 *
 * Today, market SE, sv-SE, DESKTOP unless said:
 * - session A: "Product " (limit 2) → a; its page 2 (skip 2, not another search); click a page-2 product
 *   (position 3) and a page-1 product (position 1); add page 1's first variant to the cart; buy 2 × 150.
 *   Then "xylophone" (no results), then "product" again (after another phrase: a new search), no click.
 * - session B: "product" (limit 2); click position 2; add to cart with that product's ticket; buy its
 *   variant 1 × 150 (attributed through the product ticket). Then "xylophone" from MOBILE.
 * - session C: "product" with notify=false (not registered, not counted).
 * - session D: "prodcut" in en-GB, auto-corrected to "product".
 * Two days ago (recorded): session E: "boots" (5 hits), one click at position 5; "xylophone" (no results).
 * Yesterday: nothing.
 * The UBI export of the same stream is validated against o19s/ubi's published schemas (test/fixtures/ubi).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- UBI records are checked field by field */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { decodeTicket, encodeTicket } from '../../src/events/tickets';
import type { EventDocument } from '../../src/events/events';

const SEARCH = '/api/storefront/v3/queries/search-page';
const NOTIFY = '/api/storefront/v3/notifications';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('search analytics (admin API)', function () {
  let service: TestService;
  const today = day(0);
  const yesterday = day(-1);
  const twoDaysAgo = day(-2);

  const search = async (session: string, q: string, extra = '', touchpoint = 'DESKTOP') => {
    const res = await service.request(
      'GET',
      `${SEARCH}?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&touchpoint=${touchpoint}&customerKey=${session}&sessionKey=${session}${extra}`,
    );
    assert.equal(res.status, 200, await res.clone().text());
    return jsonBody(res);
  };
  const notify = async (session: string, name: string, body: unknown) => {
    const res = await service.request('POST', `${NOTIFY}/${name}?market=SE&customerKey=${session}&sessionKey=${session}`, { body: JSON.stringify(body) });
    assert.equal(res.status, 204, await res.text());
  };
  const settle = async () => {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
  };
  const get = async (path: string) => {
    const res = await service.admin('GET', `/api/admin/v4/analytics/${path}`);
    assert.equal(res.status, 200, await res.clone().text());
    return jsonBody(res);
  };
  const expect400 = async (query: string, message: RegExp) => {
    const res = await service.admin('GET', `/api/admin/v4/analytics/searches?${query}`);
    const text = await res.text();
    assert.equal(res.status, 400, `${query}: ${text}`);
    assert.match(JSON.parse(text).message, message, query);
  };

  before(async function () {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(3))).status, 204);

    // Two days ago, recorded with explicit times (the storefront always stamps "now").
    const b = service.context.behaviour;
    const e = { market: 'SE', customerKey: 'E', sessionKey: 'E', locale: 'sv-SE', touchpoint: 'DESKTOP' as const };
    const at = (hh: number) => new Date(`${twoDaysAgo}T${String(hh).padStart(2, '0')}:00:00.000Z`);
    b.record({ ...e, type: 'search', phrase: 'Boots', totalHits: 5, queryId: 'day1-boots', skip: 0, at: at(10) });
    b.record({ ...e, type: 'search', phrase: 'xylophone', totalHits: 0, queryId: 'day1-xylo', skip: 0, at: at(11) });
    await settle();
    const boots = encodeTicket({
      kind: 'product',
      productKey: 'G3-p',
      pageType: 'SEARCH_PAGE',
      listId: 'PRIMARY_LIST',
      position: 4,
      market: 'SE',
      touchpoint: 'DESKTOP',
      queryId: 'day1-boots',
    });
    b.record({ ...e, type: 'click', ticket: decodeTicket(boots), at: at(12) });

    // Today, through the storefront.
    const a1 = await search('A', 'Product ', '&limit=2');
    const a2 = await search('A', 'product', '&limit=2&skip=2');
    await notify('A', 'click', { ticket: a2.primaryList.productGroups[0].products[0].ticket });
    await notify('A', 'click', { ticket: a1.primaryList.productGroups[0].products[0].ticket });
    const aVariant = a1.primaryList.productGroups[0].products[0].variants[0];
    await notify('A', 'add-to-cart', { ticket: aVariant.ticket });
    await settle();
    await notify('A', 'purchase', { lines: [{ variantKey: aVariant.key, quantity: 2, sellingPrice: 150 }] });
    const none = await search('A', 'xylophone');
    assert.equal(none.primaryList.totalHits, 0);
    await search('A', 'product');

    const b1 = await search('B', 'product', '&limit=2');
    const bProduct = b1.primaryList.productGroups[1].products[0];
    await notify('B', 'click', { ticket: bProduct.ticket });
    await notify('B', 'add-to-cart', { ticket: bProduct.ticket });
    await search('B', 'xylophone', '', 'MOBILE');
    await search('C', 'product', '&notify=false');
    const corrected = await service.request('GET', `${SEARCH}?q=prodcut&market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=D&sessionKey=D`).then(jsonBody);
    assert.equal(corrected.q, 'product', 'the test needs auto-correct to happen');
    await settle();
    // Bought in the same batch as nothing else: attributed from the stored add-to-cart (product ticket).
    await notify('B', 'purchase', { lines: [{ variantKey: bProduct.variants[0].key, quantity: 1, sellingPrice: 150 }] });
    await settle();
  });
  after(async () => service?.close());

  it("stores the page-2 search as continued, and attributed events with their search's phrase, day and locale", async () => {
    const res = await service.context.es.search<EventDocument>({
      index: `${service.prefix}-events`,
      size: 100,
      query: { term: { sessionKey: 'A' } },
      sort: [{ '@timestamp': 'asc' }, '_doc'],
    });
    const docs = res.hits.hits.map((h) => h._source!);
    const searches = docs.filter((d) => d.type === 'search');
    assert.deepEqual(
      searches.map((d) => [d.queryPhrase, d.skip, d.continued ?? false]),
      [
        ['product', 0, false],
        ['product', 2, true],
        ['xylophone', 0, false],
        ['product', 0, false],
      ],
    );
    assert.equal(searches[0].queryId, searches[1].queryId);
    assert.notEqual(searches[0].queryId, searches[3].queryId);
    for (const d of docs.filter((x) => x.type !== 'search')) {
      assert.deepEqual(
        [d.type, d.queryId, d.queryPhrase, d.queryAt, d.queryLocale],
        [d.type, searches[0].queryId, 'product', searches[0]['@timestamp'], 'sv-SE'],
      );
    }
    assert.deepEqual(
      docs.filter((d) => d.type === 'purchase').map((d) => [d.quantity, d.price, d.revenue]),
      [[2, 150, 300]],
    );
  });

  const product = (over: object) => ({
    phrase: 'product',
    searches: 4,
    refinements: 1,
    sessions: 3,
    zeroResultSearches: 0,
    noClickSearches: 2,
    clicks: 3,
    clickThroughRate: 0.5,
    addToCarts: 2,
    addToCartRate: 0.5,
    purchases: 2,
    conversionRate: 0.5,
    revenue: 450,
    averageClickPosition: 2,
    ...over,
  });
  const xylophone = (searches: number) => ({
    phrase: 'xylophone',
    searches,
    refinements: 0,
    sessions: searches,
    zeroResultSearches: searches,
    noClickSearches: 0,
    clicks: 0,
    clickThroughRate: 0,
    addToCarts: 0,
    addToCartRate: 0,
    purchases: 0,
    conversionRate: 0,
    revenue: 0,
    averageClickPosition: null,
  });
  const boots = {
    phrase: 'boots',
    searches: 1,
    refinements: 0,
    sessions: 1,
    zeroResultSearches: 0,
    noClickSearches: 0,
    clicks: 1,
    clickThroughRate: 1,
    addToCarts: 0,
    addToCartRate: 0,
    purchases: 0,
    conversionRate: 0,
    revenue: 0,
    averageClickPosition: 5,
  };
  const refined = (page: number) => ({ refinements: page, facetRefinements: 0, sortRefinements: 0, pageRefinements: page });
  const todayTotals = {
    searches: 6,
    ...refined(1),
    sessions: 3,
    zeroResultSearches: 2,
    zeroResultRate: 2 / 6,
    noClickSearches: 2,
    clickThroughRate: 2 / 6,
    addToCartRate: 2 / 6,
    conversionRate: 2 / 6,
    revenue: 450,
    averageClickPosition: 2,
  };
  const dayOneTotals = {
    searches: 2,
    ...refined(0),
    sessions: 1,
    zeroResultSearches: 1,
    zeroResultRate: 0.5,
    noClickSearches: 0,
    clickThroughRate: 0.5,
    addToCartRate: 0,
    conversionRate: 0,
    revenue: 0,
    averageClickPosition: 5,
  };
  const emptyTotals = {
    searches: 0,
    ...refined(0),
    sessions: 0,
    zeroResultSearches: 0,
    zeroResultRate: null,
    noClickSearches: 0,
    clickThroughRate: null,
    addToCartRate: null,
    conversionRate: null,
    revenue: 0,
    averageClickPosition: null,
  };

  /** The searches answer without its touchpoint split (asserted on its own). */
  const searches = async (query: string) => {
    const { touchpoints, ...rest } = await get(`searches?${query}`);
    assert.ok(Array.isArray(touchpoints));
    return rest;
  };

  it('answers the totals and every phrase over the range, most searched first', async () => {
    const split = (await get(`searches?market=SE&from=${twoDaysAgo}&to=${today}`)).touchpoints;
    assert.deepEqual(
      split.map((t: { touchpoint: string; searches: number; zeroResultSearches: number }) => [t.touchpoint, t.searches, t.zeroResultSearches]),
      [
        ['DESKTOP', 7, 2],
        ['MOBILE', 1, 1],
      ],
    );
    assert.deepEqual(await searches(`market=SE&from=${twoDaysAgo}&to=${today}`), {
      from: twoDaysAgo,
      to: today,
      totals: {
        searches: 8,
        ...refined(1),
        sessions: 4,
        zeroResultSearches: 3,
        zeroResultRate: 3 / 8,
        noClickSearches: 2,
        clickThroughRate: 3 / 8,
        addToCartRate: 2 / 8,
        conversionRate: 2 / 8,
        revenue: 450,
        averageClickPosition: 11 / 4,
      },
      phrases: [product({}), xylophone(3), boots],
    });
  });

  it('sorts by zero-result searches, click-through rate, add-to-cart rate and revenue, and limits', async () => {
    const phrases = async (query: string) =>
      (await get(`searches?market=SE&from=${twoDaysAgo}&to=${today}&${query}`)).phrases.map((p: { phrase: string }) => p.phrase);
    assert.deepEqual(await phrases('sort=zeroResultSearches'), ['xylophone', 'product', 'boots']);
    assert.deepEqual(await phrases('sort=clickThroughRate'), ['boots', 'product', 'xylophone']);
    assert.deepEqual(await phrases('sort=addToCartRate'), ['product', 'xylophone', 'boots']);
    assert.deepEqual(await phrases('sort=revenue'), ['product', 'xylophone', 'boots']);
    assert.deepEqual(await phrases('limit=1'), ['product']);
    assert.deepEqual(await phrases('sort=clickThroughRate&limit=2'), ['boots', 'product']);
  });

  it('filters by day, locale and touchpoint; a day without searches has null rates', async () => {
    assert.deepEqual(await searches(`market=SE&from=${today}&to=${today}`), {
      from: today,
      to: today,
      totals: todayTotals,
      phrases: [product({}), xylophone(2)],
    });
    assert.deepEqual(await searches(`market=SE&from=${yesterday}&to=${yesterday}`), { from: yesterday, to: yesterday, totals: emptyTotals, phrases: [] });
    const english = await get(`searches?market=SE&from=${twoDaysAgo}&to=${today}&locale=en-GB`);
    assert.deepEqual(english.phrases, [
      product({
        searches: 1,
        refinements: 0,
        sessions: 1,
        noClickSearches: 1,
        clicks: 0,
        clickThroughRate: 0,
        addToCarts: 0,
        addToCartRate: 0,
        purchases: 0,
        conversionRate: 0,
        revenue: 0,
        averageClickPosition: null,
      }),
    ]);
    const mobile = await get(`searches?market=SE&from=${twoDaysAgo}&to=${today}&touchpoint=MOBILE`);
    assert.deepEqual(
      [mobile.totals, mobile.phrases],
      [
        { ...emptyTotals, searches: 1, sessions: 1, zeroResultSearches: 1, zeroResultRate: 1, clickThroughRate: 0, addToCartRate: 0, conversionRate: 0 },
        [xylophone(1)],
      ],
    );
    const other = await get(`searches?market=NO&from=${twoDaysAgo}&to=${today}`);
    assert.deepEqual([other.totals, other.phrases], [emptyTotals, []]);
  });

  it('answers one entry per day, days without searches included, and the last 7 days by default', async () => {
    assert.deepEqual(await get(`searches/daily?market=SE&from=${twoDaysAgo}&to=${today}`), {
      from: twoDaysAgo,
      to: today,
      interval: 'day',
      days: [
        { date: twoDaysAgo, ...dayOneTotals },
        { date: yesterday, ...emptyTotals },
        { date: today, ...todayTotals },
      ],
    });
    const week = await get('searches/daily?market=SE');
    assert.deepEqual(
      [week.from, week.to, week.days.length, week.days.map((d: { searches: number }) => d.searches)],
      [day(-6), today, 7, [0, 0, 0, 0, 2, 0, 6]],
    );
    assert.equal((await get('searches?market=SE')).totals.searches, 8);
  });

  it('refuses bad parameters with a 400 naming the parameter, and calls without the Api-Key', async () => {
    await expect400('', /market is required/);
    await expect400('market=XX', /market: unknown market "XX"/);
    await expect400('market=SE&locale=nb-NO', /locale: "nb-NO" is not a locale of market SE/);
    await expect400('market=SE&from=2024-02-30', /from must be a date YYYY-MM-DD/);
    await expect400('market=SE&to=yesterday', /to must be a date YYYY-MM-DD/);
    await expect400('market=SE&from=2024-03-02&to=2024-03-01', /from \(2024-03-02\) is after to \(2024-03-01\)/);
    await expect400('market=SE&from=2023-01-01&to=2024-02-05', /from and to: the range covers 401 days, at most 400/);
    await expect400('market=SE&limit=0', /limit must be between 1 and 1000/);
    await expect400('market=SE&limit=1001', /limit must be between 1 and 1000/);
    await expect400('market=SE&sort=popularity', /sort must be one of searches, zeroResultSearches, noClickSearches, clickThroughRate, addToCartRate, revenue/);
    await expect400('market=SE&touchpoint=TV', /touchpoint must be one of DESKTOP, MOBILE/);
    const daily = await service.admin('GET', '/api/admin/v4/analytics/searches/daily?market=SE&from=2024-13-01');
    assert.equal(daily.status, 400);
    assert.equal((await service.request('GET', '/api/admin/v4/analytics/searches?market=SE')).status, 403);
    assert.ok((await get('searches?market=SE&from=2023-01-02&to=2024-02-05')).totals);
  });

  describe('UBI export', () => {
    /** Ajv 6 (draft-07 keywords, which are all the schemas use); see test/fixtures/ubi/README.md for the oneOf reading. */
    function validator(file: string): Ajv.ValidateFunction {
      const schema = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'ubi', file), 'utf8'));
      delete schema.$schema;
      const anyOf = (node: { oneOf?: unknown; anyOf?: unknown } | undefined) => {
        if (node?.oneOf) {
          node.anyOf = node.oneOf;
          delete node.oneOf;
        }
      };
      anyOf(schema.properties.action_name);
      anyOf(schema.properties.query_id);
      anyOf(schema.properties.event_attributes?.properties.object.properties.object_id_type);
      return new Ajv({ allErrors: true, format: 'full' }).compile(schema);
    }

    it('answers 406 without Accept-Encoding: gzip, 400 naming a bad parameter', async () => {
      const refused = await service.admin('GET', `/api/admin/v4/export/ubi?market=SE`, { headers: { 'Accept-Encoding': 'identity' } });
      assert.equal(refused.status, 406, await refused.text());
      const bad = await service.admin('GET', '/api/admin/v4/export/ubi?market=SE&from=yesterday', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(bad.status, 400);
      assert.match((await jsonBody(bad)).message, /from must be a date/);
    });

    it('exports the searches as ubi_queries and their attributed events as ubi_events, valid against the published schemas', async () => {
      const res = await service.admin('GET', `/api/admin/v4/export/ubi?market=SE&from=${twoDaysAgo}&to=${today}`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-encoding'), 'gzip');
      const lines = (await res.text())
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(lines.length % 2, 0);
      const records: { index: string; record: Record<string, any> }[] = [];
      for (let i = 0; i < lines.length; i += 2) records.push({ index: lines[i].index._index, record: lines[i + 1] });
      const validQuery = validator('query.request.schema.json');
      const validEvent = validator('event.schema.json');
      // The validator bites: no timestamp, a position that is not a number, a query without user_query.
      assert.equal(validEvent({ action_name: 'click' }), false);
      assert.equal(validEvent({ action_name: 'click', timestamp: '2026-01-01T00:00:00Z', event_attributes: { position: { ordinal: '1' } } }), false);
      assert.equal(validQuery({ query_id: 'q' }), false);
      for (const { index, record } of records) {
        const valid = index === 'ubi_queries' ? validQuery : validEvent;
        assert.ok(valid(record), `${index} ${JSON.stringify(record)}: ${JSON.stringify(valid.errors)}`);
      }
      const queries = records.filter((r) => r.index === 'ubi_queries').map((r) => r.record);
      const events = records.filter((r) => r.index === 'ubi_events').map((r) => r.record);
      assert.deepEqual(
        queries.map((q) => [q.client_id, q.user_query, q.query_attributes.total_hits, q.query_response_hit_ids.length]),
        [
          ['E', 'boots', 5, 0],
          ['E', 'xylophone', 0, 0],
          ['A', 'product', 3, 2],
          ['A', 'xylophone', 0, 0],
          ['A', 'product', 3, 3],
          ['B', 'product', 3, 2],
          ['B', 'xylophone', 0, 0],
          ['D', 'product', 3, 3],
        ],
      );
      assert.ok(queries.every((q) => q.application === 'search-page' && q.object_id_field === 'productKey'));
      const idOf = (client: string, n = 0) => queries.filter((q) => q.client_id === client && q.user_query !== 'xylophone')[n].query_id;
      const a1 = queries[2];
      assert.deepEqual(
        events.map((e) => [e.action_name, e.query_id, e.session_id, e.event_attributes.position.ordinal, e.event_attributes.quantity ?? null]),
        [
          ['click', idOf('E'), 'E', 5, null],
          ['click', idOf('A'), 'A', 3, null],
          ['click', idOf('A'), 'A', 1, null],
          ['add_to_cart', idOf('A'), 'A', 1, null],
          ['purchase', idOf('A'), 'A', 1, 2],
          ['click', idOf('B'), 'B', 2, null],
          ['add_to_cart', idOf('B'), 'B', 2, null],
          ['purchase', idOf('B'), 'B', 2, 1],
        ],
      );
      assert.deepEqual(events[3].event_attributes.object, { object_id: `${a1.query_response_hit_ids[0]}-1`, object_id_field: 'variantKey' });
      assert.deepEqual(events[6].event_attributes.object, {
        object_id: a1.query_response_hit_ids[1] ?? events[6].event_attributes.object.object_id,
        object_id_field: 'productKey',
      });
      const yesterdayOnly = await service.admin('GET', `/api/admin/v4/export/ubi?market=SE&from=${yesterday}&to=${yesterday}`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      assert.equal(await yesterdayOnly.text(), '');
    });
  });

  // Last (mocha runs a suite's own tests before its nested suites): these searches would change the numbers above.
  describe('query ids', () => {
    it('gives every ticket of a registered answer its query id, keeps it across a later page, and none without notify', async () => {
      const a = await search('Q', 'product', '&limit=2');
      const page2 = await search('Q', 'product', '&limit=2&skip=2');
      const other = await search('Q', 'product', '&limit=2&notify=false');
      const ids = (page: { primaryList: { productGroups: { products: { ticket: string; variants: { ticket: string }[] }[] }[] } }) =>
        page.primaryList.productGroups
          .flatMap((g) => g.products.flatMap((p) => [p.ticket, ...p.variants.map((v) => v.ticket)]))
          .map((t) => decodeTicket(t).queryId);
      const [id] = ids(a);
      assert.match(id!, /^[A-Za-z0-9_-]{16}$/);
      assert.ok(ids(a).every((x) => x === id));
      assert.ok(
        ids(page2).every((x) => x === id),
        "a later page keeps the search's query id",
      );
      assert.ok(ids(other).every((x) => x === undefined));
      const landing = await service
        .request('POST', '/api/storefront/v3/queries/landing-page?pageReference=/x&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=Q&sessionKey=Q', {
          body: JSON.stringify({ primaryList: { include: true, productRules: 'rule incl brand { "Acme" }' } }),
          headers: { 'Content-Type': 'text/plain' },
        })
        .then(jsonBody);
      assert.match(decodeTicket(landing.primaryList.productGroups[0].products[0].ticket).queryId!, /^[A-Za-z0-9_-]{16}$/);
    });
  });
});
