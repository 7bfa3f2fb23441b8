/**
 * landing-page over HTTP against the real Elasticsearch: configuration, catalog, pages and navigation
 * imported through the admin API, then queried (also through the official client). The catalog is small
 * and listed below, so every list can be asserted exactly.
 */
import assert from 'node:assert/strict';
import type { LandingPage, NavigationTree } from '@apptus/esales-api';
import { startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { NavigationNode } from '../../src/merchandising/navigation/types';
import type { Page } from '../../src/merchandising/pages/types';
import type { LandingPageResult } from '../../src/storefront/landingPage/shape';

function product(title: string, brand: string, category: string, price: number, stock = 1, extra: Partial<Product['defaults']> = {}): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}`, brand, category: [category], ...extra },
    variants: { [`${title}-v`]: { defaults: { listPrice: price, sellingPrice: price, stock } } },
  };
}
const group = (key: string, p: Product): ReplaceEntity => ({ key: `G-${key}`, productGroup: { products: { [key]: p } } });

/** Every product: shoe-b is out of stock. */
const CATALOG: ReplaceEntity[] = [
  group('shoe-a', product('Runner A', 'Nike', 'Shoes > Running', 500, 1, { customLengths: { width: { amount: 10, unit: 'cm' } } })),
  group('shoe-b', product('Runner B', 'Adidas', 'Shoes > Running', 900, 0, { customLengths: { width: { amount: 120, unit: 'mm' } } })),
  group('shoe-c', product('Boot C', 'Nike', 'Shoes > Boots', 1500)),
  group('shoe-d', product('Boot D', 'Ecco', 'Shoes > Boots', 1200)),
  group('shirt-a', product('Shirt A', 'Nike', 'Clothing > Shirts', 200)),
  group('shirt-b', product('Shirt B', 'Gant', 'Clothing > Shirts', 400)),
  group('hat-a', product('Hat A', 'Gant', 'Accessories', 100)),
  // Two products of one group that suppresses duplicates: the market's listings collapse on the group.
  {
    key: 'G-socks',
    productGroup: {
      suppressDuplicates: true,
      products: { 'sock-1': product('Sock 1', 'Puma', 'Accessories', 50), 'sock-2': product('Sock 2', 'Puma', 'Accessories', 60) },
    },
  },
  { key: 'C-1', content: { markets: ['SE'], type: 'article', defaults: { title: 'Shoe care', url: '/guides/care' } } },
];

const shoes: Page = {
  id: '/shoes',
  paths: { 'sv-SE': '/skor', 'en-GB': '/shoes' },
  headings: { 'sv-SE': 'Skor', 'en-GB': 'Shoes' },
  customData: { 'sv-SE': { pageTitle: 'Skor online', metaDescription: 'Alla skor', preamble: 'Välkommen', banner: 'spring' } },
  primaryList: {
    rules: 'rule incl category { "Shoes" }',
    restrictChildRules: true,
    pinned: ['shoe-d'],
    blocked: ['shoe-c'],
    facetsOverride: {
      enabled: true,
      facets: [{ attribute: 'brand', sortOrder: 'ALPHABETIC' }, { attribute: 'price' }, { attribute: 'custom.width', visualization: 'RANGE', unit: 'cm' }],
    },
    sortOrderOverride: { enabled: true, sortOrders: ['RELEVANCE', 'PRICE_INCREASING', 'PRICE_DECREASING'] },
  },
  recLists: [{ id: 'top', algorithm: 'NEWEST_PRODUCTS', limit: 3 }],
};
const nike: Page = {
  id: '/shoes/nike',
  paths: { 'sv-SE': '/skor/nike' },
  headings: { 'sv-SE': 'Nike-skor' },
  primaryList: { rules: 'rule incl brand { "Nike" }' },
};
const handpicked: Page = {
  id: 'handpicked',
  paths: { 'sv-SE': '/utvalt' },
  primaryList: { rules: 'rule incl product_key { "hat-a" "shirt-b" "shoe-a" } rule incl brand { "Ecco" }' },
};
const sliced: Page = {
  id: 'sliced',
  primaryList: {
    rules: 'rule incl brand { "Nike" "Gant" }',
    pinned: ['shirt-b'],
    pageSliceInfo: {
      inherit: false,
      slices: [
        { productSetId: 'S1', pinnedProducts: ['hat-a', 'shirt-b'] },
        { productSetId: 'S2', pinnedProducts: ['shirt-a', 'missing'] },
      ],
    },
  },
};
/** Slices inherited (inherit defaults to true) unless a page says inherit: false. */
const sale: Page = { id: '/sale', primaryList: { pageSliceInfo: { slices: [{ productSetId: 'SALE', pinnedProducts: ['shirt-b'] }] } } };
const saleShirts: Page = { id: '/sale/shirts', primaryList: { rules: 'rule incl category { "Clothing" }' } };
const saleShirtsOwn: Page = { id: '/sale/shirts-own', primaryList: { rules: 'rule incl category { "Clothing" }', pageSliceInfo: { inherit: false } } };

const node = (id: string, title: string, extra: Partial<NavigationNode>): NavigationNode => ({ id, title, type: 'PAGE', ...extra });
const NAVIGATION: NavigationNode[] = [
  node('n-shoes', 'Skor', { pageId: '/shoes', customData: { color: 'red' }, iconPath: '/i/shoes.svg' }),
  node('n-nike', 'Nike', { pageId: '/shoes/nike', parentId: 'n-shoes' }),
  node('n-deep', 'Utvalt', { pageId: 'handpicked', parentId: 'n-nike' }),
  { id: 'n-label', title: 'Märken', type: 'LABEL', parentId: 'n-shoes' },
  { id: 'n-sale', title: 'Rea', type: 'LINK', url: '/rea' },
];

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', notify: 'false' };

describe('landing-page (HTTP)', function () {
  let service: TestService;
  const url = (params: Record<string, string>) => `/api/storefront/v3/queries/landing-page?${new URLSearchParams({ ...BASE, ...params })}`;
  async function get(params: Record<string, string>): Promise<LandingPageResult> {
    const res = await service.request('GET', url(params));
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as LandingPageResult;
  }
  async function post(params: Record<string, string>, body: unknown): Promise<LandingPageResult> {
    const res = await service.request('POST', url(params), { body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } });
    const json = await res.json();
    assert.equal(res.status, 200, JSON.stringify(json));
    return json as LandingPageResult;
  }
  async function status400(params: Record<string, string>, pattern: RegExp) {
    const res = await service.request('GET', url(params));
    const body = (await res.json()) as { message: string };
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.match(body.message, pattern);
  }
  const keys = (page: LandingPageResult) => page.primaryList!.productGroups.map((g) => g.products[0].key);
  const admin = async (path: string, body: unknown) => {
    const res = await service.admin('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 204, await res.text());
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    await admin('/api/admin/v3/import/pages', { market: 'SE', type: 'FULL', addOrUpdate: [shoes, nike, handpicked, sliced, sale, saleShirts, saleShirtsOwn] });
    await admin('/api/admin/v3/import/pages', {
      market: 'SE',
      type: 'PARTIAL',
      previewOnly: true,
      addOrUpdate: [
        { id: '/shoes', headings: { 'sv-SE': 'Nya skor' } },
        { id: 'draft', paths: { 'sv-SE': '/utkast' }, primaryList: { rules: 'rule incl brand { "Gant" }' } },
      ],
    });
    await admin('/api/admin/v4/import/navigation', { market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: NAVIGATION });
  });
  after(async () => service.close());

  describe('the page and its settings', function () {
    it('finds a page by id and by localized path; seo and customData come from the page', async () => {
      const byId = await get({ pageReference: '/shoes' });
      const byPath = await get({ pageReference: '/skor' });
      assert.deepEqual(byPath, byId);
      assert.deepEqual(await get({ pageReference: 'https://shop.example/skor/?utm=x' }), byId);
      assert.equal(byId.published, true);
      assert.deepEqual(byId.customData, { pageTitle: 'Skor online', metaDescription: 'Alla skor', preamble: 'Välkommen', banner: 'spring' });
      assert.deepEqual(byId.seo, {
        pageTitle: 'Skor online',
        pageHeading: 'Skor',
        metaDescription: 'Alla skor',
        preamble: 'Välkommen',
        canonicalPath: '/skor',
      });
      const english = await get({ pageReference: '/shoes', locale: 'en-GB' });
      assert.deepEqual([english.seo, english.customData], [{ pageTitle: 'Shoes', pageHeading: 'Shoes', canonicalPath: '/shoes' }, {}]);
      assert.equal(byId.navigation, undefined);
    });

    it('answers an unknown reference with the default page (no settings, published false)', async () => {
      const page = await get({ pageReference: '/no/such/page' });
      assert.deepEqual(page, { recommendationLists: [], contentLists: [], customData: {}, published: false, seo: {} });
      const listed = await post(
        { pageReference: '/no/such/page', limit: '100' },
        { primaryList: { include: true, productRules: 'rule incl brand { "Gant" }' } },
      );
      assert.deepEqual(keys(listed), ['hat-a', 'shirt-b']);
      assert.equal(listed.primaryList!.facets.map((f) => f.id).includes('brand'), true); // the default facets
      const collapsed = await post({ pageReference: '/no/such/page' }, { primaryList: { productRules: 'rule incl brand { "Puma" }' } });
      assert.deepEqual([collapsed.primaryList!.productGroups.map((g) => g.key), collapsed.primaryList!.totalHits], [['G-socks'], 1]);
    });

    it('shows preview pages and unpublished changes only with viewId=preview', async () => {
      assert.equal((await get({ pageReference: '/shoes' })).seo.pageHeading, 'Skor');
      assert.equal((await get({ pageReference: '/shoes', viewId: 'preview' })).seo.pageHeading, 'Nya skor');
      assert.equal((await get({ pageReference: '/utkast' })).published, false);
      const draft = await get({ pageReference: '/utkast', viewId: 'PREVIEW' });
      assert.deepEqual([draft.published, keys(draft)], [true, ['hat-a', 'shirt-b']]);
    });

    it("filters on a facet the page does not show and shows it after the page's facets", async () => {
      const page = await get({ pageReference: '/shoes', 'f.color': 'red' });
      const color = page.primaryList!.facets.at(-1)!;
      assert.deepStrictEqual(
        [page.primaryList!.facets.map((f) => f.id), color.type === 'COLOR' && color.values.map((v) => [v.id, v.selected])],
        [['price', 'custom.width', 'color'], [['red', true]]],
      );
    });

    it('rejects a missing pageReference and a bad sort with 400', async () => {
      await status400({}, /pageReference is required/);
      await status400({ pageReference: '/shoes', sort: 'NAME' }, /sort: "NAME" is not a sort order of this page/);
      await status400({ pageReference: '/shoes', limit: '0' }, /limit must be between 1 and 600/);
    });
  });

  describe('primary list', function () {
    it('lists the page rules: pinned first, blocked never, then in stock by relevance', async () => {
      const page = await get({ pageReference: '/shoes' });
      assert.deepEqual(keys(page), ['shoe-d', 'shoe-a', 'shoe-b']);
      assert.equal(page.primaryList!.totalHits, 3);
      assert.deepEqual(page.primaryList!.sliceRanges, []);
      const ticket = Buffer.from(page.primaryList!.productGroups[0].products[0].ticket, 'base64url').toString();
      assert.match(ticket, /^2;LANDING_PAGE;PRIMARY_LIST;product;shoe-d;;0;SE;DESKTOP;$/);
    });

    it('offers the sort orders of sortOrderOverride; a chosen sort orders pins like the rest', async () => {
      const page = await get({ pageReference: '/shoes', sort: 'PRICE_ASCENDING' });
      assert.deepEqual(page.primaryList!.sort, {
        selected: 'PRICE_ASCENDING',
        options: [
          { id: 'RELEVANCE', label: 'Relevans' },
          { id: 'PRICE_ASCENDING', label: 'Pris, lägst först' },
          { id: 'PRICE_DESCENDING', label: 'Pris, högst först' },
        ],
      });
      assert.deepEqual(keys(page), ['shoe-a', 'shoe-d', 'shoe-b']);
    });

    it('shows the facets of facetsOverride in order, with multi-select counts under f. selections', async () => {
      const page = await get({ pageReference: '/shoes', 'f.brand': 'Nike|Ecco' });
      assert.deepEqual(keys(page), ['shoe-d', 'shoe-a']);
      assert.equal(page.primaryList!.totalHits, 2);
      assert.deepEqual(page.primaryList!.facets, [
        {
          id: 'brand',
          label: 'Varumärke',
          type: 'TEXT',
          sort: 'ALPHABETICAL',
          selectedCount: 2,
          values: [
            { id: 'Adidas', label: 'Adidas', selected: false, count: 1 },
            { id: 'Ecco', label: 'Ecco', selected: true, count: 1 },
            { id: 'Nike', label: 'Nike', selected: true, count: 1 },
          ],
        },
        { id: 'price', label: 'Pris', type: 'RANGE', min: 500, max: 1200 },
        { id: 'custom.width', label: 'Width', type: 'RANGE', unit: 'cm', min: 10, max: 10 },
      ]);
      const ranged = await get({ pageReference: '/shoes', 'f.custom.width.min': '11' });
      assert.deepEqual(keys(ranged), ['shoe-b']);
      assert.deepEqual(ranged.primaryList!.facets[2], { id: 'custom.width', label: 'Width', type: 'RANGE', unit: 'cm', min: 10, max: 12, minSelected: 11 });
    });

    it('pages with limit and skip', async () => {
      const page = await get({ pageReference: '/shoes', limit: '1', skip: '1' });
      assert.deepEqual([keys(page), page.primaryList!.totalHits], [['shoe-a'], 3]);
      const ticket = Buffer.from(page.primaryList!.productGroups[0].products[0].ticket, 'base64url').toString();
      assert.match(ticket, /;1;SE;DESKTOP;$/); // position in the whole list
    });

    it('restricts a child page to the rules of an ancestor with restrictChildRules', async () => {
      assert.deepEqual(keys(await get({ pageReference: '/skor/nike' })), ['shoe-a', 'shoe-c']);
    });

    it('keeps the order of a handpicked first rule, before the other rules', async () => {
      assert.deepEqual(keys(await get({ pageReference: 'handpicked' })), ['hat-a', 'shirt-b', 'shoe-a', 'shoe-d']);
    });

    it('applies the body productRules on top of the page rules', async () => {
      const page = await post({ pageReference: '/shoes' }, { primaryList: { include: true, productRules: 'rule incl brand { "Adidas" "Ecco" }' } });
      assert.deepEqual(keys(page), ['shoe-d', 'shoe-b']);
      const res = await service.request('POST', url({ pageReference: '/shoes' }), {
        body: JSON.stringify({ primaryList: { include: true, productRules: 'rule incl colour { "red" }' } }),
      });
      assert.equal(res.status, 400);
      assert.match(((await res.json()) as { message: string }).message, /^primaryList\.productRules: Unknown attribute "colour" at position 10/);
    });

    it('pins slice products after the page pins and reports their ranges', async () => {
      const page = await get({ pageReference: 'sliced' });
      assert.deepEqual(keys(page), ['shirt-b', 'hat-a', 'shirt-a', 'shoe-a', 'shoe-c']);
      assert.deepEqual(page.primaryList!.sliceRanges, [
        { id: 'S1', from: 1, to: 2 },
        { id: 'S2', from: 2, to: 3 },
      ]);
    });

    it("inherits the parent page's slices by default (inherit true), not with inherit: false", async () => {
      const inherited = await get({ pageReference: '/sale/shirts' });
      assert.deepEqual([keys(inherited)[0], inherited.primaryList!.sliceRanges], ['shirt-b', [{ id: 'SALE', from: 0, to: 1 }]]);
      const own = await get({ pageReference: '/sale/shirts-own' });
      assert.deepEqual([keys(own).sort(), own.primaryList!.sliceRanges], [['shirt-a', 'shirt-b'], []]);
      const sorted = await get({ pageReference: '/sale/shirts', sort: 'PRICE_ASCENDING' });
      assert.deepEqual([keys(sorted), sorted.primaryList!.sliceRanges], [['shirt-a', 'shirt-b'], []]); // a visitor's sort: no slices
    });
  });

  describe('lists', function () {
    it('merges the page recLists with the body recommendationLists, and answers content lists', async () => {
      const page = await post(
        { pageReference: '/shoes' },
        {
          recommendationLists: [
            { id: 'mine', algorithm: 'PERSONAL' },
            { id: 'top', algorithm: 'TOP_PRODUCTS', label: 'Top' },
          ],
          contentLists: [{ id: 'guides', contentFilter: { type: 'article' } }],
        },
      );
      assert.deepEqual(
        page.recommendationLists.map((l) => [l.id, l.algorithm, l.label]),
        [
          ['top', 'NEWEST_PRODUCTS', 'Top'],
          ['mine', 'PERSONAL', undefined],
        ],
      );
      assert.deepEqual(
        page.contentLists.map((l) => [l.id, l.items.map((i) => i.key), l.totalHits]),
        [['guides', ['C-1'], 1]],
      );
      assert.deepEqual(keys(page), ['shoe-d', 'shoe-a', 'shoe-b']); // the page has a primary list
      assert.equal((await post({ pageReference: '/shoes' }, { primaryList: { include: false } })).primaryList, undefined);
    });
  });

  describe('navigation', function () {
    it('gives breadcrumbs from the root and the tree expanded along the page, with counts', async () => {
      const page = await get({ pageReference: '/shoes/nike', includeNavigation: 'true' });
      assert.deepEqual(page.navigation!.breadcrumbs, [
        { label: 'Skor', path: '/skor' },
        { label: 'Nike', path: '/skor/nike' },
      ]);
      assert.deepEqual(page.navigation!.tree, {
        type: 'LABEL',
        label: '',
        customData: {},
        count: 8,
        expandable: true,
        selected: false,
        children: [
          {
            type: 'PAGE_LINK',
            label: 'Skor',
            path: '/skor',
            link: '/skor',
            iconPath: '/i/shoes.svg',
            customData: { color: 'red' },
            count: 3,
            expandable: true,
            selected: true,
            children: [
              {
                type: 'PAGE_LINK',
                label: 'Nike',
                path: '/skor/nike',
                link: '/skor/nike',
                customData: {},
                count: 2,
                expandable: true,
                selected: true,
                children: [
                  {
                    type: 'PAGE_LINK',
                    label: 'Utvalt',
                    path: '/utvalt',
                    link: '/utvalt',
                    customData: {},
                    count: 4,
                    expandable: false,
                    selected: false,
                    children: [],
                  },
                ],
              },
              { type: 'LABEL', label: 'Märken', customData: {}, count: 0, expandable: false, selected: false, children: [] },
            ],
          },
          { type: 'PAGE_LINK', label: 'Rea', path: '/rea', link: '/rea', customData: {}, count: 0, expandable: false, selected: false, children: [] },
        ],
      });
    });

    it('comes with POST navigation.include, not with GET includeNavigation on POST, and collapses below the top level elsewhere', async () => {
      const page = await post({ pageReference: 'handpicked' }, { navigation: { include: true } });
      assert.deepEqual(
        page.navigation!.breadcrumbs.map((b) => b.label),
        ['Skor', 'Nike', 'Utvalt'],
      );
      const other = await get({ pageReference: 'sliced', includeNavigation: 'true' });
      assert.deepEqual(other.navigation!.breadcrumbs, []);
      assert.deepEqual(
        other.navigation!.tree.children.map((n) => [n.label, n.children.length, n.expandable]),
        [
          ['Skor', 0, true],
          ['Rea', 0, false],
        ],
      );
      assert.equal((await post({ pageReference: 'sliced', includeNavigation: 'true' }, {})).navigation, undefined);
    });
  });

  describe('through the official client', function () {
    it('answers landingPage and navigationTree', async () => {
      const { elevate } = await import('@apptus/esales-api');
      const api = elevate({
        clusterId: service.url,
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
      });
      const page: LandingPage = await api.query.landingPage(
        { pageReference: '/skor', facets: { brand: ['Nike', 'Adidas'] }, limit: 10, notify: false },
        { primaryList: { include: true }, navigation: { include: true }, recommendationLists: [{ id: 'more', algorithm: 'TOP_PRODUCTS' }] },
      );
      assert.deepEqual(
        page.primaryList!.productGroups.map((g) => g.products[0].key),
        ['shoe-a', 'shoe-b'],
      );
      assert.deepEqual(
        [page.published, page.seo.pageHeading, page.navigation!.breadcrumbs.length, page.recommendationLists.map((l) => l.id)],
        [true, 'Skor', 1, ['top', 'more']],
      );
      const tree: NavigationTree = await api.query.navigationTree({ notify: false });
      assert.deepEqual(
        tree.tree.children.map((n) => n.type),
        ['PAGE_LINK', 'PAGE_LINK'],
      );
      await assert.rejects(api.query.landingPage({ pageReference: '/skor', sort: 'NAME' }), /not a sort order of this page/);
    });

    it('ignores templateId (not defined for landing-page, sent by the client on every product query): 200, lists as without it', async () => {
      const imported = await service.admin('POST', '/api/admin/v4/import/templates', {
        body: JSON.stringify({ slim: { products: { all: { fields: ['title'], maxVariants: 0 } } } }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(imported.status, 204, await imported.text());
      const { elevate } = await import('@apptus/esales-api');
      const api = elevate({
        clusterId: service.url,
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        session: () => ({ customerKey: 'c9', sessionKey: 's9' }),
      });
      const body = { primaryList: { include: true }, recommendationLists: [{ id: 'more', algorithm: 'TOP_PRODUCTS' as const }] };
      const plain: LandingPage = await api.query.landingPage({ pageReference: '/skor', notify: false }, body);
      assert.ok(plain.primaryList!.productGroups[0].products[0].sellingPrice !== undefined); // a field the template leaves out
      for (const templateId of ['slim', 'unknown'])
        assert.deepEqual(await api.query.landingPage({ pageReference: '/skor', notify: false, templateId }, body), plain);
    });
  });
});
