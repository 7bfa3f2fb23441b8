/** Parsing notification requests into typed requests and events, without HTTP or Elasticsearch. */
import assert from 'node:assert/strict';
import { statusOf } from '../../src/http/errors';
import {
  notificationEvents,
  parseNotificationBody,
  parseNotificationContext,
  requireConfiguredMarket,
  type NotificationRequest,
} from '../../src/behaviour/notifications';
import type { ProductFacts } from '../../src/events/events';
import { behaviourHooks } from '../../src/storefront/services';
import { encodeTicket, type Ticket } from '../../src/events/tickets';
import { SessionSearches } from '../../src/events/searchSessions';
import type { BehaviourEvent } from '../../src/events/events';
import type { QueryContext } from '../../src/storefront/request';

const who = { market: 'SE', customerKey: 'c1', sessionKey: 's1' };
const ticket: Ticket = {
  kind: 'variant',
  productKey: 'P1',
  variantKey: 'P1-1',
  pageType: 'SEARCH_PAGE',
  listId: 'PRIMARY_LIST',
  position: 2,
  market: 'SE',
  touchpoint: 'DESKTOP',
};
const facts = (productKey: string): ProductFacts => ({ productKey, category: [], categoryIds: [] });
const catalog = new Map<string, ProductFacts>([
  ['P1', facts('P1')],
  ['P1-1', facts('P1')],
  ['P2-1', facts('P2')],
]);
const resolve = async (_market: string, keys: readonly string[]) => new Map(keys.filter((k) => catalog.has(k)).map((k) => [k, catalog.get(k)!]));

const status400 = (message: RegExp) => (err: unknown) => {
  assert.equal(statusOf(err), 400);
  assert.match((err as Error).message, message);
  return true;
};

describe('behaviour notifications (parsing)', () => {
  describe('query parameters', () => {
    it('names every missing required parameter', () => {
      assert.throws(() => parseNotificationContext({}), status400(/^Query parameters market, customerKey, sessionKey are required$/));
      assert.throws(() => parseNotificationContext({ market: 'SE', customerKey: ' ' }), status400(/^Query parameters customerKey, sessionKey are required$/));
      assert.throws(() => parseNotificationContext({ market: 'SE', customerKey: 'c' }), status400(/^Query parameter sessionKey is required$/));
      assert.throws(() => parseNotificationContext({ market: ['SE', 'NO'], customerKey: 'c', sessionKey: 's' }), status400(/market is given more than once/));
      assert.deepEqual(parseNotificationContext({ market: 'SE', customerKey: 'c1', sessionKey: 's1' }), who);
    });

    it('accepts only configured markets', () => {
      const configuration = { markets: { SE: { locales: ['sv-SE'] } } };
      assert.doesNotThrow(() => requireConfiguredMarket('SE', configuration));
      assert.throws(() => requireConfiguredMarket('XX', configuration), status400(/market: unknown market "XX"/));
      assert.throws(() => requireConfiguredMarket('SE', undefined), status400(/no markets are configured/));
    });
  });

  describe('bodies', () => {
    it("decodes tickets and refuses bad ones, other markets' ones and content tickets for add-to-cart", () => {
      assert.deepEqual(parseNotificationBody('click', { ticket: encodeTicket(ticket) }, 'SE'), { name: 'click', ticket });
      assert.throws(() => parseNotificationBody('click', { ticket: 'bm90IGEgdGlja2V0' }, 'SE'), status400(/ticket is not valid/));
      assert.throws(() => parseNotificationBody('click', {}, 'SE'), status400(/"ticket" is required/));
      assert.throws(() => parseNotificationBody('click', { ticket: 42 }, 'SE'), status400(/"ticket" must be a string/));
      assert.throws(() => parseNotificationBody('add-to-cart', { ticket: encodeTicket(ticket) }, 'NO'), status400(/issued for market SE, not NO/));
      const content = encodeTicket({
        kind: 'content',
        contentKey: 'C1',
        pageType: 'LANDING_PAGE',
        listId: 'l',
        position: 0,
        market: 'SE',
        touchpoint: 'DESKTOP',
      });
      assert.equal(parseNotificationBody('click', { ticket: content }, 'SE').name, 'click');
      assert.throws(() => parseNotificationBody('add-to-cart', { ticket: content }, 'SE'), status400(/not a content ticket/));
    });

    it('wants exactly one of productKey and variantKey for favourites', () => {
      assert.deepEqual(parseNotificationBody('add-favorite', { productKey: 'P1' }, 'SE'), { name: 'add-favorite', key: { productKey: 'P1' } });
      assert.deepEqual(parseNotificationBody('remove-favorite', { variantKey: 'P1-1' }, 'SE'), { name: 'remove-favorite', key: { variantKey: 'P1-1' } });
      assert.throws(() => parseNotificationBody('add-favorite', { productKey: 'P1', variantKey: 'P1-1' }, 'SE'), status400(/Invalid body/));
      assert.throws(() => parseNotificationBody('add-favorite', {}, 'SE'), status400(/productKey, variantKey/));
      assert.throws(() => parseNotificationBody('add-favorite', ['P1'], 'SE'), status400(/Body must be a JSON object/));
    });

    it('takes phrases and/or removeAll, refusing an empty removal', () => {
      assert.deepEqual(parseNotificationBody('remove-recent-searches', { phrases: ['a'] }, 'SE'), {
        name: 'remove-recent-searches',
        phrases: ['a'],
        removeAll: false,
      });
      assert.deepEqual(parseNotificationBody('remove-recent-searches', { removeAll: true }, 'SE'), {
        name: 'remove-recent-searches',
        phrases: [],
        removeAll: true,
      });
      assert.deepEqual(parseNotificationBody('remove-recently-viewed', { productKeys: ['P1'], removeAll: true }, 'SE'), {
        name: 'remove-recently-viewed',
        productKeys: ['P1'],
        removeAll: true,
      });
      assert.throws(() => parseNotificationBody('remove-recent-searches', {}, 'SE'), status400(/phrases, removeAll/));
      assert.throws(() => parseNotificationBody('remove-recent-searches', { removeAll: false }, 'SE'), status400(/at least one item unless removeAll/));
      assert.throws(() => parseNotificationBody('remove-recently-viewed', { productKeys: 'P1' }, 'SE'), status400(/"productKeys" must be an array/));
      assert.throws(() => parseNotificationBody('remove-recently-viewed', { productKeys: [1] }, 'SE'), status400(/must be a string/));
    });

    it('validates purchase lines', () => {
      const line = { variantKey: 'P1-1', quantity: 2, sellingPrice: 99.5 };
      assert.deepEqual(parseNotificationBody('purchase', { lines: [{ ...line, extra: 1 }] }, 'SE'), { name: 'purchase', lines: [line] });
      assert.throws(() => parseNotificationBody('purchase', { lines: [] }, 'SE'), status400(/"lines" must contain at least 1 items/));
      assert.throws(
        () => parseNotificationBody('purchase', { lines: [{ ...line, quantity: 0 }] }, 'SE'),
        status400(/quantity" must be greater than or equal to 1/),
      );
      assert.throws(() => parseNotificationBody('purchase', { lines: [{ ...line, quantity: '2' }] }, 'SE'), status400(/quantity" must be a number/));
      assert.throws(() => parseNotificationBody('purchase', { lines: [{ ...line, sellingPrice: -1 }] }, 'SE'), status400(/sellingPrice/));
      assert.throws(() => parseNotificationBody('purchase', {}, 'SE'), status400(/"lines" is required/));
    });

    it('ignores any body of end', () => {
      assert.deepEqual(parseNotificationBody('end', 'whatever', 'SE'), { name: 'end' });
    });
  });

  describe('events', () => {
    const events = (request: NotificationRequest) => notificationEvents(request, who, resolve);

    it('records a variant favourite for its product, and refuses unknown keys', async () => {
      assert.deepEqual(await events({ name: 'add-favorite', key: { variantKey: 'P1-1' } }), [
        { ...who, type: 'add-favorite', productKey: 'P1', variantKey: 'P1-1' },
      ]);
      assert.deepEqual(await events({ name: 'remove-favorite', key: { productKey: 'P1' } }), [{ ...who, type: 'remove-favorite', productKey: 'P1' }]);
      await assert.rejects(events({ name: 'add-favorite', key: { productKey: 'nope' } }), status400(/productKey "nope" is not a product of market SE/));
      await assert.rejects(events({ name: 'add-favorite', key: { productKey: 'P1-1' } }), status400(/productKey "P1-1" is not a product/));
      await assert.rejects(events({ name: 'add-favorite', key: { variantKey: 'P1' } }), status400(/variantKey "P1" is not a variant/));
    });

    it('records one purchase event per line, and refuses unknown variants naming them', async () => {
      const lines = await events({
        name: 'purchase',
        lines: [
          { variantKey: 'P1-1', quantity: 1, sellingPrice: 10 },
          { variantKey: 'P2-1', quantity: 3, sellingPrice: 5 },
        ],
      });
      const purchaseId = (lines[0] as { purchaseId?: string }).purchaseId;
      assert.match(purchaseId!, /^[A-Za-z0-9_-]{16}$/, 'the lines of one purchase share an id (it counts once)');
      assert.deepEqual(lines, [
        { ...who, type: 'purchase', productKey: 'P1', variantKey: 'P1-1', quantity: 1, sellingPrice: 10, purchaseId },
        { ...who, type: 'purchase', productKey: 'P2', variantKey: 'P2-1', quantity: 3, sellingPrice: 5, purchaseId },
      ]);
      const [another] = await events({ name: 'purchase', lines: [{ variantKey: 'P1-1', quantity: 1, sellingPrice: 10 }] });
      assert.notEqual((another as { purchaseId?: string }).purchaseId, purchaseId);
      await assert.rejects(
        events({
          name: 'purchase',
          lines: [
            { variantKey: 'x', quantity: 1, sellingPrice: 1 },
            { variantKey: 'P1', quantity: 1, sellingPrice: 1 },
          ],
        }),
        status400(/variantKey "x", "P1" is not a variant of market SE/),
      );
    });

    it('takes the touchpoint of ticket events from the ticket', async () => {
      assert.deepEqual(await events({ name: 'click', ticket }), [{ ...who, touchpoint: 'DESKTOP', type: 'click', ticket }]);
      assert.deepEqual(await events({ name: 'end' }), [{ ...who, type: 'end' }]);
    });
  });

  it('the storefront search hook records the phrase the results are for, normalised, with its query id, and skips empty phrases', () => {
    const recorded: BehaviourEvent[] = [];
    let n = 0;
    const hooks = behaviourHooks({ record: (e) => recorded.push(e) }, new SessionSearches(() => `q${++n}`));
    const context = { market: 'SE', customerKey: 'c1', sessionKey: 's1', locale: 'sv-SE', touchpoint: 'MOBILE' } as QueryContext;
    assert.equal(hooks.onSearch({ context, q: 'Runnign', usedQ: 'running', origin: 'ORGANIC', totalHits: 4, skip: 0 }), 'q1');
    assert.equal(hooks.onSearch({ context, q: '  ', usedQ: '  ', origin: 'ORGANIC', totalHits: 0, skip: 0 }), undefined);
    assert.equal(hooks.onSearch({ context, q: 'running', usedQ: '', origin: 'ORGANIC', totalHits: 4, skip: 24 }), 'q1');
    const search = { ...who, locale: 'sv-SE', touchpoint: 'MOBILE', type: 'search', phrase: 'running', totalHits: 4, origin: 'ORGANIC' };
    assert.deepEqual(recorded, [
      { ...search, queryId: 'q1', skip: 0 },
      { ...search, queryId: 'q1', skip: 24, continued: true, refinement: ['page'] },
    ]);
  });
});
