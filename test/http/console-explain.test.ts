/**
 * The admin explain endpoints over HTTP against the real node: the same answer as the storefront's, in the
 * same order, with a reason for every position (the pin and the rules that fired named).
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { Page } from '../../src/merchandising/pages/types';

function product(title: string, brand: string, category: string, price: number, stock = 1): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}`, brand, category: [category] },
    variants: { [`${title}-v`]: { defaults: { listPrice: price, sellingPrice: price, stock } } },
  };
}
const group = (key: string, p: Product): ReplaceEntity => ({ key: `G-${key}`, productGroup: { products: { [key]: p } } });

const CATALOG: ReplaceEntity[] = [
  group('shoe-a', product('Runner shoe A', 'Nike', 'Shoes > Running', 500)),
  group('shoe-b', product('Runner shoe B', 'Adidas', 'Shoes > Running', 900, 0)),
  group('shoe-c', product('Boot shoe C', 'Nike', 'Shoes > Boots', 1500)),
  group('shoe-d', product('Boot shoe D', 'Ecco', 'Shoes > Boots', 1200)),
  group('shirt-a', product('Shirt A', 'Nike', 'Clothing > Shirts', 200)),
];

const PAGE: Page = {
  id: '/shoes',
  paths: { 'sv-SE': '/skor' },
  primaryList: { rules: 'rule incl category { "Shoes" } excl brand { "Ecco" } rule incl brand { "Ecco" }', pinned: ['shoe-d'] },
};

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP' };
type Group = { key: string; products: { key: string }[]; explanation?: { kind: string; label: string; effect: number | string }[] };

describe('explain endpoints (HTTP)', function () {
  let service: TestService;
  before(async function () {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(CATALOG)).status, 204);
    const res = await service.admin('POST', '/api/admin/v4/import/pages', {
      body: JSON.stringify({ market: 'SE', type: 'FULL', addOrUpdate: [PAGE] }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => {
    await service.close();
  });

  const query = (params: Record<string, string>) => new URLSearchParams({ ...BASE, notify: 'false', ...params }).toString();
  async function both(path: string, params: Record<string, string>, body?: unknown): Promise<{ storefront: Group[]; explained: Group[] }> {
    const init = body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    const method = body === undefined ? 'GET' : 'POST';
    const a = await service.request(method, `/api/storefront/v3/queries/${path}?${query(params)}`, init);
    const b = await service.admin(method, `/api/admin/v4/explain/${path}?${query(params)}`, init);
    const [sa, sb] = [await jsonBody(a), await jsonBody(b)];
    assert.equal(a.status, 200, JSON.stringify(sa));
    assert.equal(b.status, 200, JSON.stringify(sb));
    return { storefront: sa.primaryList.productGroups, explained: sb.primaryList.productGroups };
  }
  const keys = (groups: Group[]) => groups.map((g) => g.key);
  const reasons = (g: Group, kind: string) => (g.explanation ?? []).filter((e) => e.kind === kind);

  it('explains landing-page in its order: the pin, the page rule that admitted each product, positions before and after', async () => {
    const { storefront, explained } = await both('landing-page', { pageReference: '/shoes' });
    assert.deepEqual(keys(explained), keys(storefront));
    assert.deepEqual(keys(explained), ['G-shoe-d', 'G-shoe-a', 'G-shoe-c', 'G-shoe-b']);
    assert.equal(storefront[0].explanation, undefined, 'the storefront carries no explanation');
    const pinned = explained[0];
    assert.deepEqual(reasons(pinned, 'pin'), [{ kind: 'pin', label: 'page /shoes: pinned', effect: 1 }]);
    assert.deepEqual(
      reasons(pinned, 'rule').map((r) => r.label),
      ['page /shoes rule 2: rule incl brand { "Ecco" }'],
    );
    const sorts = reasons(pinned, 'sort');
    assert.deepEqual(
      sorts.map((s) => s.effect),
      [3, 1],
      'shoe-d would be third without its pin (Boot shoe D sorts by key after shoe-a and shoe-c)',
    );
    const runner = explained[1];
    assert.deepEqual(reasons(runner, 'pin'), []);
    assert.deepEqual(
      reasons(runner, 'rule').map((r) => r.label),
      ['page /shoes rule 1: rule incl category { "Shoes" } excl brand { "Ecco" }'],
    );
    const outOfStock = explained[3];
    assert.match(reasons(outOfStock, 'stock')[0].label, /out of stock/);
    assert.deepEqual(
      reasons(runner, 'stock').map((s) => s.label),
      ['in stock'],
    );
    // Below the pin the pin placed it; shoe-c has shoe-a's score (stock alone on a page) and follows it by key.
    assert.deepEqual(reasons(runner, 'tie'), []);
    assert.deepEqual(reasons(explained[2], 'tie'), [{ kind: 'tie', label: 'product key', effect: 2 }]);
  });

  it('explains search-page in its order: text fields and terms, the request rule that fired, stock', async () => {
    const body = { primaryList: { productRules: 'rule incl brand { "Nike" } rule incl brand { "Adidas" }' } };
    const { storefront, explained } = await both('search-page', { q: 'shoe' }, body);
    assert.deepEqual(keys(explained), keys(storefront));
    assert.deepEqual(new Set(keys(explained)), new Set(['G-shoe-a', 'G-shoe-b', 'G-shoe-c']));
    for (const g of explained) {
      assert.ok(
        reasons(g, 'text').some((t) => t.label.startsWith('title:') && typeof t.effect === 'number' && t.effect > 0),
        JSON.stringify(g.explanation),
      );
      assert.equal(reasons(g, 'sort').length, 2);
    }
    const adidas = explained.find((g) => g.key === 'G-shoe-b')!;
    assert.deepEqual(
      reasons(adidas, 'rule').map((r) => r.label),
      ['request rule 2'],
    );
    assert.equal(explained[explained.length - 1].key, 'G-shoe-b', 'the product out of stock comes last');
    assert.match(reasons(adidas, 'stock')[0].label, /out of stock/);
  });

  it('names the tie-break between neighbours of the same score, and none for the first', async () => {
    // "Boot shoe C" and "Boot shoe D": the same words, length and stock, no popularity: the product key orders them.
    const { storefront, explained } = await both('search-page', { q: 'boot' });
    assert.deepEqual(keys(explained), keys(storefront));
    assert.deepEqual(keys(explained), ['G-shoe-c', 'G-shoe-d']);
    assert.deepEqual(reasons(explained[0], 'tie'), []);
    assert.deepEqual(reasons(explained[1], 'tie'), [{ kind: 'tie', label: 'product key', effect: 1 }]);
    // A product of another score is not tied: "Runner shoe A" in stock before "Runner shoe B" out of stock.
    const runners = (await both('search-page', { q: 'runner' })).explained;
    assert.deepEqual(keys(runners), ['G-shoe-a', 'G-shoe-b']);
    assert.deepEqual(
      runners.flatMap((g) => reasons(g, 'tie')),
      [],
    );
  });

  it('needs the Api-Key and names a bad parameter', async () => {
    const res = await service.request('GET', `/api/admin/v4/explain/search-page?${query({ q: 'shoe' })}`);
    assert.equal(res.status, 403);
    const bad = await service.admin('GET', `/api/admin/v4/explain/search-page?${query({})}`);
    assert.equal(bad.status, 400);
    assert.match((await jsonBody(bad)).message, /\bq\b/);
    const badLanding = await service.admin('GET', `/api/admin/v4/explain/landing-page?${query({ pageReference: '/shoes', sort: 'NOPE' })}`);
    assert.equal(badLanding.status, 400);
    assert.match((await jsonBody(badLanding)).message, /sort/);
  });
});
