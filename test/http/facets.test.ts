/**
 * Attribute-rich catalogs and the facets a shop configures, over HTTP against the real node: a feed with
 * thousands of attribute names keeps the mapping bounded, the facet configuration import and export,
 * configured facets in order with labels per locale, dynamic facets from the result set, selections of
 * attributes that are not shown, and rules and presentCustom on any attribute.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { FacetResult } from '../../src/storefront/responseTypes';

type Data = Product['defaults'];

function product(key: string, title: string, defaults: Partial<Data>, markets = ['SE']): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets,
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: ['Electronics > TV'], ...defaults },
          variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
        },
      },
    },
  };
}

/** TVs with a few common attributes (panel, refresh rate, screen size) and a long tail of rare ones. */
const TVS: ReplaceEntity[] = [
  product('tv1', 'Television 55', {
    customLabels: { panel: ['OLED'], hdr: ['HDR10', 'Dolby Vision'], note: ['first of a kind'] },
    customNumbers: { refreshRate: 120 },
    customLengths: { screen: { amount: 140, unit: 'cm' } },
  }),
  product('tv2', 'Television 65', {
    customLabels: { panel: ['OLED'], hdr: ['HDR10'], note: ['second'] },
    customNumbers: { refreshRate: 100 },
    customLengths: { screen: { amount: 165, unit: 'cm' } },
  }),
  product('tv3', 'Television 43', {
    customLabels: { panel: ['LED'], hdr: ['HDR10'] },
    customNumbers: { refreshRate: 60 },
    customLengths: { screen: { amount: 109, unit: 'cm' } },
  }),
  product('tv4', 'Television 50', { customLabels: { panel: ['QLED'], 'energy.class': ['G'] }, customNumbers: { refreshRate: 60 } }),
  product('tv5', 'Television 32', { customLabels: { panel: ['LED'], 'energy.class': ['E'], sale: ['true'] } }),
  product('cable', 'HDMI cable', {
    category: ['Electronics > Cables'],
    customLabels: { connector: ['HDMI'], sale: ['false'] },
    customNumbers: { cableLength: 2 },
  }),
];

const ids = (page: SearchPage) => page.primaryList.facets.map((f) => f.id);
const facet = (page: SearchPage, id: string) => page.primaryList.facets.find((f) => f.id === id) as FacetResult | undefined;
const keys = (page: SearchPage) => page.primaryList.productGroups.map((g) => g.products[0].key).sort();

describe('facets and attribute-rich catalogs (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const search = async (params: Record<string, string>): Promise<SearchPage> => {
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', notify: 'false', ...params });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as SearchPage;
  };
  const importFacets = (body: unknown) =>
    service.admin('PUT', '/api/admin/v4/import/facets', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const exportFacets = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/facets', { headers: { 'Accept-Encoding': 'gzip' } }));

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(TVS);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  describe('storage', () => {
    /** Every field of the live products mapping, multi-fields and nested fields included. */
    async function fieldCount(): Promise<number> {
      const mapping = await service.context.es.indices.getMapping({ index: `${service.prefix}-catalog-products` });
      let n = 0;
      const walk = (properties: Record<string, { properties?: object; fields?: object }> | undefined) => {
        for (const p of Object.values(properties ?? {})) {
          n += 1 + Object.keys(p.fields ?? {}).length;
          walk(p.properties as never);
        }
      };
      walk(Object.values(mapping)[0].mappings.properties as never);
      return n;
    }

    it('imports a feed with thousands of attribute names without growing the mapping', async () => {
      const before = await fieldCount();
      const names = 3000;
      const rich: ReplaceEntity[] = Array.from({ length: 60 }, (_, i) =>
        product(`rich${i}`, `Gadget ${i}`, {
          customLabels: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`label-${(i * 50 + j) % names}.name`, [`value ${j}`]])),
          customNumbers: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`number_${(i * 50 + 20 + j) % names}`, j])),
          customLengths: Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`length_${(i * 50 + 40 + j) % names}`, { amount: j, unit: 'cm' }])),
        }),
      );
      const res = await service.importCatalog([...TVS, ...rich]);
      assert.equal(res.status, 204, await res.text());
      const after = await fieldCount();
      assert.equal(after, before);
      assert.ok(after < 300, `${after} fields`);
      // Every attribute is still there to filter on.
      assert.deepEqual(keys(await search({ q: 'gadget', 'f.custom.label-1210.name': 'value 10' })), ['rich24']);
      assert.deepEqual(keys(await search({ q: 'gadget', 'f.custom.number_1235.min': '15', 'f.custom.number_1235.max': '15' })), ['rich24']);
      const restored = await service.importCatalog(TVS, '?force=true');
      assert.equal(restored.status, 204, await restored.text());
    });
  });

  describe('dynamic facets (no configuration)', () => {
    it('shows the default facets, then the attributes of the hits that offer a choice, the most useful first', async () => {
      const page = await search({ q: 'television' });
      // No colours or sizes in this catalog: those facets have nothing to show. `sale` is on one hit only.
      // panel splits the 5 hits 2/2/1; the ties (hdr, energy.class, note) keep coverage order; a RANGE comes after.
      assert.deepStrictEqual(ids(page), [
        'brand',
        'category',
        'price',
        'onlyInStock',
        'custom.panel',
        'custom.hdr',
        'custom.energy.class',
        'custom.note',
        'custom.refreshRate',
      ]);
      const panel = facet(page, 'custom.panel');
      assert.deepStrictEqual(panel?.type === 'TEXT' && panel.values.map((v) => [v.id, v.count]), [
        ['LED', 2],
        ['OLED', 2],
        ['QLED', 1],
      ]);
      assert.deepStrictEqual(facet(page, 'custom.refreshRate'), { id: 'custom.refreshRate', label: 'Refresh rate', type: 'RANGE', min: 60, max: 120 });
      assert.deepStrictEqual(await search({ q: 'television' }), page, 'the same query gets the same facets');
    });

    it("asks the values of the catalog version's candidates in round 1, at first sight too: one round trip, the same facets", async () => {
      const query = new URLSearchParams({
        customerKey: 'c',
        sessionKey: 's',
        market: 'SE',
        locale: 'sv-SE',
        touchpoint: 'desktop',
        notify: 'false',
        q: 'television',
        'f.brand': 'Acme',
      });
      const send = async () => {
        const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
        const body = await jsonBody(res);
        assert.equal(res.status, 200, JSON.stringify(body));
        return { trips: res.headers.get('x-elasticsearch-round-trips'), page: body as SearchPage };
      };
      const first = await send();
      // A catalog of fewer attribute names than a listing asks (facets/versionCandidates.ts) has them all asked.
      assert.equal(first.trips, '1', "the version's candidates' values come with the coverage at first sight (issue 41)");
      assert.ok(ids(first.page).includes('custom.panel'));
      const again = await send();
      assert.equal(again.trips, '1', "the remembered candidates' values come with the coverage");
      assert.deepStrictEqual(again.page, first.page);
    });

    it('chooses from the current result set', async () => {
      const cables = await search({ q: 'cable' });
      assert.deepStrictEqual(
        ids(cables).filter((id) => id.startsWith('custom.')),
        [],
      );
      const oled = await search({ q: 'television', 'f.custom.panel': 'OLED' });
      assert.deepStrictEqual(keys(oled), ['tv1', 'tv2']);
      // The selected facet stays shown (with its multi-select counts) and is no candidate any more; hdr (HDR10 on
      // both hits) splits nothing and comes last.
      assert.deepStrictEqual(
        ids(oled).filter((id) => id.startsWith('custom.')),
        ['custom.panel', 'custom.note', 'custom.refreshRate', 'custom.hdr'],
      );
      const panel = facet(oled, 'custom.panel');
      assert.deepStrictEqual(panel?.type === 'TEXT' && panel.values.map((v) => [v.id, v.count, v.selected]), [
        ['LED', 2, false],
        ['OLED', 2, true],
        ['QLED', 1, false],
      ]);
    });

    it('filters on numbers, lengths and labels that are not shown, ignores unknown ids, and names a malformed value', async () => {
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.custom.refreshRate.min': '100' })), ['tv1', 'tv2']);
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.custom.screen.max': '1200' })), ['tv3']);
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.custom.energy.class': 'G|E' })), ['tv4', 'tv5']);
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.custom.unknown': 'x', 'f.whatever.min': '1' })), ['tv1', 'tv2', 'tv3', 'tv4', 'tv5']);
      const res = await service.request(
        'GET',
        '/api/storefront/v3/queries/search-page?customerKey=c&sessionKey=s&market=SE&locale=sv-SE&touchpoint=desktop&q=tv&f.custom.refreshRate.min=fast',
      );
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /f\.custom\.refreshRate\.min must be a number/);
    });

    it('keeps rules and presentCustom working on any attribute', async () => {
      const rules = async (productRules: string) => {
        const query = new URLSearchParams({
          customerKey: 'c',
          sessionKey: 's',
          market: 'SE',
          locale: 'sv-SE',
          touchpoint: 'desktop',
          q: 'television',
          presentCustom: 'panel|number.refreshRate|length.screen',
        });
        const res = await service.request('POST', `/api/storefront/v3/queries/search-page?${query}`, {
          body: JSON.stringify({ primaryList: { productRules } }),
          headers: { 'Content-Type': 'application/json' },
        });
        assert.equal(res.status, 200);
        return (await jsonBody(res)) as SearchPage;
      };
      const fast = await rules('rule incl custom.refreshRate [ 100, infinity ] excl custom.panel { "LED" }');
      assert.deepStrictEqual(keys(fast), ['tv1', 'tv2']);
      const tv1 = fast.primaryList.productGroups.flatMap((g) => g.products).find((p) => p.key === 'tv1')!;
      assert.deepStrictEqual(
        [tv1.custom, tv1.typedCustom?.numbers, tv1.typedCustom?.lengths],
        [{ panel: [{ id: 'OLED', label: 'OLED' }] }, { refreshRate: 120 }, { screen: { amount: 140, unit: 'cm' } }],
      );
      assert.deepStrictEqual(keys(await rules('rule incl custom.screen [ 1.5 m, infinity ]')), ['tv2']);
    });
  });

  describe('configured facets', () => {
    const configuration = {
      markets: {
        SE: {
          facets: [
            { attribute: 'custom.panel', type: 'TEXT', labels: { 'sv-SE': 'Paneltyp', 'en-GB': 'Panel' }, sortOrder: 'ALPHABETIC' },
            { id: 'screen', attribute: 'custom.screen', type: 'RANGE', unit: 'cm', labels: { 'sv-SE': 'Skärmstorlek' } },
            { attribute: 'brand', type: 'TEXT', labels: { 'sv-SE': 'Märke' }, size: 1 },
            { attribute: 'custom.sale', type: 'CHECKBOX', labels: { 'sv-SE': 'Rea' } },
            { attribute: 'price', type: 'RANGE', searchPage: false },
          ],
        },
      },
    };

    it("imports, exports and answers in order with the locale's labels", async () => {
      assert.equal((await importFacets(configuration)).status, 204);
      assert.deepStrictEqual(await exportFacets(), {
        markets: { SE: { facets: configuration.markets.SE.facets.map((f) => ({ id: f.attribute, ...f })) } },
      });
      const page = await search({ q: 'television' });
      assert.deepStrictEqual(
        page.primaryList.facets.map((f) => [f.id, f.label, f.type]),
        [
          ['custom.panel', 'Paneltyp', 'TEXT'],
          ['screen', 'Skärmstorlek', 'RANGE'],
          ['brand', 'Märke', 'TEXT'],
          ['custom.sale', 'Rea', 'CHECKBOX'],
        ],
      );
      const panel = facet(page, 'custom.panel');
      assert.deepStrictEqual(panel?.type === 'TEXT' && [panel.sort, panel.values.map((v) => v.id)], ['ALPHABETICAL', ['LED', 'OLED', 'QLED']]);
      assert.deepStrictEqual(facet(page, 'screen'), { id: 'screen', label: 'Skärmstorlek', type: 'RANGE', unit: 'cm', min: 109, max: 165 });
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.screen.min': '150' })), ['tv2']);
      assert.deepStrictEqual(keys(await search({ q: 'television', 'f.custom.sale': 'true' })), ['tv5']);
      const english = await search({ q: 'television', market: 'SE', locale: 'en-GB' });
      assert.deepStrictEqual(
        english.primaryList.facets.map((f) => f.label),
        ['Panel', 'Screen', 'Brand', 'Sale'],
      );
    });

    it('refuses a bad configuration with 400 naming the field, and keeps the stored one', async () => {
      const bad = async (body: unknown, path: string, message: RegExp) => {
        const res = await importFacets(body);
        const answer = await jsonBody(res);
        assert.equal(res.status, 400, JSON.stringify(answer));
        assert.ok(
          answer.errors.some((e: { path: string; message: string }) => e.path === path && message.test(e.message)),
          JSON.stringify(answer.errors),
        );
      };
      await bad({ markets: { SE: { facets: [{ attribute: 'brand', type: 'RANGE' }] } } }, 'markets.SE.facets[0].type', /brand can be shown as TEXT, not RANGE/);
      await bad({ markets: { SE: { facets: [{ attribute: 'fabric', type: 'TEXT' }] } } }, 'markets.SE.facets[0].attribute', /unknown attribute "fabric"/);
      await bad({ markets: { XX: { facets: [] } } }, 'markets.XX', /market "XX" is not configured/);
      await bad(
        { markets: { SE: { facets: [{ attribute: 'brand', type: 'TEXT', labels: { 'de-DE': 'Marke' } }] } } },
        'markets.SE.facets[0].labels.de-DE',
        /not configured for this market/,
      );
      await bad(
        {
          markets: {
            SE: {
              facets: [
                { attribute: 'brand', type: 'TEXT' },
                { attribute: 'brand', type: 'TEXT' },
              ],
            },
          },
        },
        'markets.SE.facets[1].id',
        /repeated/,
      );
      await bad(
        { markets: { SE: { facets: [{ attribute: 'custom.x', type: 'RANGE', unit: 'furlong' }] } } },
        'markets.SE.facets[0].unit',
        /unknown length unit/,
      );
      await bad({ markets: { SE: { facets: [], dynamicFacets: 99 } } }, 'markets.SE.dynamicFacets', /between 0 and 30/);
      await bad({ markets: { SE: { facets: [{ attribute: 'brand', type: 'TEXT', colour: 'red' }] } } }, 'markets.SE.facets[0].colour', /unknown field/);
      assert.deepStrictEqual((await exportFacets()).markets.SE.facets.length, 5);
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
          kind: 'pages',
          acquiredAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
        refresh: true,
      });
      try {
        assert.equal((await importFacets({ markets: {} })).status, 409);
      } finally {
        await es.delete({ index: lock, id: 'import', refresh: true });
      }
      assert.deepStrictEqual((await exportFacets()).markets.SE.facets.length, 5);
    });

    it('adds dynamic facets after the configured ones when the market asks, and goes back to defaults when removed', async () => {
      assert.equal((await importFacets({ markets: { SE: { facets: [{ attribute: 'brand', type: 'TEXT' }], dynamicFacets: 1 } } })).status, 204);
      assert.deepStrictEqual(ids(await search({ q: 'television' })), ['brand', 'custom.panel']);
      assert.equal((await importFacets({ markets: {} })).status, 204);
      assert.deepStrictEqual(ids(await search({ q: 'television' })).slice(0, 5), ['brand', 'category', 'price', 'onlyInStock', 'custom.panel']);
    });
  });
});
