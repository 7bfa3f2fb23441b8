/**
 * The notification endpoints over HTTP against the real Elasticsearch: every endpoint's 204, its 400s,
 * the official client's notify functions, and the documents that land in the events index.
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { group, product, smallCatalog } from '../fixtures/catalog';
import { encodeTicket } from '../../src/events/tickets';
import type { EventDocument } from '../../src/events/events';

const BASE = '/api/storefront/v3/notifications';
const ALL = ['click', 'add-to-cart', 'ad-impression', 'add-favorite', 'remove-favorite', 'remove-recent-searches', 'remove-recently-viewed', 'end', 'purchase'];

describe('notifications (storefront API)', function () {
  let service: TestService;
  let productTicket: string;
  let variantTicket: string;

  const notify = (name: string, body?: unknown, query = 'market=SE&customerKey=c1&sessionKey=s1', contentType = 'text/plain;charset=UTF-8') =>
    service.request('POST', `${BASE}/${name}?${query}`, {
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': contentType },
    });

  async function expect400(res: Response, message: RegExp): Promise<void> {
    const text = await res.text();
    assert.equal(res.status, 400, text);
    assert.match(JSON.parse(text).message, message);
  }

  /** Every event of a customer, oldest first, without the timestamp. */
  async function eventsOf(customerKey: string): Promise<Omit<EventDocument, '@timestamp'>[]> {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
    const res = await service.context.es.search<EventDocument>({
      index: `${service.prefix}-events`,
      size: 100,
      query: { term: { customerKey } },
      sort: [{ '@timestamp': 'asc' }, '_doc'],
    });
    return res.hits.hits.map((h) => {
      const { '@timestamp': at, ...rest } = h._source!;
      assert.ok(!Number.isNaN(Date.parse(at)));
      return rest;
    });
  }

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog([...smallCatalog(3), group('GZ', { 'Z-p': product('Z-p', { markets: ['NO'] }) })]);
    assert.equal(res.status, 204, await res.text());
    const page = await jsonBody(
      await service.request(
        'GET',
        '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=MOBILE&customerKey=searcher&sessionKey=s0&notify=false',
      ),
    );
    const first = page.primaryList.productGroups[0].products[0];
    productTicket = first.ticket;
    variantTicket = first.variants[0].ticket;
    assert.ok(productTicket && variantTicket);
  });
  after(async () => service.close());

  describe('success: 204 with no body', () => {
    it('accepts every notification the official client sends, as text/plain or application/json', async () => {
      const calls: [string, unknown?][] = [
        ['click', { ticket: productTicket }],
        ['add-to-cart', { ticket: variantTicket }],
        ['ad-impression', { ticket: productTicket }],
        ['add-favorite', { productKey: 'G1-p' }],
        ['add-favorite', { variantKey: 'G2-p-1' }],
        ['remove-favorite', { productKey: 'G1-p' }],
        ['remove-recent-searches', { phrases: ['product'] }],
        ['remove-recent-searches', { removeAll: true }],
        ['remove-recently-viewed', { productKeys: ['G1-p'] }],
        ['remove-recently-viewed', { removeAll: true }],
        ['purchase', { lines: [{ variantKey: 'G1-p-1', quantity: 2, sellingPrice: 150 }] }],
        ['end'],
      ];
      for (const [i, [name, body]] of calls.entries()) {
        const res = await notify(name, body, 'market=SE&customerKey=c1&sessionKey=s1', i % 2 ? 'application/json;charset=utf-8' : 'text/plain;charset=UTF-8');
        assert.equal(res.status, 204, `${name}: ${await res.text()}`);
        assert.equal(await res.text(), '');
      }
    });

    it('writes each as an event document with the fields analysts need', async () => {
      const who = { market: 'SE', customerKey: 'c1', sessionKey: 's1' };
      const acme = { brand: 'Acme', category: ['cat_shoes'], categoryIds: ['cat_shoes'], price: 150 };
      const list = { touchpoint: 'MOBILE', pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', position: 0 };
      const events = await eventsOf('c1');
      const purchaseId = events.find((e) => e.type === 'purchase')?.purchaseId;
      assert.match(String(purchaseId), /^[A-Za-z0-9_-]{16}$/);
      assert.deepEqual(events, [
        { ...who, type: 'click', ...acme, ...list, productKey: 'G1-p' },
        { ...who, type: 'add-to-cart', ...acme, ...list, productKey: 'G1-p', variantKey: 'G1-p-1' },
        { ...who, type: 'ad-impression', ...acme, ...list, productKey: 'G1-p' },
        { ...who, type: 'add-favorite', ...acme, productKey: 'G1-p' },
        { ...who, type: 'add-favorite', ...acme, productKey: 'G2-p', variantKey: 'G2-p-1' },
        { ...who, type: 'remove-favorite', ...acme, productKey: 'G1-p' },
        { ...who, type: 'remove-recent-searches', removeAll: false, phrase: ['product'] },
        { ...who, type: 'remove-recent-searches', removeAll: true },
        { ...who, type: 'remove-recently-viewed', removeAll: false, productKey: ['G1-p'] },
        { ...who, type: 'remove-recently-viewed', removeAll: true },
        { ...who, type: 'purchase', ...acme, productKey: 'G1-p', variantKey: 'G1-p-1', quantity: 2, price: 150, revenue: 300, purchaseId },
        { ...who, type: 'end' },
      ]);
    });

    it('records the searches of search-page (with the hits count) unless notify=false', async () => {
      const search = (q: string, extra = '') =>
        service.request('GET', `/api/storefront/v3/queries/search-page?q=${q}&market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=c2&sessionKey=s2${extra}`);
      assert.equal((await search('Product')).status, 200);
      assert.equal((await search('nothingmatches')).status, 200);
      assert.equal((await search('hidden', '&notify=false')).status, 200);
      // Each search is its own query (search analytics): a fresh query id, stamped with the search's own time.
      const searches = (await eventsOf('c2')).map(({ queryId, queryAt, hitKeys, ...rest }) => {
        assert.match(queryId!, /^[A-Za-z0-9_-]{16}$/);
        assert.ok(queryAt);
        assert.equal(hitKeys?.length, rest.totalHits, 'the keys listed are kept for the UBI export');
        return rest;
      });
      const query = { queryLocale: 'en-GB', skip: 0 };
      assert.deepEqual(searches, [
        {
          market: 'SE',
          customerKey: 'c2',
          sessionKey: 's2',
          type: 'search',
          touchpoint: 'DESKTOP',
          locale: 'en-GB',
          phrase: 'product',
          totalHits: 3,
          origin: 'ORGANIC',
          ...query,
          queryPhrase: 'product',
          queryTotalHits: 3,
        },
        {
          market: 'SE',
          customerKey: 'c2',
          sessionKey: 's2',
          type: 'search',
          touchpoint: 'DESKTOP',
          locale: 'en-GB',
          phrase: 'nothingmatches',
          totalHits: 0,
          origin: 'ORGANIC',
          ...query,
          queryPhrase: 'nothingmatches',
          queryTotalHits: 0,
        },
      ]);
    });
  });

  describe('400 with a message', () => {
    it('names the missing market, customerKey and sessionKey on every endpoint', async () => {
      for (const name of ALL) {
        await expect400(await notify(name, {}, ''), /^Query parameters market, customerKey, sessionKey are required$/);
        await expect400(await notify(name, {}, 'market=SE&customerKey=c1'), /^Query parameter sessionKey is required$/);
        await expect400(await notify(name, {}, 'customerKey=c1&sessionKey=s1'), /^Query parameter market is required$/);
      }
    });

    it('refuses a market that is not configured', async () => {
      await expect400(await notify('end', undefined, 'market=DK&customerKey=c1&sessionKey=s1'), /unknown market "DK"/);
    });

    it('refuses a bad ticket, a ticket of another market and a content ticket for add-to-cart', async () => {
      await expect400(await notify('click', { ticket: 'not-a-ticket' }), /ticket is not valid/);
      await expect400(await notify('add-to-cart', { ticket: '!!' }), /ticket is not valid: not a base64url string/);
      await expect400(await notify('ad-impression', { ticket: Buffer.from('2;x').toString('base64url') }), /ticket is not valid: unknown format/);
      await expect400(await notify('click', { ticket: productTicket }, 'market=NO&customerKey=c1&sessionKey=s1'), /issued for market SE, not NO/);
      const content = encodeTicket({
        kind: 'content',
        contentKey: 'C1',
        pageType: 'SEARCH_PAGE',
        listId: 'l',
        position: 0,
        market: 'SE',
        touchpoint: 'DESKTOP',
      });
      assert.equal((await notify('click', { ticket: content })).status, 204);
      await expect400(await notify('add-to-cart', { ticket: content }), /not a content ticket/);
    });

    it("refuses keys that are not in the market's live catalog", async () => {
      await expect400(await notify('add-favorite', { productKey: 'nope' }), /productKey "nope" is not a product of market SE/);
      await expect400(await notify('remove-favorite', { variantKey: 'nope-1' }), /variantKey "nope-1" is not a variant of market SE/);
      await expect400(await notify('add-favorite', { productKey: 'Z-p' }), /productKey "Z-p" is not a product of market SE/);
      assert.equal((await notify('add-favorite', { productKey: 'Z-p' }, 'market=NO&customerKey=c1&sessionKey=s1')).status, 204);
      await expect400(await notify('add-favorite', { productKey: 'G1-p-1' }), /productKey "G1-p-1" is not a product/);
      await expect400(
        await notify('purchase', {
          lines: [
            { variantKey: 'G1-p-1', quantity: 1, sellingPrice: 1 },
            { variantKey: 'ghost', quantity: 1, sellingPrice: 1 },
          ],
        }),
        /variantKey "ghost" is not a variant of market SE/,
      );
    });

    it('refuses bad bodies', async () => {
      await expect400(await notify('click', '{"ticket": '), /Body is not valid JSON/);
      await expect400(await notify('click'), /"ticket" is required/);
      await expect400(await notify('click', { ticket: 7 }), /"ticket" must be a string/);
      await expect400(await notify('add-to-cart', '[]'), /Body must be a JSON object/);
      await expect400(await notify('add-favorite', { productKey: 'G1-p', variantKey: 'G1-p-1' }), /contains a conflict between exclusive peers/);
      await expect400(await notify('remove-favorite', {}), /must contain at least one of \[productKey, variantKey\]/);
      await expect400(await notify('remove-recent-searches', { phrases: 'product' }), /"phrases" must be an array/);
      await expect400(await notify('remove-recent-searches', { removeAll: false }), /at least one item unless removeAll is true/);
      await expect400(await notify('remove-recently-viewed', {}), /must contain at least one of \[productKeys, removeAll\]/);
      await expect400(
        await notify('purchase', { lines: [{ variantKey: 'G1-p-1', quantity: 1.5, sellingPrice: 10 }] }),
        /"lines\[0\].quantity" must be an integer/,
      );
      await expect400(await notify('purchase', { lines: [] }), /"lines" must contain at least 1 items/);
    });

    it('records nothing for a refused notification', async () => {
      await expect400(await notify('add-favorite', { productKey: 'nope' }, 'market=SE&customerKey=refused&sessionKey=s'), /nope/);
      await expect400(await notify('click', { ticket: 'x' }, 'market=SE&customerKey=refused&sessionKey=s'), /ticket/);
      assert.deepEqual(await eventsOf('refused'), []);
    });

    it('answers 404 for an unknown notification and 405 for GET', async () => {
      assert.equal((await notify('payment', {})).status, 404);
      assert.equal((await service.request('GET', `${BASE}/click?market=SE&customerKey=c1&sessionKey=s1`)).status, 405);
    });
  });

  describe('through the official client', () => {
    it('sends every notify function and each lands as an event', async () => {
      const { notifications } = await import('@apptus/esales-api');
      const notify = notifications({ clusterId: service.url, market: 'SE', session: () => ({ customerKey: 'official', sessionKey: 'so' }) });
      await notify.click(productTicket);
      await notify.addToCart(variantTicket);
      await notify.adImpression(productTicket);
      await notify.addFavorite('G2-p');
      await notify.addFavorite({ variantKey: 'G3-p-1' });
      await notify.removeFavorite({ productKey: 'G2-p' });
      await notify.removeRecentSearches(['a b']);
      await notify.removeRecentSearches('removeAll');
      await notify.removeRecentlyViewed(['G1-p']);
      await notify.removeRecentlyViewed('removeAll');
      await notify.end();
      await assert.rejects(notify.click('garbage'));
      await assert.rejects(notify.addFavorite('nope'));
      assert.deepEqual(
        (await eventsOf('official')).map((e) => [e.type, e.productKey ?? e.phrase ?? null, e.removeAll ?? null]),
        [
          ['click', 'G1-p', null],
          ['add-to-cart', 'G1-p', null],
          ['ad-impression', 'G1-p', null],
          ['add-favorite', 'G2-p', null],
          ['add-favorite', 'G3-p', null],
          ['remove-favorite', 'G2-p', null],
          ['remove-recent-searches', ['a b'], false],
          ['remove-recent-searches', null, true],
          ['remove-recently-viewed', ['G1-p'], false],
          ['remove-recently-viewed', null, true],
          ['end', null, null],
        ],
      );
      const favourites = await service.context.behaviour.favourites({ market: 'SE', customerKey: 'official' });
      assert.deepEqual(favourites, ['G3-p']);
    });
  });
});
