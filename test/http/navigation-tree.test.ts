/**
 * navigation-tree over HTTP: the whole tree of a market-locale with product counts, as the official
 * client asks for it. Configuration, catalog, pages and navigation are imported through the admin API.
 */
import assert from 'node:assert/strict';
import type { NavigationTree } from '@apptus/esales-api';
import { startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { NavigationNode } from '../../src/merchandising/navigation/types';
import type { NavigationNodeResult } from '../../src/storefront/navigation/shape';

function product(key: string, brand: string, category: string): ReplaceEntity {
  const p: Product = {
    markets: ['SE'],
    defaults: { title: key, url: `/p/${key}`, brand, category: [category] },
    variants: { [`${key}-v`]: { defaults: { listPrice: 10, sellingPrice: 10, stock: 1 } } },
  };
  return { key: `G-${key}`, productGroup: { products: { [key]: p } } };
}
const CATALOG = [product('a', 'Nike', 'Shoes'), product('b', 'Nike', 'Shirts'), product('c', 'Gant', 'Shoes'), product('d', 'Gant', 'Hats')];

const NAVIGATION: NavigationNode[] = [
  { id: 'shoes', title: 'Shoes', type: 'PAGE', pageId: '/shoes', iconPath: '/i/s.svg', customData: { promo: 'yes' } },
  { id: 'nike-shoes', title: 'Nike shoes', type: 'PAGE', pageId: '/shoes/nike', parentId: 'shoes' },
  { id: 'deep', title: 'Deep', type: 'LABEL', parentId: 'nike-shoes' },
  { id: 'brands', title: 'Brands', type: 'PAGE', pageId: 'brands' },
  { id: 'ghost', title: 'Ghost', type: 'PAGE', pageId: 'no-such-page', parentId: 'brands' },
  { id: 'help', title: 'Help', type: 'LINK', url: 'https://example.com/help' },
];

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'MOBILE', notify: 'false' };

describe('navigation-tree (HTTP)', function () {
  let service: TestService;
  const admin = async (path: string, body: unknown) => {
    const res = await service.admin('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 204, await res.text());
  };
  const get = async (params: Record<string, string> = {}) =>
    service.request('GET', `/api/storefront/v3/queries/navigation-tree?${new URLSearchParams({ ...BASE, ...params })}`);
  const tree = async (params: Record<string, string> = {}) => {
    const res = await get(params);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return (body as { tree: NavigationNodeResult }).tree;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    await admin('/api/admin/v3/import/pages', {
      market: 'SE',
      type: 'FULL',
      addOrUpdate: [
        { id: '/shoes', paths: { 'sv-SE': '/skor' }, primaryList: { rules: 'rule incl category { "Shoes" }', restrictChildRules: true } },
        { id: '/shoes/nike', primaryList: { rules: 'rule incl brand { "Nike" }' } },
        { id: 'brands', primaryList: { blocked: ['d'] } },
      ],
    });
    await admin('/api/admin/v3/import/pages', {
      market: 'SE',
      type: 'PARTIAL',
      previewOnly: true,
      addOrUpdate: [{ id: 'brands', primaryList: { rules: 'rule incl brand { "Gant" }' } }],
    });
    await admin('/api/admin/v4/import/navigation', { market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: NAVIGATION });
  });
  after(async () => service.close());

  it('returns the whole tree under one root, with the products each page lists', async () => {
    assert.deepEqual(await tree(), {
      type: 'LABEL',
      label: '',
      customData: {},
      count: 4,
      children: [
        {
          type: 'PAGE_LINK',
          label: 'Shoes',
          path: '/skor',
          link: '/skor',
          iconPath: '/i/s.svg',
          customData: { promo: 'yes' },
          count: 2,
          children: [
            {
              type: 'PAGE_LINK',
              label: 'Nike shoes',
              path: '/shoes/nike',
              link: '/shoes/nike',
              customData: {},
              count: 1,
              children: [{ type: 'LABEL', label: 'Deep', customData: {}, count: 0, children: [] }],
            },
          ],
        },
        {
          type: 'PAGE_LINK',
          label: 'Brands',
          path: 'brands',
          link: 'brands',
          customData: {},
          count: 3,
          children: [{ type: 'PAGE_LINK', label: 'Ghost', path: 'no-such-page', link: 'no-such-page', customData: {}, count: 0, children: [] }],
        },
        { type: 'PAGE_LINK', label: 'Help', path: 'https://example.com/help', link: 'https://example.com/help', customData: {}, count: 0, children: [] },
      ],
    });
  });

  it('counts with the preview versions of pages under viewId=preview', async () => {
    const preview = await tree({ viewId: 'preview' });
    assert.deepEqual(
      preview.children.map((n) => [n.label, n.count]),
      [
        ['Shoes', 2],
        ['Brands', 1],
        ['Help', 0],
      ],
    );
  });

  it('answers an empty root for a locale without navigation', async () => {
    assert.deepEqual(await tree({ locale: 'en-GB' }), { type: 'LABEL', label: '', customData: {}, count: 4, children: [] });
  });

  it('rejects missing or unknown shared parameters with 400', async () => {
    const missing = await get({ market: '' });
    assert.equal(missing.status, 400);
    assert.match(((await missing.json()) as { message: string }).message, /market is required/);
    assert.equal((await get({ market: 'XX' })).status, 400);
  });

  it('works through the official client', async () => {
    const { elevate } = await import('@apptus/esales-api');
    const api = elevate({
      clusterId: service.url,
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'mobile',
      session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
    });
    const result: NavigationTree = await api.query.navigationTree({ notify: false });
    const labels = (n: NavigationTree['tree']): unknown => ('label' in n ? [n.label, n.count, n.children.map(labels)] : ['SPACER']);
    assert.deepEqual(labels(result.tree), [
      '',
      4,
      [
        ['Shoes', 2, [['Nike shoes', 1, [['Deep', 0, []]]]]],
        ['Brands', 3, [['Ghost', 0, []]]],
        ['Help', 0, []],
      ],
    ]);
    // What a front end reads off the client's union: PAGE_LINK nodes (pages and links) carry `link`.
    const links = (n: NavigationTree['tree']): unknown[] => [...(n.type === 'PAGE_LINK' ? [[n.label, n.link]] : []), ...n.children.flatMap(links)];
    assert.deepEqual(links(result.tree), [
      ['Shoes', '/skor'],
      ['Nike shoes', '/shoes/nike'],
      ['Brands', 'brands'],
      ['Ghost', 'no-such-page'],
      ['Help', 'https://example.com/help'],
    ]);
  });
});
