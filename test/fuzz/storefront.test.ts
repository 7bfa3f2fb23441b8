/**
 * Fuzzing the storefront: query parameters (valid ones, then changed, dropped, repeated, malformed), POST bodies
 * (valid bodies changed in a few places, arbitrary JSON, broken text), methods and content types of every query
 * endpoint, and notifications (real and broken tickets and keys). The catalog is a small generated one with
 * pages, navigation and a template, so that valid-looking requests reach Elasticsearch.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startService, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { generateCatalogLines } from '../../src/sample/generator';
import type { ReplaceEntity } from '../../src/catalog/types';
import {
  contentType,
  describeFindings,
  fuzz,
  malformedQueryTail,
  mutated,
  nastyJson,
  nastyString,
  OVER_LONG,
  PROTOTYPE_NAMES,
  queryString,
  sweep,
  withEachStringOverLong,
  type Json,
} from './support';

const RUNS = 120;
const VISITOR: Record<string, string> = { market: 'SE', locale: 'sv-SE', customerKey: 'c1', sessionKey: 's1', touchpoint: 'DESKTOP' };
/** Parameters every query endpoint knows (src/storefront/request.ts), and some it does not. */
const SHARED = [
  'market',
  'locale',
  'customerKey',
  'sessionKey',
  'touchpoint',
  'channels',
  'stores',
  'notify',
  'presentCustom',
  'presentPrices',
  'priceId',
  'viewId',
  'templateId',
  'unknown',
];
const LISTING = [
  'q',
  'limit',
  'skip',
  'sort',
  'origin',
  'f.brand',
  'f.price',
  'f.price.min',
  'f.price.max',
  'f.color',
  'f.size',
  'f.onlyInStock',
  'f.category',
  'f.custom.material',
  'f.custom.unknown',
  'f.rating.min',
  'f.constructor',
  'f.__proto__',
  'f.toString.min',
  'f.custom.valueOf',
  'selectedCategory',
  'viewAllSecondary',
  'includeNavigation',
  'pageReference',
];

interface Fixture {
  productKey: string;
  variantKey: string;
  contentKey: string;
  tickets: string[];
}

describe('fuzz: storefront queries and notifications', function () {
  this.timeout(30 * 60_000);
  let service: TestService;
  const fixture: Fixture = { productKey: '', variantKey: '', contentKey: '', tickets: [] };

  before(async () => {
    service = await startService();
    await service.configure();
    const entities: ReplaceEntity[] = [...generateCatalogLines({ productGroups: 60, markets: TEST_CONFIGURATION, seed: 3 })];
    const res = await service.importCatalog(entities);
    assert.equal(res.status, 204, await res.text());
    const firstGroup = entities.find((e): e is Extract<ReplaceEntity, { productGroup: unknown }> => 'productGroup' in e)!;
    const [productKey, product] = Object.entries(firstGroup.productGroup.products)[0];
    fixture.productKey = productKey;
    fixture.variantKey = Object.keys(product.variants ?? {})[0] ?? '';
    fixture.contentKey = entities.find((e) => 'content' in e)?.key ?? '';
    const admin = async (method: string, path: string, body: unknown) => {
      const r = await service.admin(method, path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
      assert.equal(r.status, 204, `${path}: ${await r.text()}`);
    };
    await admin('POST', '/api/admin/v4/import/pages', {
      market: 'SE',
      type: 'FULL',
      addOrUpdate: [
        {
          id: '/women',
          paths: { 'sv-SE': '/dam' },
          primaryList: { rules: 'rule incl category { "cat_women_clothing_jackets" }' },
          recLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', limit: 4 }],
        },
        { id: '/women/shoes', paths: { 'sv-SE': '/dam/skor' } },
      ],
    });
    await admin('POST', '/api/admin/v4/import/navigation', {
      market: 'SE',
      locale: 'sv-SE',
      type: 'FULL',
      addOrUpdate: [
        { id: 'women', title: 'Dam', type: 'PAGE', pageId: '/women' },
        { id: 'shoes', title: 'Skor', type: 'PAGE', pageId: '/women/shoes', parentId: 'women' },
      ],
    });
    await admin('PUT', '/api/admin/v4/import/templates', { card: { products: { all: { fields: ['title', 'link', 'custom.*'], maxVariants: 0 } } } });
    const page = (await (
      await service.request('GET', `/api/storefront/v3/queries/search-page?q=ull&${queryString(Object.entries(VISITOR))}&notify=false`)
    ).json()) as { primaryList?: { productGroups?: { products?: { ticket?: string }[] }[] } };
    fixture.tickets = (page.primaryList?.productGroups ?? [])
      .flatMap((g) => (g.products ?? []).map((p) => p.ticket ?? ''))
      .filter(Boolean)
      .slice(0, 5);
  });

  after(async () => service?.close());

  /** Per endpoint: the parameters that make a valid request, and the names worth changing. */
  const endpoints = (): Record<string, { valid: Record<string, string>; names: string[] }> => ({
    'search-page': { valid: { q: 'ull', limit: '6' }, names: LISTING },
    autocomplete: { valid: { q: 'ul' }, names: ['q', 'limit', 'notify'] },
    'landing-page': { valid: { pageReference: '/dam', limit: '6' }, names: [...LISTING, 'pageReference'] },
    'product-page': { valid: { productKey: fixture.productKey }, names: ['productKey', 'variantKey', 'limit'] },
    'cart-page': { valid: { cart: fixture.variantKey }, names: ['cart', 'limit'] },
    'add-to-cart-popup': { valid: { variantKey: fixture.variantKey }, names: ['variantKey', 'productKey', 'cart'] },
    'navigation-tree': { valid: { pageReference: '/dam' }, names: ['pageReference', 'includeNavigation'] },
    'content-search-page': { valid: { q: 'a', limit: '4' }, names: ['q', 'limit', 'skip', 'sort', 'origin'] },
    'content-information': { valid: { contentKeys: fixture.contentKey }, names: ['contentKeys'] },
  });

  /** Valid parameters, then some dropped, some set to nasty values, some repeated, maybe a malformed tail. */
  const parameters = (valid: Record<string, string>, names: string[]) =>
    fc
      .record({
        drop: fc.subarray(Object.keys({ ...VISITOR, ...valid })),
        set: fc.array(fc.tuple(fc.constantFrom(...SHARED, ...names), nastyString), { maxLength: 5 }),
        tail: malformedQueryTail,
      })
      .map(({ drop, set, tail }) => {
        const pairs = Object.entries({ ...VISITOR, ...valid }).filter(([k]) => !drop.includes(k));
        return queryString([...pairs, ...set], tail);
      });

  for (const name of [
    'search-page',
    'autocomplete',
    'landing-page',
    'product-page',
    'cart-page',
    'add-to-cart-popup',
    'navigation-tree',
    'content-search-page',
    'content-information',
  ]) {
    it(`${name}: query parameters`, async () => {
      const { valid, names } = endpoints()[name];
      const found = await fuzz(
        service,
        `GET ${name}`,
        parameters(valid, names),
        (query) => ({ method: 'GET', path: `/api/storefront/v3/queries/${name}?${query}` }),
        RUNS,
      );
      assert.equal(found.length, 0, describeFindings(found));
    });
  }

  /** Valid POST bodies of each endpoint (src/storefront/*\/request.ts), to be changed by the fuzzer. */
  const bodies = (): Record<string, Json[]> => {
    const rules = 'rule incl brand { "Norrsken" } excl price [ -infinity, 100 ]';
    const recList = (algorithm: string, params: Record<string, Json> = {}): Json => ({
      id: `r-${algorithm}`,
      algorithm,
      limit: 4,
      params,
      productRules: 'rule incl newness 30d',
      visualization: 'CAROUSEL',
    });
    return {
      'search-page': [
        { primaryList: { include: true, productRules: rules }, navigation: { include: true }, contentLists: [{ id: 'c', limit: 2 }] },
        { primaryList: { productFilter: { brand: ['Norrsken'] } } },
      ],
      autocomplete: [{}, { navigation: { include: true } }],
      'landing-page': [
        {
          primaryList: { include: true, productRules: rules },
          recommendationLists: [recList('TOP_PRODUCTS'), recList('NEWEST')],
          contentLists: [{ id: 'c', limit: 2 }],
          navigation: { include: true },
        },
      ],
      'product-page': [
        { recommendationLists: [recList('ALTERNATIVES'), recList('UPSELL'), recList('STYLE_WITH'), recList('CART', { cart: [fixture.variantKey] })] },
      ],
      'cart-page': [{ recommendationLists: [recList('CART'), recList('PERSONAL')] }],
      'add-to-cart-popup': [{ recommendationLists: [recList('ADD_TO_CART_RECS'), recList('TOP_PRODUCTS')] }],
      'content-search-page': [{ primaryList: { contentFilter: { type: ['article'], 'custom.topic': 'x' } } }],
    };
  };

  /** A POST: a changed valid body, arbitrary JSON or broken text, under a content type valid or not. */
  const post = (bases: Json[]) =>
    fc.record({
      body: fc.oneof(
        { weight: 6, arbitrary: mutated(bases).map((b) => JSON.stringify(b)) },
        { weight: 2, arbitrary: nastyJson.map((b) => JSON.stringify(b)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '',
            '{',
            '{"primaryList":',
            'null',
            '[]',
            '"x"',
            '{"a":1}{"b":2}',
            '\u0000',
            '['.repeat(50_000) + ']'.repeat(50_000),
            '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
            'x'.repeat(1_100_000),
          ),
        },
      ),
      type: fc.constantFrom(
        'application/json',
        'text/plain',
        'text/plain;charset=UTF-8',
        '',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
      ),
    });

  for (const name of ['search-page', 'autocomplete', 'landing-page', 'product-page', 'cart-page', 'add-to-cart-popup', 'content-search-page']) {
    it(`${name}: POST bodies`, async () => {
      const { valid } = endpoints()[name];
      const query = queryString(Object.entries({ ...VISITOR, ...valid }));
      const found = await fuzz(
        service,
        `POST ${name}`,
        post(bodies()[name]),
        ({ body, type }) => ({
          method: 'POST',
          path: `/api/storefront/v3/queries/${name}?${query}`,
          body,
          headers: contentType(type),
        }),
        RUNS,
      );
      assert.equal(found.length, 0, describeFindings(found));
    });
  }

  /**
   * Not random: every string of every valid body, in turn, made longer than any catalog key and than the
   * 32,766 bytes Elasticsearch takes for one term, and the same inside rule and filter values. The random
   * mutations reach each place only now and then (a 40,000-character cart key once gave a 500).
   */
  it('over-long strings in every place of every valid body, and inside rules and filters', async () => {
    const inRules = (long: string): Json[] =>
      ['brand', 'product_key', 'variant_key', 'category', 'custom.material', 'color'].map((attribute) => ({
        primaryList: { productRules: `rule incl ${attribute} { "${long}" }` },
      }));
    const cases: { name: string; body: Json }[] = [];
    for (const [name, bases] of Object.entries(bodies())) {
      for (const base of bases) for (const body of withEachStringOverLong(base)) cases.push({ name, body });
    }
    for (const long of OVER_LONG) {
      for (const body of inRules(long)) cases.push({ name: 'search-page', body }, { name: 'landing-page', body });
      cases.push({ name: 'search-page', body: { primaryList: { productFilter: { brand: [long], 'custom.material': long } } } });
      cases.push({
        name: 'product-page',
        body: { recommendationLists: [{ id: 'r', algorithm: 'ALTERNATIVES', limit: 4, productRules: `rule incl brand { "${long}" }` }] },
      });
    }
    const found = await sweep(
      service,
      cases.map(({ name, body }) => ({
        endpoint: `POST ${name}`,
        method: 'POST',
        path: `/api/storefront/v3/queries/${name}?${queryString(Object.entries({ ...VISITOR, ...endpoints()[name].valid }))}`,
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      })),
    );
    assert.ok(cases.length > 60, `${cases.length} cases`);
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('product rules in a search-page body (the rule language)', async () => {
    const token = fc.oneof(
      fc.constantFrom(
        'rule',
        'incl',
        'excl',
        '{',
        '}',
        '[',
        ']',
        ',',
        '"A"',
        '"Norrsken"',
        '""',
        '"\\"',
        'brand',
        'price',
        'product_key',
        'custom.material',
        'custom.',
        'newness',
        'rating',
        '-infinity',
        'infinity',
        '100',
        '-1',
        '1e400',
        '0.5',
        '10d',
        '0d',
        '99999999999d',
        'category',
        'variant_key',
        'in_stock',
        'size',
        'color',
        'discount',
        'true',
        '(',
        ')',
        'or',
        'and',
        'not',
      ),
      nastyString.filter((s) => s.length < 40),
    );
    const rules = fc.array(token, { minLength: 1, maxLength: 14 }).map((tokens) => tokens.join(' '));
    const query = queryString(Object.entries({ ...VISITOR, q: 'ull' }));
    const found = await fuzz(
      service,
      'POST search-page productRules',
      rules,
      (r) => ({
        method: 'POST',
        path: `/api/storefront/v3/queries/search-page?${query}`,
        body: JSON.stringify({ primaryList: { productRules: r } }),
        headers: { 'Content-Type': 'application/json' },
      }),
      RUNS * 2,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  /**
   * Thousands of rules, restrictions, filter attributes, selected values and content filter attributes
   * (issue 38: 20,000 brand rules once answered 500, 12,000 took 3.9 s): each must be a fast 4xx, never a 5xx
   * or a hang. Few runs: each input is large, and the limits make them all alike.
   */
  it('rule counts: thousands of rules, restrictions, attributes and values', async () => {
    const rule = fc.constantFrom(
      'rule incl brand { "Norrsken" }',
      'rule incl custom.material [ 1, 2 ]',
      'rule incl custom.material { "Ull" } excl price [ 10, 20 ]',
      'rule incl category { "C1" }',
      'rule excl newness 10d',
    );
    const restriction = fc.constantFrom('incl brand { "B" }', 'excl custom.length [ 1 cm, 2 m ]', 'incl rating [ 1, 5 ]');
    const count = fc.integer({ min: 51, max: 20_000 });
    const request = fc.oneof(
      fc
        .tuple(fc.constantFrom('search-page', 'landing-page'), rule, count)
        .map(([name, r, n]) => ({ name, query: '', body: { primaryList: { productRules: Array(n).fill(r).join(' ') } } as Json })),
      fc
        .tuple(fc.constantFrom('search-page', 'landing-page'), restriction, count)
        .map(([name, r, n]) => ({ name, query: '', body: { primaryList: { productRules: `rule ${Array(n).fill(r).join(' ')}` } } as Json })),
      fc.tuple(fc.constantFrom('search-page', 'landing-page'), fc.integer({ min: 101, max: 20_000 })).map(([name, n]) => ({
        name,
        query: '',
        body: { primaryList: { productFilter: Object.fromEntries(Array.from({ length: n }, (_, i) => [`custom.a${i}`, ['x']])) } } as Json,
      })),
      fc.tuple(fc.constantFrom('product-page', 'cart-page', 'add-to-cart-popup'), rule, count).map(([name, r, n]) => ({
        name,
        query: '',
        body: { recommendationLists: [{ id: 'r', algorithm: 'TOP_PRODUCTS', productRules: Array(n).fill(r).join(' ') }] } as Json,
      })),
      fc.tuple(rule, count).map(([r, n]) => ({ name: 'autocomplete', query: '', body: { productRules: Array(n).fill(r).join(' ') } as Json })),
      // Selected values: as many as fit in the 16 KB of a request line.
      fc
        .tuple(
          fc.constantFrom('search-page', 'landing-page'),
          fc.constantFrom('f.brand', 'f.custom.material', 'f.size', 'f.color'),
          fc.integer({ min: 201, max: 2_500 }),
        )
        .map(([name, facet, n]) => ({ name, query: `&${facet}=${Array.from({ length: n }, (_, i) => `v${i}`).join('|')}`, body: {} as Json })),
      fc.tuple(fc.constantFrom('search-page', 'landing-page', 'content-search-page'), fc.integer({ min: 21, max: 5_000 })).map(([name, n]) => ({
        name,
        query: '',
        body: (name === 'content-search-page'
          ? { primaryList: { contentFilter: Object.fromEntries(Array.from({ length: n }, (_, i) => [`custom.a${i}`, 'x'])) } }
          : { contentLists: [{ id: 'c', limit: 2, contentFilter: Object.fromEntries(Array.from({ length: n }, (_, i) => [`custom.a${i}`, 'x'])) }] }) as Json,
      })),
    );
    const found = await fuzz(
      service,
      'POST rule counts',
      request,
      ({ name, query, body }) => ({
        method: 'POST',
        path: `/api/storefront/v3/queries/${name}?${queryString(Object.entries({ ...VISITOR, ...endpoints()[name].valid }))}${query}`,
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      }),
      30,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  /**
   * Not random: every name Object.prototype gives every plain object (issue 38) as the market, the locale, the
   * visitor keys, every endpoint's ids and keys, a facet id and selected value, and as a key of each body.
   */
  it('prototype names as markets, locales, ids, keys and facet ids', async () => {
    const requests: { endpoint: string; method: string; path: string; body?: string; headers?: Record<string, string> }[] = [];
    for (const name of PROTOTYPE_NAMES) {
      for (const [endpoint, { valid }] of Object.entries(endpoints())) {
        const base = { ...VISITOR, ...valid };
        const changes: Record<string, string>[] = [
          { market: name },
          { locale: name },
          { customerKey: name, sessionKey: name },
          { priceId: name },
          { stores: name, channels: 'STORE' },
          { presentCustom: name },
          { presentPrices: name },
          { templateId: name },
          { sort: name },
          ...Object.keys(valid)
            .filter((k) => k !== 'limit')
            .map((k) => ({ [k]: name })),
          { [`f.${name}`]: 'x' },
          { [`f.${name}.min`]: '1' },
          { 'f.brand': name },
          { [`f.custom.${name}`]: name },
        ];
        for (const change of changes)
          requests.push({
            endpoint: `GET ${endpoint}`,
            method: 'GET',
            path: `/api/storefront/v3/queries/${endpoint}?${queryString(Object.entries({ ...base, ...change }))}`,
          });
      }
      for (const [endpoint, bases] of Object.entries(bodies())) {
        for (const base of bases) {
          const body = JSON.stringify(base).replace(/^\{"([^"]+)"/, `{"${name}"`);
          requests.push({
            endpoint: `POST ${endpoint}`,
            method: 'POST',
            path: `/api/storefront/v3/queries/${endpoint}?${queryString(Object.entries({ ...VISITOR, ...endpoints()[endpoint].valid }))}`,
            body,
            headers: { 'Content-Type': 'application/json' },
          });
        }
      }
      requests.push({
        endpoint: 'POST search-page',
        method: 'POST',
        path: `/api/storefront/v3/queries/search-page?${queryString(Object.entries({ ...VISITOR, q: 'ull' }))}`,
        body: JSON.stringify({
          primaryList: { productRules: `rule incl custom.${name} { "${name}" } rule incl brand { "${name}" }`, productFilter: undefined },
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      requests.push({
        endpoint: 'POST content-search-page',
        method: 'POST',
        path: `/api/storefront/v3/queries/content-search-page?${queryString(Object.entries({ ...VISITOR, q: 'a' }))}`,
        body: `{"primaryList": {"contentFilter": {"custom.${name}": "x", "${name}": "y"}}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      requests.push({
        endpoint: 'POST notifications',
        method: 'POST',
        path: `/api/storefront/v3/notifications/click?${queryString([
          ['market', name],
          ['customerKey', name],
          ['sessionKey', name],
        ])}`,
        body: JSON.stringify({ ticket: name }),
        headers: { 'Content-Type': 'text/plain' },
      });
    }
    const found = await sweep(service, requests, 'prototype names');
    assert.ok(requests.length > 300, `${requests.length} requests`);
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('methods and paths', async () => {
    const query = queryString(Object.entries({ ...VISITOR, q: 'ull', pageReference: '/dam', productKey: fixture.productKey, contentKeys: fixture.contentKey }));
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      name: fc.constantFrom(
        'search-page',
        'navigation-tree',
        'content-information',
        'landing-page',
        'nope',
        '',
        'search-page/',
        'SEARCH-PAGE',
        '..%2f..%2fadmin',
        '%00',
      ),
    });
    const found = await fuzz(
      service,
      'methods and paths',
      request,
      ({ method, name }) => ({
        method,
        path: `/api/storefront/v3/queries/${name}?${query}`,
        ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: '{}', headers: { 'Content-Type': 'application/json' } } : {}),
      }),
      60,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('a URL longer than the HTTP server takes (16 KB of headers)', async () => {
    const query = queryString(Object.entries({ ...VISITOR, q: 'x'.repeat(20_000) }));
    const found = await fuzz(
      service,
      'GET over-long URL',
      fc.constantFrom('search-page', 'autocomplete'),
      (name) => ({ method: 'GET', path: `/api/storefront/v3/queries/${name}?${query}` }),
      2,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('notifications: names, parameters and bodies', async () => {
    const names = [
      'click',
      'add-to-cart',
      'ad-impression',
      'add-favorite',
      'remove-favorite',
      'remove-recent-searches',
      'remove-recently-viewed',
      'end',
      'purchase',
    ];
    const ticket = fc.oneof(
      fc.constantFrom(...fixture.tickets),
      fc.constantFrom(...fixture.tickets).chain((t) => fc.nat({ max: t.length }).map((n) => t.slice(0, n))),
      fc.base64String({ maxLength: 80 }).map((b) => b.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '')),
      nastyString,
    );
    const bases: Json[] = [
      { ticket: fixture.tickets[0] },
      { productKey: fixture.productKey },
      { variantKey: fixture.variantKey },
      { phrases: ['ull', 'skor'] },
      { removeAll: true },
      { productKeys: [fixture.productKey] },
      { lines: [{ variantKey: fixture.variantKey, quantity: 2, sellingPrice: 199 }] },
    ];
    const input = fc.record({
      name: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: nastyString.map((s) => new URLSearchParams({ s }).toString().slice(2)) /* encodeURIComponent throws on a lone surrogate */ },
      ),
      drop: fc.subarray(['market', 'customerKey', 'sessionKey']),
      set: fc.array(fc.tuple(fc.constantFrom('market', 'customerKey', 'sessionKey', 'locale', 'touchpoint'), nastyString), { maxLength: 3 }),
      body: fc.oneof(
        { weight: 3, arbitrary: mutated(bases) },
        { weight: 2, arbitrary: ticket.map((t): Json => ({ ticket: t })) },
        { weight: 1, arbitrary: nastyJson },
      ),
      type: fc.constantFrom('text/plain', 'application/json', ''),
    });
    const found = await fuzz(
      service,
      'POST notifications',
      input,
      ({ name, drop, set, body, type }) => {
        const pairs = Object.entries({ market: 'SE', customerKey: 'c1', sessionKey: 's1' }).filter(([k]) => !drop.includes(k));
        return {
          method: 'POST',
          path: `/api/storefront/v3/notifications/${name}?${queryString([...pairs, ...set])}`,
          body: JSON.stringify(body),
          headers: contentType(type),
        };
      },
      RUNS * 2,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });
});
