import assert from 'node:assert/strict';
import { startService, jsonBody, gzipSync, type TestService } from './harness';
import type { NavigationNode } from '../../src/merchandising/navigation/types';

const page = (id: string, parentId?: string, extra: Partial<NavigationNode> = {}): NavigationNode => ({
  id,
  title: `Title ${id}`,
  type: 'PAGE',
  pageId: `/${id}`,
  ...(parentId ? { parentId } : {}),
  ...extra,
});

describe('navigation import and export (admin API)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
  });
  after(async () => service.close());

  const importNavigation = (body: unknown, version = 'v4', query = '') =>
    service.admin('POST', `/api/admin/${version}/import/navigation${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const container = (type: string, addOrUpdate: NavigationNode[], extra: Record<string, unknown> = {}) => ({
    market: 'SE',
    locale: 'sv-SE',
    type,
    addOrUpdate,
    ...extra,
  });

  async function exported(query = 'market=SE&locale=sv-SE'): Promise<{ market: string; locale: string; type: string; addOrUpdate: NavigationNode[] }> {
    const res = await service.admin('GET', `/api/admin/v3/export/navigation?${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200, await res.clone().text());
    return jsonBody(res);
  }
  const ids = async (query?: string) => (await exported(query)).addOrUpdate.map((n) => n.id);

  async function expect204(res: Response) {
    assert.equal(res.status, 204, await res.text());
  }

  it('refuses requests without the Api-Key with 403', async () => {
    const res = await service.request('POST', '/api/admin/v4/import/navigation', { body: JSON.stringify(container('FULL', [])) });
    assert.equal(res.status, 403);
    assert.equal((await service.request('GET', '/api/admin/v3/export/navigation?market=SE&locale=sv-SE')).status, 403);
  });

  it('imports a tree and exports it as imported, parents before children, siblings in order', async () => {
    const nodes = [
      page('women', undefined, { customData: { color: 'red' }, iconPath: '/icons/w.svg' }),
      { id: 'sale', title: 'Sale', type: 'LINK', url: 'https://example.com/sale' } as NavigationNode,
      page('shoes', 'women'),
      { id: 'brands', title: 'Brands', type: 'LABEL', parentId: 'women' } as NavigationNode,
      page('boots', 'shoes'),
    ];
    await expect204(await importNavigation(container('FULL', nodes), 'v4', '?name=first'));
    const body = await exported();
    assert.deepEqual(body, { market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: [nodes[0], nodes[2], nodes[4], nodes[3], nodes[1]] });
    // Each market-locale has its own tree.
    assert.deepEqual(await ids('market=SE&locale=en-GB'), []);
  });

  it('accepts the same body on the v3 endpoint, gzip-compressed', async () => {
    const res = await service.admin('POST', '/api/admin/v3/import/navigation', {
      body: gzipSync(JSON.stringify(container('PARTIAL', [page('men')]))),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    await expect204(res);
    assert.deepEqual(await ids(), ['women', 'shoes', 'boots', 'brands', 'sale', 'men']);
  });

  it('PARTIAL moves a node with its children and keeps the relative order of the others', async () => {
    await expect204(
      await importNavigation(
        container('PARTIAL', [page('shoes', 'men'), page('kids'), page('sale2', undefined, { type: 'LINK', pageId: undefined, url: '/rea' })]),
      ),
    );
    assert.deepEqual(await ids(), ['women', 'brands', 'sale', 'men', 'shoes', 'boots', 'kids', 'sale2']);
  });

  it('PARTIAL removes a parent together with its children', async () => {
    await expect204(await importNavigation(container('PARTIAL', [], { remove: ['men'] })));
    assert.deepEqual(await ids(), ['women', 'brands', 'sale', 'kids', 'sale2']);
  });

  it('stores one readable document per node, origin import', async () => {
    const res = await service.context.es.get({ index: `${service.prefix}-navigation`, id: 'SE|sv-SE|brands' });
    assert.deepEqual(res._source, {
      market: 'SE',
      locale: 'sv-SE',
      id: 'brands',
      title: 'Brands',
      type: 'LABEL',
      parentId: 'women',
      origin: 'import',
      position: 1,
      depth: 1,
      updatedAt: (res._source as { updatedAt: string }).updatedAt,
    });
  });

  it('FULL keeps nodes made in the merchandising application; FORCE drops them', async () => {
    await expect204(await importNavigation(container('FULL', [page('a'), page('b')])));
    const es = service.context.es;
    const doc = (id: string, position: number, origin: string, parentId?: string) => ({
      index: `${service.prefix}-navigation`,
      id: `SE|sv-SE|${id}`,
      refresh: true,
      document: {
        market: 'SE',
        locale: 'sv-SE',
        id,
        title: id,
        type: 'PAGE',
        pageId: `/${id}`,
        ...(parentId ? { parentId } : {}),
        origin,
        position,
        depth: parentId ? 1 : 0,
      },
    });
    await es.index(doc('a', 0, 'import'));
    await es.index(doc('app1', 1, 'app'));
    await es.index(doc('b', 2, 'import'));
    await es.index(doc('app2', 3, 'app', 'b'));
    assert.deepEqual(await ids(), ['a', 'b']);
    assert.deepEqual(await ids('market=SE&locale=sv-SE&includeAppNodes=true'), ['a', 'app1', 'b', 'app2']);

    await expect204(await importNavigation(container('FULL', [page('b'), page('c'), page('child', 'app1')])));
    assert.deepEqual(await ids('market=SE&locale=sv-SE&includeAppNodes=true'), ['app1', 'child', 'b', 'app2', 'c']);
    const tree = await service.context.merchandising.navigation.tree({ market: 'SE', locale: 'sv-SE', includeAppNodes: true });
    assert.deepEqual(
      tree.map((n) => [n.id, n.origin, n.children.map((c) => c.id)]),
      [
        ['app1', 'app', ['child']],
        ['b', 'import', ['app2']],
        ['c', 'import', []],
      ],
    );

    await expect204(await importNavigation(container('FORCE', [page('c'), page('b')])));
    assert.deepEqual(await ids('market=SE&locale=sv-SE&includeAppNodes=true'), ['c', 'b']);
  });

  it('refuses an import while another import holds the lock (409)', async () => {
    const es = service.context.es;
    const lock = `${service.prefix}-import-lock`;
    await es.index({
      index: lock,
      id: 'import',
      document: {
        holder: 'other',
        importId: 'x',
        kind: 'catalog-full',
        acquiredAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
      refresh: true,
    });
    try {
      const res = await importNavigation(container('PARTIAL', [page('d')]));
      assert.equal(res.status, 409);
      assert.match((await jsonBody(res)).message, /import is in progress \(catalog-full/);
    } finally {
      await es.delete({ index: lock, id: 'import', refresh: true });
    }
    assert.deepEqual(await ids(), ['c', 'b']);
  });

  describe('export arguments', () => {
    const cases: [string, RegExp][] = [
      ['locale=sv-SE', /market is required/],
      ['market=SE', /locale is required/],
      ['market=DK&locale=sv-SE', /market "DK" is not configured/],
      ['market=SE&locale=nb-NO', /locale "nb-NO" is not configured for market SE/],
      ['market=SE&locale=sv-SE&includeAppNodes=maybe', /includeAppNodes must be true or false/],
    ];
    for (const [query, message] of cases) {
      it(`answers 400 to ${query}`, async () => {
        const res = await service.admin('GET', `/api/admin/v3/export/navigation?${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
        assert.equal(res.status, 400);
        assert.match((await jsonBody(res)).message, message);
      });
    }
    it('answers 406 when gzip is not accepted', async () => {
      const res = await service.admin('GET', '/api/admin/v3/export/navigation?market=SE&locale=sv-SE', { headers: { 'Accept-Encoding': 'identity' } });
      assert.equal(res.status, 406);
    });
  });
});
