/**
 * Hostile storefront requests (issue 38, point 1): any number of rules, restrictions, filter attributes or
 * selected values, sent without a key. Each is refused with a 400 naming the limit and the field, fast, and
 * never reaches Elasticsearch as a search it would refuse with a 500. Limits: docs/storefront.md#limits.
 */
import assert from 'node:assert/strict';
import { startService, TEST_CONFIGURATION, type TestService } from './harness';
import { generateCatalogLines } from '../../src/sample/generator';
import type { ReplaceEntity } from '../../src/catalog/types';

const VISITOR = 'market=SE&locale=sv-SE&customerKey=c1&sessionKey=s1&touchpoint=DESKTOP';
const SEARCH = `/api/storefront/v3/queries/search-page?q=a&limit=4&${VISITOR}`;
const LANDING = `/api/storefront/v3/queries/landing-page?pageReference=/dam&limit=4&${VISITOR}`;
const rules = (n: number, rule: string) => Array(n).fill(rule).join(' ');

describe('hostile storefront rules and filters (issue 38)', function () {
  this.timeout(180_000);
  let service: TestService;
  let productKey = '';

  const post = async (path: string, body: unknown) => {
    const started = performance.now();
    const res = await service.request('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const json = (await res.json()) as { message?: string; primaryList?: unknown };
    return { status: res.status, json, ms: performance.now() - started };
  };
  const refused = async (path: string, body: unknown, message: RegExp) => {
    const answer = await post(path, body);
    assert.equal(answer.status, 400, JSON.stringify(answer.json).slice(0, 300));
    assert.match(answer.json.message ?? '', message);
    return answer;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const entities: ReplaceEntity[] = [...generateCatalogLines({ productGroups: 20, markets: TEST_CONFIGURATION, seed: 3 })];
    const res = await service.importCatalog(entities);
    assert.equal(res.status, 204, await res.text());
    const group = entities.find((e): e is Extract<ReplaceEntity, { productGroup: unknown }> => 'productGroup' in e)!;
    productKey = Object.keys(group.productGroup.products)[0];
    const hundred = `rule ${Array.from({ length: 100 }, (_, i) => `incl custom.n${i} [ 1, 2 ]`).join(' ')}`;
    const pages = await service.admin('POST', '/api/admin/v4/import/pages', {
      body: JSON.stringify({
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [
          { id: '/dam', paths: { 'sv-SE': '/dam' } },
          { id: '/big', paths: { 'sv-SE': '/big' }, primaryList: { rules: hundred, restrictChildRules: true } },
          { id: '/big/child', paths: { 'sv-SE': '/big/child' }, primaryList: { rules: hundred } },
        ],
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(pages.status, 204, await pages.text());
  });

  after(async () => service?.close());

  it('answers a normal request with rules and selections as before', async () => {
    const body = { primaryList: { productRules: 'rule incl price [ 1, infinity ] excl brand { "Nobody" } rule incl custom.material { "Ull" }' } };
    for (const path of [SEARCH, LANDING, `${SEARCH}&f.brand=A|B|C`]) {
      const answer = await post(path, body);
      assert.equal(answer.status, 200, JSON.stringify(answer.json).slice(0, 300));
      assert.ok(answer.json.primaryList);
    }
  });

  it('refuses 5,000 rules with a 400 naming the limit and the field, in under 100 ms (search-page and landing-page)', async () => {
    const body = { primaryList: { productRules: rules(5000, 'rule incl brand { "Norrsken" }') } };
    for (const path of [SEARCH, LANDING]) {
      await post(path, body); // warm: the first request of a path compiles code and fills caches
      const times: number[] = [];
      for (let i = 0; i < 3; i++)
        times.push((await refused(path, body, /^primaryList\.productRules: Too many rules .* at most 50 rules in one expression/)).ms);
      const median = times.sort((a, b) => a - b)[1];
      assert.ok(median < 100, `${path.split('?')[0]}: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    }
  });

  it('answers 2,500 custom-number rules and 20,000 brand rules with a 400, not a 500', async () => {
    for (const path of [SEARCH, LANDING]) {
      await refused(path, { primaryList: { productRules: rules(2500, 'rule incl custom.length [ 1, 2 ]') } }, /primaryList\.productRules: Too many rules/);
      await refused(path, { primaryList: { productRules: rules(20_000, 'rule incl brand { "B" }') } }, /primaryList\.productRules: Too many rules/);
    }
  });

  it('caps the restrictions of one expression, the attributes of a productFilter and the rules of recommendation lists', async () => {
    const restrictions = `rule ${Array(101).fill('incl brand { "B" }').join(' ')}`;
    await refused(
      SEARCH,
      { primaryList: { productRules: restrictions } },
      /^primaryList\.productRules: Too many restrictions "incl" at position \d+: at most 100 restrictions/,
    );
    const filter = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`custom.a${i}`, 'x']));
    await refused(LANDING, { primaryList: { productFilter: filter } }, /^primaryList\.productFilter: at most 100 attributes \(got 101\)/);
    await refused(
      `/api/storefront/v3/queries/product-page?productKey=${encodeURIComponent(productKey)}&${VISITOR}`,
      { recommendationLists: [{ id: 'r', algorithm: 'TOP_PRODUCTS', productRules: rules(3000, 'rule incl brand { "B" }') }] },
      /^recommendationLists\[0\]\.productRules: Too many rules/,
    );
    await refused(
      `/api/storefront/v3/queries/autocomplete?q=a&${VISITOR}`,
      { productRules: rules(60, 'rule incl brand { "B" }') },
      /^productRules: Too many rules/,
    );
  });

  it('caps selected facet values, selected facets and content filter attributes', async () => {
    const values = Array.from({ length: 201 }, (_, i) => `v${i}`).join('|');
    await refused(`${SEARCH}&f.brand=${values}`, {}, /^Query parameter f\.brand: at most 200 values may be selected \(got 201\)/);
    const contentFilter = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`custom.a${i}`, 'x']));
    await refused(SEARCH, { contentLists: [{ id: 'c', limit: 2, contentFilter }] }, /contentLists\.0\.contentFilter.*20/);
  });

  it('counts the clauses of a search before sending it: a page and its ancestor with the request over the limit is a 400', async () => {
    const hundred = `rule ${Array.from({ length: 100 }, (_, i) => `incl custom.m${i} [ 1, 2 ]`).join(' ')}`;
    const child = `/api/storefront/v3/queries/landing-page?pageReference=/big/child&limit=4&${VISITOR}`;
    assert.equal((await post(child, {})).status, 200);
    await refused(child, { primaryList: { productRules: hundred } }, /^The request makes a search of \d+ query clauses; at most 1024 are allowed/);
  });
});
