/**
 * Ids named after Object.prototype members (issue 38, point 5): `constructor`, `valueOf`, `toString`,
 * `__proto__` as markets, locales, page ids and map keys. Refused with a 400 naming the field by the kernel's
 * validation toolkit, and a configuration stored before that (written here straight to the store) is looked
 * up as data: its `constructor` market finds no built-in and can be dropped again.
 */
import assert from 'node:assert/strict';
import { startService, TEST_CONFIGURATION, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import { own, isPrototypeKey, map, Problems, string, stringMap, stripNulls, validateWithSchema, PROTOTYPE_KEYS } from '../../src/kernel/validation';

const json = { 'Content-Type': 'application/json' };
const product: Product = {
  markets: ['SE'],
  defaults: { title: 'Ullsocka', url: '/p/ullsocka', brand: 'Norrsken', category: ['Strumpor'] },
  variants: { 'sock-v': { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
};
const CATALOG: ReplaceEntity[] = [{ key: 'G-sock', productGroup: { products: { sock: product } } }];
const search = (market: string) =>
  `/api/storefront/v3/queries/search-page?q=ull&market=${encodeURIComponent(market)}&locale=sv-SE&customerKey=c1&sessionKey=s1&touchpoint=DESKTOP`;

describe('ids named after Object.prototype members (issue 38)', function () {
  this.timeout(120_000);
  let service: TestService;

  const importConfiguration = (body: string, query = '') => service.admin('POST', `/api/admin/v4/import/configuration${query}`, { body, headers: json });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  before(async () => {
    // No cache of stored documents: the configuration written straight to the store is read at once.
    service = await startService({ storeCacheMs: 0 });
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });

  after(async () => service?.close());

  it('refuses a configuration with a market named constructor, toString or __proto__, naming it', async () => {
    for (const market of ['constructor', 'toString', '__proto__']) {
      const res = await importConfiguration(`{"markets": {"SE": {"locales": ["sv-SE"]}, "${market}": {"locales": ["sv-SE"]}}}`);
      assert.equal(res.status, 400, market);
      assert.match(await message(res), new RegExp(`markets\\.${market}: "${market}" is the name of a built-in property`));
    }
    assert.deepEqual(Object.keys(((await (await service.admin('GET', '/api/admin/v4/export/configuration')).json()) as { markets: object }).markets).sort(), [
      'NO',
      'SE',
    ]);
  });

  it('refuses a pages import for the market valueOf as an unconfigured market', async () => {
    for (const market of ['valueOf', 'constructor']) {
      const res = await service.admin('POST', '/api/admin/v4/import/pages', {
        body: JSON.stringify({ market, type: 'FULL', addOrUpdate: [{ id: '/x' }] }),
        headers: json,
      });
      assert.equal(res.status, 400, market);
      assert.match(await message(res), /market/);
    }
    const page = await service.admin('POST', '/api/admin/v4/import/pages', {
      body: JSON.stringify({ market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'constructor' }] }),
      headers: json,
    });
    assert.equal(page.status, 400);
    assert.match(await message(page), /addOrUpdate\[0\]\.id: "constructor" is the name of a built-in property/);
  });

  it('refuses catalog keys named like a built-in, naming line and field, and words an unknown field constructor as any other', async () => {
    const variants = { v: { defaults: { listPrice: 1, sellingPrice: 1 } } };
    const lines: unknown[] = [
      { replace: { key: 'G-x', productGroup: { products: { constructor: { markets: ['SE'], defaults: { title: 'A', url: '/a' }, variants } } } } },
      { replace: { key: 'toString', content: { markets: ['SE'], type: 'article', defaults: { title: 'A', url: '/a' } } } },
      { replace: { key: 'C-1', content: { markets: ['SE'], type: 'article', defaults: { title: 'A', url: '/a' } }, constructor: null } },
    ];
    const res = await service.importCatalog(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', '?validationOnly=true');
    assert.equal(res.status, 400);
    const body = (await res.json()) as { errors: { line: number; path: string; message: string }[] };
    assert.deepEqual(
      body.errors.map((e) => [e.line, e.path]),
      [
        [1, 'replace.productGroup.products.constructor'],
        [2, 'replace.key'],
        [3, 'replace.constructor'],
      ],
    );
    assert.match(body.errors[0].message, /"constructor" is the name of a built-in property/);
    assert.match(body.errors[2].message, /^unknown field/);
  });

  it('answers a search on a market named like a built-in as on any other: unknown, or configured before the check and empty (no built-in found); a later import may drop it', async () => {
    const unknown = await service.request('GET', search('XX'));
    for (const market of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await service.request('GET', search(market));
      assert.equal(res.status, unknown.status, market);
      assert.match(await message(res), /unknown market/);
    }
    // A configuration imported before ids were checked: written to the store as it was kept then.
    await service.context.configuration.save({ markets: { ...TEST_CONFIGURATION.markets, constructor: { locales: ['sv-SE'], currency: 'SEK' } } });
    // The same answer as NO, a configured market without products.
    const noProducts = await service.request('GET', search('NO').replace('sv-SE', 'nb-NO'));
    assert.equal(noProducts.status, 503, await noProducts.text());
    const empty = await service.request('GET', search('constructor'));
    const text = await empty.text();
    assert.equal(empty.status, 503, text);
    assert.match(text, /No products found in the cluster for market constructor/);
    // Dropping it (and a rollback would do the same) is an ordinary configuration import.
    const dropped = await importConfiguration(JSON.stringify(TEST_CONFIGURATION), '?allowDestructiveImport=true');
    assert.equal(dropped.status, 204, await dropped.text());
    assert.equal((await service.request('GET', search('SE'))).status, 200);
  });
});

describe('the validation toolkit and ids named after Object.prototype members', () => {
  it('knows every Object.prototype member, and nothing else', () => {
    for (const name of ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'toLocaleString'])
      assert.ok(isPrototypeKey(name), name);
    for (const name of ['SE', 'sv-SE', 'Constructor', 'proto', '']) assert.equal(isPrototypeKey(name), false, name);
    assert.ok(PROTOTYPE_KEYS.size >= 12);
  });

  it('refuses such ids where a string reader is told it reads an id, and only there', () => {
    const p = new Problems();
    assert.equal(string(p, 'market', 'constructor', { id: true }), undefined);
    assert.equal(string(p, 'title', 'constructor'), 'constructor');
    assert.deepEqual(p.errors, [
      { path: 'market', message: '"constructor" is the name of a built-in property of every JavaScript object: not allowed as an id or key' },
    ]);
  });

  it('refuses such keys of maps, and keeps __proto__ a key (refused) instead of losing it', () => {
    const body = JSON.parse('{"markets": {"SE": "a", "__proto__": "b", "valueOf": "c"}}') as { markets: unknown };
    const stripped = stripNulls(body) as { markets: Record<string, unknown> };
    assert.ok(Object.hasOwn(stripped.markets, '__proto__'));
    assert.equal(Object.getPrototypeOf(stripped.markets), Object.prototype);
    const p = new Problems();
    const seen: string[] = [];
    map(p, 'markets', stripped.markets, (_, __, key) => seen.push(key));
    assert.deepEqual(seen, ['SE']);
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['markets.__proto__', 'markets.valueOf'],
    );
    const q = new Problems();
    assert.deepEqual(stringMap(q, 'labels', { a: 'x', toString: 'y' }), { a: 'x' });
    assert.equal(q.count, 1);
  });

  it('refuses such keys at any depth of a body read by a schema, before the schema', () => {
    const schema = { validate: (value: unknown) => ({ value }) };
    const result = validateWithSchema(schema, JSON.parse('{"a": [{"b": {"constructor": 1}}], "__proto__": {"polluted": true}}'));
    assert.equal(result.ok, false);
    if (!result.ok) assert.deepEqual(result.problems.errors.map((e) => e.path).sort(), ['__proto__', 'a[0].b.constructor']);
    assert.equal(validateWithSchema(schema, { a: [{ b: { c: 1 } }] }).ok, true);
    // A deeply nested body is walked without recursion.
    assert.equal(validateWithSchema(schema, JSON.parse('['.repeat(20_000) + ']'.repeat(20_000))).ok, true);
  });

  it('looks up own entries only', () => {
    const markets: Record<string, number> = { SE: 1 };
    assert.equal(own(markets, 'SE'), 1);
    for (const key of ['constructor', 'toString', '__proto__', 'valueOf']) assert.equal(own(markets, key), undefined, key);
    assert.equal(own(undefined, 'SE'), undefined);
  });
});
