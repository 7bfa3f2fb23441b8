/**
 * Search analytics definitions as pure code: query ids in tickets (v2, v1 still decoding), what counts as a
 * search (a later page is not), the query fields of event documents, purchase attribution through
 * add-to-carts, rates (null on a zero denominator), 1-based click positions, the daily fill, and the
 * parameter parsing (400s naming the parameter).
 */
import assert from 'node:assert/strict';
import { decodeTicket, encodeTicket, type Ticket } from '../../src/events/tickets';
import { SessionSearches, newQueryId, refinementOf } from '../../src/events/searchSessions';
import { eventDocument } from '../../src/events/events';
import {
  chooseAddition,
  chooseClick,
  choosePurchaseTouch,
  queryFactsOf,
  readQueryFacts,
  readTouch,
  type CartAddition,
  type Touch,
} from '../../src/events/attribution';
import {
  bucketStart,
  dailySearch,
  intervalFor,
  nextBucket,
  phraseOf,
  previousRange,
  rankByRate,
  rate,
  readDaily,
  readMetrics,
  searchesSearch,
  totalsOf,
  type PhraseStatistics,
} from '../../src/events/queries/analytics';
import { parseAnalyticsFilter, parseDailyRequest, parseSearchesRequest } from '../../src/behaviour/analytics';
import { toCsv } from '../../src/behaviour/analyticsCsv';
import { answerState } from '../../src/storefront/searchPage/request';
import type { estypes } from '@elastic/elasticsearch';

const who = { market: 'SE', customerKey: 'c1', sessionKey: 's1' };
const at = new Date('2026-11-20T10:00:00.000Z');
const ticket: Ticket = {
  kind: 'variant',
  productKey: 'P1',
  variantKey: 'P1-1',
  pageType: 'SEARCH_PAGE',
  listId: 'PRIMARY_LIST',
  position: 3,
  market: 'SE',
  touchpoint: 'MOBILE',
};
const status400 = (pattern: RegExp) => (err: unknown) => (err as { code?: string }).code === 'invalid' && pattern.test((err as Error).message);

describe('search analytics (definitions)', () => {
  describe('tickets', () => {
    it('carry the query id in version 2 and decode it back', () => {
      const t = { ...ticket, queryId: 'abcDEF123_-xyz09' };
      const encoded = encodeTicket(t);
      assert.ok(Buffer.from(encoded, 'base64url').toString().startsWith('2;'));
      assert.deepEqual(decodeTicket(encoded), t);
      assert.deepEqual(decodeTicket(encodeTicket(ticket)), ticket, 'no query id: none decoded');
    });

    it('still decode version 1 tickets (no query id), and refuse a malformed query id', () => {
      const v1 = Buffer.from('1;SEARCH_PAGE;PRIMARY_LIST;variant;P1;P1-1;3;SE;MOBILE').toString('base64url');
      assert.deepEqual(decodeTicket(v1), ticket);
      const bad = Buffer.from('2;SEARCH_PAGE;PRIMARY_LIST;variant;P1;P1-1;3;SE;MOBILE;a%20b').toString('base64url');
      assert.throws(() => decodeTicket(bad), status400(/bad query id/));
      const v1WithId = Buffer.from('1;SEARCH_PAGE;PRIMARY_LIST;variant;P1;P1-1;3;SE;MOBILE;q').toString('base64url');
      assert.throws(() => decodeTicket(v1WithId), status400(/unknown format/));
    });
  });

  describe('a search', () => {
    it("is each answer for a phrase, except a later page of the session's previous phrase", () => {
      let n = 0;
      const s = new SessionSearches(() => `q${++n}`);
      assert.deepEqual(s.register('A', 'shoes', 0), { queryId: 'q1', continued: false });
      assert.deepEqual(s.register('A', 'shoes', 24), { queryId: 'q1', continued: true, refinement: ['page'] }, 'page 2');
      assert.deepEqual(s.register('A', 'shoes', 48), { queryId: 'q1', continued: true, refinement: ['page'] }, 'page 3');
      assert.deepEqual(s.register('B', 'shoes', 24), { queryId: 'q2', continued: false }, 'another session');
      assert.deepEqual(s.register('A', 'hats', 0), { queryId: 'q3', continued: false }, 'a new phrase');
      assert.deepEqual(s.register('A', 'shoes', 24), { queryId: 'q4', continued: false }, 'the same phrase after another phrase');
      assert.deepEqual(s.register('A', 'shoes', 0), { queryId: 'q5', continued: false }, "without the answer's state, a first page is a search");
    });

    it('counts a phrase once per session run: a facet, sort or page change refines it, a repeat is nothing new', () => {
      let n = 0;
      const s = new SessionSearches(() => `q${++n}`);
      const state = (over: Partial<{ facet: string; sort: string; page: string }> = {}) => ({ facet: '[]', sort: 'RELEVANCE', page: '0:60', ...over });
      assert.deepEqual(s.register('A', 'shoes', 0, state()), { queryId: 'q1', continued: false }, 'typed');
      assert.deepEqual(s.register('A', 'shoes', 0, state()), { queryId: 'q1', continued: true }, 'a reload, or the phrase chosen again from suggestions');
      assert.deepEqual(s.register('A', 'shoes', 0, state({ facet: '[brand]' })), { queryId: 'q1', continued: true, refinement: ['facet'] });
      assert.deepEqual(s.register('A', 'shoes', 0, state({ facet: '[brand]', sort: 'PRICE_ASCENDING' })), {
        queryId: 'q1',
        continued: true,
        refinement: ['sort'],
      });
      assert.deepEqual(s.register('A', 'shoes', 60, state({ sort: 'NEWEST_FIRST', page: '60:60' })), {
        queryId: 'q1',
        continued: true,
        refinement: ['facet', 'sort', 'page'],
      });
      assert.deepEqual(s.register('A', 'boots', 0, state()), { queryId: 'q2', continued: false }, 'another phrase');
      assert.deepEqual(s.register('A', 'shoes', 0, state()), { queryId: 'q3', continued: false }, 'back to the first phrase: a new search');
      assert.deepEqual(refinementOf(state(), state({ page: '0:120' })), ['page'], 'a longer first page ("show more")');
    });

    it('compares answers by facets (order of selection aside), selected category, sort and page', () => {
      const base = { selections: new Map(), sort: 'RELEVANCE' as const, skip: 0, limit: 60, viewAllSecondary: false };
      const brand = { kind: 'values' as const, values: ['Acme'] };
      const colour = { kind: 'values' as const, values: ['red'] };
      const a = answerState({
        ...base,
        selections: new Map([
          ['brand', brand],
          ['colour', colour],
        ]),
      });
      const b = answerState({
        ...base,
        selections: new Map([
          ['colour', colour],
          ['brand', brand],
        ]),
      });
      assert.deepEqual(refinementOf(a, b), []);
      assert.deepEqual(refinementOf(answerState(base), a), ['facet']);
      assert.deepEqual(refinementOf(answerState(base), answerState({ ...base, selectedCategory: '/shoes' })), ['facet']);
      assert.deepEqual(refinementOf(answerState(base), answerState({ ...base, sort: 'PRICE_ASCENDING' })), ['sort']);
      assert.deepEqual(refinementOf(answerState(base), answerState({ ...base, skip: 60 })), ['page']);
    });

    it('has 16-character url-safe query ids', () => {
      assert.match(newQueryId(), /^[A-Za-z0-9_-]{16}$/);
      assert.notEqual(newQueryId(), newQueryId());
    });
  });

  describe('event documents', () => {
    it('give a search its own query fields and mark a continued one', () => {
      const doc = eventDocument({ ...who, locale: 'sv-SE', type: 'search', phrase: ' Red Shoes', totalHits: 0, queryId: 'q1', skip: 0 }, at);
      assert.deepEqual(
        [doc.queryId, doc.queryPhrase, doc.queryAt, doc.queryLocale, doc.queryTotalHits, doc.skip, doc.continued],
        ['q1', 'red shoes', at.toISOString(), 'sv-SE', 0, 0, undefined],
      );
      assert.equal(eventDocument({ ...who, type: 'search', phrase: 'x', totalHits: 1, queryId: 'q1', skip: 24, continued: true }, at).continued, true);
      assert.deepEqual(
        eventDocument({ ...who, type: 'search', phrase: 'x', totalHits: 1, queryId: 'q1', skip: 0, continued: true, refinement: ['facet', 'sort'] }, at)
          .refinement,
        ['facet', 'sort'],
      );
    });

    it("give a click its ticket's query id, and the resolved query's phrase, time and locale", () => {
      const click = eventDocument({ ...who, type: 'click', ticket: { ...ticket, queryId: 'q1' } }, at);
      assert.deepEqual([click.queryId, click.queryPhrase], ['q1', undefined]);
      const resolved = eventDocument(
        {
          ...who,
          type: 'click',
          ticket: { ...ticket, queryId: 'q1' },
          query: { queryId: 'q1', at: '2026-11-19T23:59:00.000Z', phrase: 'shoes', locale: 'sv-SE' },
        },
        at,
      );
      assert.deepEqual([resolved.queryId, resolved.queryPhrase, resolved.queryAt, resolved.queryLocale], ['q1', 'shoes', '2026-11-19T23:59:00.000Z', 'sv-SE']);
    });

    it('give a purchase line its revenue, without floating-point noise', () => {
      assert.equal(eventDocument({ ...who, type: 'purchase', productKey: 'P', variantKey: 'V', quantity: 3, sellingPrice: 19.9 }, at).revenue, 59.7);
      assert.equal(
        eventDocument({ ...who, type: 'purchase', productKey: 'P', variantKey: 'V', quantity: 1, sellingPrice: 1, purchaseId: 'o1' }, at).purchaseId,
        'o1',
      );
    });
  });

  describe('attribution', () => {
    const q = (queryId: string) => ({ queryId });
    const additions: CartAddition[] = [
      { productKey: 'P', variantKey: 'V1', at: '2026-11-20T10:00:00.000Z', query: q('old') },
      { productKey: 'P', variantKey: 'V1', at: '2026-11-20T10:05:00.000Z', query: q('latest') },
      { productKey: 'P', variantKey: 'V1', at: '2026-11-20T11:00:00.000Z', query: q('after the purchase') },
      { productKey: 'P', at: '2026-11-20T10:06:00.000Z', query: q('product ticket') },
    ];
    const line = (variantKey: string) => ({ productKey: 'P', variantKey, at: '2026-11-20T10:30:00.000Z' });

    it('credits a purchase line to the latest add-to-cart of its variant before it', () => {
      assert.equal(chooseAddition(additions, line('V1'))?.query.queryId, 'latest');
    });

    it('falls back to the latest product-ticket add-to-cart of its product, else to nothing', () => {
      assert.equal(chooseAddition(additions, line('V2'))?.query.queryId, 'product ticket');
      assert.equal(chooseAddition(additions, { ...line('V9'), productKey: 'Q' }), undefined);
      assert.equal(chooseAddition([], line('V1')), undefined);
    });

    const HOUR = 3_600_000;
    const touch = (type: Touch['type'], queryId: string, atTime: string, over: Partial<Touch> = {}): Touch => ({
      type,
      productKey: 'P',
      at: `2026-11-20T${atTime}:00.000Z`,
      query: q(queryId),
      ...over,
    });

    it("credits an add-to-cart without a query (product page) to the session's latest click on the product within the window", () => {
      const touches = [
        touch('click', 'first', '09:00'),
        touch('click', 'latest', '10:00', { position: 2 }),
        touch('click', 'other product', '10:10', { productKey: 'Q' }),
        touch('click', 'later', '11:00'),
      ];
      const cart = { productKey: 'P', at: '2026-11-20T10:20:00.000Z' };
      assert.deepEqual(chooseClick(touches, cart, 24 * HOUR), touches[1]);
      assert.equal(chooseClick(touches, cart, HOUR / 2)?.query.queryId, 'latest');
      assert.equal(chooseClick(touches, { ...cart, at: '2026-11-21T11:01:00.000Z' }, 24 * HOUR), undefined, 'outside the window');
      assert.equal(chooseClick([touch('add-to-cart', 'a cart', '10:00')], cart, 24 * HOUR), undefined, 'only clicks');
    });

    it('credits a purchase line to its add-to-cart, else to a click on its product, once, within the window', () => {
      const line = { productKey: 'P', variantKey: 'V1', at: '2026-11-20T12:00:00.000Z' };
      const click = touch('click', 'clicked', '10:00');
      const cart = touch('add-to-cart', 'carted', '09:30', { variantKey: 'V1' });
      assert.equal(choosePurchaseTouch([click, cart], line, 24 * HOUR)?.query.queryId, 'carted', 'the add-to-cart first, even before a later click');
      assert.equal(choosePurchaseTouch([click], line, 24 * HOUR)?.query.queryId, 'clicked', 'no add-to-cart notification: the click');
      assert.equal(choosePurchaseTouch([click, cart], line, HOUR), undefined, 'both older than the window');
      assert.equal(choosePurchaseTouch([click], { ...line, productKey: 'Q' }, 24 * HOUR), undefined, 'no search led to the product');
    });

    it('reads stored attributed clicks and add-to-carts, not unattributed ones', () => {
      const stored = { '@timestamp': 'T', type: 'click' as const, productKey: 'P', position: 3, queryId: 'q1', queryPhrase: 'shoes' };
      assert.deepEqual(readTouch(stored), { type: 'click', productKey: 'P', at: 'T', position: 3, query: { queryId: 'q1', phrase: 'shoes' } });
      assert.equal(readTouch({ ...stored, queryId: undefined }), undefined);
      assert.equal(readTouch({ ...stored, type: 'purchase' }), undefined);
    });

    it("takes a query from the answer's own event (not a later page) and from stored documents", () => {
      const stamped = { ...who, locale: 'en-GB', type: 'search' as const, phrase: 'Shoes', totalHits: 4, queryId: 'q1', at };
      assert.deepEqual(queryFactsOf(stamped), { queryId: 'q1', at: at.toISOString(), locale: 'en-GB', phrase: 'shoes', totalHits: 4 });
      assert.equal(queryFactsOf({ ...stamped, continued: true }), undefined);
      assert.deepEqual(queryFactsOf({ ...who, type: 'page-view', pageId: '/x', queryId: 'p1', at }), { queryId: 'p1', at: at.toISOString() });
      assert.deepEqual(readQueryFacts({ queryId: 'q1', queryAt: 'T', queryPhrase: 'shoes' }), { queryId: 'q1', at: 'T', phrase: 'shoes' });
      assert.equal(readQueryFacts({ type: 'click' }), undefined);
    });
  });

  describe('numbers', () => {
    const bucket = (searches: number, zero: number, clicked: number, position: number | null, revenue = 0) => ({
      searches: { doc_count: searches, sessions: { value: searches }, zero: { doc_count: zero } },
      clicks: { doc_count: clicked * 2, queries: { value: clicked }, primary: { doc_count: 1, position: { value: position } } },
      addToCarts: { doc_count: 0, queries: { value: 0 } },
      purchases: { doc_count: 3, queries: { value: 1 }, revenue: { value: revenue }, orders: { value: 1 }, unnumbered: { doc_count: 0 } },
      refinements: { doc_count: 3, facet: { doc_count: 2 }, sort: { doc_count: 1 }, page: { doc_count: 0 } },
    });

    it('make a rate null when its denominator is 0, not 0', () => {
      assert.equal(rate(0, 0), null);
      assert.equal(rate(0, 4), 0);
      assert.equal(rate(1, 3), 1 / 3);
      assert.deepEqual(totalsOf(readMetrics(undefined)), {
        searches: 0,
        refinements: 0,
        facetRefinements: 0,
        sortRefinements: 0,
        pageRefinements: 0,
        sessions: 0,
        zeroResultSearches: 0,
        zeroResultRate: null,
        noClickSearches: 0,
        clickThroughRate: null,
        addToCartRate: null,
        conversionRate: null,
        revenue: 0,
        averageClickPosition: null,
      });
    });

    it('count click positions from 1 and searches with a click, not clicks', () => {
      const p = phraseOf('shoes', readMetrics(bucket(4, 1, 2, 0.5, 0.1 + 0.2)));
      assert.deepEqual(
        p,
        {
          phrase: 'shoes',
          searches: 4,
          refinements: 3,
          sessions: 4,
          zeroResultSearches: 1,
          noClickSearches: 1,
          clicks: 4,
          clickThroughRate: 0.5,
          addToCarts: 0,
          addToCartRate: 0,
          purchases: 1,
          conversionRate: 0.25,
          revenue: 0.3,
          averageClickPosition: 1.5,
        },
        'three lines of one purchase count once',
      );
      const totals = totalsOf(readMetrics(bucket(4, 1, 2, 0.5)));
      assert.deepEqual([totals.refinements, totals.facetRefinements, totals.sortRefinements, totals.pageRefinements], [3, 2, 1, 0]);
      const legacy = readMetrics({ purchases: { doc_count: 2, orders: { value: 1 }, unnumbered: { doc_count: 1 } } });
      assert.equal(legacy.purchases, 2, 'a line stored without a purchase id counts as one purchase');
    });

    it('rank by a rate: highest first, null last, then more searches, then the phrase', () => {
      const p = (phrase: string, searches: number, clickThroughRate: number | null) => ({ phrase, searches, clickThroughRate }) as PhraseStatistics;
      assert.deepEqual(
        rankByRate([p('a', 1, 0.5), p('b', 0, null), p('c', 4, 0.5), p('d', 2, 1), p('e', 3, 0.5)], 'clickThroughRate').map((x) => x.phrase),
        ['d', 'c', 'e', 'a', 'b'],
      );
    });

    it('compare with as many days just before the range', () => {
      assert.deepEqual(previousRange({ from: '2026-11-21', to: '2026-11-27' }), { from: '2026-11-14', to: '2026-11-20' });
      assert.deepEqual(previousRange({ from: '2026-03-01', to: '2026-03-01' }), { from: '2026-02-28', to: '2026-02-28' });
    });

    it('write CSV a spreadsheet reads: quoted, and a typed formula stays text', () => {
      assert.equal(
        toCsv(
          ['phrase', 'n'],
          [
            ['a, "b"', 1],
            ['=HYPERLINK("x")', null],
            ['-1', -1],
          ],
        ),
        `phrase,n\r\n"a, ""b""",1\r\n"'=HYPERLINK(""x"")",\r\n'-1,-1\r\n`,
      );
    });

    it('list every day of the range, empty ones included', () => {
      const response = {
        aggregations: { days: { buckets: [{ key_as_string: '2026-11-20', ...bucket(2, 0, 1, null) }] } },
      } as unknown as estypes.SearchResponse<unknown>;
      const days = readDaily(response, { market: 'SE', from: '2026-11-19', to: '2026-11-21', interval: 'day' }).days;
      assert.deepEqual(
        days.map((d) => [d.date, d.searches, d.clickThroughRate]),
        [
          ['2026-11-19', 0, null],
          ['2026-11-20', 2, 0.5],
          ['2026-11-21', 0, null],
        ],
      );
    });

    it('choose days up to a month, weeks up to half a year, months beyond, and list every bucket of the range', () => {
      assert.deepEqual(
        [
          intervalFor({ from: '2026-11-01', to: '2026-12-01' }),
          intervalFor({ from: '2026-11-01', to: '2026-12-02' }),
          intervalFor({ from: '2026-01-01', to: '2026-07-02' }),
          intervalFor({ from: '2025-11-27', to: '2026-11-26' }),
        ],
        ['day', 'week', 'week', 'month'],
      );
      assert.deepEqual(
        [bucketStart('2026-11-26', 'week'), bucketStart('2026-11-23', 'week'), bucketStart('2026-11-22', 'week'), bucketStart('2026-11-26', 'month')],
        ['2026-11-23', '2026-11-23', '2026-11-16', '2026-11-01'],
      );
      assert.deepEqual(
        [nextBucket('2026-12-28', 'week'), nextBucket('2026-01-01', 'month'), nextBucket('2026-12-01', 'month')],
        ['2027-01-04', '2026-02-01', '2027-01-01'],
      );
      const response = {
        aggregations: { days: { buckets: [{ key_as_string: '2026-03-01', ...bucket(2, 1, 1, null) }] } },
      } as unknown as estypes.SearchResponse<unknown>;
      const year = readDaily(response, { market: 'SE', from: '2025-11-27', to: '2026-11-26', interval: 'month' });
      assert.equal(year.interval, 'month');
      assert.equal(year.days.length, 13);
      assert.deepEqual([year.days[0].date, year.days[12].date], ['2025-11-01', '2026-11-01']);
      assert.deepEqual(
        year.days.filter((d) => d.searches).map((d) => [d.date, d.searches, d.zeroResultRate, d.clickThroughRate]),
        [['2026-03-01', 2, 0.5, 0.5]],
      );
      const histogram = dailySearch('ev', { market: 'SE', from: '2025-11-27', to: '2026-11-26', interval: 'month' }).aggs!.days as {
        date_histogram: { calendar_interval: string; extended_bounds: unknown };
      };
      assert.deepEqual(
        [histogram.date_histogram.calendar_interval, histogram.date_histogram.extended_bounds],
        ['month', { min: '2025-11-01', max: '2026-11-26' }],
      );
    });

    it("filter on the search's day (UTC, `to` inclusive) and order the phrases as asked", () => {
      const r = searchesSearch('ev', { market: 'SE', from: '2026-11-19', to: '2026-11-21', limit: 10, sort: 'zeroResultSearches', locale: 'sv-SE' });
      assert.deepEqual((r.query as { bool: { filter: unknown[] } }).bool.filter.slice(2), [
        { exists: { field: 'queryPhrase' } },
        { range: { queryAt: { gte: '2026-11-19T00:00:00.000Z', lt: '2026-11-22T00:00:00.000Z' } } },
        { term: { queryLocale: 'sv-SE' } },
      ]);
      assert.deepEqual((r.aggs!.phrases as { terms: { order: unknown } }).terms.order, [{ 'searches>zero': 'desc' }, { searches: 'desc' }, { _key: 'asc' }]);
      const d = dailySearch('ev', { market: 'SE', from: '2026-11-19', to: '2026-11-21', interval: 'day' });
      assert.deepEqual((d.aggs!.days as { date_histogram: { extended_bounds: unknown } }).date_histogram.extended_bounds, {
        min: '2026-11-19',
        max: '2026-11-21',
      });
    });
  });

  describe('parameters', () => {
    const configuration = { markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' } } };
    const today = new Date('2026-11-26T15:00:00Z');
    it('default to the last 7 days, 100 phrases, by searches', () => {
      assert.deepEqual(parseSearchesRequest({ market: 'SE' }, configuration, today), {
        market: 'SE',
        from: '2026-11-20',
        to: '2026-11-26',
        limit: 100,
        sort: 'searches',
      });
      assert.deepEqual(parseAnalyticsFilter({ market: 'SE', to: '2026-01-03', touchpoint: 'mobile', locale: 'en-GB' }, configuration, today), {
        market: 'SE',
        from: '2025-12-28',
        to: '2026-01-03',
        locale: 'en-GB',
        touchpoint: 'MOBILE',
      });
      assert.deepEqual(
        parseAnalyticsFilter({ market: 'SE', from: '2025-10-23', to: '2026-11-26' }, configuration, today).from,
        '2025-10-23',
        '400 days is allowed',
      );
    });

    it('refuse bad input naming the parameter', () => {
      const bad = (query: Record<string, string>, pattern: RegExp) =>
        assert.throws(() => parseSearchesRequest(query, configuration, today), status400(pattern));
      bad({}, /market is required/);
      bad({ market: 'NO' }, /market: unknown market "NO"/);
      bad({ market: 'SE', locale: 'nb-NO' }, /locale/);
      bad({ market: 'SE', from: '2026-02-29' }, /from must be a date/);
      bad({ market: 'SE', to: '26-11-2026' }, /to must be a date/);
      bad({ market: 'SE', from: '2026-11-27' }, /from \(2026-11-27\) is after to/);
      bad({ market: 'SE', from: '2025-10-22' }, /401 days, at most 400/);
      bad({ market: 'SE', limit: '1001' }, /limit must be between 1 and 1000/);
      bad({ market: 'SE', limit: '1.5' }, /limit must be an integer/);
      bad({ market: 'SE', sort: 'revenu' }, /sort must be one of/);
      assert.throws(() => parseSearchesRequest({ market: 'SE' }, undefined, today), status400(/no markets are configured/));
      assert.throws(() => parseDailyRequest({ market: 'SE', interval: 'hour' }, configuration, today), status400(/interval must be one of day, week, month/));
      assert.equal(parseDailyRequest({ market: 'SE', interval: 'week' }, configuration, today).interval, 'week');
      assert.equal(parseDailyRequest({ market: 'SE', from: '2025-11-27' }, configuration, today).interval, 'month');
    });
  });
});
