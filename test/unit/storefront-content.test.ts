import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import type { ContentInformation, ContentSearchPage } from '@apptus/esales-api';
import type { ContentDocument } from '../../src/catalog/documentTypes';
import { contentListSearch } from '../../src/storefront/contentLists';
import { contentInformationSearch } from '../../src/storefront/contentInformation/build';
import { parseContentInformationRequest } from '../../src/storefront/contentInformation/request';
import { shapeContentInformation } from '../../src/storefront/contentInformation/shape';
import { contentSearch } from '../../src/storefront/contentSearchPage/build';
import { parseContentSearchPageBody, parseContentSearchPageRequest } from '../../src/storefront/contentSearchPage/request';
import { shapeContentSearchPage, type ContentSearchPageOutcome } from '../../src/storefront/contentSearchPage/shape';
import type { ContentInformationResult, ContentSearchPageResult } from '../../src/storefront/responseTypes';
import { encodeTicket } from '../../src/events/tickets';
import { fails } from './assertions';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts();
const base = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP' };
const information = (query: Record<string, string>) => parseContentInformationRequest({ ...base, ...query }, facts);
const search = (query: Record<string, string>, body: unknown = undefined) =>
  parseContentSearchPageRequest({ ...base, ...query }, parseContentSearchPageBody(body), facts);

const doc = (key: string, more: Partial<ContentDocument> = {}): ContentDocument => ({
  market: 'SE',
  locale: 'sv-SE',
  key,
  type: 'faq',
  title: `Title ${key}`,
  url: `/c/${key}`,
  customLabels: {},
  customText: [],
  ...more,
});
const response = (docs: ContentDocument[], total = docs.length): estypes.SearchResponse<ContentDocument> => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { total: { value: total, relation: 'eq' }, hits: docs.map((d) => ({ _index: 'content', _id: d.key, _source: d })) },
});
const ticket = (pageType: 'CONTENT_SEARCH_PAGE' | 'CONTENT_INFORMATION', listId: string, contentKey: string, position: number) =>
  encodeTicket({ pageType, listId, kind: 'content', contentKey, position, market: 'SE', touchpoint: 'DESKTOP' });
const marketLocale = [{ term: { market: 'SE' } }, { term: { locale: 'sv-SE' } }];
const TEXT = { multi_match: { query: 'returns policy', type: 'cross_fields', operator: 'and', fields: ['title^3', 'description', 'customText^2'] } };

describe('storefront content-information', () => {
  it('parses contentKeys in the order asked, each once', () => {
    const req = information({ contentKeys: 'b| a |b||c' });
    assert.deepStrictEqual([req.contentKeys, req.context.market, req.context.notify], [['b', 'a', 'c'], 'SE', true]);
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ['missing contentKeys', {}, /Query parameter contentKeys is required/],
    ['blank contentKeys', { contentKeys: ' ' }, /Query parameter contentKeys is required/],
    ['contentKeys of separators only', { contentKeys: '||' }, /Query parameter contentKeys is required/],
    ['101 contentKeys', { contentKeys: Array.from({ length: 101 }, (_, i) => `k${i}`).join('|') }, /contentKeys holds at most 100 keys \(got 101\)/],
    ['contentKeys given twice', { contentKeys: ['a', 'b'] as unknown as string }, /contentKeys is given more than once/],
    ['a templateId', { contentKeys: 'a', templateId: 't' }, /templateId is not accepted by this endpoint/],
    ['an unknown locale', { contentKeys: 'a', locale: 'nb-NO' }, /locale: "nb-NO" is not a locale of market SE/],
  ];
  for (const [what, query, message] of bad) it(`answers 400 to ${what}`, () => fails(message, () => information(query)));

  it('builds one filtered search for the keys of the market-locale', () => {
    assert.deepStrictEqual(contentInformationSearch(information({ contentKeys: 'a|b' })), {
      query: { bool: { filter: [...marketLocale, { terms: { key: ['a', 'b'] } }] } },
      size: 2,
      track_total_hits: false,
    });
  });

  it('shapes the found items in the order asked, skipping unknown keys', () => {
    const image = { key: 'image', alt: 'Alt', caption: 'Caption', sources: [{ url: 'https://i/a.jpg', width: 100 }] };
    const result: ContentInformationResult = shapeContentInformation(
      information({ contentKeys: 'b|nope|a' }),
      response([doc('a', { releaseDate: '2026-01-01', customLabels: { topic: ['x'] }, image }), doc('b', { type: 'article', description: 'About b' })]),
    );
    const typed: ContentInformation = result; // the official client's model, checked by the compiler
    assert.deepStrictEqual(typed, {
      items: [
        {
          key: 'b',
          type: 'article',
          title: 'Title b',
          link: '/c/b',
          ticket: ticket('CONTENT_INFORMATION', 'ITEMS', 'b', 0),
          description: 'About b',
          custom: {},
        },
        {
          key: 'a',
          type: 'faq',
          title: 'Title a',
          link: '/c/a',
          ticket: ticket('CONTENT_INFORMATION', 'ITEMS', 'a', 1),
          releaseDate: '2026-01-01',
          image: { alt: 'Alt', caption: 'Caption', sources: [{ url: 'https://i/a.jpg', width: 100 }] },
          custom: { topic: [{ id: 'x', label: 'x' }] },
        },
      ],
    });
  });
});

describe('storefront content-search-page', () => {
  it('parses the parameters with defaults, and the body content filter', () => {
    const plain = search({ q: '  returns   policy ' });
    assert.deepStrictEqual(
      { ...plain, context: undefined },
      { context: undefined, q: 'returns policy', origin: 'ORGANIC', sort: 'RELEVANCE', limit: 60, skip: 0, contentFilter: {} },
    );
    const full = search(
      { q: 'x', origin: 'undo_auto_correct', sort: 'newest_first', limit: '600', skip: '10000' },
      {
        primaryList: { include: true, contentFilter: { type: 'faq', content_key: ['a', 'b'], 'custom.topic': 'orders' } },
      },
    );
    assert.deepStrictEqual(
      { ...full, context: undefined },
      {
        context: undefined,
        q: 'x',
        origin: 'UNDO_AUTO_CORRECT',
        sort: 'NEWEST_FIRST',
        limit: 600,
        skip: 10000,
        contentFilter: { type: ['faq'], content_key: ['a', 'b'], 'custom.topic': ['orders'] },
      },
    );
  });

  const bad: [string, Record<string, string>, unknown, RegExp][] = [
    ['a missing q', {}, undefined, /Query parameter q is required/],
    ['a q of 201 characters', { q: 'x'.repeat(201) }, undefined, /q is longer than 200 characters/],
    ['limit 0', { q: 'x', limit: '0' }, undefined, /limit must be between 1 and 600/],
    ['limit 601', { q: 'x', limit: '601' }, undefined, /limit must be between 1 and 600/],
    ['skip -1', { q: 'x', skip: '-1' }, undefined, /skip must be between 0 and 10000/],
    ['skip 10001', { q: 'x', skip: '10001' }, undefined, /skip must be between 0 and 10000/],
    ['a product sort', { q: 'x', sort: 'PRICE_ASCENDING' }, undefined, /sort must be one of RELEVANCE, NEWEST_FIRST \(got "PRICE_ASCENDING"\)/],
    ['an unknown origin', { q: 'x', origin: 'SEO' }, undefined, /origin must be one of/],
    ['a templateId', { q: 'x', templateId: 't' }, undefined, /templateId is not accepted by this endpoint/],
    ['an unknown content filter attribute', { q: 'x' }, { primaryList: { contentFilter: { brand: 'x' } } }, /Body primaryList.contentFilter.brand/],
    ['a content filter value that is no string', { q: 'x' }, { primaryList: { contentFilter: { type: 1 } } }, /Body primaryList.contentFilter.type/],
    ['product rules', { q: 'x' }, { primaryList: { productRules: 'rule incl brand { "A" }' } }, /Body primaryList.productRules/],
    ['a primaryList that is no object', { q: 'x' }, { primaryList: [] }, /Body primaryList/],
    ['a body that is not an object', { q: 'x' }, 'x', /Body must be a JSON object/],
  ];
  for (const [what, query, body, message] of bad) it(`answers 400 to ${what}`, () => fails(message, () => search(query, body)));

  it('builds the whole search: phrase, content filter, relevance order, page', () => {
    const req = search(
      { q: 'returns policy', limit: '10', skip: '20' },
      { primaryList: { contentFilter: { type: ['faq', 'guide'], 'custom.topic': 'orders' } } },
    );
    assert.deepStrictEqual(contentSearch(req, 'returns policy'), {
      query: { bool: { must: [TEXT], filter: [...marketLocale, { terms: { type: ['faq', 'guide'] } }, { terms: { 'customLabels.topic': ['orders'] } }] } },
      sort: [{ _score: { order: 'desc' } }, { releaseDate: { order: 'desc', missing: '_last' } }, { key: 'asc' }],
      from: 20,
      size: 10,
      track_total_hits: true,
    });
  });

  it('builds newest first with the score and key after the date, for the phrase given (a correction)', () => {
    const built = contentSearch(search({ q: 'retrns', sort: 'NEWEST_FIRST' }, { primaryList: { contentFilter: { content_key: 'a' } } }), 'returns policy');
    assert.deepStrictEqual(built, {
      query: { bool: { must: [TEXT], filter: [...marketLocale, { terms: { key: ['a'] } }] } },
      sort: [{ releaseDate: { order: 'desc', missing: '_last' } }, { _score: { order: 'desc' } }, { key: 'asc' }],
      from: 0,
      size: 60,
      track_total_hits: true,
    });
  });

  const sort = (selected: 'RELEVANCE' | 'NEWEST_FIRST') => ({
    selected,
    options: [
      { id: 'RELEVANCE' as const, label: 'Relevans' },
      { id: 'NEWEST_FIRST' as const, label: 'Nyast först' },
    ],
  });
  const outcome = (o: Partial<ContentSearchPageOutcome> & Pick<ContentSearchPageOutcome, 'primary'>): ContentSearchPageOutcome => ({
    req: search({ q: 'retrns', skip: '5', sort: 'NEWEST_FIRST' }),
    phrase: 'retrns',
    suggestions: [],
    ...o,
  });

  it('shapes items at their list positions, with did-you-mean for a short list', () => {
    const result: ContentSearchPageResult = shapeContentSearchPage(
      outcome({ primary: response([doc('a')], 1), suggestions: ['returns', 'retro', 'return', 'rets'] }),
    );
    const typed: ContentSearchPage = result; // the official client's model, checked by the compiler
    assert.deepStrictEqual(typed, {
      q: 'retrns',
      didYouMean: [{ q: 'returns' }, { q: 'retro' }, { q: 'return' }],
      primaryList: {
        sort: sort('NEWEST_FIRST'),
        items: [{ key: 'a', type: 'faq', title: 'Title a', link: '/c/a', ticket: ticket('CONTENT_SEARCH_PAGE', 'PRIMARY_LIST', 'a', 5), custom: {} }],
        totalHits: 1,
      },
    });
  });

  it('gives no did-you-mean to a list of 10 or more', () => {
    assert.deepStrictEqual(shapeContentSearchPage(outcome({ primary: response([], 10), suggestions: ['returns'] })).didYouMean, []);
  });

  it('shapes an auto-corrected page: q and autoCorrect name the correction, no did-you-mean', () => {
    assert.deepStrictEqual(
      shapeContentSearchPage(outcome({ phrase: 'returns', originalTotalHits: 0, primary: response([doc('b')], 1), suggestions: ['returns'] })),
      {
        q: 'returns',
        autoCorrect: { q: 'returns', originalTotalHits: 0 },
        didYouMean: [],
        primaryList: {
          sort: sort('NEWEST_FIRST'),
          items: [{ key: 'b', type: 'faq', title: 'Title b', link: '/c/b', ticket: ticket('CONTENT_SEARCH_PAGE', 'PRIMARY_LIST', 'b', 5), custom: {} }],
          totalHits: 1,
        },
      },
    );
  });
});

describe('storefront content lists (shared pieces)', () => {
  const list = { id: 'faq', limit: 4, contentFilter: { type: ['faq'] } };
  it('build the search of a list with a phrase: relevance, then newest', () => {
    assert.deepStrictEqual(contentListSearch(list, { market: 'SE', locale: 'sv-SE', phrase: 'returns policy' }), {
      query: { bool: { must: [TEXT], filter: [...marketLocale, { terms: { type: ['faq'] } }] } },
      size: 4,
      track_total_hits: true,
      sort: ['_score', { releaseDate: { order: 'desc', missing: '_last' } }, { key: 'asc' }],
    });
  });
  it('build the search of a list without a phrase: newest first', () => {
    assert.deepStrictEqual(contentListSearch(list, { market: 'SE', locale: 'sv-SE' }), {
      query: { bool: { must: [], filter: [...marketLocale, { terms: { type: ['faq'] } }] } },
      size: 4,
      track_total_hits: true,
      sort: [{ releaseDate: { order: 'desc', missing: '_last' } }, { key: 'asc' }],
    });
  });
});
