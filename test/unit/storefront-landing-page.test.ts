import assert from 'node:assert/strict';
import { countingGroups } from '../../src/storefront/facets/multiSelect';
import type { estypes } from '@elastic/elasticsearch';
import type { LandingPage, NavigationTree } from '@apptus/esales-api';
import type { NavigationTreeNode } from '../../src/merchandising/navigation/types';
import type { Page } from '../../src/merchandising/pages/types';
import { AGG } from '../../src/storefront/aggNames';
import { pinnedFirst, PIN_WEIGHT, primaryFacetsSearch, primaryHitsSearch } from '../../src/storefront/landingPage/build';
import { nodeCounts, nodeCountSearch } from '../../src/storefront/navigation/counts';
import { cachedCounts } from '../../src/storefront/navigation/load';
import type { StorefrontServices } from '../../src/storefront/services';
import { facetFromDefinition } from '../../src/storefront/facets/definitions';
import { facetSetup, pageFacetSetup } from '../../src/storefront/facets/registry';
import { mergeRecommendationLists } from '../../src/storefront/landingPage/recLists';
import { parseLandingPageBody, parseLandingPageRequest, referenceCandidates } from '../../src/storefront/landingPage/request';
import { listingPlan, orderPins, pageSlices, pageSortOptions } from '../../src/storefront/landingPage/settings';
import { pageProducts } from '../../src/storefront/pageProducts';
import { seo, sliceRanges, type LandingPageResult } from '../../src/storefront/landingPage/shape';
import { allNodes, selectedPath, shapeNavigation, shapeTree, type NavigationNodeResult, type NodeFacts } from '../../src/storefront/navigation/shape';
import { STOCK_TIER } from '../../src/storefront/relevance';
import { fails } from './assertions';
import { counted } from './aggregationFixtures';
import { groupCountAggregation } from '../../src/storefront/groupCount';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts({ priceIds: new Set(['member']), customAttributes: new Map([['material', 'label']]) });
const base = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', pageReference: '/p' };
const request = (query: Record<string, string> = {}, body: unknown = undefined, isPost = body !== undefined) =>
  parseLandingPageRequest({ ...base, ...query }, parseLandingPageBody(body), facts, isPost);

const page = (o: Partial<Page> = {}): Page => ({ id: '/a/b', ...o });
const loaded = (p: Page, ancestors: Page[] = []) => ({ page: p, ancestors });

describe('storefront landing-page request', () => {
  it('parses parameters and body with defaults', () => {
    const req = request();
    assert.deepStrictEqual(
      {
        ref: req.pageReference,
        view: req.view,
        limit: req.limit,
        skip: req.skip,
        sort: req.sort,
        primaryList: req.primaryList,
        rules: req.rules,
        navigation: req.navigation,
        recs: req.recommendationLists,
        contents: req.contentLists,
        collapse: req.collapse,
      },
      {
        ref: '/p',
        view: 'production',
        limit: 60,
        skip: 0,
        sort: undefined,
        primaryList: undefined,
        rules: [],
        navigation: false,
        recs: [],
        contents: [],
        collapse: false,
      },
    );
    const full = request(
      { viewId: 'preview', limit: '10', skip: '5', sort: 'price_ascending', q: ' red  shoe ' },
      {
        primaryList: { include: true, productRules: 'rule incl brand { "A" }' },
        navigation: { include: true },
        contentLists: [{ id: 'c' }],
      },
    );
    assert.deepStrictEqual(
      {
        view: full.view,
        limit: full.limit,
        skip: full.skip,
        sort: full.sort,
        q: full.q,
        primaryList: full.primaryList,
        rules: full.rules.length,
        navigation: full.navigation,
        contents: full.contentLists,
      },
      {
        view: 'preview',
        limit: 10,
        skip: 5,
        sort: 'price_ascending',
        q: 'red shoe',
        primaryList: true,
        rules: 1,
        navigation: true,
        contents: [{ id: 'c', limit: 10, contentFilter: {} }],
      },
    );
  });

  it('asks for navigation with the body, or includeNavigation on GET only', () => {
    assert.equal(request({ includeNavigation: 'true' }).navigation, true);
    assert.equal(request({ includeNavigation: 'true' }, {}).navigation, false);
    assert.equal(request({}, { primaryList: {} }).primaryList, true); // include defaults to true when primaryList is given
    assert.equal(request({}, { primaryList: { include: false } }).primaryList, false);
    assert.equal(request({}, { navigation: { include: true } }).primaryList, undefined); // the page decides
  });

  it('tries the path of a URL reference after the reference itself', () => {
    assert.deepStrictEqual(referenceCandidates('/dam/skor'), ['/dam/skor']);
    assert.deepStrictEqual(referenceCandidates('https://shop.example/dam/sk%C3%B6r/?page=2'), ['https://shop.example/dam/sk%C3%B6r/?page=2', '/dam/skör']);
    assert.deepStrictEqual(referenceCandidates('http://shop.example'), ['http://shop.example', '/']);
  });

  it('refuses bad input with 400 naming the field', () => {
    fails(/pageReference is required/, () => request({ pageReference: ' ' }));
    fails(/includeNavigation must be true or false/, () => request({ includeNavigation: 'yes' }));
    fails(/^primaryList\.productRules: Unknown attribute/, () => request({}, { primaryList: { productRules: 'rule incl nope { "x" }' } }));
    fails(/^primaryList\.productFilter\.nope: unknown attribute/, () => request({}, { primaryList: { productFilter: { nope: 'x' } } }));
    fails(/^Body primaryList: .*contains a conflict/, () => request({}, { primaryList: { productRules: '', productFilter: {} } }));
    fails(/Body must be a JSON object/, () => request({}, []));
  });

  it('keeps a templateId apart, unapplied (not defined for landing-page)', () => {
    assert.deepEqual([request({ templateId: 'x' }).context.templateId, request({ templateId: 'x' }).context.ignoredTemplateId], [undefined, 'x']);
  });
});

describe('storefront landing-page settings', () => {
  it('compiles page rules, restricting ancestors and blocked keys; handpicked keys come from the first rule', () => {
    const parent = page({ id: '/a', primaryList: { rules: 'rule incl brand { "P" }', restrictChildRules: true } });
    const ignored = page({ id: '/x', primaryList: { rules: 'rule incl brand { "Q" }' } });
    const products = pageProducts(
      loaded(page({ primaryList: { rules: 'rule incl product_key { "k2" "k1" } rule incl brand { "B" }', blocked: ['k9', 'k9'] } }), [parent, ignored]),
      undefined,
    );
    assert.deepStrictEqual(products, {
      filters: [
        {
          bool: {
            should: [{ bool: { filter: [{ terms: { productKey: ['k2', 'k1'] } }] } }, { bool: { filter: [{ terms: { brand: ['B'] } }] } }],
            minimum_should_match: 1,
          },
        },
        { bool: { filter: [{ terms: { brand: ['P'] } }] } },
      ],
      blocked: ['k9'],
      handpicked: ['k2', 'k1'],
    });
    assert.deepStrictEqual(pageProducts(loaded(page()), undefined), { filters: [], blocked: [], handpicked: [] });
  });

  it('orders pins: pinned, handpicked, then slices, without duplicates or blocked keys', () => {
    assert.deepStrictEqual(
      orderPins(
        ['a', 'b', 'a'],
        [
          { id: 'S1', keys: ['b', 'c', 'x'] },
          { id: 'S2', keys: ['c', 'd'] },
        ],
        ['x'],
      ),
      {
        pins: ['a', 'b', 'c', 'd'],
        ownSlices: [
          { id: 'S1', keys: ['c'] },
          { id: 'S2', keys: ['d'] },
        ],
      },
    );
  });

  it('inherits slices from the nearest ancestor that has some unless inherit is false (default true)', () => {
    const donor = page({ id: '/a', primaryList: { pageSliceInfo: { slices: [{ productSetId: 'S', pinnedProducts: ['k'] }] } } });
    const S = [{ id: 'S', keys: ['k'] }];
    assert.deepStrictEqual(pageSlices(loaded(page({ primaryList: { pageSliceInfo: { inherit: true } } }), [donor])), S);
    assert.deepStrictEqual(pageSlices(loaded(page(), [donor])), S); // no pageSliceInfo: inherit defaults to true
    assert.deepStrictEqual(pageSlices(loaded(page({ primaryList: { pageSliceInfo: {} } }), [donor])), S);
    assert.deepStrictEqual(pageSlices(loaded(page({ primaryList: { pageSliceInfo: { inherit: false } } }), [donor])), []);
    // A page with slices of its own shows them, whatever its inherit.
    const own = page({ primaryList: { pageSliceInfo: { inherit: true, slices: [{ productSetId: 'O' }] } } });
    assert.deepStrictEqual(pageSlices(loaded(own, [donor])), [{ id: 'O', keys: [] }]);
    // /a/b/c inherits what /a/b shows: /a's slices, or none when /a/b says inherit: false.
    const middle = (inherit?: boolean) => page({ id: '/a/b', primaryList: { pageSliceInfo: inherit === undefined ? {} : { inherit } } });
    assert.deepStrictEqual(pageSlices(loaded(page({ id: '/a/b/c' }), [middle(), donor])), S);
    assert.deepStrictEqual(pageSlices(loaded(page({ id: '/a/b/c' }), [middle(false), donor])), []);
  });

  it('offers the sortOrderOverride sorts (page naming mapped), else every sort', () => {
    assert.deepStrictEqual(pageSortOptions({ sortOrderOverride: { enabled: true, sortOrders: ['PRICE_DECREASING', 'NEWEST_FIRST', 'PRICE_DESCENDING'] } }), [
      'PRICE_DESCENDING',
      'NEWEST_FIRST',
    ]);
    assert.equal(pageSortOptions({ sortOrderOverride: { enabled: false, sortOrders: ['NEWEST_FIRST'] } })[0], 'RELEVANCE');
  });

  it('plans the listing: the default sort is the first offered and pins apply only under it', () => {
    const p = page({ primaryList: { pinned: ['k1'], sortOrderOverride: { sortOrders: ['NEWEST_FIRST', 'RATING'] } } });
    const plan = listingPlan(request({}, { primaryList: { productRules: 'rule incl brand { "Z" }' } }), loaded(p));
    assert.deepStrictEqual(
      [plan.sort, plan.pinsApply, plan.pins, plan.filters],
      ['NEWEST_FIRST', true, ['k1'], [{ bool: { filter: [{ terms: { brand: ['Z'] } }] } }]],
    );
    assert.deepStrictEqual([listingPlan(request({ sort: 'rating' }), loaded(p)).pinsApply], [false]);
    fails(/sort: "NAME" is not a sort order of this page \(NEWEST_FIRST, RATING\)/, () => listingPlan(request({ sort: 'NAME' }), loaded(p)));
    // A selection of a facet the page does not show still filters, and the facet is shown after the page's.
    const colorOnly = listingPlan(
      request({ 'f.brand': 'x', 'f.nope': 'y' }),
      loaded(page({ primaryList: { facetsOverride: { facets: [{ attribute: 'color' }] } } })),
    );
    assert.deepStrictEqual(
      [colorOnly.facets.map((f) => f.id), [...colorOnly.selections.keys()], colorOnly.dynamic],
      [['color', 'brand'], ['brand'], undefined],
    );
  });
});

describe('storefront landing-page facets', () => {
  const ctx = { channels: { online: true, store: false }, stores: [] };
  it('builds the facets of facetsOverride in order, skipping unknown attributes', () => {
    const market = facetSetup({ market: undefined, locale: 'sv-SE', page: 'landing', defaultDynamicCount: 8 }, ctx);
    const setup = pageFacetSetup(
      {
        enabled: true,
        facets: [{ attribute: 'size' }, { attribute: 'nope' }, { attribute: 'custom.material' }, { attribute: 'price' }, { attribute: 'length', unit: 'cm' }],
      },
      market,
      ctx,
    );
    assert.deepStrictEqual([setup.facets.map((f) => f.id), setup.dynamic], [['size', 'custom.material', 'price', 'length'], undefined]);
    assert.equal(pageFacetSetup({ enabled: false, facets: [{ attribute: 'size' }] }, market, ctx), market);
  });

  it('converts RANGE selections and results through the unit', () => {
    const width = facetFromDefinition({ id: 'custom.width', attribute: 'custom.width', type: 'RANGE', label: 'width', unit: 'cm' }, ctx)!;
    const lengths = (range: object) => ({
      nested: {
        path: 'customLengthValues',
        query: { bool: { filter: [{ term: { 'customLengthValues.name': 'width' } }, { range: { 'customLengthValues.base': range } }] } },
      },
    });
    assert.deepStrictEqual(width.filter({ kind: 'range', min: 1.5, max: 3 }), lengths({ gte: 15, lte: 30 }));
    assert.deepStrictEqual(width.aggregations(), {
      [AGG.stats]: {
        nested: { path: 'customLengthValues' },
        aggs: {
          named: {
            filter: { term: { 'customLengthValues.name': 'width' } },
            aggs: { min: { min: { field: 'customLengthValues.base' } }, max: { max: { field: 'customLengthValues.base' } } },
          },
        },
      },
    });
    assert.deepStrictEqual(width.shape({ [AGG.stats]: { named: { min: { value: 15 }, max: { value: null } } } } as never, { kind: 'range', min: 1 }), {
      id: 'custom.width',
      label: 'width',
      type: 'RANGE',
      unit: 'cm',
      min: 1.5,
      minSelected: 1,
    });
    const number = facetFromDefinition({ id: 'custom.pages', attribute: 'custom.pages', type: 'RANGE', label: 'pages' }, ctx)!;
    assert.deepStrictEqual(number.filter({ kind: 'range', max: 100 }), {
      nested: {
        path: 'customNumberValues',
        query: { bool: { filter: [{ term: { 'customNumberValues.name': 'pages' } }, { range: { 'customNumberValues.value': { lte: 100 } } }] } },
      },
    });
    assert.equal(facetFromDefinition({ id: 'weight', attribute: 'weight', label: 'Weight', unit: 'furlong' }, ctx), undefined);
  });

  it('sorts TEXT values naturally for NATURAL and says so', () => {
    const facet = facetFromDefinition({ id: 'custom.size', attribute: 'custom.size', label: 'size', sortOrder: 'NATURAL' }, ctx)!;
    const shaped = facet.shape(
      {
        values: {
          buckets: [
            { key: '10', doc_count: 5 },
            { key: '2', doc_count: 1 },
            { key: 'a', doc_count: 3 },
          ],
        },
      } as never,
      undefined,
    ) as { sort: string; values: { id: string }[] };
    assert.deepStrictEqual([shaped.sort, shaped.values.map((v) => v.id)], ['NATURAL', ['2', '10', 'a']]);
  });
});

describe('storefront landing-page builders', () => {
  it('builds the primary hits search: filters, blocked, pins, post_filter, sort, paging', () => {
    const p = page({
      primaryList: { rules: 'rule incl brand { "B" }', pinned: ['k2', 'k1'], blocked: ['k3'], facetsOverride: { facets: [{ attribute: 'brand' }] } },
    });
    const req = request({ 'f.brand': 'B' });
    const plan = listingPlan(req, loaded(p));
    const filters = [
      { term: { market: 'SE' } },
      { term: { locale: 'sv-SE' } },
      { bool: { filter: [{ terms: { brand: ['B'] } }] } },
      { bool: { must_not: [{ terms: { productKey: ['k3'] } }] } },
    ];
    assert.deepStrictEqual(primaryHitsSearch(req, plan, { collapse: true, from: 5, size: 10 }), {
      query: {
        function_score: {
          query: {
            function_score: {
              query: { bool: { must: [{ match_all: {} }], should: [], filter: filters } },
              functions: [{ filter: { term: { inStock: true } }, weight: STOCK_TIER }],
              boost_mode: 'multiply',
            },
          },
          functions: [
            { filter: { term: { productKey: 'k2' } }, weight: 2 * PIN_WEIGHT },
            { filter: { term: { productKey: 'k1' } }, weight: PIN_WEIGHT },
          ],
          score_mode: 'first',
          boost_mode: 'sum',
        },
      },
      post_filter: { bool: { filter: [{ terms: { brand: ['B'] } }] } },
      sort: [{ _score: { order: 'desc' } }, { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } }, { productKey: { order: 'asc' } }],
      from: 5,
      size: 10,
      collapse: { field: 'collapseKey' },
      _source: { includes: (primaryHitsSearch(req, plan, { collapse: true, from: 5, size: 10 })._source as { includes: string[] }).includes },
      track_total_hits: false,
    });
    // A visitor-chosen sort: no pins.
    const sorted = listingPlan(request({ sort: 'RATING' }), loaded(p));
    assert.equal('function_score' in (primaryHitsSearch(request({ sort: 'RATING' }), sorted, { collapse: false, from: 0, size: 1 }).query as object), false);
    assert.deepStrictEqual(pinnedFirst({ match_all: {} }, []), { match_all: {} });
  });

  it('builds the cacheable facets search: same filters, no pins, no sort, size 0', () => {
    const p = page({
      primaryList: {
        pinned: ['k'],
        facetsOverride: { facets: [{ attribute: 'brand' }] },
        pageSliceInfo: { slices: [{ productSetId: 'S', pinnedProducts: ['s1'] }] },
      },
    });
    const req = request({ 'f.brand': 'B' });
    const plan = listingPlan(req, loaded(p));
    const brandOnly = { bool: { filter: [{ terms: { brand: ['B'] } }] } };
    assert.deepStrictEqual(primaryFacetsSearch(req, plan, { collapse: true }), {
      size: 0,
      query: { bool: { filter: [{ term: { market: 'SE' } }, { term: { locale: 'sv-SE' } }] } },
      post_filter: brandOnly,
      aggs: {
        [AGG.facet('brand')]: { filter: { match_all: {} }, aggs: countingGroups({ [AGG.values]: { terms: { field: 'brand', size: 100 } } }) },
        [AGG.groups]: { filter: brandOnly, aggs: groupCountAggregation(40000) },
        [AGG.pinned]: { filter: brandOnly, aggs: { [AGG.pinnedKeys]: { terms: { field: 'productKey', include: ['k', 's1'], size: 2 } } } },
      },
      track_total_hits: true,
    });
  });

  it('counts every node with one filters aggregation, and reads the counts back', () => {
    const products = new Map([
      ['n1', { filters: [{ term: { brand: 'B' } }], blocked: ['k'], handpicked: [] }],
      ['n2', { filters: [], blocked: [], handpicked: [] }],
    ]);
    assert.deepStrictEqual(nodeCountSearch({ market: 'SE', locale: 'sv-SE' }, products, true), {
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: [{ term: { market: 'SE' } }, { term: { locale: 'sv-SE' } }] } },
      aggs: {
        ...groupCountAggregation(3000),
        [AGG.nodes]: {
          filters: {
            filters: {
              n1: { bool: { filter: [{ term: { brand: 'B' } }, { bool: { must_not: [{ terms: { productKey: ['k'] } }] } }] } },
              n2: { bool: { filter: [] } },
            },
          },
          aggs: groupCountAggregation(3000),
        },
      },
    });
    const response = {
      aggregations: { [AGG.nodes]: { buckets: { n1: { doc_count: 9, ...counted(9, 6, 1) } } } },
    } as unknown as estypes.SearchResponse<unknown>;
    assert.deepStrictEqual([...nodeCounts(response, true)], [['n1', 4]]);
    assert.deepStrictEqual([...nodeCounts(response, false)], [['n1', 9]]);
  });
});

describe('storefront landing-page shaping', () => {
  it('takes seo from headings, customData and paths of the locale', () => {
    const p = page({ headings: { 'sv-SE': 'Rubrik' }, paths: { 'sv-SE': '/r' }, customData: { 'sv-SE': { metaDescription: 'M', preamble: '' } } });
    assert.deepStrictEqual(seo(p, 'sv-SE'), { pageTitle: 'Rubrik', pageHeading: 'Rubrik', metaDescription: 'M', canonicalPath: '/r' });
    assert.deepStrictEqual(seo(p, 'en-GB'), {});
    assert.deepStrictEqual(seo(undefined, 'sv-SE'), {});
  });

  it('reports slice ranges over the pins the listing holds', () => {
    const plan = {
      pins: ['a', 'b', 'c', 'd', 'e'],
      pinsApply: true,
      slices: [
        { id: 'S1', keys: ['c', 'd'] },
        { id: 'S2', keys: ['e'] },
      ],
    } as never;
    const aggs = {
      [AGG.pinned]: {
        doc_count: 3,
        [AGG.pinnedKeys]: {
          buckets: [
            { key: 'a', doc_count: 1 },
            { key: 'd', doc_count: 1 },
            { key: 'e', doc_count: 1 },
          ],
        },
      },
    } as never;
    assert.deepStrictEqual(sliceRanges(plan, aggs), [
      { id: 'S1', from: 1, to: 2 },
      { id: 'S2', from: 2, to: 3 },
    ]);
    assert.deepStrictEqual(sliceRanges({ ...(plan as object), pinsApply: false } as never, aggs), []);
  });

  it('merges page recLists over body lists with the same id; page lists first', () => {
    const merged = mergeRecommendationLists(
      [{ id: 'top', algorithm: 'NEWEST_PRODUCTS', rules: 'rule incl brand { "A" }', pinned: ['p'] }, { id: 'own' }],
      [
        { id: 'extra', algorithm: 'PERSONAL' },
        { id: 'top', algorithm: 'TOP_PRODUCTS', label: 'L', limit: 8, productFilter: { brand: 'B' } },
      ],
    );
    assert.deepStrictEqual(merged, [
      { id: 'top', algorithm: 'NEWEST_PRODUCTS', label: 'L', limit: 8, productRules: 'rule incl brand { "A" }', pinned: ['p'] },
      { id: 'own', algorithm: 'TOP_PRODUCTS' },
      { id: 'extra', algorithm: 'PERSONAL' },
    ]);
  });
});

describe('storefront navigation shaping', () => {
  const n = (
    id: string,
    type: NavigationTreeNode['type'],
    children: NavigationTreeNode[] = [],
    extra: Partial<NavigationTreeNode> = {},
  ): NavigationTreeNode => ({
    id,
    title: id.toUpperCase(),
    type,
    origin: 'import',
    children,
    ...(type === 'PAGE' ? { pageId: `/${id}` } : {}),
    ...(type === 'LINK' ? { url: `https://x/${id}` } : {}),
    ...extra,
  });
  const roots = [n('a', 'PAGE', [n('b', 'PAGE', [n('c', 'PAGE')]), n('l', 'LABEL')]), n('z', 'LINK')];
  const facts: NodeFacts = {
    locale: 'sv-SE',
    pagePaths: new Map([
      ['/a', '/aa'],
      ['/b', undefined],
    ]),
    counts: new Map([
      ['a', 3],
      ['b', 1],
    ]),
    rootCount: 10,
  };

  it('finds the path to the page node and the nodes a state tree shows', () => {
    assert.deepStrictEqual(selectedPath(roots, '/b'), ['a', 'b']);
    assert.deepStrictEqual(selectedPath(roots, '/none'), []);
    assert.deepStrictEqual(
      allNodes(roots).map((x) => x.id),
      ['a', 'b', 'c', 'l', 'z'],
    );
  });

  it('shapes breadcrumbs and the state tree expanded along the path', () => {
    const shaped = shapeNavigation(roots, ['a', 'b'], facts);
    assert.deepStrictEqual(shaped.breadcrumbs, [
      { label: 'A', path: '/aa' },
      { label: 'B', path: '/b' },
    ]);
    const [a, z] = shaped.tree.children;
    assert.deepStrictEqual(
      [a.selected, a.count, a.children.map((c) => [c.label, c.selected, c.expandable, c.children.length])],
      [
        true,
        3,
        [
          ['B', true, true, 1],
          ['L', false, false, 0],
        ],
      ],
    );
    assert.deepStrictEqual(z, {
      type: 'PAGE_LINK',
      label: 'Z',
      path: 'https://x/z',
      link: 'https://x/z',
      customData: {},
      count: 0,
      expandable: false,
      selected: false,
      children: [],
    });
  });

  it('shapes the whole tree under a root: pages and links are PAGE_LINK nodes with their link', () => {
    const withIcon = [{ ...roots[0], iconPath: '/i/a.svg', customData: { promo: 'yes' } }, roots[1]];
    assert.deepStrictEqual(shapeTree(withIcon, facts), {
      type: 'LABEL',
      label: '',
      customData: {},
      count: 10,
      children: [
        {
          type: 'PAGE_LINK',
          path: '/aa',
          link: '/aa',
          label: 'A',
          iconPath: '/i/a.svg',
          customData: { promo: 'yes' },
          count: 3,
          children: [
            {
              type: 'PAGE_LINK',
              path: '/b',
              link: '/b',
              label: 'B',
              customData: {},
              count: 1,
              children: [{ type: 'PAGE_LINK', path: '/c', link: '/c', label: 'C', customData: {}, count: 0, children: [] }],
            },
            { type: 'LABEL', label: 'L', customData: {}, count: 0, children: [] },
          ],
        },
        { type: 'PAGE_LINK', path: 'https://x/z', link: 'https://x/z', label: 'Z', customData: {}, count: 0, children: [] },
      ],
    });
  });

  it('fits the official client models (checked by the compiler; products are checked in storefront-shaper.test.ts)', () => {
    const page = (x: Omit<LandingPageResult, 'primaryList' | 'recommendationLists'>): Omit<LandingPage, 'primaryList' | 'recommendationLists'> => x;
    const tree = (x: { tree: NavigationNodeResult }): NavigationTree => x;
    assert.equal(typeof page, typeof tree);
  });
});

describe('navigation counts cache (navigation/load.ts)', () => {
  /** Services enough for cachedCounts: a search answering `total` products, and the version the query reads. */
  function counting(catalogVersion: string | undefined, state: { total: number; searches: number; factsVersion: string }): StorefrontServices {
    return {
      catalogVersion,
      cacheMs: 60_000,
      log: { debug() {}, info() {}, warn() {}, error() {} },
      index: { products: () => 'products', content: () => 'content' },
      merchandising: { navigation: { revision: 0 }, pages: { revision: 0 } },
      facts: { get: async () => ({ version: state.factsVersion }) },
      search: {
        msearch: async () => {
          state.searches++;
          return [{ hits: { total: { value: state.total, relation: 'eq' }, hits: [] } }];
        },
      },
    } as unknown as StorefrontServices;
  }

  it('keeps counts per catalog version the query reads, not the version the catalog facts name', async () => {
    const at = { market: 'SE', locale: 'sv-SE', view: 'production' as const };
    const loaded = { roots: [], pages: new Map() };
    // One merchandising object: the caches are per composition root.
    const state = { total: 5, searches: 0, factsVersion: 'old' };
    const base = counting('old', state);
    const reading = (version: string | undefined) => ({ ...counting(version, state), merchandising: base.merchandising });
    assert.equal((await cachedCounts(reading('old'), at, loaded, undefined, false)).root, 5);
    state.total = 7;
    assert.equal((await cachedCounts(reading('old'), at, loaded, undefined, false)).root, 5, 'cached');
    // Another process published: this query resolved the new version while the facts still name the old one.
    assert.equal((await cachedCounts(reading('new'), at, loaded, undefined, false)).root, 7);
    assert.equal(state.searches, 2);
    // Unpinned (before a first full import): the facts' version keys them.
    state.factsVersion = 'new';
    assert.equal((await cachedCounts(reading(undefined), at, loaded, undefined, false)).root, 7);
    assert.equal(state.searches, 2);
  });
});
