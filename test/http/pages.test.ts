import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import type { Page } from '../../src/merchandising/pages/types';

/** A page with every field the spec describes. */
const women: Page = {
  id: '/women',
  customData: { 'sv-SE': { banner: 'spring', 'hero-id': '12' }, 'en-GB': { banner: 'spring' } },
  headings: { 'sv-SE': 'Dam', 'en-GB': 'Women' },
  paths: { 'sv-SE': '/dam', 'en-GB': '/women' },
  primaryList: {
    blocked: ['p9'],
    pinned: ['p1', 'p2'],
    rules: 'rule incl product_key { "p1" "p2" } rule incl custom.material { "leather" } excl price [ -infinity, 100 ]',
    restrictChildRules: true,
    facetsOverride: {
      enabled: true,
      facets: [
        { attribute: 'brand', sortOrder: 'ALPHABETIC' },
        { attribute: 'custom.width', unit: 'cm', visualization: 'RANGE' },
      ],
    },
    keywords: { additional: { 'sv-SE': ['kvinna'] }, enabled: true, headingAsKeyword: false },
    pageSliceInfo: { inherit: false, slices: [{ productSetId: 'SET1', pinnedProducts: ['p3'] }] },
    sortOrderOverride: { enabled: true, sortOrders: ['RELEVANCE', 'PRICE_DECREASING', 'NEWEST_FIRST'] },
  },
  recLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', blocked: ['p8'], pinned: ['p4'], limit: 8, rules: 'rule incl brand { "A" }' }],
};
const shoes: Page = { id: '/women/shoes', headings: { 'sv-SE': 'Skor' }, paths: { 'sv-SE': '/dam/skor' } };
const boots: Page = { id: '/women/shoes/boots', paths: { 'sv-SE': '/dam/skor/stovlar' } };
const campaign: Page = { id: 'campaign', paths: { 'sv-SE': '/kampanj' } };

describe('page import and export (admin API)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
  });
  after(async () => service.close());

  const importPages = (body: unknown, query = '', version = 'v3') =>
    service.admin('POST', `/api/admin/${version}/import/pages${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const exportPages = async (query: string) => {
    const res = await service.admin('GET', `/api/admin/v4/export/pages?${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200, await res.clone().text());
    return jsonBody(res);
  };
  const ids = async (query: string) => ((await exportPages(query)).addOrUpdate as Page[]).map((p) => p.id);
  const expect204 = async (res: Response) => assert.equal(res.status, 204, await res.text());
  const find = (reference: string, view: 'production' | 'preview', locale = 'sv-SE') =>
    service.context.merchandising.pages.findPage({ market: 'SE', locale, reference, view });

  it('refuses requests without the Api-Key with 403', async () => {
    assert.equal((await service.request('POST', '/api/admin/v3/import/pages', { body: '{}' })).status, 403);
    assert.equal((await service.request('GET', '/api/admin/v4/export/pages?market=SE')).status, 403);
  });

  it('imports pages (FULL) and exports the same pages (round trip)', async () => {
    await expect204(await importPages({ market: 'SE', type: 'FULL', addOrUpdate: [women, shoes, boots, campaign] }, '?name=pages-1'));
    assert.deepEqual(await exportPages('market=SE'), { market: 'SE', type: 'FULL', addOrUpdate: [women, shoes, boots, campaign] });
    assert.deepEqual(await exportPages('market=NO'), { market: 'NO', type: 'FULL', addOrUpdate: [] });
  });

  it('re-imports its own export unchanged', async () => {
    const exported = await exportPages('market=SE');
    await expect204(await importPages(exported, '', 'v4'));
    assert.deepEqual(await exportPages('market=SE'), exported);
  });

  it("accepts inherit and restrictChildRules on ids that are not paths, as Elevate's export has them, and re-imports the export unchanged", async () => {
    // Elevate's export spells out the defaults on every page, path or not (inherit defaults to true).
    const fromElevate: Page[] = [
      {
        id: 'summer-sale',
        paths: { 'nb-NO': '/sommersalg' },
        primaryList: {
          blocked: [],
          pinned: [],
          restrictChildRules: false,
          pageSliceInfo: { inherit: true, slices: [] },
          facetsOverride: { enabled: false, facets: [] },
          sortOrderOverride: { enabled: false },
        },
        recLists: [],
      },
      {
        id: 'outlet-2024',
        primaryList: {
          rules: 'rule incl brand { "A" }',
          restrictChildRules: true,
          pageSliceInfo: { inherit: false, slices: [{ productSetId: 'SET9', pinnedProducts: ['p1'] }] },
        },
      },
    ];
    await expect204(await importPages({ market: 'NO', type: 'FULL', addOrUpdate: fromElevate }, '', 'v4'));
    const exported = await exportPages('market=NO');
    assert.deepEqual(exported, { market: 'NO', type: 'FULL', addOrUpdate: [...fromElevate].reverse() }); // ordered by id
    await expect204(await importPages(exported, '', 'v4'));
    assert.deepEqual(await exportPages('market=NO'), exported);
  });

  it('stores one readable document per page and market', async () => {
    const res = await service.context.es.get<Record<string, unknown>>({ index: `${service.prefix}-pages`, id: 'SE|/women/shoes' });
    const { updatedAt, ...doc } = res._source!;
    assert.equal(typeof updatedAt, 'string');
    assert.deepEqual(doc, {
      market: 'SE',
      id: '/women/shoes',
      published: shoes,
      state: 'PUBLISHED',
      publishedPaths: ['sv-SE|/dam/skor'],
      previewPaths: ['sv-SE|/dam/skor'],
      publishedKeywords: [],
      previewKeywords: [],
      lookupVersion: 2,
    });
  });

  it('PARTIAL amends: fields given replace, omitted primaryList parts keep their settings', async () => {
    await expect204(
      await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/women', headings: { 'sv-SE': 'Kvinnor' }, primaryList: { pinned: ['p7'] } }] }),
    );
    const [page] = (await exportPages('market=SE&idFilter=/women')).addOrUpdate;
    assert.deepEqual(page, { ...women, headings: { 'sv-SE': 'Kvinnor' }, primaryList: { ...women.primaryList, pinned: ['p7'] } });
  });

  it('filters the export by id (pipe- or comma-separated) as a PARTIAL container', async () => {
    const body = await exportPages('market=SE&idFilter=campaign|/women/shoes|missing');
    assert.equal(body.type, 'PARTIAL');
    assert.deepEqual(
      body.addOrUpdate.map((p: Page) => p.id),
      ['/women/shoes', 'campaign'],
    );
    assert.deepEqual(await ids('market=SE&idFilter=campaign,/women'), ['/women', 'campaign']);
  });

  it('answers GENERATED_ONLY with no pages (we generate none)', async () => {
    assert.deepEqual(await exportPages('market=SE&outputFilter=GENERATED_ONLY'), { market: 'SE', type: 'FULL', addOrUpdate: [] });
  });

  it('previewOnly keeps changes out of production until a normal import publishes them', async () => {
    const draft: Page = { id: 'draft', paths: { 'sv-SE': '/utkast' } };
    await expect204(
      await importPages({ market: 'SE', type: 'PARTIAL', previewOnly: true, addOrUpdate: [draft, { id: 'campaign', headings: { 'sv-SE': 'Rea' } }] }),
    );

    assert.deepEqual(await ids('market=SE'), ['/women', '/women/shoes', '/women/shoes/boots', 'campaign']);
    assert.deepEqual((await exportPages('market=SE&idFilter=campaign')).addOrUpdate, [campaign]);
    assert.deepEqual((await exportPages('market=SE&idFilter=campaign|draft&outputFilter=INCLUDE_UNPUBLISHED')).addOrUpdate, [
      { ...campaign, headings: { 'sv-SE': 'Rea' } },
      draft,
    ]);
    assert.equal(await find('/utkast', 'production'), undefined);
    assert.deepEqual(await find('/utkast', 'preview'), { market: 'SE', locale: 'sv-SE', view: 'preview', page: draft, state: 'PREVIEW_ONLY' });
    assert.equal((await find('campaign', 'production'))!.page.headings, undefined);
    assert.equal((await find('campaign', 'preview'))!.state, 'UNPUBLISHED_CHANGES');

    await expect204(await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'draft' }, { id: 'campaign' }] }));
    assert.deepEqual((await exportPages('market=SE&idFilter=campaign|draft')).addOrUpdate, [{ ...campaign, headings: { 'sv-SE': 'Rea' } }, draft]);
    assert.equal((await find('/utkast', 'production'))!.state, 'PUBLISHED');
  });

  it('refuses previewOnly with FULL or with removals', async () => {
    for (const body of [
      { market: 'SE', type: 'FULL', previewOnly: true, addOrUpdate: [] },
      { market: 'SE', type: 'PARTIAL', previewOnly: true, remove: ['draft'] },
    ]) {
      const res = await importPages(body);
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).errors[0].message, /previewOnly/);
    }
  });

  it('resolves references by id or localized path, and walks up path-style ids', async () => {
    const shoesPage = await find('/dam/skor', 'production');
    assert.equal(shoesPage!.page.id, '/women/shoes');
    assert.equal((await find('/women/shoes', 'production'))!.page.id, '/women/shoes');
    assert.equal(await find('/dam/skor', 'production', 'en-GB'), undefined);
    const bootsPage = await find('/dam/skor/stovlar', 'production');
    const store = service.context.merchandising.pages;
    assert.deepEqual(
      (await store.ancestors(bootsPage!)).map((p) => p.page.id),
      ['/women/shoes', '/women'],
    );
    assert.equal((await store.parentOf(bootsPage!))!.page.id, '/women/shoes');
    assert.equal(await store.parentOf((await find('campaign', 'production'))!), undefined);
  });

  it('PARTIAL removes pages', async () => {
    await expect204(await importPages({ market: 'SE', type: 'PARTIAL', remove: ['draft', 'not-there'] }));
    assert.deepEqual(await ids('market=SE&outputFilter=INCLUDE_UNPUBLISHED'), ['/women', '/women/shoes', '/women/shoes/boots', 'campaign']);
  });

  it('refuses a FULL import that would delete more than half of the market pages, unless force=true', async () => {
    const body = { market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'campaign' }] };
    const res = await importPages(body);
    assert.equal(res.status, 400);
    const answer = await jsonBody(res);
    assert.deepEqual(
      answer.errors.map((e: { path: string }) => e.path),
      ['type'],
    );
    assert.match(answer.message, /would delete 3 of the 4 pages of market SE \(75%\); a FULL import may delete at most half/);
    assert.equal((await ids('market=SE')).length, 4);
    await expect204(await importPages(body, '?force=true'));
    assert.deepEqual(await ids('market=SE'), ['campaign']);
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
      assert.equal((await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'x' }] })).status, 409);
    } finally {
      await es.delete({ index: lock, id: 'import', refresh: true });
    }
    assert.deepEqual(await ids('market=SE'), ['campaign']);
  });

  describe('export arguments', () => {
    const cases: [string, RegExp][] = [
      ['', /market is required/],
      ['market=DK', /market "DK" is not configured/],
      ['market=SE&outputFilter=ALL', /outputFilter must be one of PUBLISHED_ONLY, INCLUDE_UNPUBLISHED, GENERATED_ONLY/],
      [`market=SE&idFilter=${Array.from({ length: 251 }, (_, i) => `p${i}`).join('|')}`, /idFilter takes at most 250 page ids \(got 251\)/],
    ];
    for (const [query, message] of cases) {
      it(`answers 400 to ${query.slice(0, 40) || '(no market)'}`, async () => {
        const res = await service.admin('GET', `/api/admin/v4/export/pages?${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
        assert.equal(res.status, 400);
        assert.match((await jsonBody(res)).message, message);
      });
    }
    it('accepts 250 ids in idFilter', async () => {
      assert.deepEqual(await ids(`market=SE&idFilter=${Array.from({ length: 249 }, (_, i) => `p${i}`).join('|')}|campaign`), ['campaign']);
    });
    it('answers 406 when gzip is not accepted', async () => {
      assert.equal((await service.admin('GET', '/api/admin/v4/export/pages?market=SE', { headers: { 'Accept-Encoding': 'identity' } })).status, 406);
    });
  });
});
