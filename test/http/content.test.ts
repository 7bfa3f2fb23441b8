/**
 * content-information and content-search-page over HTTP, through the official client, against the real
 * node. Every content item of the catalog is listed below, so each assertion can be exact.
 */
import assert from 'node:assert/strict';
import type { ContentInformation, ContentSearchPage } from '@apptus/esales-api';
import { startService, type TestService } from './harness';
import type { Content, ReplaceEntity } from '../../src/catalog/types';
import { decodeTicket } from '../../src/events/tickets';

const content = (
  key: string,
  type: string,
  title: string,
  more: Partial<NonNullable<Content['defaults']>> = {},
  rest: Partial<Content> = {},
): ReplaceEntity => ({ key, content: { markets: ['SE'], type, defaults: { title, url: `/c/${key}`, ...more }, ...rest } });

/** Twelve news items for paging, one a day in January: `store-1` oldest, `store-12` newest. */
const NEWS = Array.from({ length: 12 }, (_, i) =>
  content(`store-${i + 1}`, 'news', `Store opening number ${i + 1}`, { releaseDate: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z` }),
);

const CATALOG: ReplaceEntity[] = [
  {
    key: 'G-1',
    productGroup: {
      products: {
        p1: {
          markets: ['SE', 'NO'],
          defaults: { title: 'Walking shoe', url: '/p/p1' },
          variants: { 'p1-v': { defaults: { listPrice: 10, sellingPrice: 10, stock: 1 } } },
        },
      },
    },
  },
  content('faq-returns', 'faq', 'Returns and refunds', {
    description: 'How to send items back',
    releaseDate: '2026-02-01T00:00:00Z',
    customLabels: { topic: ['orders'] },
  }),
  content('faq-shipping', 'faq', 'Shipping times', {
    description: 'Delivery within three days',
    releaseDate: '2026-03-01T00:00:00Z',
    customLabels: { topic: ['orders'] },
  }),
  content('faq-shipping-no', 'faq', 'Shipping to Norway', { customLabels: { topic: ['orders', 'abroad'] } }),
  content(
    'guide-running',
    'article',
    'Running guide',
    { description: 'How to start', releaseDate: '2025-06-01T00:00:00Z' },
    {
      image: { defaults: { urls: [{ url: 'https://img/run.jpg', widthInitial: 640 }], alt: 'A runner', caption: 'Morning run' } },
    },
  ),
  content('guide-care', 'article', 'Leather care guide for your boots', { releaseDate: '2026-05-01T00:00:00Z' }),
  content('news-no', 'faq', 'Shipping news', {}, { markets: ['NO'] }),
  ...NEWS,
];

describe('content-information and content-search-page (HTTP)', function () {
  let service: TestService;
  let api: ReturnType<typeof import('@apptus/esales-api').elevate>;

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    const { elevate } = await import('@apptus/esales-api');
    api = elevate({ clusterId: service.url, market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', session: () => ({ customerKey: 'c1', sessionKey: 's1' }) });
  });
  after(async () => service.close());

  const keys = (items: { key: string }[]) => items.map((i) => i.key);
  const rejects = (promise: Promise<unknown>, pattern: RegExp) => assert.rejects(promise, pattern);

  describe('content-information', () => {
    it('returns the asked items in the order asked, skipping unknown keys and keys of other markets', async () => {
      const result: ContentInformation = await api.query.contentInformation({
        contentKeys: ['guide-running', 'nope', 'news-no', 'faq-returns', 'guide-running'],
        notify: false,
      });
      assert.deepEqual(keys(result.items), ['guide-running', 'faq-returns']);
      const [running, returns] = result.items;
      assert.deepEqual(
        { ...running, ticket: decodeTicket(running.ticket) },
        {
          key: 'guide-running',
          type: 'article',
          title: 'Running guide',
          link: '/c/guide-running',
          description: 'How to start',
          releaseDate: '2025-06-01T00:00:00Z',
          image: { alt: 'A runner', caption: 'Morning run', sources: [{ url: 'https://img/run.jpg', width: 640 }] },
          custom: {},
          ticket: {
            pageType: 'CONTENT_INFORMATION',
            listId: 'ITEMS',
            kind: 'content',
            contentKey: 'guide-running',
            position: 0,
            market: 'SE',
            touchpoint: 'DESKTOP',
          },
        },
      );
      assert.deepEqual([returns.custom, decodeTicket(returns.ticket).position], [{ topic: [{ id: 'orders', label: 'orders' }] }, 1]);
    });

    it('answers only GET, as the official client sends it', async () => {
      const res = await service.request(
        'POST',
        '/api/storefront/v3/queries/content-information?contentKeys=faq-returns&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s',
        { body: '{}' },
      );
      assert.equal(res.status, 405);
    });

    it('answers an empty list when no key is known', async () => {
      assert.deepEqual(await api.query.contentInformation({ contentKeys: ['nope'] }), { items: [] });
    });

    it('answers 400 for missing, empty or too many contentKeys', async () => {
      await rejects(api.query.contentInformation({ contentKeys: [] }), /Query parameter contentKeys is required/);
      await rejects(api.query.contentInformation({ contentKeys: ['|'] }), /Query parameter contentKeys is required/);
      await rejects(
        api.query.contentInformation({ contentKeys: Array.from({ length: 101 }, (_, i) => `k${i}`) }),
        /contentKeys holds at most 100 keys \(got 101\)/,
      );
      const res = await service.request(
        'GET',
        '/api/storefront/v3/queries/content-information?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s',
      );
      assert.equal(res.status, 400);
      assert.match(((await res.json()) as { message: string }).message, /contentKeys is required/);
    });

    it('answers 400 for a bad shared parameter', async () => {
      const elevate = (await import('@apptus/esales-api')).elevate;
      const other = elevate({
        clusterId: service.url,
        market: 'XX',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        session: () => ({ customerKey: 'c1', sessionKey: 's1' }),
      });
      await rejects(other.query.contentInformation({ contentKeys: ['faq-returns'] }), /market: unknown market "XX"/);
    });
  });

  describe('content-search-page', () => {
    it('finds content by phrase, with the sort options and tickets of its primary list', async () => {
      const page: ContentSearchPage = await api.query.contentSearchPage({ q: 'shipping', notify: false });
      assert.deepEqual(Object.keys(page).sort(), ['didYouMean', 'primaryList', 'q']);
      assert.deepEqual(
        [page.q, page.primaryList.totalHits, keys(page.primaryList.items), page.didYouMean],
        ['shipping', 2, ['faq-shipping', 'faq-shipping-no'], []],
      );
      assert.deepEqual(page.primaryList.sort, {
        selected: 'RELEVANCE',
        options: [
          { id: 'RELEVANCE', label: 'Relevans' },
          { id: 'NEWEST_FIRST', label: 'Nyast först' },
        ],
      });
      const { ticket, ...item } = page.primaryList.items[0];
      assert.deepEqual(item, {
        key: 'faq-shipping',
        type: 'faq',
        title: 'Shipping times',
        link: '/c/faq-shipping',
        description: 'Delivery within three days',
        releaseDate: '2026-03-01T00:00:00Z',
        custom: { topic: [{ id: 'orders', label: 'orders' }] },
      });
      assert.deepEqual(decodeTicket(ticket), {
        pageType: 'CONTENT_SEARCH_PAGE',
        listId: 'PRIMARY_LIST',
        kind: 'content',
        contentKey: 'faq-shipping',
        position: 0,
        market: 'SE',
        touchpoint: 'DESKTOP',
      });
    });

    it('gives tickets that click notifications accept', async () => {
      const [item] = (await api.query.contentSearchPage({ q: 'returns', notify: false })).primaryList.items;
      await api.notify.click(item.ticket);
      const [info] = (await api.query.contentInformation({ contentKeys: ['faq-returns'] })).items;
      await api.notify.click(info.ticket);
    });

    it('matches every term of the phrase in title, description or custom labels', async () => {
      assert.deepEqual(keys((await api.query.contentSearchPage({ q: 'send back' })).primaryList.items), ['faq-returns']);
      assert.deepEqual(keys((await api.query.contentSearchPage({ q: 'abroad shipping' })).primaryList.items), ['faq-shipping-no']);
      assert.equal((await api.query.contentSearchPage({ q: 'shipping boots' })).primaryList.totalHits, 0);
    });

    it('sorts by relevance or newest first', async () => {
      const relevance = await api.query.contentSearchPage({ q: 'guide' });
      assert.deepEqual(keys(relevance.primaryList.items), ['guide-running', 'guide-care']);
      const newest = await api.query.contentSearchPage({ q: 'guide', sort: 'NEWEST_FIRST' });
      assert.deepEqual([keys(newest.primaryList.items), newest.primaryList.sort.selected], [['guide-care', 'guide-running'], 'NEWEST_FIRST']);
      const undated = await api.query.contentSearchPage({ q: 'shipping times norway faq', sort: 'NEWEST_FIRST' });
      assert.equal(undated.primaryList.totalHits, 0);
      const lastWithoutDate = await api.query.contentSearchPage({ q: 'shipping', sort: 'NEWEST_FIRST' });
      assert.deepEqual(keys(lastWithoutDate.primaryList.items), ['faq-shipping', 'faq-shipping-no']);
    });

    it('pages with skip and limit; tickets count positions in the whole list', async () => {
      const all = await api.query.contentSearchPage({ q: 'store opening', sort: 'NEWEST_FIRST' });
      assert.deepEqual([all.primaryList.totalHits, keys(all.primaryList.items)], [12, NEWS.map((n) => n.key).reverse()]);
      const page = await api.query.contentSearchPage({ q: 'store opening', sort: 'NEWEST_FIRST', skip: 5, limit: 3 });
      assert.deepEqual([page.primaryList.totalHits, keys(page.primaryList.items)], [12, ['store-7', 'store-6', 'store-5']]);
      assert.deepEqual(
        page.primaryList.items.map((i) => decodeTicket(i.ticket).position),
        [5, 6, 7],
      );
      const beyond = await api.query.contentSearchPage({ q: 'store opening', skip: 10000, limit: 600 });
      assert.deepEqual([beyond.primaryList.totalHits, beyond.primaryList.items], [12, []]);
    });

    it('narrows to the body content filter (POST): type, content_key and custom attributes', async () => {
      const search = (contentFilter: Record<string, string | string[]>, q = 'shipping') =>
        api.query.contentSearchPage({ q }, { primaryList: { contentFilter } });
      assert.deepEqual(keys((await search({ 'custom.topic': 'abroad' })).primaryList.items), ['faq-shipping-no']);
      assert.deepEqual(keys((await search({ type: ['article', 'news'] }, 'guide')).primaryList.items), ['guide-running', 'guide-care']);
      assert.deepEqual(keys((await search({ type: 'faq', content_key: ['faq-shipping-no', 'guide-care'] })).primaryList.items), ['faq-shipping-no']);
      assert.equal((await search({ type: 'faq' }, 'guide')).primaryList.totalHits, 0);
    });

    it('auto-corrects a phrase that finds nothing, unless origin is UNDO_AUTO_CORRECT', async () => {
      const corrected = await api.query.contentSearchPage({ q: 'shiping' });
      assert.deepEqual(
        [corrected.q, corrected.autoCorrect, corrected.didYouMean, keys(corrected.primaryList.items)],
        ['shipping', { q: 'shipping', originalTotalHits: 0 }, [], ['faq-shipping', 'faq-shipping-no']],
      );
      const undone = await api.query.contentSearchPage({ q: 'shiping', origin: 'UNDO_AUTO_CORRECT' });
      assert.deepEqual([undone.q, undone.autoCorrect, undone.didYouMean, undone.primaryList.totalHits], ['shiping', undefined, [{ q: 'shipping' }], 0]);
    });

    it('suggests did-you-mean for a short list, not for a long one', async () => {
      // "start" is only in a description (1 item); the titles make "store" the likelier phrase.
      const short = await api.query.contentSearchPage({ q: 'start' });
      assert.deepEqual([keys(short.primaryList.items), short.didYouMean, short.autoCorrect], [['guide-running'], [{ q: 'store' }], undefined]);
      const undone = await api.query.contentSearchPage({ q: 'runing guide', origin: 'UNDO_AUTO_CORRECT' });
      assert.deepEqual([undone.primaryList.totalHits, undone.didYouMean], [0, [{ q: 'running guide' }]]);
      // (Not "stor": in sv-SE that is the Swedish stem of "store", a hit.)
      const long = await api.query.contentSearchPage({ q: 'stoore' });
      assert.deepEqual([long.primaryList.totalHits, long.didYouMean, long.autoCorrect], [12, [], { q: 'store', originalTotalHits: 0 }]);
      const many = await api.query.contentSearchPage({ q: 'opening' });
      assert.deepEqual([many.primaryList.totalHits, many.didYouMean], [12, []]);
    });

    it('answers 400 naming each bad parameter', async () => {
      await rejects(api.query.contentSearchPage({ q: '' }), /Query parameter q is required/);
      await rejects(api.query.contentSearchPage({ q: 'x'.repeat(201) }), /q is longer than 200 characters/);
      await rejects(api.query.contentSearchPage({ q: 'x', limit: 0 }), /limit must be between 1 and 600/);
      await rejects(api.query.contentSearchPage({ q: 'x', limit: 601 }), /limit must be between 1 and 600/);
      await rejects(api.query.contentSearchPage({ q: 'x', skip: -1 }), /skip must be between 0 and 10000/);
      await rejects(api.query.contentSearchPage({ q: 'x', skip: 1.5 }), /skip must be an integer/);
      await rejects(
        api.query.contentSearchPage({ q: 'x', sort: 'PRICE_ASCENDING' as never }),
        /sort must be one of RELEVANCE, NEWEST_FIRST \(got "PRICE_ASCENDING"\)/,
      );
      await rejects(api.query.contentSearchPage({ q: 'x', origin: 'SOMEWHERE' as never }), /origin must be one of/);
      await rejects(
        api.query.contentSearchPage({ q: 'x' }, { primaryList: { contentFilter: { brand: 'x' } as never } }),
        /Body primaryList\.contentFilter\.brand/,
      );
      await rejects(api.query.contentSearchPage({ q: 'x' }, { primaryList: { contentFilter: { type: 3 } as never } }), /Body primaryList\.contentFilter\.type/);
      await rejects(
        api.query.contentSearchPage({ q: 'x' }, { primaryList: { productRules: 'rule incl brand { "A" }' } as never }),
        /Body primaryList\.productRules/,
      );
      const template = await service.request(
        'GET',
        '/api/storefront/v3/queries/content-search-page?q=x&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&templateId=t1',
      );
      assert.equal(template.status, 400);
      assert.match(((await template.json()) as { message: string }).message, /templateId is not accepted/);
    });
  });
  describe('TOP_CONTENT content lists (landing-page)', () => {
    const landing = async (body: unknown) => {
      const query = new URLSearchParams({
        customerKey: 'c1',
        sessionKey: 's1',
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'DESKTOP',
        notify: 'false',
        pageReference: '/no/page',
      });
      const res = await service.request('POST', `/api/storefront/v3/queries/landing-page?${query}`, {
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'text/plain' },
      });
      return { status: res.status, body: (await res.json()) as { contentLists: { items: { key: string }[] }[]; message?: string } };
    };

    it('ranks by clicks on content from the behaviour data, newest first before any click and after the clicked', async () => {
      const top = async () => {
        const { status, body } = await landing({ contentLists: [{ id: 'guides', algorithm: 'TOP_CONTENT', contentFilter: { type: 'article' } }] });
        assert.equal(status, 200, JSON.stringify(body));
        return keys(body.contentLists[0].items);
      };
      assert.deepEqual(await top(), ['guide-care', 'guide-running']);
      const [running] = (await api.query.contentInformation({ contentKeys: ['guide-running'], notify: false })).items;
      const { elevate } = await import('@apptus/esales-api');
      for (const visitor of ['v1', 'v2']) {
        await elevate({
          clusterId: service.url,
          market: 'SE',
          locale: 'sv-SE',
          touchpoint: 'desktop',
          session: () => ({ customerKey: visitor, sessionKey: visitor }),
        }).notify.click(running.ticket);
      }
      await service.context.behaviour.flush();
      await service.context.es.indices.refresh({ index: `${service.prefix}-*` });
      assert.deepEqual(await top(), ['guide-running', 'guide-care']);
      const newest = await landing({ contentLists: [{ id: 'guides', algorithm: 'NEWEST_CONTENT', contentFilter: { type: 'article' } }] });
      assert.deepEqual(keys(newest.body.contentLists[0].items), ['guide-care', 'guide-running']);
      const bad = await landing({ contentLists: [{ id: 'faq', algorithm: 'TOP_STUFF' }] });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message!, /algorithm/);
    });
  });
});
