/**
 * autocomplete over HTTP against the real Elasticsearch, on a small hand-made catalog, and through the
 * official client.
 */
import assert from 'node:assert/strict';
import type { Autocomplete } from '@apptus/esales-api';
import { behaviourIndexNames } from '../../src/search/indexNames';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { AutocompleteResult } from '../../src/storefront/autocomplete/shape';
import { startService, type TestService } from './harness';

function item(title: string, brand: string, category: string, variants: Record<string, number>, rest: Partial<Product['defaults']> = {}): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}`, brand, category: [category], ...rest },
    // several variants need labels to tell them apart; a single one may not have one
    variants: Object.fromEntries(
      Object.entries(variants).map(([key, stock], _, all) => [
        key,
        { defaults: { listPrice: 100, sellingPrice: 100, stock, ...(all.length > 1 ? { label: key.split('-').pop() } : {}) } },
      ]),
    ),
  };
}
const groupOf = (key: string, products: Record<string, Product>, suppressDuplicates?: boolean): ReplaceEntity => ({
  key,
  productGroup: { products, ...(suppressDuplicates === undefined ? {} : { suppressDuplicates }) },
});

const CATALOG: ReplaceEntity[] = [
  groupOf('G-RUN', {
    'runner-red': item('Red running shoe', 'Nike', 'Shoes > Running', { 'runner-red-38': 2, 'runner-red-39': 1 }),
    'runner-blue': item('Blue running shoe', 'Nike', 'Shoes > Running', { 'runner-blue-1': 0 }),
  }),
  groupOf('G-JEANS', { 'jeans-1': item('Slim jeans', 'Levis', 'Clothing > Jeans', { 'jeans-1-v': 3 }, { customLabels: { material: ['Denim'] } }) }),
  groupOf('G-JACKET', { 'jacket-1': item('Rain jacket', 'Helly', 'Clothing > Jackets', { 'jacket-1-v': 3 }) }),
  groupOf(
    'G-SOCK',
    {
      'sock-1': item('Running sock', 'Falke', 'Accessories', { 'sock-1-v': 3 }),
      'sock-2': item('Running sock twin pack', 'Falke', 'Accessories', { 'sock-2-v': 3 }),
    },
    true,
  ),
  { key: 'C-RET', content: { markets: ['SE'], type: 'faq', defaults: { title: 'Returns', url: '/faq/returns' } } },
  { key: 'C-GUIDE', content: { markets: ['SE'], type: 'article', defaults: { title: 'Running guide', url: '/guides/running' } } },
  { key: 'C-RETFORM', content: { markets: ['SE'], type: 'link', defaults: { title: 'Return form', url: 'https://returns.example.com/form' } } },
];

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop' };
const path = (params: Record<string, string | undefined>, endpoint = 'autocomplete') => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...BASE, ...params })) if (v !== undefined) q.set(k, v);
  return `/api/storefront/v3/queries/${endpoint}?${q}`;
};

describe('autocomplete (HTTP)', function () {
  let service: TestService;
  const call = async (params: Record<string, string | undefined>, body?: unknown, contentType = 'application/json') => {
    const res =
      body === undefined
        ? await service.request('GET', path(params))
        : await service.request('POST', path(params), {
            body: typeof body === 'string' ? body : JSON.stringify(body),
            headers: { 'Content-Type': contentType },
          });
    return { status: res.status, body: (await res.json()) as AutocompleteResult & { message?: string }, res };
  };
  const ok = async (params: Record<string, string | undefined>, body?: unknown) => {
    const r = await call(params, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };
  const mains = (groups: AutocompleteResult['productSuggestions']) => groups.map((g) => g.products[0].key);

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('answers 400 naming the parameter', async () => {
    const cases: [Record<string, string | undefined>, unknown, RegExp][] = [
      [{ customerKey: undefined }, undefined, /customerKey is required/],
      [{ touchpoint: 'watch' }, undefined, /touchpoint/],
      [{ market: 'XX' }, undefined, /market: unknown market "XX"/],
      [{ q: 'x'.repeat(201) }, undefined, /q is longer than 200/],
      [{ q: 'a', templateId: 'nope' }, undefined, /templateId: unknown template "nope"/],
      [{ channels: 'STORE' }, undefined, /stores must name at least one store/],
      [{ q: 'run' }, { productRules: 'rule incl brand {"Nike"' }, /^productRules: Unexpected end of input at position 23/],
      [{ q: 'run' }, { productFilter: { colour: 'red' } }, /productFilter.colour: unknown attribute/],
      [{ q: 'run' }, { productRules: 'rule incl brand {"A"}', productFilter: { brand: 'A' } }, /Body/],
      [{ q: 'run' }, { contentLists: [{ id: 'bad id!' }] }, /Body contentLists.0.id/],
      [{ q: 'run' }, [1, 2], /Body must be a JSON object/],
    ];
    for (const [params, body, message] of cases) {
      const r = await call(params, body);
      assert.equal(r.status, 400, `${JSON.stringify(params)} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message!, message);
    }
  });

  it('suggests catalog phrases with the typed part in double braces', async () => {
    const page = await ok({ q: 'run' });
    const phrases = page.phraseSuggestions.map((p) => p.q);
    for (const expected of ['running', 'running sock', 'running sock twin pack']) assert.ok(phrases.includes(expected), phrases.join(', '));
    assert.deepStrictEqual(
      page.phraseSuggestions.find((p) => p.q === 'running sock'),
      { q: 'running sock', highlighted: '{{run}}ning sock' },
    );
    const two = await ok({ q: 'running so' });
    assert.deepStrictEqual(two.phraseSuggestions[0], { q: 'running sock', highlighted: '{{running}} {{so}}ck' });
    assert.deepStrictEqual((await ok({ q: 'zzzq' })).phraseSuggestions, []);
  });

  it('suggests product groups by the prefix of the last token, collapsed, in-stock first', async () => {
    const runn = await ok({ q: 'runn' });
    // G-SOCK suppresses duplicates (once, by its best product); G-RUN does not (once per matching product);
    // runner-blue is out of stock, so it comes last
    assert.deepStrictEqual(
      [mains(runn.productSuggestions).slice(0, 2).sort(), mains(runn.productSuggestions)[2], runn.totalHits],
      [['runner-red', 'sock-1'], 'runner-blue', 3],
    );
    assert.deepStrictEqual(
      runn.productSuggestions.find((g) => g.key === 'G-RUN')!.products.map((p) => p.key),
      ['runner-red', 'runner-blue'],
    );
    // one or two typed characters: candidates from the product completion (inputs starting with "r"), one per
    // group where groups collapse, in-stock first; totalHits counts the matching products (both socks)
    const short = await ok({ q: 'r' });
    assert.deepStrictEqual(
      [
        short.productSuggestions
          .slice(0, 3)
          .map((g) => g.key)
          .sort(),
        short.productSuggestions.map((g) => g.products[0].key).at(-1),
        short.totalHits,
      ],
      [['G-JACKET', 'G-RUN', 'G-SOCK'], 'runner-blue', 5],
    );
    const shortRuled = await ok({ q: 'r' }, { productRules: 'rule incl brand { "Helly" }' });
    assert.deepStrictEqual([mains(shortRuled.productSuggestions), shortRuled.totalHits], [['jacket-1'], 1]);
    const red = await ok({ q: 'red runn' });
    assert.deepStrictEqual([mains(red.productSuggestions), red.totalHits], [['runner-red'], 1]);
    assert.deepStrictEqual(mains((await ok({ q: 'jea' })).productSuggestions), ['jeans-1']);
    assert.deepStrictEqual(mains((await ok({ q: 'nik' })).productSuggestions).sort(), ['runner-blue', 'runner-red']);
    const empty = await ok({ q: 'zzzq' });
    assert.deepStrictEqual([empty.productSuggestions, empty.totalHits, empty.redirectLink], [[], 0, undefined]);
  });

  it('sets redirectLink for an exact variant, product or product group key', async () => {
    assert.equal((await ok({ q: 'runner-red-39' })).redirectLink, '/p/red-running-shoe?variant=runner-red-39');
    assert.equal((await ok({ q: 'runner-blue' })).redirectLink, '/p/blue-running-shoe');
    assert.equal((await ok({ q: 'RUNNER-BLUE' })).redirectLink, '/p/blue-running-shoe');
    // a group key goes to its most relevant product: runner-red is in stock, runner-blue is not
    assert.equal((await ok({ q: 'G-RUN' })).redirectLink, '/p/red-running-shoe');
    assert.equal((await ok({ q: 'runner' })).redirectLink, undefined);
  });

  it('GET and POST: productRules and productFilter restrict productSuggestions; a text/plain body is read', async () => {
    const get = await ok({ q: 'running' });
    assert.deepStrictEqual(get.contentLists, []);
    const nike = await ok({ q: 'running' }, { productRules: 'rule incl brand { "Nike" }' });
    assert.deepStrictEqual([mains(nike.productSuggestions), nike.totalHits], [['runner-red', 'runner-blue'], 2]);
    const legacy = await ok({ q: 'running' }, { productFilter: { brand: 'Falke' } });
    assert.deepStrictEqual(mains(legacy.productSuggestions), ['sock-1']);
    const plain = await call({ q: 'running' }, JSON.stringify({ productRules: 'rule excl brand { "Nike" }' }), 'text/plain;charset=UTF-8');
    assert.deepStrictEqual([plain.status, mains(plain.body.productSuggestions)], [200, ['sock-1']]);
    // a rule the full language has and no subset did: stock_number and an excl-only rule
    const inStock = await ok({ q: 'shoe' }, { productRules: 'rule incl stock_number [ 1, infinity ]' });
    assert.deepStrictEqual(mains(inStock.productSuggestions), ['runner-red']);
  });

  it('returns contentLists from the POST body and only link-type content as contentSuggestions', async () => {
    const page = await ok(
      { q: 'returns' },
      {
        contentLists: [
          { id: 'faq', contentFilter: { type: 'faq' } },
          { id: 'guides', contentFilter: { type: 'article' } },
        ],
      },
    );
    assert.deepStrictEqual(
      page.contentLists.map((l) => [l.id, l.totalHits, l.items.map((i) => i.key)]),
      [
        ['faq', 1, ['C-RET']],
        ['guides', 0, []],
      ],
    );
    const ret = await ok({ q: 'ret' });
    // The faq item "Returns" matches too, but the spec lists only link-type content (issue 32, item 6).
    assert.deepStrictEqual(
      ret.contentSuggestions.map(({ ticket, ...c }) => c),
      [{ title: 'Return form', highlightedTitle: '{{Ret}}urn form', link: 'https://returns.example.com/form' }],
    );
    assert.ok(ret.contentSuggestions[0].ticket);
    const none = await ok({ q: '' }, { contentLists: [{ id: 'all', limit: 1 }] });
    assert.deepStrictEqual(
      none.contentLists.map((l) => [l.totalHits, l.items.length]),
      [[3, 1]],
    );
  });

  describe('behaviour', () => {
    const visible = async () => {
      await service.context.behaviour.flush();
      await service.context.es.indices.refresh({ index: behaviourIndexNames(service.prefix).events });
    };

    it('shows the visitor recent searches and trending phrases when q is empty, popular searches when typing', async () => {
      const fresh = await ok({ q: '', customerKey: 'c-new' });
      assert.deepStrictEqual([fresh.recentSearches, fresh.recentlyViewed, fresh.productSuggestions, fresh.totalHits], [[], [], [], 0]);
      for (const [customer, q] of [
        ['c-hist', 'running sock'],
        ['c-hist', 'rain jacket'],
        ['c-other', 'rain jacket'],
        ['c-other', 'zzzq'],
      ]) {
        const res = await service.request('GET', path({ q, customerKey: customer, sessionKey: `s-${customer}` }, 'search-page'));
        assert.equal(res.status, 200);
      }
      await visible();
      const empty = await ok({ q: '', customerKey: 'c-hist' });
      assert.deepStrictEqual(empty.recentSearches, [{ q: 'rain jacket' }, { q: 'running sock' }]);
      assert.deepStrictEqual(
        empty.phraseSuggestions.map((p) => p.q),
        ['rain jacket', 'running sock'],
      );
      assert.deepStrictEqual(empty.phraseSuggestions[0], { q: 'rain jacket', highlighted: 'rain jacket' });
      const typing = await ok({ q: 'rai', customerKey: 'c-new' });
      assert.deepStrictEqual(typing.phraseSuggestions[0], { q: 'rain jacket', highlighted: '{{rai}}n jacket' });
      assert.deepStrictEqual(typing.recentSearches, []);
      // a search that found nothing is no suggestion
      assert.ok(!(await ok({ q: 'zz' })).phraseSuggestions.some((p) => p.q === 'zzzq'));
    });

    it('does not register autocomplete calls as searches', async () => {
      await ok({ q: 'slim', customerKey: 'c-typing' });
      await visible();
      assert.deepStrictEqual((await ok({ q: '', customerKey: 'c-typing' })).recentSearches, []);
    });

    it('shows recently viewed product groups, newest first', async () => {
      const at = Date.now();
      for (const [i, productKey] of ['jeans-1', 'runner-blue'].entries()) {
        service.context.behaviour.record({
          market: 'SE',
          customerKey: 'c-view',
          sessionKey: 's-view',
          locale: 'sv-SE',
          type: 'product-view',
          productKey,
          at: new Date(at + i * 1000),
        });
      }
      await visible();
      const page = await ok({ q: '', customerKey: 'c-view' });
      assert.deepStrictEqual(
        page.recentlyViewed.map((g) => [g.key, g.products.map((p) => p.key)]),
        [
          ['G-RUN', ['runner-blue', 'runner-red']],
          ['G-JEANS', ['jeans-1']],
        ],
      );
      // also while typing (the client models recentlyViewed without a condition), unfiltered by the phrase
      const typing = await ok({ q: 'jea', customerKey: 'c-view' });
      assert.deepStrictEqual([typing.recentlyViewed.map((g) => g.key), typing.recentSearches], [['G-RUN', 'G-JEANS'], []]);
    });
  });

  it('works through the official client', async () => {
    const { elevate } = await import('@apptus/esales-api');
    const api = elevate({
      clusterId: service.url,
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'desktop',
      session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
    });
    const result: Autocomplete = await api.query.autocomplete({ q: 'jea', notify: false, presentCustom: ['material'] });
    assert.deepStrictEqual(
      result.productSuggestions.map((g) => [g.key, g.products[0].custom]),
      [['G-JEANS', { material: [{ id: 'Denim', label: 'Denim' }] }]],
    );
    assert.ok(
      result.phraseSuggestions.some((p) => p.highlighted === '{{jea}}ns'),
      JSON.stringify(result.phraseSuggestions),
    );
    const post: Autocomplete = await api.query.autocomplete({ q: 'ret' }, { contentLists: [{ id: 'faq' }], productRules: 'rule incl brand {"Nike"}' });
    assert.deepStrictEqual([post.contentLists[0].id, post.contentSuggestions.length, post.productSuggestions], ['faq', 1, []]);
  });

  it('takes one msearch (the popular-phrases and recently-viewed lookups in it) while typing, the suggestions carrying their siblings', async () => {
    // the least of two calls: a catalog facts refresh may add a search to one of them
    const roundTrips = async (q: string) =>
      Math.min(...(await Promise.all([0, 1].map(async () => Number((await call({ q })).res.headers.get('x-elasticsearch-round-trips'))))));
    assert.equal(await roundTrips('jea'), 1);
    // groups with siblings: no sibling mget (the documents carry them), fuzzy or short prefix alike
    assert.equal(await roundTrips('runn'), 1);
    assert.equal(await roundTrips('r'), 1);
  });
});

describe('autocomplete of one market where two markets share a locale (HTTP)', function () {
  let service: TestService;
  const kettle = (title: string, markets: string[]): Product => ({
    ...item(title, 'Brew', 'Kitchen', { [`${title.toLowerCase().replace(/\W+/g, '-')}-v`]: 3 }),
    markets,
  });

  before(async () => {
    service = await startService();
    await service.configure({ markets: { SE: { locales: ['en-GB'], currency: 'SEK' }, UK: { locales: ['en-GB'], currency: 'GBP' } } });
    const res = await service.importCatalog([
      groupOf('G-NORDIC', { nordic: kettle('Kettle Nordic', ['SE']) }),
      groupOf('G-CLASSIC', { classic: kettle('Kettle Classic', ['UK']) }),
    ]);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it("suggests only the request market's products and phrases, in one round trip", async () => {
    for (const q of ['ke', 'kett']) {
      // the second call counts: the first loads the catalog facts
      await (await service.request('GET', path({ q, market: 'UK', locale: 'en-GB', notify: 'false' }))).text();
      const res = await service.request('GET', path({ q, market: 'UK', locale: 'en-GB', notify: 'false' }));
      const body = (await res.json()) as AutocompleteResult;
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepStrictEqual(
        body.productSuggestions.map((g) => g.key),
        ['G-CLASSIC'],
        q,
      );
      assert.ok(!body.phraseSuggestions.some((p) => p.q.includes('nordic')), `${q}: ${JSON.stringify(body.phraseSuggestions)}`);
      assert.equal(res.headers.get('x-elasticsearch-round-trips'), '1', q);
    }
  });
});
