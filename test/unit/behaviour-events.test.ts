/** Behaviour events: the document each event becomes, phrase normalisation, the buffer and the LRU. */
import assert from 'node:assert/strict';
import { eventDocument, keysToEnrich, normalizePhrase, type BehaviourEvent, type ProductFacts } from '../../src/events/events';
import { EventBuffer } from '../../src/behaviour/eventBuffer';
import { LruCache } from '../../src/events/lru';
import type { Ticket } from '../../src/events/tickets';

const who = { market: 'SE', customerKey: 'c1', sessionKey: 's1' };
const at = new Date('2026-11-20T10:00:00.000Z');
const base = { '@timestamp': '2026-11-20T10:00:00.000Z', market: 'SE', customerKey: 'c1', sessionKey: 's1' };
const shoe: ProductFacts = { productKey: 'P1', brand: 'Acme', category: ['Skor'], categoryIds: ['cat_shoes'], price: 150 };
const facts = new Map([
  ['P1', shoe],
  ['P1-1', shoe],
]);
const variantTicket: Ticket = {
  kind: 'variant',
  productKey: 'P1',
  variantKey: 'P1-1',
  pageType: 'SEARCH_PAGE',
  listId: 'PRIMARY_LIST',
  position: 3,
  market: 'SE',
  touchpoint: 'MOBILE',
};

describe('behaviour events', () => {
  describe('eventDocument', () => {
    it('stores a search with its normalised phrase, hits, origin, locale and touchpoint', () => {
      const e: BehaviourEvent = { ...who, locale: 'sv-SE', touchpoint: 'DESKTOP', type: 'search', phrase: '  Red   SHOES ', totalHits: 12, origin: 'ORGANIC' };
      assert.deepEqual(eventDocument(e, at), {
        ...base,
        type: 'search',
        locale: 'sv-SE',
        touchpoint: 'DESKTOP',
        phrase: 'red shoes',
        totalHits: 12,
        origin: 'ORGANIC',
      });
    });

    it('stores a click from a variant ticket with list, position, touchpoint and the product facts', () => {
      const e: BehaviourEvent = { ...who, type: 'click', ticket: variantTicket };
      assert.deepEqual(eventDocument(e, at, facts), {
        ...base,
        type: 'click',
        touchpoint: 'MOBILE',
        pageType: 'SEARCH_PAGE',
        listId: 'PRIMARY_LIST',
        position: 3,
        productKey: 'P1',
        variantKey: 'P1-1',
        brand: 'Acme',
        category: ['Skor'],
        categoryIds: ['cat_shoes'],
        price: 150,
      });
    });

    it('stores a content click with its content key only', () => {
      const ticket: Ticket = { kind: 'content', contentKey: 'C1', pageType: 'LANDING_PAGE', listId: 'news', position: 0, market: 'SE', touchpoint: 'DESKTOP' };
      assert.deepEqual(eventDocument({ ...who, type: 'click', ticket }, at, facts), {
        ...base,
        type: 'click',
        touchpoint: 'DESKTOP',
        pageType: 'LANDING_PAGE',
        listId: 'news',
        position: 0,
        contentKey: 'C1',
      });
    });

    it('writes an event without product facts when none are known', () => {
      assert.deepEqual(eventDocument({ ...who, type: 'add-to-cart', ticket: variantTicket }, at), {
        ...base,
        type: 'add-to-cart',
        touchpoint: 'MOBILE',
        pageType: 'SEARCH_PAGE',
        listId: 'PRIMARY_LIST',
        position: 3,
        productKey: 'P1',
        variantKey: 'P1-1',
      });
    });

    it('stores a purchase line with quantity, the line price (not the catalog price) and its revenue', () => {
      assert.deepEqual(eventDocument({ ...who, type: 'purchase', productKey: 'P1', variantKey: 'P1-1', quantity: 2, sellingPrice: 99.5 }, at, facts), {
        ...base,
        type: 'purchase',
        productKey: 'P1',
        variantKey: 'P1-1',
        quantity: 2,
        price: 99.5,
        revenue: 199,
        brand: 'Acme',
        category: ['Skor'],
        categoryIds: ['cat_shoes'],
      });
    });

    it('stores removals in phrase / productKey, distinct and normalised, with removeAll', () => {
      assert.deepEqual(eventDocument({ ...who, type: 'remove-recent-searches', phrases: ['Red Shoes', 'red shoes ', 'hat'], removeAll: false }, at), {
        ...base,
        type: 'remove-recent-searches',
        removeAll: false,
        phrase: ['red shoes', 'hat'],
      });
      assert.deepEqual(eventDocument({ ...who, type: 'remove-recently-viewed', productKeys: [], removeAll: true }, at), {
        ...base,
        type: 'remove-recently-viewed',
        removeAll: true,
      });
    });

    it('resolves cart keys (variant or product) to product keys', () => {
      assert.deepEqual(eventDocument({ ...who, type: 'cart', keys: ['P1-1', 'P1', 'unknown'] }, at, facts), {
        ...base,
        type: 'cart',
        keys: ['P1-1', 'P1', 'unknown'],
        productKey: ['P1'],
      });
    });

    it('stores favourites, views and end', () => {
      assert.deepEqual(eventDocument({ ...who, type: 'add-favorite', productKey: 'P1', variantKey: 'P1-1' }, at, facts), {
        ...base,
        type: 'add-favorite',
        productKey: 'P1',
        variantKey: 'P1-1',
        brand: 'Acme',
        category: ['Skor'],
        categoryIds: ['cat_shoes'],
        price: 150,
      });
      assert.deepEqual(eventDocument({ ...who, type: 'product-view', productKey: 'P9' }, at, facts), { ...base, type: 'product-view', productKey: 'P9' });
      assert.deepEqual(eventDocument({ ...who, type: 'end' }, at), { ...base, type: 'end' });
    });
  });

  it('keysToEnrich names the products an event is about', () => {
    assert.deepEqual(keysToEnrich({ ...who, type: 'click', ticket: variantTicket }), ['P1']);
    assert.deepEqual(keysToEnrich({ ...who, type: 'cart', keys: ['a', 'b'] }), ['a', 'b']);
    assert.deepEqual(keysToEnrich({ ...who, type: 'search', phrase: 'x', totalHits: 0 }), []);
  });

  it('normalizePhrase trims, collapses whitespace and lower-cases', () => {
    assert.equal(normalizePhrase('  Röd\tJACKA  xl '), 'röd jacka xl');
  });

  describe('EventBuffer', () => {
    it('drops the oldest events when full and counts them', () => {
      const buffer = new EventBuffer<string>(3);
      for (const e of ['a', 'b', 'c']) assert.equal(buffer.push(e), 0);
      assert.equal(buffer.push('d'), 1);
      assert.equal(buffer.dropped, 1);
      assert.deepEqual(
        buffer.take(10).map((b) => b.event),
        ['b', 'c', 'd'],
      );
      assert.equal(buffer.size, 0);
    });

    it('takes only events recorded before a sequence number, in order', () => {
      const buffer = new EventBuffer<string>(10);
      buffer.push('a');
      buffer.push('b');
      const mark = buffer.nextSequence;
      buffer.push('c');
      assert.equal(buffer.hasBefore(mark), true);
      assert.deepEqual(
        buffer.take(1, mark).map((b) => b.event),
        ['a'],
      );
      assert.deepEqual(
        buffer.take(10, mark).map((b) => b.event),
        ['b'],
      );
      assert.equal(buffer.hasBefore(mark), false);
      assert.equal(buffer.size, 1);
    });

    it('puts a failed batch back at the front, still bounded (the oldest go first)', () => {
      const buffer = new EventBuffer<string>(3);
      buffer.push('a');
      buffer.push('b');
      const batch = buffer.take(2);
      buffer.push('c');
      buffer.push('d');
      assert.equal(buffer.putBack(batch), 1);
      assert.deepEqual(
        buffer.take(10).map((b) => b.event),
        ['b', 'c', 'd'],
      );
      assert.equal(buffer.dropped, 1);
    });

    it('stays correct across compaction with many events', () => {
      const buffer = new EventBuffer<number>(100_000);
      for (let i = 0; i < 5000; i++) buffer.push(i);
      let next = 0;
      while (buffer.size) for (const b of buffer.take(777)) assert.equal(b.event, next++);
      assert.equal(next, 5000);
    });
  });

  describe('LruCache', () => {
    it('evicts the least recently used entry and expires entries after the TTL', () => {
      let now = 0;
      const cache = new LruCache<number>(2, 100, () => now);
      cache.set('a', 1);
      cache.set('b', 2);
      assert.equal(cache.get('a'), 1);
      cache.set('c', 3);
      assert.equal(cache.get('b'), undefined);
      assert.equal(cache.get('a'), 1);
      now = 150;
      assert.equal(cache.get('a'), undefined);
    });
  });
});
