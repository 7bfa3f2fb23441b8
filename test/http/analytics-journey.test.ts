/**
 * Search analytics as a visitor's journey makes it, over HTTP against the real Elasticsearch (issue 29):
 * - a search, a click on result 3, an add-to-cart on the product page (its ticket names no search), a visit
 *   to the cart page and a purchase credit the phrase with 1 search, 1 click, 1 add-to-cart, 1 purchase and
 *   its revenue; a purchase of a product no search led to is credited to nothing;
 * - a search refined by a facet and then a sort counts 1 search and 2 refinements (and a reload nothing);
 * - a year-long range answers monthly buckets, with data points in every chart series.
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { decodeTicket, encodeTicket } from '../../src/events/tickets';

const Q = '/api/storefront/v3/queries';
const NOTIFY = '/api/storefront/v3/notifications';
const WHO = 'market=SE&locale=sv-SE&touchpoint=DESKTOP';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

type Group = { products: { key: string; ticket: string; variants: { key: string; ticket: string; sellingPrice: number }[] }[] };

describe("search analytics: a visitor's journey, refinements, long ranges", function () {
  let service: TestService;
  const today = day(0);

  const query = async (path: string, session: string, extra = '', body?: unknown) => {
    const res = await service.request(
      body ? 'POST' : 'GET',
      `${Q}/${path}?${extra.includes('locale=') ? WHO.replace('locale=sv-SE&', '') : WHO}&customerKey=${session}&sessionKey=${session}${extra}`,
      body ? { body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } } : {},
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
  const phrase = async (p: string) => (await get(`searches?market=SE&from=${today}&to=${today}`)).phrases.find((x: { phrase: string }) => x.phrase === p);

  before(async function () {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(4))).status, 204);
  });
  after(async () => service?.close());

  it('credits a product-page add-to-cart and the purchase to the search whose result the visitor clicked', async () => {
    const results = await query('search-page', 'J', '&q=product');
    const third = (results.primaryList.productGroups as Group[])[2].products[0];
    assert.equal(decodeTicket(third.ticket).position, 2);
    await notify('J', 'click', { ticket: third.ticket });
    // The product page: its tickets name no search.
    const page = await query('product-page', 'J', `&productKey=${encodeURIComponent(third.key)}`, { productGroup: { include: true } });
    const variant = (page.productGroup as Group).products[0].variants[0];
    assert.equal(decodeTicket(variant.ticket).pageType, 'PRODUCT_PAGE');
    assert.equal(decodeTicket(variant.ticket).queryId, undefined);
    await notify('J', 'add-to-cart', { ticket: variant.ticket });
    await settle();
    await query('cart-page', 'J', `&cart=${encodeURIComponent(variant.key)}`, {});
    await notify('J', 'purchase', { lines: [{ variantKey: variant.key, quantity: 2, sellingPrice: 120 }] });
    // Bought without a search: the visitor's other product, never clicked from a result.
    await notify('J', 'purchase', { lines: [{ variantKey: 'G4-p-1', quantity: 1, sellingPrice: 99 }].filter((l) => l.variantKey !== variant.key) });
    await settle();

    assert.deepEqual(await phrase('product'), {
      phrase: 'product',
      searches: 1,
      refinements: 0,
      sessions: 1,
      zeroResultSearches: 0,
      noClickSearches: 0,
      clicks: 1,
      clickThroughRate: 1,
      addToCarts: 1,
      addToCartRate: 1,
      purchases: 1,
      conversionRate: 1,
      revenue: 240,
      averageClickPosition: 3,
    });
  });

  it("credits the purchase once, through another process's stored events too, and not outside the session", async () => {
    const results = await query('search-page', 'K', '&q=acme');
    const first = (results.primaryList.productGroups as Group[])[0].products[0];
    await notify('K', 'click', { ticket: first.ticket });
    await settle();
    // Another process (a fresh service on the same events) receives the product-page add-to-cart and the purchase.
    const other = await startService({ indexPrefix: service.prefix });
    try {
      const page = await query('product-page', 'K', `&productKey=${encodeURIComponent(first.key)}`, { productGroup: { include: true } });
      const variant = (page.productGroup as Group).products[0].variants[0];
      const res = await other.request('POST', `${NOTIFY}/add-to-cart?market=SE&customerKey=K&sessionKey=K`, {
        body: JSON.stringify({ ticket: variant.ticket }),
      });
      assert.equal(res.status, 204);
      await other.context.behaviour.flush();
      await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
      const bought = await other.request('POST', `${NOTIFY}/purchase?market=SE&customerKey=K&sessionKey=K`, {
        body: JSON.stringify({
          lines: [
            { variantKey: variant.key, quantity: 1, sellingPrice: 100 },
            { variantKey: variant.key, quantity: 1, sellingPrice: 100 },
          ],
        }),
      });
      assert.equal(bought.status, 204);
      // Another session buys the same variant: no search of its own led to it.
      const elsewhere = await other.request('POST', `${NOTIFY}/purchase?market=SE&customerKey=L&sessionKey=L`, {
        body: JSON.stringify({ lines: [{ variantKey: variant.key, quantity: 1, sellingPrice: 100 }] }),
      });
      assert.equal(elsewhere.status, 204);
      await other.context.behaviour.flush();
    } finally {
      await other.close();
    }
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
    const acme = await phrase('acme');
    assert.deepEqual(
      [acme.searches, acme.clicks, acme.addToCarts, acme.purchases, acme.revenue],
      [1, 1, 1, 1, 200],
      "two lines of one purchase: 1 purchase, both lines' revenue",
    );
    const totals = (await get(`searches?market=SE&from=${today}&to=${today}`)).totals;
    assert.equal(totals.revenue, 440, "the purchases of session J (240) and K (200); session L's and J's unattributed ones count nowhere");
  });

  it('counts a search refined by a facet and a sort as 1 search and 2 refinements; a reload is neither', async () => {
    const first = await query('search-page', 'R', '&locale=en-GB&q=product&limit=2');
    const facets = first.primaryList.facets as { id: string }[];
    assert.ok(
      facets.some((f) => f.id === 'onlyInStock'),
      `a facet to refine by: ${JSON.stringify(facets.map((f) => f.id))}`,
    );
    await query('search-page', 'R', '&locale=en-GB&q=product&limit=2&f.onlyInStock=true');
    await query('search-page', 'R', '&locale=en-GB&q=product&limit=2&f.onlyInStock=true&sort=PRICE_ASCENDING');
    await query('search-page', 'R', '&locale=en-GB&q=product&limit=2&f.onlyInStock=true&sort=PRICE_ASCENDING');
    await settle();
    const english = await get(`searches?market=SE&from=${today}&to=${today}&locale=en-GB`);
    const row = english.phrases[0];
    assert.equal(row.phrase, 'product');
    assert.deepEqual([row.searches, row.refinements], [1, 2]);
    const totals = english.totals;
    assert.deepEqual([totals.searches, totals.facetRefinements, totals.sortRefinements, totals.pageRefinements], [1, 1, 1, 0]);
    // The refined answers keep the search's query id: a click on them counts for the one search.
    const refined = await query('search-page', 'R', '&locale=en-GB&q=product&limit=2&f.onlyInStock=true&sort=PRICE_ASCENDING&skip=2');
    assert.equal(
      decodeTicket((refined.primaryList.productGroups as Group[])[0].products[0].ticket).queryId,
      decodeTicket((first.primaryList.productGroups as Group[])[0].products[0].ticket).queryId,
    );
  });

  it('answers a year-long range in months, with data points in every chart series', async () => {
    // Sparse history: one search a month for three months, each day alone among empty days.
    const b = service.context.behaviour;
    const e = { market: 'SE', customerKey: 'Y', sessionKey: 'Y', locale: 'sv-SE', touchpoint: 'DESKTOP' as const };
    for (const [i, offset] of [-300, -200, -100].entries()) {
      const at = new Date(`${day(offset)}T10:00:00.000Z`);
      b.record({ ...e, type: 'search', phrase: 'boots', totalHits: 5, queryId: `year-${i}`, skip: 0, at });
      b.record({ ...e, type: 'search', phrase: 'qwxzv', totalHits: 0, queryId: `year-zero-${i}`, skip: 0, at });
      await settle();
      const ticket = encodeTicket({
        kind: 'product',
        productKey: 'G1-p',
        pageType: 'SEARCH_PAGE',
        listId: 'PRIMARY_LIST',
        position: 0,
        market: 'SE',
        touchpoint: 'DESKTOP',
        queryId: `year-${i}`,
      });
      b.record({ ...e, type: 'click', ticket: decodeTicket(ticket), at: new Date(at.getTime() + 60_000) });
    }
    await settle();
    const from = day(-364);
    const year = await get(`searches/daily?market=SE&from=${from}&to=${today}`);
    assert.equal(year.interval, 'month');
    assert.ok(year.days.length >= 12 && year.days.length <= 13, String(year.days.length));
    assert.equal(year.days[0].date, `${from.slice(0, 7)}-01`);
    const points = (series: string) => year.days.filter((d: Record<string, number | null>) => d[series] !== null && d[series]! > 0).length;
    for (const series of ['searches', 'zeroResultRate', 'clickThroughRate']) assert.ok(points(series) >= 3, `${series}: ${points(series)} points`);
    assert.equal(
      year.days.reduce((n: number, d: { searches: number }) => n + d.searches, 0),
      (await get(`searches?market=SE&from=${from}&to=${today}`)).totals.searches,
    );
    const weeks = await get(`searches/daily?market=SE&from=${day(-120)}&to=${today}`);
    assert.equal(weeks.interval, 'week');
    assert.ok(new Date(`${weeks.days[0].date}T00:00:00Z`).getUTCDay() === 1, 'weeks start on Monday');
    assert.equal((await get(`searches/daily?market=SE&from=${day(-364)}&to=${today}&interval=day`)).days.length, 365);
    const bad = await service.admin('GET', '/api/admin/v4/analytics/searches/daily?market=SE&interval=hour');
    assert.equal(bad.status, 400);
    assert.match((await jsonBody(bad)).message, /interval must be one of day, week, month/);
  });
});
