/**
 * The pure parts of recommendation lists: request validation, list resolution (defaults, required
 * parameters, rules), each algorithm's stages (cold start and with behaviour), stage searches, and filling
 * a list from its stages.
 */
import assert from 'node:assert/strict';
import { statusOf } from '../../src/http/errors';
import { parseRecommendationLists, type RecommendationListRequest } from '../../src/storefront/recommendations';
import { ALGORITHM_MODULES } from '../../src/storefront/recommendations/algorithms';
import { affinityBoosts, NO_AFFINITY } from '../../src/storefront/recommendations/algorithms/personal';
import { likeText } from '../../src/storefront/recommendations/algorithms/alternatives';
import { fillList, stageSizes } from '../../src/storefront/recommendations/merge';
import { aboutGroups, readCandidates, stageSearch } from '../../src/storefront/recommendations/query';
import { carriedSiblings } from '../../src/storefront/productSource';
import { labelOf, resolveList } from '../../src/storefront/recommendations/run';
import { readSourceProducts, sourceProductsSearch } from '../../src/storefront/recommendations/source';
import type { AlgorithmInput, ResolvedList, SourceProduct, Stage } from '../../src/storefront/recommendations/types';
import type { QueryContext } from '../../src/storefront/request';
import type { ProductSource } from '../../src/storefront/productShaper';
import { parsePageBody } from '../../src/storefront/pages/request';
import { allCustom } from '../../src/storefront/pages/shape';

const context: QueryContext = {
  customerKey: 'c',
  sessionKey: 's',
  market: 'SE',
  locale: 'sv-SE',
  touchpoint: 'DESKTOP',
  channels: { online: true, store: false },
  stores: [],
  notify: true,
  presentCustom: [],
  presentPrices: [],
  viewId: 'PRODUCTION',
  labels: {},
};
const shoe: SourceProduct = {
  productKey: 'P1',
  productGroupKey: 'G1',
  title: 'Trail shoe',
  brand: 'Acme',
  series: 'Trail',
  categoryIds: ['shoes'],
  categories: ['Women > Shoes > Sneakers'],
  gender: ['women'],
  age: [],
  productType: ['sneaker'],
  styleWith: ['S1', 'S2'],
  price: 500,
};
const list = (over: Partial<ResolvedList> = {}): ResolvedList => ({
  id: 'l',
  algorithm: 'TOP_PRODUCTS',
  limit: 4,
  pinned: [],
  blocked: [],
  unknownProduct: false,
  cart: [],
  cartKeys: [],
  ...over,
});
const input = (over: Partial<ResolvedList> = {}): AlgorithmInput => ({ list: list(over), context });
const stagesOf = (over: Partial<ResolvedList>, signals?: unknown) => {
  const m = ALGORITHM_MODULES[over.algorithm ?? 'TOP_PRODUCTS'];
  return m.stages(input(over), signals === undefined ? m.coldSignals : signals);
};
const throws400 = (f: () => unknown, message: RegExp) => assert.throws(f, (e: Error) => statusOf(e) === 400 && message.test(e.message));

describe('recommendation lists (pure)', () => {
  describe('parseRecommendationLists', () => {
    it('reads every setting and defaults the algorithm', () => {
      assert.deepEqual(parseRecommendationLists(undefined), []);
      assert.deepEqual(
        parseRecommendationLists([
          { id: 'a' },
          {
            id: 'b_1-X',
            algorithm: 'CART',
            label: 'L',
            showMoreLink: '//x',
            visualization: 'GRID',
            limit: 200,
            productRules: 'rule incl brand { "A" }',
            params: { cart: ['k'], productKey: 'p' },
          },
          { id: 'c', productFilter: { brand: 'A' } },
        ]),
        [
          { id: 'a', algorithm: 'TOP_PRODUCTS' },
          {
            id: 'b_1-X',
            algorithm: 'CART',
            label: 'L',
            showMoreLink: '//x',
            visualization: 'GRID',
            limit: 200,
            productRules: 'rule incl brand { "A" }',
            params: { cart: ['k'], productKey: 'p' },
          },
          { id: 'c', algorithm: 'TOP_PRODUCTS', productFilter: { brand: 'A' } },
        ],
      );
    });

    it('names the list and field of every broken rule', () => {
      throws400(() => parseRecommendationLists({}), /recommendationLists must be an array/);
      throws400(() => parseRecommendationLists(Array.from({ length: 11 }, (_, i) => ({ id: `x${i}` }))), /at most 10/);
      throws400(() => parseRecommendationLists([{ id: 'a' }, { id: 'é' }]), /recommendationLists\[1\]\.id/);
      throws400(() => parseRecommendationLists([{ id: 'a', limit: '4' }]), /recommendationLists\[0\]\.limit/);
      throws400(() => parseRecommendationLists([{ id: 'a', showMoreLink: 'ftp://x' }]), /showMoreLink must start with/);
      throws400(() => parseRecommendationLists([{ id: 'a', params: { productKey: '' } }]), /params\.productKey must be a non-empty string/);
      // Longer than any catalog key (200): refused before Elasticsearch, where a term over 32,766 bytes fails the search.
      throws400(
        () => parseRecommendationLists([{ id: 'a', params: { variantKey: 'v'.repeat(201) } }]),
        /recommendationLists\[0\]\.params\.variantKey must be at most 200 characters \(got 201\)/,
      );
      throws400(
        () => parseRecommendationLists([{ id: 'a', algorithm: 'CART', params: { cart: ['ok', 'x'.repeat(40_000)] } }]),
        /recommendationLists\[0\]\.params\.cart\[1\] must be at most 200 characters \(got 40000\)/,
      );
      assert.equal(parseRecommendationLists([{ id: 'a', algorithm: 'CART', params: { cart: ['k'.repeat(200)] } }])[0].params?.cart?.[0].length, 200);
      throws400(() => parseRecommendationLists([{ id: 'a', params: { other: 1 } }]), /params\.other is not a recommendation parameter/);
      throws400(() => parseRecommendationLists([{ id: 'a', productRules: 'rule' }]), /recommendationLists\[0\]\.productRules: /);
    });
  });

  describe('resolveList', () => {
    const about = new Map([
      ['P1', shoe],
      ['P1-v', { ...shoe, variantKey: 'P1-v' }],
      ['C1', { ...shoe, productKey: 'C1', productGroupKey: 'GC' }],
    ]);
    const req = (r: Partial<RecommendationListRequest>): RecommendationListRequest => ({ id: 'l', algorithm: 'TOP_PRODUCTS', ...r });

    it('applies the page defaults and the list params first', () => {
      const r = resolveList(req({ algorithm: 'UPSELL' }), 0, {}, { productKey: 'P1', cart: ['C1', 'nope'] }, about);
      assert.deepEqual(
        [r.product?.productKey, r.cart.map((p) => p.productKey), r.cartKeys, r.limit, r.unknownProduct],
        ['P1', ['C1'], ['C1', 'nope'], 4, false],
      );
      assert.equal(resolveList(req({ algorithm: 'UPSELL', params: { productKey: 'zz' } }), 0, {}, { productKey: 'P1' }, about).unknownProduct, true);
      assert.equal(resolveList(req({ algorithm: 'ADD_TO_CART_RECS' }), 0, {}, { productKey: 'C1', variantKey: 'P1-v' }, about).product?.productKey, 'P1');
    });

    it('requires a product key or a cart where the algorithm needs one', () => {
      throws400(
        () => resolveList(req({ algorithm: 'ALTERNATIVES' }), 3, {}, {}, about),
        /recommendationLists\[3\]\.params\.productKey is required for ALTERNATIVES/,
      );
      throws400(() => resolveList(req({ algorithm: 'CART' }), 0, {}, {}, about), /params\.cart is required for CART/);
      assert.deepEqual(resolveList(req({ algorithm: 'CART' }), 0, {}, { cart: [] }, about).cart, []);
    });

    it('compiles productRules and productFilter with the price id', () => {
      assert.ok(JSON.stringify(resolveList(req({ productRules: 'rule incl price [1, 2]' }), 0, { priceId: 'vip' }, {}, about).rules).includes('vip'));
      assert.ok(JSON.stringify(resolveList(req({ productFilter: { brand: 'Acme' } }), 0, {}, {}, about).rules).includes('Acme'));
      assert.equal(resolveList(req({}), 0, {}, {}, about).rules, undefined);
    });
  });

  describe('algorithms', () => {
    it('has a module for each of the eleven algorithms', () => {
      assert.equal(Object.keys(ALGORITHM_MODULES).length, 11);
      for (const [name, m] of Object.entries(ALGORITHM_MODULES)) assert.equal(m.algorithm, name);
      assert.deepEqual(
        Object.values(ALGORITHM_MODULES)
          .filter((m) => !m.softDedupe)
          .map((m) => m.algorithm),
        ['STYLE_WITH', 'NEWEST_PRODUCTS', 'RECENTLY_VIEWED'],
      );
    });

    it('TOP_PRODUCTS and NEWEST_PRODUCTS keep out-of-stock products and sort by popularity / release date', () => {
      const [top] = stagesOf({ algorithm: 'TOP_PRODUCTS' }) as Extract<Stage, { kind: 'search' }>[];
      assert.deepEqual(
        top.sort.map((s) => Object.keys(s as object)[0]),
        ['_score', 'popularity', 'rating', 'stock', 'releaseDate', 'productKey'],
      );
      assert.ok(!JSON.stringify(top.query).includes('"filter":[{"term":{"inStock"'));
      const [newest] = stagesOf({ algorithm: 'NEWEST_PRODUCTS' }) as Extract<Stage, { kind: 'search' }>[];
      assert.deepEqual(
        newest.sort.map((s) => Object.keys(s as object)[0]),
        ['_score', 'releaseDate', 'popularity', 'productKey'],
      );
    });

    it('PERSONAL: cold start is the popular in-stock products; affinity adds weighted traits first', () => {
      assert.equal(stagesOf({ algorithm: 'PERSONAL' }).length, 1);
      const affinity = {
        brands: [
          { value: 'Acme', score: 10 },
          { value: 'Zeta', score: 5 },
        ],
        categories: [{ value: 'hats', score: 4 }],
        price: { p25: 10, median: 20, p75: 30 },
        events: 9,
      };
      assert.deepEqual(affinityBoosts(NO_AFFINITY), []);
      assert.deepEqual(
        affinityBoosts(affinity).map((q) => (q.constant_score as { boost: number }).boost),
        [3, 2, 1, 1],
      );
      assert.equal(stagesOf({ algorithm: 'PERSONAL' }, affinity).length, 2);
    });

    it("CART: co-occurring keys first, then the cart's categories, then anything popular", () => {
      const cartList = { algorithm: 'CART' as const, cart: [shoe], cartKeys: ['P1'] };
      assert.deepEqual(
        stagesOf(cartList).map((s) => s.kind),
        ['search', 'search'],
      );
      const stages = stagesOf(cartList, [{ productKey: 'X', score: 1, sessions: 2 }]);
      assert.deepEqual(stages[0], { kind: 'keys', keys: ['X'], inStockOnly: true, boughtTogether: true });
      assert.ok(JSON.stringify(stages[1]).includes('"categoryIds":["shoes"]'));
    });

    it('ADD_TO_CART_RECS: bought with the product, with the cart, styleWith, then other categories', () => {
      const stages = stagesOf(
        { algorithm: 'ADD_TO_CART_RECS', product: shoe, variantKey: 'P1-v' },
        { withProduct: [{ productKey: 'A', score: 1, sessions: 1 }], withCart: [] },
      );
      assert.deepEqual(
        stages.map((s) => (s.kind === 'keys' ? s.keys : 'search')),
        [['A'], ['S1', 'S2'], 'search'],
      );
      assert.ok(JSON.stringify(stages[2]).includes('"must_not":[{"terms":{"categoryIds":["shoes"]}}]'));
      assert.deepEqual(stagesOf({ algorithm: 'ADD_TO_CART_RECS' }), []);
    });

    it("FAVORITES and RECENTLY_VIEWED: the visitor's keys in order; only favourites fill up", () => {
      assert.deepEqual(
        stagesOf({ algorithm: 'FAVORITES' }, ['F2', 'F1']).map((s) => s.kind),
        ['keys', 'search'],
      );
      assert.deepEqual(stagesOf({ algorithm: 'RECENTLY_VIEWED' }, ['V1']), [{ kind: 'keys', keys: ['V1'], inStockOnly: false }]);
      assert.deepEqual(stagesOf({ algorithm: 'RECENTLY_VIEWED' }), []);
    });

    it('UPSELL: more expensive, same gender, same category then same product type, in stock', () => {
      const stages = stagesOf({ algorithm: 'UPSELL', product: shoe });
      assert.equal(stages.length, 2);
      const text = JSON.stringify(stages[0]);
      for (const part of ['"price.selling.min":{"gt":500}', '"gender":["women"]', '"categoryIds":["shoes"]', '"inStock":true'])
        assert.ok(text.includes(part), part);
      assert.ok(JSON.stringify(stages[1]).includes('"productType":["sneaker"]'));
      assert.deepEqual(stagesOf({ algorithm: 'UPSELL' }), []);
    });

    it('STYLE_WITH, ALTERNATIVES and MORE_FROM_SERIES are about the product', () => {
      const styleWith = stagesOf({ algorithm: 'STYLE_WITH', product: shoe });
      assert.deepEqual(
        styleWith.map((s) => (s.kind === 'keys' ? s.keys : 'search')),
        [['S1', 'S2'], 'search', 'search'],
      );
      // Other categories of the department, the brand first; never the leaf category nor its siblings.
      const complement = JSON.stringify(styleWith[2]);
      assert.ok(
        complement.includes('{"terms":{"categoryPaths":["Women"]}}') &&
          complement.includes('"must_not":[{"terms":{"categoryIds":["shoes"]}},{"terms":{"categoryPaths":["Women > Shoes"]}}]'),
        complement,
      );
      assert.ok(JSON.stringify(styleWith[1]).includes('{"term":{"brand":"Acme"}}'));
      const alternatives = stagesOf({ algorithm: 'ALTERNATIVES', product: shoe });
      assert.equal(likeText(shoe), 'Trail shoe sneaker Acme');
      assert.ok(JSON.stringify(alternatives[0]).includes('"more_like_this"'));
      assert.equal(alternatives.length, 3);
      assert.ok(JSON.stringify(stagesOf({ algorithm: 'MORE_FROM_SERIES', product: shoe })).includes('"series":"Trail"'));
      assert.deepEqual(stagesOf({ algorithm: 'MORE_FROM_SERIES', product: { ...shoe, series: undefined } }), []);
    });
  });

  describe('stage searches', () => {
    it('filter market, locale and rules, and leave out blocked keys', () => {
      const i = input({ product: shoe, cart: [{ ...shoe, productGroupKey: 'G2' }], blocked: ['B'], rules: { term: { brand: 'Acme' } } });
      assert.deepEqual(aboutGroups(i.list), ['G1', 'G2']);
      const body = stageSearch({ kind: 'search', query: { match_all: {} }, sort: [] }, i, 7);
      const bool = (body.query as { bool: Record<string, unknown> }).bool;
      assert.deepEqual(bool.filter, [{ term: { market: 'SE' } }, { term: { locale: 'sv-SE' } }, { term: { brand: 'Acme' } }]);
      assert.deepEqual(bool.must_not, [{ terms: { productKey: ['B'] } }]);
      assert.deepEqual([body.size, body.collapse], [7, { field: 'productGroupKey' }]);
      const keyed = stageSearch({ kind: 'keys', keys: ['A', 'B'], inStockOnly: true }, input(), 99);
      assert.equal(keyed.size, 2);
      assert.ok(JSON.stringify(keyed.query).includes('"terms":{"productKey":["A","B"]}'));
    });

    it('answer candidate keys from doc values, not documents', () => {
      for (const stage of [
        { kind: 'search', query: { match_all: {} }, sort: [] },
        { kind: 'keys', keys: ['A'], inStockOnly: false },
      ] as Stage[]) {
        const body = stageSearch(stage, input(), 4);
        assert.equal(body._source, false);
        assert.deepEqual(body.docvalue_fields, ['productKey', 'productGroupKey', 'groupProductKeys']);
      }
      const candidates = readCandidates({
        hits: {
          hits: [
            { _index: 'x', _id: '1', fields: { productKey: ['P1'], productGroupKey: ['G1'], groupProductKeys: ['P0', 'P1'] } },
            { _index: 'x', _id: '2', fields: { productKey: ['P2'] } },
            { _index: 'x', _id: '3', fields: { productKey: ['P3'], productGroupKey: ['G3'] } },
          ],
        },
      });
      assert.deepEqual(candidates, [
        { productKey: 'P1', productGroupKey: 'G1', groupProductKeys: ['P0', 'P1'] },
        { productKey: 'P3', productGroupKey: 'G3', groupProductKeys: [] },
      ]);
      assert.deepEqual(readCandidates(undefined), []);
    });

    it('take the siblings from the copies the chosen products carry, fetching only for documents without copies or of another market', () => {
      const copy = (key: string) => ({
        productKey: key,
        productGroupKey: 'G',
        title: key,
        url: '',
        colors: [],
        customLabels: {},
        customNumbers: {},
        customLengths: {},
        customJson: {},
        images: [],
        variants: [],
      });
      const at = { market: 'UK', locale: 'en-GB' };
      const { siblings, fetch } = carriedSiblings(at, [
        { ...at, productKey: 'P1', productGroupKey: 'G', groupProductKeys: ['P0', 'P1', 'P2'], siblings: [copy('P0'), copy('P2')] },
        { ...at, productKey: 'Q', productGroupKey: 'H', groupProductKeys: ['Q'] },
        { ...at, productKey: 'R', productGroupKey: 'I', groupProductKeys: ['R', 'S'] },
        // another market's document (a completion option matching the locale only): its copies hold that market's prices
        { market: 'SE', locale: 'en-GB', productKey: 'T1', productGroupKey: 'J', groupProductKeys: ['T1', 'T2'], siblings: [copy('T2')] },
      ]);
      assert.deepEqual([...siblings.keys()], ['P0', 'P2']);
      assert.deepEqual(
        fetch.map((p) => p.productKey),
        ['R', 'T1'],
      );
    });

    it('size later stages so the list still fills after overlap', () => {
      const search: Stage = { kind: 'search', query: { match_all: {} }, sort: [] };
      assert.deepEqual(stageSizes([{ kind: 'keys', keys: ['a', 'b'], inStockOnly: true }, search, search], 4), [2, 6, 12]);
      assert.deepEqual(stageSizes([search], 300), [300]);
      assert.deepEqual(stageSizes([search, search], 300), [300, 400]);
      assert.deepEqual(stageSizes([search], 4, 8), [12]);
    });
  });

  describe('fillList', () => {
    const p = (key: string, group = `G-${key}`): ProductSource => ({ productKey: key, productGroupKey: group });
    it('keeps stage order, the order of keyed stages, one product per group, up to the limit', () => {
      const keyed: Stage = { kind: 'keys', keys: ['C', 'A'], inStockOnly: true };
      const search: Stage = { kind: 'search', query: { match_all: {} }, sort: [] };
      const filled = fillList(
        [keyed, search],
        [
          [p('A'), p('C')],
          [p('C'), p('D', 'G-A'), p('E'), p('F')],
        ],
        3,
      );
      assert.deepEqual(
        filled.map((x) => x.productKey),
        ['C', 'A', 'E'],
      );
      assert.deepEqual(fillList([search], [[]], 4), []);
    });

    it("takes at most `take` of a stage, leaving room for the next (STYLE_WITH's accessories)", () => {
      const department: Stage = { kind: 'search', query: { match_all: {} }, sort: [], take: 2 };
      const accessories: Stage = { kind: 'search', query: { match_all: {} }, sort: [] };
      const filled = fillList([department, accessories, { ...department, take: undefined }], [[p('A'), p('B'), p('C')], [p('X')], [p('A'), p('B'), p('C')]], 4);
      assert.deepEqual(
        filled.map((x) => x.productKey),
        ['A', 'B', 'X', 'C'],
      );
    });

    it("labels a bought-together list without a co-purchased product so, in the locale's language", () => {
      const together: Stage = { kind: 'keys', keys: ['T'], inStockOnly: true, boughtTogether: true };
      const cart = { id: 'c', algorithm: 'CART' as const };
      assert.deepEqual(labelOf(cart, [together], [{ productKey: 'P' }], 'sv-SE'), { label: 'Du kanske också gillar' });
      assert.deepEqual(labelOf(cart, [together], [{ productKey: 'P' }], 'xx-XX'), { label: 'You may also like' });
      assert.deepEqual(labelOf(cart, [together], [{ productKey: 'T' }, { productKey: 'P' }], 'en-GB'), {});
      assert.deepEqual(labelOf(cart, [], [], 'en-GB'), {});
      assert.deepEqual(labelOf({ ...cart, label: 'Ours' }, [], [{ productKey: 'P' }], 'en-GB'), { label: 'Ours' });
      assert.deepEqual(labelOf({ id: 't', algorithm: 'TOP_PRODUCTS' }, [], [{ productKey: 'P' }], 'en-GB'), {});
    });

    it('never takes a group the list is about (they are left out here, not in the searches)', () => {
      const search: Stage = { kind: 'search', query: { match_all: {} }, sort: [] };
      const i = input({ product: shoe, cart: [{ ...shoe, productGroupKey: 'G2' }] });
      // The same fallback search whatever product the list is about: Elasticsearch's request cache can answer it.
      assert.deepEqual(stageSearch(search, i, 7), stageSearch(search, input({ product: { ...shoe, productKey: 'P9', productGroupKey: 'G9' } }), 7));
      const filled = fillList([search], [[p('A', 'G1'), p('B'), p('C', 'G2'), p('D')]], 4, new Set(['G-B']), aboutGroups(i.list));
      assert.deepEqual(
        filled.map((x) => x.productKey),
        ['D', 'B'],
      );
    });

    it('prefers groups earlier lists do not show, and takes them only to fill up (soft de-duplication)', () => {
      const search: Stage = { kind: 'search', query: { match_all: {} }, sort: [] };
      assert.deepEqual(
        fillList([search], [[p('A'), p('B'), p('C')]], 2, new Set(['G-A'])).map((x) => x.productKey),
        ['B', 'C'],
      );
      assert.deepEqual(
        fillList([search], [[p('A'), p('B')]], 2, new Set(['G-A'])).map((x) => x.productKey),
        ['B', 'A'],
      );
    });
  });

  describe('source products and page bodies', () => {
    it('looks up product and variant keys in the market and locale', () => {
      const body = sourceProductsSearch({ market: 'SE', locale: 'en-GB' }, ['P1', 'V1']);
      assert.equal(body.size, 2);
      const found = readSourceProducts(
        { hits: { hits: [{ _index: 'x', _source: { productKey: 'P1', productGroupKey: 'G1', variantKeys: ['V1'], categoryIds: ['c'] } }] } } as never,
        ['P1', 'V1'],
      );
      assert.deepEqual([found.get('P1')?.variantKey, found.get('V1')?.variantKey, found.get('V1')?.productKey], [undefined, 'V1', 'P1']);
    });

    it('reads include flags and lists from page bodies', () => {
      assert.deepEqual(parsePageBody(undefined, 'cart'), { include: false, recommendationLists: [] });
      assert.deepEqual(parsePageBody({ productGroup: { include: true } }, 'productGroup'), { include: true, recommendationLists: [] });
      throws400(() => parsePageBody('x'), /Body must be a JSON object/);
    });

    it('lists every custom attribute of a product page product', () => {
      const doc = {
        productKey: 'P',
        productGroupKey: 'G',
        customLabels: { a: ['x'] },
        customNumbers: { n: 1 },
        variants: [{ key: 'v', customLabels: { fit: ['s'] } }],
      } as unknown as ProductSource;
      assert.deepEqual(allCustom(doc), [
        { level: 'product', kind: 'label', name: 'a' },
        { level: 'product', kind: 'number', name: 'n' },
        { level: 'variant', kind: 'label', name: 'fit' },
      ]);
    });
  });
});
