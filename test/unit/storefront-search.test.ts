import assert from 'node:assert/strict';
import { countingGroups } from '../../src/storefront/facets/multiSelect';
import type { estypes } from '@elastic/elasticsearch';
import { KEY_BOOST, listingQuery, relevanceBoosts, STOCK_TIER, TEXT_FIELDS, textMatch } from '../../src/storefront/relevance';
import { primarySearch, secondarySearch } from '../../src/storefront/searchPage/build';
import { groupTotal } from '../../src/storefront/groupCount';
import { parseSearchPageBody, parseSearchPageRequest } from '../../src/storefront/searchPage/request';
import { relatedSearches, shapeSearchPage } from '../../src/storefront/searchPage/shape';
import { listingSort, parseSort, SORT_IDS, sortResult } from '../../src/storefront/sorts';
import { phraseSuggestions, phraseSuggestSearch } from '../../src/storefront/suggest/phrase';
import { fails } from './assertions';
import { counted } from './aggregationFixtures';
import { groupCountAggregation } from '../../src/storefront/groupCount';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts({ collapsingMarkets: new Set(['SE']), storeKeys: new Set(['S1']), priceIds: new Set(['member']) });
const base = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP' };
const request = (query: Record<string, string>, body: unknown = undefined) => parseSearchPageRequest({ ...base, ...query }, parseSearchPageBody(body), facts);

const response = (o: Partial<estypes.SearchResponse<unknown>>): estypes.SearchResponse<unknown> => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { total: { value: 0, relation: 'eq' }, hits: [] },
  ...o,
});

describe('storefront search-page request', () => {
  it('parse the search-page parameters and body with defaults', () => {
    const req = request({ q: '  red   shoe ' });
    assert.deepStrictEqual(
      {
        q: req.q,
        origin: req.origin,
        sort: req.sort,
        limit: req.limit,
        skip: req.skip,
        viewAllSecondary: req.viewAllSecondary,
        navigation: req.navigation,
        rules: req.rules,
        contentLists: req.contentLists,
        collapse: req.collapse,
        selections: req.selections.size,
      },
      {
        q: 'red shoe',
        origin: 'ORGANIC',
        sort: 'RELEVANCE',
        limit: 60,
        skip: 0,
        viewAllSecondary: false,
        navigation: false,
        rules: [],
        contentLists: [],
        collapse: true,
        selections: 0,
      },
    );
    const full = request(
      {
        q: 'x',
        origin: 'undo_auto_correct',
        sort: 'price_ascending',
        limit: '600',
        skip: '10000',
        viewAllSecondary: 'true',
        selectedCategory: 'Shoes > Boots',
      },
      {
        navigation: { include: true },
        primaryList: { include: true, productFilter: { brand: 'Nike' } },
        contentLists: [
          { id: 'faq', contentFilter: { type: 'faq', 'custom.topic': ['returns', 'shipping'] } },
          { id: 'news', limit: 3 },
        ],
      },
    );
    assert.deepStrictEqual(
      {
        origin: full.origin,
        sort: full.sort,
        limit: full.limit,
        skip: full.skip,
        viewAllSecondary: full.viewAllSecondary,
        selectedCategory: full.selectedCategory,
        navigation: full.navigation,
        contentLists: full.contentLists,
        rules: full.rules.length,
      },
      {
        origin: 'UNDO_AUTO_CORRECT',
        sort: 'PRICE_ASCENDING',
        limit: 600,
        skip: 10000,
        viewAllSecondary: true,
        selectedCategory: 'Shoes > Boots',
        navigation: true,
        rules: 1,
        contentLists: [
          { id: 'faq', limit: 10, contentFilter: { type: ['faq'], 'custom.topic': ['returns', 'shipping'] } },
          { id: 'news', limit: 3, contentFilter: {} },
        ],
      },
    );
  });

  const bad: [string, Record<string, string>, unknown, RegExp][] = [
    ['a missing q', {}, undefined, /Query parameter q is required/],
    ['a blank q', { q: '  ' }, undefined, /Query parameter q is required/],
    ['limit 0', { q: 'x', limit: '0' }, undefined, /limit must be between 1 and 600/],
    ['limit 601', { q: 'x', limit: '601' }, undefined, /limit must be between 1 and 600/],
    ['skip -1', { q: 'x', skip: '-1' }, undefined, /skip must be between 0 and 10000/],
    ['skip 10001', { q: 'x', skip: '10001' }, undefined, /skip must be between 0 and 10000/],
    ['a non-integer limit', { q: 'x', limit: '2.5' }, undefined, /limit must be an integer/],
    ['an unknown sort', { q: 'x', sort: 'CHEAPEST' }, undefined, /sort: unknown sort "CHEAPEST"/],
    ['an unknown origin', { q: 'x', origin: 'SEO' }, undefined, /origin must be one of/],
    ['a bad viewAllSecondary', { q: 'x', viewAllSecondary: 'yes' }, undefined, /viewAllSecondary must be true or false/],
    [
      'an invalid product rule',
      { q: 'x' },
      { primaryList: { productRules: 'rule incl brand' } },
      /primaryList.productRules: Unexpected end of input at position 15: brand takes a list of strings/,
    ],
    [
      'productRules with productFilter',
      { q: 'x' },
      { primaryList: { productRules: 'rule incl brand {"a"}', productFilter: { brand: 'b' } } },
      /Body primaryList/,
    ],
    ['more than 10 content lists', { q: 'x' }, { contentLists: Array.from({ length: 11 }, (_, i) => ({ id: `l${i}` })) }, /Body contentLists/],
    ['duplicate content list ids', { q: 'x' }, { contentLists: [{ id: 'a' }, { id: 'a' }] }, /Body contentLists.1/],
    ['a bad content list id', { q: 'x' }, { contentLists: [{ id: 'a b' }] }, /Body contentLists.0.id/],
    [
      'an unknown content filter attribute',
      { q: 'x' },
      { contentLists: [{ id: 'a', contentFilter: { colour: 'x' } }] },
      /Body contentLists.0.contentFilter.colour/,
    ],
    ['a body that is not an object', { q: 'x' }, [1], /Body must be a JSON object/],
  ];
  for (const [what, query, body, message] of bad) it(`answer 400 to ${what}`, () => fails(message, () => request(query, body)));
});

describe('storefront search-page builders', () => {
  it('build the whole primary search for a request with selections, rules and a field sort', () => {
    const req = request(
      { q: 'red shoe', 'f.brand': 'Nike|Puma', 'f.price.max': '500', sort: 'PRICE_ASCENDING', limit: '20', skip: '40', stores: 'S1', channels: 'ONLINE' },
      {
        primaryList: { productRules: 'rule incl brand {"Nike"}' },
      },
    );
    const brand = { terms: { brand: ['Nike', 'Puma'] } };
    const price = { nested: { path: 'variants', query: { range: { 'variants.sellingPrice': { lte: 500 } } } } };
    const inStock = { term: { inStock: true } };
    const values = (field: string) => ({ values: { terms: { field, size: 100 } } });
    const sizes = { sizes: { terms: { field: 'sizes', size: 100 } } };
    assert.deepStrictEqual(primarySearch(req, req.q, { collapse: true, from: req.skip, size: req.limit }), {
      query: {
        bool: {
          filter: [textMatch('red shoe'), { term: { market: 'SE' } }, { term: { locale: 'sv-SE' } }, { bool: { filter: [{ terms: { brand: ['Nike'] } }] } }],
          should: [{ constant_score: { filter: inStock, boost: 1 } }],
        },
      },
      post_filter: { bool: { filter: [brand, price] } },
      aggs: {
        facet_brand: { filter: { bool: { filter: [price] } }, aggs: countingGroups(values('brand')) },
        facet_category: { filter: { bool: { filter: [brand, price] } }, aggs: countingGroups(values('categoryPaths')) },
        facet_price: {
          filter: { bool: { filter: [brand] } },
          aggs: { min: { min: { field: 'price.selling.min' } }, max: { max: { field: 'price.selling.max' } } },
        },
        facet_color: { filter: { bool: { filter: [brand, price] } }, aggs: countingGroups(values('colors')) },
        facet_size: {
          filter: { bool: { filter: [brand, price] } },
          aggs: countingGroups({
            sizeTypes: { terms: { field: 'sizeType', size: 20 }, aggs: { ...sizes, label: { terms: { field: 'sizeTypeLabel', size: 1 } } } },
            noSizeType: { missing: { field: 'sizeType' }, aggs: sizes },
          }),
        },
        facet_onlyInStock: { filter: { bool: { filter: [brand, price] } }, aggs: countingGroups({ matching: { filter: inStock } }) },
        related: { terms: { field: 'category', size: 8 } },
        groups: { filter: { bool: { filter: [brand, price] } }, aggs: groupCountAggregation(40000) },
      },
      sort: [
        { _score: { order: 'desc' } },
        { 'price.selling.min': { order: 'asc', missing: '_last', unmapped_type: 'double' } },
        { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } },
        { productKey: { order: 'asc' } },
      ],
      from: 40,
      size: 20,
      collapse: { field: 'collapseKey' },
      _source: {
        includes: [
          'market',
          'locale',
          'productKey',
          'productGroupKey',
          'groupProductKeys',
          'title',
          'name',
          'brand',
          'series',
          'url',
          'rating',
          'releaseDate',
          'colors',
          'images.alt',
          'images.caption',
          'images.custom',
          'images.sources',
          'depth',
          'height',
          'length',
          'volume',
          'weight',
          'width',
          'variants.key',
          'variants.label',
          'variants.size',
          'variants.listPrice',
          'variants.sellingPrice',
          'variants.stock',
          'variants.depth',
          'variants.height',
          'variants.length',
          'variants.volume',
          'variants.weight',
          'variants.width',
          // the same paths of the sibling copies the hit carries
          ...[
            'productKey',
            'productGroupKey',
            'title',
            'name',
            'brand',
            'series',
            'url',
            'rating',
            'releaseDate',
            'colors',
            'images.alt',
            'images.caption',
            'images.custom',
            'images.sources',
            'depth',
            'height',
            'length',
            'volume',
            'weight',
            'width',
            'variants.key',
            'variants.label',
            'variants.size',
            'variants.listPrice',
            'variants.sellingPrice',
            'variants.stock',
            'variants.depth',
            'variants.height',
            'variants.length',
            'variants.volume',
            'variants.weight',
            'variants.width',
          ].map((f) => `siblings.${f}`),
        ],
      },
      seq_no_primary_term: true,
      track_total_hits: true,
    });
  });

  it('ask the phrase suggester alone, without hits or counting', () => {
    assert.deepStrictEqual(phraseSuggestSearch('red shoe'), {
      size: 0,
      track_total_hits: false,
      query: { match_none: {} },
      suggest: {
        text: 'red shoe',
        phrase: {
          phrase: {
            field: 'title.shingles',
            size: 3,
            gram_size: 3,
            max_errors: 2,
            confidence: 1,
            direct_generator: [{ field: 'title.shingles', suggest_mode: 'popular', min_word_length: 3, prefix_length: 1 }],
          },
        },
      },
    });
  });

  it('match by text (every term, cross fields) or by key as typed, upper- or lower-cased', () => {
    const keys = ['XR-2041 drill', 'XR-2041 DRILL', 'xr-2041 drill', 'XR-2041', 'xr-2041', 'drill', 'DRILL'];
    assert.deepStrictEqual(textMatch('XR-2041 drill'), {
      bool: {
        should: [
          { multi_match: { query: 'XR-2041 drill', type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } },
          {
            constant_score: {
              filter: { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }], minimum_should_match: 1 } },
              boost: KEY_BOOST,
            },
          },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('score relevance times the stock tier under RELEVANCE', () => {
    const inStock = { term: { inStock: true } };
    assert.deepStrictEqual(
      listingQuery({ match: textMatch('a'), boosts: relevanceBoosts('a'), filters: [{ term: { market: 'SE' } }], inStock, relevance: true }),
      {
        function_score: {
          query: { bool: { must: [textMatch('a')], should: relevanceBoosts('a'), filter: [{ term: { market: 'SE' } }] } },
          functions: [{ filter: inStock, weight: STOCK_TIER }],
          boost_mode: 'multiply',
        },
      },
    );
    assert.ok(KEY_BOOST * 20 < STOCK_TIER, 'relevance must stay far below the stock tier');
  });

  it('build the secondary list: loose fuzzy match minus the primary matches, words as typed scoring again, by relevance', () => {
    const req = request({ q: 'winter sandal' });
    const body = secondarySearch(req, req.q, { collapse: false, from: 0, size: 12 });
    const fn = (body.query as { function_score: estypes.QueryDslFunctionScoreQuery }).function_score;
    const fields = ['title^8', 'name^6', 'brand.text^5', 'series.text^4', 'category.text^3', 'productType.text^3', 'colorNames^3'];
    assert.deepStrictEqual((fn.query as { bool: estypes.QueryDslBoolQuery }).bool.must, [
      {
        bool: {
          must: [
            {
              bool: {
                must: [{ multi_match: { query: 'winter sandal', type: 'best_fields', operator: 'or', fuzziness: 'AUTO', prefix_length: 1, fields } }],
                should: [{ multi_match: { query: 'winter sandal', type: 'best_fields', operator: 'or', fields } }],
              },
            },
          ],
          must_not: [textMatch('winter sandal')],
        },
      },
    ]);
    assert.deepStrictEqual([body.from, body.size, body.collapse, body.aggs, body.post_filter], [0, 12, undefined, undefined, undefined]);
  });

  it('sort every order: stock tier first, its fields, then popularity and the key; missing values last', () => {
    const fields = Object.fromEntries(SORT_IDS.map((id) => [id, listingSort(id, { priceId: 'member' }).slice(1, -2)]));
    const f = (field: string, order: string, unmapped_type = 'double') => [{ [field]: { order, missing: '_last', unmapped_type } }];
    // Every value of the product and its variants first, then the product's own (documents written before measureValues).
    const m = (measure: string, order: string) => [...f(`measureValues.${measure}`, order), ...f(`${measure}.base`, order)];
    assert.deepStrictEqual(fields, {
      RELEVANCE: [],
      NEWEST_FIRST: f('releaseDate', 'desc', 'date'),
      PRICE_ASCENDING: [...f('customPrice.member.selling.min', 'asc'), ...f('price.selling.min', 'asc')],
      PRICE_DESCENDING: [...f('customPrice.member.selling.min', 'desc'), ...f('price.selling.min', 'desc')],
      DISCOUNT: f('discount', 'desc'),
      RATING: f('rating', 'desc'),
      NAME: f('name.sort', 'asc', 'keyword'),
      TITLE: f('title.sort', 'asc', 'keyword'),
      LENGTH_INCREASING: m('length', 'asc'),
      LENGTH_DECREASING: m('length', 'desc'),
      WIDTH_INCREASING: m('width', 'asc'),
      WIDTH_DECREASING: m('width', 'desc'),
      HEIGHT_INCREASING: m('height', 'asc'),
      HEIGHT_DECREASING: m('height', 'desc'),
      DEPTH_INCREASING: m('depth', 'asc'),
      DEPTH_DECREASING: m('depth', 'desc'),
      VOLUME_INCREASING: m('volume', 'asc'),
      VOLUME_DECREASING: m('volume', 'desc'),
      WEIGHT_INCREASING: m('weight', 'asc'),
      WEIGHT_DECREASING: m('weight', 'desc'),
    });
    for (const id of SORT_IDS) {
      const sort = listingSort(id, {});
      assert.deepStrictEqual([sort[0], ...sort.slice(-2)], [{ _score: { order: 'desc' } }, ...f('popularity', 'desc'), { productKey: { order: 'asc' } }]);
    }
    assert.deepStrictEqual(listingSort('PRICE_ASCENDING', {}).slice(1, -2), f('price.selling.min', 'asc'));
    assert.equal(parseSort('weight_decreasing'), 'WEIGHT_DECREASING');
    assert.deepStrictEqual(sortResult('NAME', { locale: 'en-GB', labels: {} }, ['RELEVANCE', 'NAME']), {
      selected: 'NAME',
      options: [
        { id: 'RELEVANCE', label: 'Relevance' },
        { id: 'NAME', label: 'Name' },
      ],
    });
    // the locale's language, a market-locale override first
    assert.deepStrictEqual(
      sortResult('NAME', { locale: 'sv-SE', labels: { 'sort.NAME': 'A till Ö' } }, ['RELEVANCE', 'NAME']).options.map((o) => o.label),
      ['Relevans', 'A till Ö'],
    );
  });

  it('count groups by distinct collapse keys when collapsing, else by hits', () => {
    const r = response({ hits: { total: { value: 7, relation: 'eq' }, hits: [] }, aggregations: { groups: { doc_count: 7, ...counted(7, 3, 1) } } as never });
    assert.equal(groupTotal(r, true), 5);
    assert.equal(groupTotal(r, false), 7);
  });
});

describe('storefront search-page shaping', () => {
  it('read phrase suggestions without the phrase itself', () => {
    const r = response({
      suggest: {
        phrase: [
          {
            text: 'runnign shoe',
            offset: 0,
            length: 12,
            options: [
              { text: 'running shoe', score: 0.2 },
              { text: 'Runnign Shoe', score: 0.1 },
            ],
          },
        ],
      } as never,
    });
    assert.deepStrictEqual(phraseSuggestions(r, 'runnign shoe'), ['running shoe']);
  });

  it('derive related searches from co-occurring category leaves', () => {
    const r = response({
      aggregations: {
        related: {
          buckets: [
            { key: 'Shoes > Boots', doc_count: 3 },
            { key: 'Boots', doc_count: 2 },
            { key: 'Shoes', doc_count: 1 },
            { key: 'Sale > shoes', doc_count: 1 },
          ],
        },
      } as never,
    });
    assert.deepStrictEqual(relatedSearches(r, 'shoes'), [{ q: 'Boots' }]);
  });

  it('shape the page: did-you-mean only for short lists without correction, navigation when asked', () => {
    const req = request({ q: 'runnign' }, { navigation: { include: true }, contentLists: [{ id: 'faq' }] });
    const content = response({
      hits: {
        total: { value: 1, relation: 'eq' },
        hits: [
          {
            _index: 'c',
            _id: '1',
            _source: { market: 'SE', locale: 'sv-SE', key: 'c1', type: 'faq', title: 'Running', url: '/faq/1', customLabels: { topic: ['sport'] } },
          },
        ],
      },
    });
    const common = {
      req,
      primary: response({}),
      primaryTotal: 0,
      secondaryTotal: 0,
      contents: [content],
      siblings: new Map(),
      suggestions: ['running', 'turning'],
      now: new Date(),
    };
    const page = shapeSearchPage({ ...common, phrase: 'runnign' });
    assert.deepStrictEqual(page.didYouMean, [{ q: 'running' }, { q: 'turning' }]);
    assert.equal(page.autoCorrect, undefined);
    assert.deepStrictEqual(page.navigation, {
      breadcrumbs: [],
      tree: { type: 'LABEL', label: '', customData: {}, count: 0, expandable: false, selected: false, children: [] },
    });
    assert.deepStrictEqual(page.secondaryList, { productGroups: [], totalHits: 0 });
    const { ticket, ...item } = page.contentLists[0].items[0];
    assert.deepStrictEqual(item, { key: 'c1', type: 'faq', title: 'Running', link: '/faq/1', custom: { topic: [{ id: 'sport', label: 'sport' }] } });
    assert.equal(page.contentLists[0].totalHits, 1);
    assert.ok(ticket);
    const corrected = shapeSearchPage({ ...common, phrase: 'running', originalTotalHits: 0, primaryTotal: 4 });
    assert.deepStrictEqual([corrected.q, corrected.autoCorrect, corrected.didYouMean], ['running', { q: 'running', originalTotalHits: 0 }, []]);
  });
});
