/**
 * The behaviour service against the real Elasticsearch on small scripted traffic: each question changes in
 * the expected direction as events come in (through HTTP notifications, or recorded directly with a time
 * when age matters), removals take effect, the popularity job ranks the busier product higher and survives
 * a catalog import, one process holds the job's lease, and close() loses no event.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';
import { BehaviourService } from '../../src/behaviour/service';
import { behaviourIndexNames } from '../../src/search/indexNames';
import { DEFAULT_BEHAVIOUR_OPTIONS } from '../../src/kernel/config';
import { Lease } from '../../src/behaviour/lease';
import type { BehaviourEvent } from '../../src/events/events';
import { encodeTicket, type Ticket } from '../../src/events/tickets';
import { createContext, shutdownContext } from '../../src/app';
import { loadConfig } from '../../src/kernel/config';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import type { ReplaceEntity } from '../../src/catalog/types';
import { elasticsearchDocuments } from '../../src/search/documents';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function item(key: string, brand: string, category: string, price: number): ReplaceEntity {
  return group(`G-${key}`, {
    [key]: product(key, {
      defaults: { title: `Item ${key}`, url: `/p/${key}`, brand, category: [category] },
      variants: { [`${key}-1`]: { defaults: { listPrice: price, sellingPrice: price, stock: 5 } } },
    }),
  });
}
const CATALOG: ReplaceEntity[] = [
  item('A', 'Acme', 'cat_shoes', 150),
  item('B', 'Acme', 'cat_shoes', 150),
  item('C', 'Acme', 'cat_shoes', 150),
  item('D', 'Zeta', 'cat_hats', 500),
  item('E', 'Zeta', 'cat_hats', 500),
  item('F', 'Zeta', 'cat_hats', 500),
  item('G', 'Zeta', 'cat_hats', 500),
];

function ticket(productKey: string, variant = false): Ticket {
  return variant
    ? {
        kind: 'variant',
        productKey,
        variantKey: `${productKey}-1`,
        pageType: 'SEARCH_PAGE',
        listId: 'PRIMARY_LIST',
        position: 0,
        market: 'SE',
        touchpoint: 'DESKTOP',
      }
    : { kind: 'product', productKey, pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', position: 0, market: 'SE', touchpoint: 'DESKTOP' };
}

describe('behaviour service (real Elasticsearch)', function () {
  let service: TestService;
  let b: BehaviourService;

  const notify = async (name: string, customerKey: string, body?: unknown, sessionKey = 's1', market = 'SE') => {
    const res = await service.request('POST', `/api/storefront/v3/notifications/${name}?market=${market}&customerKey=${customerKey}&sessionKey=${sessionKey}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 204, await res.text());
  };
  const record = (e: BehaviourEvent) => b.record(e);
  /** Writes what is buffered and makes it searchable. */
  const settle = async () => {
    await b.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
  };
  const search = (customerKey: string, phrase: string, at: Date, totalHits = 3, market = 'SE', locale?: string): BehaviourEvent => ({
    market,
    customerKey,
    sessionKey: `${customerKey}-s`,
    ...(locale ? { locale } : {}),
    type: 'search',
    phrase,
    totalHits,
    at,
  });

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    b = service.context.behaviour;
  });
  after(async () => service.close());

  describe('recent searches', () => {
    it("lists the visitor's distinct phrases newest first, empty results included, others' excluded", async () => {
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), []);
      record(search('rs', 'shoes', ago(3)));
      record(search('rs', 'hat', ago(2)));
      record(search('rs', 'Shoes ', ago(1)));
      record(search('rs', 'coat', ago(0.5), 0));
      record(search('someone-else', 'other', ago(0.1)));
      record(search('rs', 'danish', ago(20), 3, 'NO'));
      await settle();
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), ['coat', 'shoes', 'hat']);
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs', limit: 2 }), ['coat', 'shoes']);
    });

    it('drops removed phrases until they are searched again, and everything on removeAll', async () => {
      await notify('remove-recent-searches', 'rs', { phrases: ['HAT'] });
      await settle();
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), ['coat', 'shoes']);
      await sleep(5);
      record(search('rs', 'hat', new Date()));
      await settle();
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), ['hat', 'coat', 'shoes']);
      await sleep(5);
      await notify('remove-recent-searches', 'rs', { removeAll: true });
      await settle();
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), []);
      await sleep(5);
      record(search('rs', 'boots', new Date()));
      await settle();
      assert.deepEqual(await b.recentSearches({ market: 'SE', customerKey: 'rs' }), ['boots']);
      assert.deepEqual(await b.recentSearches({ market: 'NO', customerKey: 'rs' }), ['danish']);
    });
  });

  describe('recently viewed', () => {
    it('lists viewed and clicked products newest first, minus excluded and removed ones', async () => {
      record({ market: 'SE', customerKey: 'rv', sessionKey: 's', type: 'product-view', productKey: 'A', at: ago(3) });
      record({ market: 'SE', customerKey: 'rv', sessionKey: 's', type: 'product-view', productKey: 'B', at: ago(2) });
      record({ market: 'SE', customerKey: 'rv', sessionKey: 's', type: 'product-view', productKey: 'A', at: ago(2.5) });
      await notify('click', 'rv', { ticket: encodeTicket(ticket('C', true)) });
      await settle();
      assert.deepEqual(await b.recentlyViewed({ market: 'SE', customerKey: 'rv' }), ['C', 'B', 'A']);
      assert.deepEqual(await b.recentlyViewed({ market: 'SE', customerKey: 'rv', excludeKeys: ['B'], limit: 1 }), ['C']);
      await sleep(5);
      await notify('remove-recently-viewed', 'rv', { productKeys: ['C', 'A'] });
      await settle();
      assert.deepEqual(await b.recentlyViewed({ market: 'SE', customerKey: 'rv' }), ['B']);
      await sleep(5);
      await notify('remove-recently-viewed', 'rv', { removeAll: true });
      await settle();
      assert.deepEqual(await b.recentlyViewed({ market: 'SE', customerKey: 'rv' }), []);
    });
  });

  describe('favourites', () => {
    it('folds add and remove in order, a variant counting for its product, per market', async () => {
      await notify('add-favorite', 'fav', { productKey: 'A' });
      await sleep(5);
      await notify('add-favorite', 'fav', { variantKey: 'B-1' });
      await sleep(5);
      await notify('remove-favorite', 'fav', { productKey: 'A' });
      await notify('add-favorite', 'fav', { productKey: 'C' }, 's1', 'NO');
      await settle();
      assert.deepEqual(await b.favourites({ market: 'SE', customerKey: 'fav' }), ['B']);
      await sleep(5);
      await notify('add-favorite', 'fav', { productKey: 'A' });
      await settle();
      assert.deepEqual(await b.favourites({ market: 'SE', customerKey: 'fav' }), ['A', 'B']);
      assert.deepEqual(await b.favourites({ market: 'NO', customerKey: 'fav' }), ['C']);
    });
  });

  describe('cart of a session', () => {
    it("holds the session's add-to-cart keys, newest first, and starts again after end", async () => {
      await notify('add-to-cart', 'cart', { ticket: encodeTicket(ticket('A', true)) }, 'cs');
      await sleep(5);
      await notify('add-to-cart', 'cart', { ticket: encodeTicket(ticket('B')) }, 'cs');
      await notify('add-to-cart', 'cart', { ticket: encodeTicket(ticket('C', true)) }, 'other-session');
      await settle();
      assert.deepEqual(await b.cartOf({ market: 'SE', customerKey: 'cart', sessionKey: 'cs' }), ['B', 'A-1']);
      await sleep(5);
      await notify('end', 'cart', undefined, 'cs');
      await settle();
      assert.deepEqual(await b.cartOf({ market: 'SE', customerKey: 'cart', sessionKey: 'cs' }), []);
      await sleep(5);
      await notify('add-to-cart', 'cart', { ticket: encodeTicket(ticket('D', true)) }, 'cs');
      await settle();
      assert.deepEqual(await b.cartOf({ market: 'SE', customerKey: 'cart', sessionKey: 'cs' }), ['D-1']);
      assert.deepEqual(await b.cartOf({ market: 'SE', customerKey: 'cart', sessionKey: 'other-session' }), ['C-1']);
    });
  });

  describe('co-occurring products', () => {
    const basket = (session: string, keys: string[]) => {
      for (const key of keys) {
        record({
          market: 'NO',
          customerKey: `co-${session}`,
          sessionKey: `co-${session}`,
          type: 'add-to-cart',
          ticket: { ...ticket(key, true), market: 'NO' },
        });
      }
    };

    it('ranks products carted in the same sessions as the keys, the most significant first', async () => {
      assert.deepEqual(await b.coOccurring({ market: 'NO', keys: ['X1'] }), []);
      basket('k1', ['X1', 'X2']);
      basket('k2', ['X1', 'X2']);
      basket('k3', ['X1', 'X3']);
      basket('k4', ['X3', 'X4']);
      basket('k5', ['X4', 'X5']);
      basket('k6', ['X2', 'X5']);
      record({
        market: 'NO',
        customerKey: 'co-k7',
        sessionKey: 'co-k7',
        type: 'purchase',
        productKey: 'X1',
        variantKey: 'X1-1',
        quantity: 1,
        sellingPrice: 10,
      });
      record({
        market: 'NO',
        customerKey: 'co-k7',
        sessionKey: 'co-k7',
        type: 'purchase',
        productKey: 'X2',
        variantKey: 'X2-1',
        quantity: 1,
        sellingPrice: 10,
      });
      await settle();
      // Only what the co-occurrence job has published is answered.
      assert.deepEqual(await b.coOccurring({ market: 'NO', keys: ['X1'] }), []);
      await b.updateCoOccurrence();
      const together = await b.coOccurring({ market: 'NO', keys: ['X1'] });
      assert.deepEqual(
        together.map((p) => p.productKey),
        ['X2', 'X3'],
      );
      assert.ok(together[0].score > together[1].score, JSON.stringify(together));
      assert.equal(together[0].sessions, 3);
      // Variant keys work the same; the product of the key is never recommended.
      assert.deepEqual(
        (await b.coOccurring({ market: 'NO', keys: ['X1-1'] })).map((p) => p.productKey),
        ['X2', 'X3'],
      );
      assert.deepEqual((await b.coOccurring({ market: 'NO', keys: ['X5'], limit: 1 })).length, 1);
      assert.deepEqual(await b.coOccurring({ market: 'SE', keys: ['X1'] }), []);
      // A cart: both products' partners summed, the cart's own products left out.
      assert.deepEqual((await b.coOccurring({ market: 'NO', keys: ['X1', 'X2-1'] })).map((p) => p.productKey).sort(), ['X3', 'X5']);
    });

    it('publishes each run as a new index behind the alias and keeps only the one it replaced', async () => {
      const alias = behaviourIndexNames(service.prefix).coOccurrence;
      const behind = async () => Object.keys(await service.context.es.indices.getAlias({ name: alias }));
      const versions = async () => Object.keys(await service.context.es.indices.get({ index: `${alias}-v*` })).sort();
      const first = (await b.updateCoOccurrence()).index;
      assert.deepEqual(await behind(), [first]);
      basket('k8', ['X4', 'X6']);
      await settle();
      const second = await b.updateCoOccurrence();
      assert.deepEqual(await behind(), [second.index]);
      assert.deepEqual(await versions(), [first, second.index].sort());
      assert.ok(second.products >= 6 && second.withRelated >= 6, JSON.stringify(second));
      assert.equal((await b.coOccurring({ market: 'NO', keys: ['X6'] }))[0].productKey, 'X4');
      const third = (await b.updateCoOccurrence()).index;
      assert.deepEqual(await versions(), [second.index, third].sort());
    });
  });

  describe('phrases', () => {
    const byVisitors = (phrase: string, visitors: number, daysAgo: number, totalHits = 5, locale = 'nb-NO') => {
      for (let i = 0; i < visitors; i++) record(search(`tr-${phrase}-${i}`, phrase, ago(daysAgo), totalHits, 'NO', locale));
    };

    it('trends recent phrases with results above older and bigger ones, counting visitors not searches', async () => {
      byVisitors('classic', 6, 10);
      byVisitors('mid', 2, 3);
      byVisitors('fresh', 3, 0.1);
      byVisitors('zero', 5, 0.1, 0);
      for (let i = 0; i < 10; i++) record(search('tr-spammer', 'spam', ago(0.1), 5, 'NO', 'nb-NO'));
      byVisitors('nolocale', 2, 0.1, 5, '');
      record(search('tr-se', 'swedish', ago(0.1), 5, 'SE'));
      await settle();
      const trending = await b.trendingPhrases({ market: 'NO' });
      assert.deepEqual(
        trending.map((p) => p.phrase),
        ['fresh', 'nolocale', 'spam', 'mid', 'classic'],
      );
      assert.ok(trending.every((p, i) => i === 0 || trending[i - 1].score >= p.score));
      assert.deepEqual(
        (await b.trendingPhrases({ market: 'NO', locale: 'nb-NO', limit: 2 })).map((p) => p.phrase),
        ['fresh', 'spam'],
      );
    });

    it('suggests phrases by prefix, searched with results, by distinct sessions', async () => {
      byVisitors('frame', 2, 1);
      byVisitors('fridge', 4, 1, 0);
      await settle();
      assert.deepEqual(await b.popularPhrases({ market: 'NO', prefix: 'FR' }), [
        { phrase: 'fresh', sessions: 3 },
        { phrase: 'frame', sessions: 2 },
      ]);
      assert.deepEqual(await b.popularPhrases({ market: 'NO', prefix: 'fra', limit: 5 }), [{ phrase: 'frame', sessions: 2 }]);
      assert.deepEqual(await b.popularPhrases({ market: 'SE', prefix: 'fr' }), []);
    });
  });

  describe('affinity', () => {
    it("weighs the brands and categories of the visitor's products and reads their price level", async () => {
      assert.deepEqual(await b.affinity({ market: 'SE', customerKey: 'aff' }), { brands: [], categories: [], events: 0 });
      for (let i = 0; i < 3; i++) record({ market: 'SE', customerKey: 'aff', sessionKey: 's', type: 'product-view', productKey: 'A' });
      await notify('purchase', 'aff', { lines: [{ variantKey: 'D-1', quantity: 1, sellingPrice: 480 }] });
      await settle();
      const affinity = await b.affinity({ market: 'SE', customerKey: 'aff' });
      assert.deepEqual(
        { ...affinity, price: undefined },
        {
          brands: [
            { value: 'Zeta', score: 10 },
            { value: 'Acme', score: 3 },
          ],
          categories: [
            { value: 'cat_hats', score: 10 },
            { value: 'cat_shoes', score: 3 },
          ],
          price: undefined,
          events: 4,
        },
      );
      assert.equal(affinity.price?.median, 150);
      assert.ok(affinity.price!.p75 > 150 && affinity.price!.p75 <= 480, JSON.stringify(affinity.price));
    });
  });

  describe('popularity', () => {
    const popularityOf = async (id: string) => {
      // Reads by id go to the locale's index (the part alias spans every locale): ids are market|locale|productKey.
      const index = `${service.prefix}-catalog-products-${id.split('|')[1].toLowerCase()}`;
      await service.context.es.indices.refresh({ index });
      const doc = await service.context.es.get<{ popularity: number }>({ index, id });
      return doc._source!.popularity;
    };

    it('writes a higher popularity for the product with more (and more valuable) behaviour, in every locale', async () => {
      const who = { market: 'SE', customerKey: 'pop', sessionKey: 'pop-s' };
      for (let i = 0; i < 3; i++) record({ ...who, type: 'product-view', productKey: 'E' });
      record({ ...who, type: 'add-to-cart', ticket: ticket('E', true) });
      record({ ...who, type: 'purchase', productKey: 'E', variantKey: 'E-1', quantity: 1, sellingPrice: 500 });
      record({ ...who, type: 'product-view', productKey: 'F' });
      for (let i = 0; i < 4; i++) record({ ...who, type: 'product-view', productKey: 'F', at: ago(14) });
      await settle();
      const run = await b.updatePopularity();
      assert.ok(run.documentsUpdated >= 4, JSON.stringify(run));
      const [eSv, eEn, f, g, eNo] = [
        await popularityOf('SE|sv-SE|E'),
        await popularityOf('SE|en-GB|E'),
        await popularityOf('SE|sv-SE|F'),
        await popularityOf('SE|sv-SE|G'),
        await popularityOf('NO|nb-NO|E'),
      ];
      assert.ok(eSv >= 16 && eSv <= 18, `E ${eSv}`);
      assert.equal(eEn, eSv);
      assert.ok(f > 1.5 && f < 2.5, `F ${f}`); // 1 today + 4 two half-lives ago (= 1)
      assert.equal(g, 0);
      assert.equal(eNo, 0);
      const kept = await b.popularityOf('SE', ['E', 'G']);
      assert.equal(kept.get('E'), eSv);
      assert.equal(kept.get('G'), 0);
    });

    it('restores popularity after a full import, from the job of the one process holding the lease', async () => {
      const res = await service.importCatalog(CATALOG);
      assert.equal(res.status, 204);
      assert.equal(await popularityOf('SE|sv-SE|E'), 0);
      const lease = (holder: string) =>
        new Lease(elasticsearchDocuments(service.context.es), `${service.prefix}-behaviour-leases`, 'popularity', holder, 60_000);
      const other = lease('another-process');
      assert.equal(await other.acquire(), true);
      b.startPopularityJob(100);
      try {
        await sleep(400);
        assert.equal(await popularityOf('SE|sv-SE|E'), 0, 'the job ran without the lease');
        await other.release();
        let restored = 0;
        for (let i = 0; i < 50 && !restored; i++) {
          await sleep(100);
          restored = await popularityOf('SE|sv-SE|E');
        }
        assert.ok(restored >= 16, `restored ${restored}`);
        assert.equal(await other.acquire(), false, 'the job holds the lease now');
      } finally {
        await b.stopPopularityJob();
      }
      assert.equal(await other.acquire(), true, 'stopping the job releases the lease');
      await other.release();
    });

    it('sets products whose behaviour aged out back to 0', async () => {
      const { context } = service;
      const later = new BehaviourService({
        es: context.es,
        log: context.log,
        names: behaviourIndexNames(service.prefix),
        productsAlias: `${service.prefix}-catalog-products`,
        productsIndex: (locale) => `${service.prefix}-catalog-products-${locale.toLowerCase()}`,
        configuration: context.configuration,
        liveVersion: () => context.indices.liveVersion(),
        holder: 'later',
        options: DEFAULT_BEHAVIOUR_OPTIONS,
        now: () => new Date(Date.now() + 60 * DAY),
      });
      const run = await later.updatePopularity();
      assert.equal(run.scored, 0);
      assert.ok(run.documentsZeroed >= 4, JSON.stringify(run));
      assert.equal(await popularityOf('SE|sv-SE|E'), 0);
      assert.equal((await b.popularityOf('SE', ['E'])).get('E'), 0);
      await later.close();
    });
  });

  describe('lease', () => {
    it('is held by one process at a time and taken over once expired', async () => {
      const make = (holder: string, ttl: number) =>
        new Lease(elasticsearchDocuments(service.context.es), `${service.prefix}-behaviour-leases`, 'test', holder, ttl);
      const one = make('one', 60_000);
      const two = make('two', 60_000);
      assert.equal(await one.acquire(), true);
      assert.equal(await two.acquire(), false);
      assert.equal(await one.acquire(), true, 'the holder renews');
      await one.release();
      assert.equal(await two.acquire(), true);
      const short = make('short', 1);
      await two.release();
      assert.equal(await short.acquire(), true);
      await sleep(10);
      assert.equal(await one.acquire(), true, 'an expired lease is taken over');
    });
  });

  describe('close()', () => {
    it('writes every buffered event before the client closes', async () => {
      const config = loadConfig(process.env, { indexPrefix: `${service.prefix}-close`, logLevel: 'error' });
      const es = createElasticsearchClient(config.elasticsearchUrl);
      const context = createContext(config, es, createLogger('error'));
      try {
        for (let i = 0; i < 4321; i++)
          context.behaviour.record({ market: 'SE', customerKey: `c${i % 50}`, sessionKey: 's', type: 'search', phrase: `p${i}`, totalHits: 1 });
        await shutdownContext(context);
        await es.indices.refresh({ index: `${config.indexPrefix}-events` });
        assert.equal((await es.count({ index: `${config.indexPrefix}-events` })).count, 4321);
        assert.equal(context.behaviour.stats.dropped, 0);
      } finally {
        await es.indices.delete({ index: `${config.indexPrefix}-*`, ignore_unavailable: true, allow_no_indices: true });
        await es.close();
      }
    });

    it('writes notifications accepted over HTTP just before shutdown', async () => {
      const s = await startService();
      try {
        await s.configure();
        await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            s.request('POST', `/api/storefront/v3/notifications/end?market=SE&customerKey=c${i}&sessionKey=s${i}`).then((r) => assert.equal(r.status, 204)),
          ),
        );
        await shutdownContext(s.context);
        await s.context.es.indices.refresh({ index: `${s.prefix}-events` });
        assert.equal((await s.context.es.count({ index: `${s.prefix}-events`, query: { term: { type: 'end' } } })).count, 200);
      } finally {
        await s.close();
      }
    });
  });
});
