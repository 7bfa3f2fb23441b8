/**
 * Search analytics for an analyst (issue 33): the previous period beside the range, the touchpoint split,
 * searches with no clicks, the clicked products of a phrase, and every table and the totals as CSV.
 *
 * Yesterday (recorded with explicit times): two searches, "boots" and "socks", desktop.
 * Today through the storefront, market SE, sv-SE: a (desktop) searches "Product", clicks the first result and
 * adds it to the cart; b (mobile) searches "product" and clicks nothing; c (desktop) searches "qwxzv", which
 * finds nothing.
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const SEARCH = '/api/storefront/v3/queries/search-page';
const NOTIFY = '/api/storefront/v3/notifications';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('search analytics drill-downs, comparison and CSV (admin API)', function () {
  let service: TestService;
  let clickedKey: string;
  let clickedTitle: string;
  const today = day(0);
  const yesterday = day(-1);
  const range = `market=SE&from=${today}&to=${today}`;

  const search = async (session: string, q: string, touchpoint: string) => {
    const res = await service.request(
      'GET',
      `${SEARCH}?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&touchpoint=${touchpoint}&customerKey=${session}&sessionKey=${session}`,
    );
    assert.equal(res.status, 200, await res.clone().text());
    return (await jsonBody(res)) as { primaryList: { productGroups: { key: string; products: { key: string; title: string; ticket: string }[] }[] } };
  };
  const notify = async (session: string, name: string, body: unknown) => {
    const res = await service.request('POST', `${NOTIFY}/${name}?market=SE&customerKey=${session}&sessionKey=${session}`, { body: JSON.stringify(body) });
    assert.equal(res.status, 204, await res.text());
  };
  const get = async (path: string) => {
    const res = await service.admin('GET', `/api/admin/v4/analytics/${path}`);
    assert.equal(res.status, 200, await res.clone().text());
    return res;
  };

  before(async function () {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(3))).status, 204);
    const b = service.context.behaviour;
    const who = { market: 'SE', customerKey: 'Y', sessionKey: 'Y', locale: 'sv-SE', touchpoint: 'DESKTOP' as const };
    b.record({ ...who, type: 'search', phrase: 'boots', totalHits: 5, queryId: 'y-boots', skip: 0, at: new Date(`${yesterday}T10:00:00.000Z`) });
    b.record({ ...who, type: 'search', phrase: 'socks', totalHits: 5, queryId: 'y-socks', skip: 0, at: new Date(`${yesterday}T11:00:00.000Z`) });

    const first = (await search('a', 'Product', 'DESKTOP')).primaryList.productGroups[0]!.products[0]!;
    clickedKey = first.key;
    clickedTitle = first.title;
    await notify('a', 'click', { ticket: first.ticket });
    await notify('a', 'add-to-cart', { ticket: first.ticket });
    await search('b', 'product', 'MOBILE');
    await search('c', 'qwxzv', 'DESKTOP');
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
  });
  after(async () => service?.close());

  it('answers the previous period beside the range (compare=previous), and the split by touchpoint', async () => {
    const answer = await jsonBody(await get(`searches?${range}&compare=previous`));
    assert.equal(answer.totals.searches, 3);
    assert.deepEqual(answer.previous, { from: yesterday, to: yesterday, totals: answer.previous.totals });
    assert.equal(answer.previous.totals.searches, 2);
    assert.equal(answer.previous.totals.zeroResultSearches, 0);
    const split = Object.fromEntries(answer.touchpoints.map((t: { touchpoint: string }) => [t.touchpoint, t]));
    assert.deepEqual(Object.keys(split).sort(), ['DESKTOP', 'MOBILE']);
    assert.deepEqual([split.DESKTOP.searches, split.DESKTOP.zeroResultSearches, split.DESKTOP.clickThroughRate], [2, 1, 0.5]);
    assert.deepEqual([split.MOBILE.searches, split.MOBILE.noClickSearches, split.MOBILE.clickThroughRate], [1, 1, 0]);
    // Without compare, no previous period is asked for.
    assert.equal((await jsonBody(await get(`searches?${range}`))).previous, undefined);
  });

  it('counts searches that found something and got no click, and ranks the phrases by them', async () => {
    const answer = await jsonBody(await get(`searches?${range}&sort=noClickSearches`));
    assert.equal(answer.totals.noClickSearches, 1, 'b found products and clicked none; c found nothing (not counted)');
    assert.deepEqual(
      answer.phrases.map((p: { phrase: string; noClickSearches: number }) => [p.phrase, p.noClickSearches]),
      [
        ['product', 1],
        ['qwxzv', 0],
      ],
    );
  });

  it('lists the products the searches for a phrase led to', async () => {
    const answer = await jsonBody(await get(`searches/products?${range}&phrase=${encodeURIComponent('  PRODUCT ')}`));
    assert.equal(answer.phrase, 'product');
    assert.ok(clickedTitle);
    assert.deepEqual(answer.products, [
      { productKey: clickedKey, title: clickedTitle, url: answer.products[0].url, clicks: 1, addToCarts: 1, purchases: 0, revenue: 0, averageClickPosition: 1 },
    ]);
    assert.deepEqual((await jsonBody(await get(`searches/products?${range}&phrase=qwxzv`))).products, []);
  });

  it('answers every table and the totals as CSV', async () => {
    const phrases = await get(`searches?${range}&format=csv`);
    assert.match(phrases.headers.get('content-type')!, /^text\/csv/);
    assert.match(phrases.headers.get('content-disposition')!, new RegExp(`attachment; filename="search-phrases-${today}-${today}.csv"`));
    const lines = (await phrases.text()).trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'phrase,searches,refinements,sessions,zeroResultSearches,noClickSearches,clicks,clickThroughRate,addToCarts,addToCartRate,purchases,conversionRate,revenue,averageClickPosition',
    );
    assert.deepEqual(lines.slice(1), ['product,2,0,2,0,1,1,0.5,1,0.5,0,0,0,1', 'qwxzv,1,0,1,1,0,0,0,0,0,0,0,0,']);

    const totals = (await (await get(`searches?${range}&compare=previous&format=csv&table=totals`)).text()).trimEnd().split('\r\n');
    assert.match(totals[0]!, /^period,from,to,touchpoint,searches,/);
    assert.deepEqual(
      totals.slice(1).map((l) => l.split(',').slice(0, 5).join(',')),
      [
        `current,${today},${today},all,3`,
        `current,${today},${today},DESKTOP,2`,
        `current,${today},${today},MOBILE,1`,
        `previous,${yesterday},${yesterday},all,2`,
      ],
    );

    const daily = (await (await get(`searches/daily?market=SE&from=${yesterday}&to=${today}&format=csv`)).text()).trimEnd().split('\r\n');
    assert.deepEqual(
      daily.slice(1).map((l) => l.split(',').slice(0, 2).join(',')),
      [`${yesterday},2`, `${today},3`],
    );

    const products = (await (await get(`searches/products?${range}&phrase=product&format=csv`)).text()).trimEnd().split('\r\n');
    assert.deepEqual(products, [
      'phrase,productKey,title,clicks,addToCarts,purchases,revenue,averageClickPosition',
      `product,${clickedKey},${clickedTitle},1,1,0,0,1`,
    ]);
  });

  it('refuses bad parameters with a 400 naming the parameter', async () => {
    for (const [path, message] of [
      [`searches?${range}&format=xml`, /format/],
      [`searches?${range}&compare=last-year`, /compare/],
      [`searches?${range}&format=csv&table=charts`, /table/],
      [`searches/products?${range}`, /phrase/],
      [`searches/products?${range}&phrase=%20`, /phrase/],
      [`searches/products?market=XX&phrase=a`, /market/],
    ] as const) {
      const res = await service.admin('GET', `/api/admin/v4/analytics/${path}`);
      const text = await res.text();
      assert.equal(res.status, 400, `${path}: ${text}`);
      assert.match(JSON.parse(text).message, message, path);
    }
    assert.equal((await service.request('GET', `/api/admin/v4/analytics/searches/products?${range}&phrase=a`)).status, 403);
  });
});
