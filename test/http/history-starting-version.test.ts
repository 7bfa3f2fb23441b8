/**
 * A starting version for every kind of merchandising setting: a kind's first import keeps what the market
 * showed until then (defaults, shipped, empty) as "Starting version" first, and a rollback to it makes the
 * storefront answer as it did before that import.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const VISITOR = { market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', customerKey: 'c', sessionKey: 's', notify: 'false' };

describe('starting version of every merchandising kind (HTTP)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
    const titled = (key: string, title: string, brand: string) =>
      group(key, { [`${key}-p`]: product(`${key}-p`, { defaults: { title, url: `/p/${key}`, brand, category: ['cat_shoes'] } }) });
    const res = await service.importCatalog([titled('S1', 'Sneaker one', 'Acme'), titled('S2', 'Sneaker two', 'Bolt'), titled('S3', 'Sneaker three', 'Acme')]);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  /** The storefront's answer, status and body, without what differs from request to request. */
  const storefront = async (path: string, params: Record<string, string>) => {
    const res = await service.request('GET', `/api/storefront/v3/queries/${path}?${new URLSearchParams({ ...VISITOR, ...params })}`);
    const text = await res.text();
    return { status: res.status, body: text.replace(/"ticket":"[^"]*"/g, '"ticket":""') };
  };
  const searchPage =
    (q: string, extra: Record<string, string> = {}) =>
    () =>
      storefront('search-page', { q, ...extra });

  const kinds: { kind: string; scope: string; path: string; method: string; body: unknown; probe: () => Promise<unknown> }[] = [
    {
      kind: 'pages',
      scope: 'market=SE',
      path: 'pages',
      method: 'POST',
      body: {
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [{ id: '/shoes', paths: { 'sv-SE': '/skor' }, primaryList: { rules: 'rule incl category { "cat_shoes" }' } }],
      },
      probe: () => storefront('landing-page', { pageReference: '/skor' }),
    },
    {
      kind: 'navigation',
      scope: 'market=SE&locale=sv-SE',
      path: 'navigation',
      method: 'POST',
      body: { market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: [{ id: 'help', title: 'Help', type: 'LINK', url: 'https://example.com/help' }] },
      probe: () => storefront('navigation-tree', {}),
    },
    {
      kind: 'templates',
      scope: '',
      path: 'templates',
      method: 'POST',
      body: { card: { products: { all: { fields: ['title'], maxVariants: 0 } } } },
      probe: searchPage('sneaker', { templateId: 'card' }),
    },
    {
      kind: 'synonyms',
      scope: '',
      path: 'synonyms',
      method: 'PUT',
      body: { locales: { 'en-GB': [{ terms: ['jumper', 'sneaker'] }] } },
      probe: searchPage('jumper', { locale: 'en-GB' }),
    },
    {
      kind: 'phrase-rules',
      scope: '',
      path: 'phrase-rules',
      method: 'PUT',
      body: { markets: { SE: [{ id: 'hide-two', phrases: ['sneaker'], hidden: ['S2-p'] }] } },
      probe: searchPage('sneaker'),
    },
    {
      kind: 'facets',
      scope: '',
      path: 'facets',
      method: 'PUT',
      body: { markets: { SE: { facets: [{ attribute: 'brand', type: 'TEXT' }] } } },
      probe: searchPage('sneaker'),
    },
    {
      kind: 'labels',
      scope: '',
      path: 'labels',
      method: 'PUT',
      body: { markets: { SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': 'Billigast först' } } } },
      probe: searchPage('sneaker'),
    },
  ];

  for (const { kind, scope, path, method, body, probe } of kinds) {
    it(`${kind}: the first import keeps the starting version, and a rollback to it answers as before`, async () => {
      const before = await probe();
      const res = await service.admin(method, `/api/admin/v4/import/${path}?name=first`, { body: JSON.stringify(body), headers: JSON_HEADERS });
      assert.equal(res.status, 204, await res.text());
      const changed = await probe();
      assert.notDeepEqual(changed, before, `the import changes the storefront: ${JSON.stringify(before).slice(0, 300)}`);

      const history = `/api/admin/v4/history/${kind}${scope ? `?${scope}` : ''}`;
      const { versions } = await jsonBody(await service.admin('GET', history));
      assert.deepEqual(
        versions.map((v: { name: string }) => v.name),
        ['first', 'Starting version'],
      );
      const rollback = await service.admin('POST', `/api/admin/v4/history/${kind}/${versions[1].id}/rollback`);
      assert.equal(rollback.status, 204, await rollback.text());
      assert.deepEqual(await probe(), before);
      const again = (await jsonBody(await service.admin('GET', history))).versions;
      assert.equal(again.length, 3, 'the rollback is a version, and no second starting version is kept');
    });
  }

  it('configuration: the first configuration keeps no starting version, since nothing was configured before it', async () => {
    const { versions } = await jsonBody(await service.admin('GET', '/api/admin/v4/history/configuration'));
    assert.deepEqual(
      versions.map((v: { name: string | null }) => v.name),
      [null],
    );
  });
});
