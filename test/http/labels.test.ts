/**
 * Labels a visitor reads (facets, sort options, badges) over HTTP and through the official client against
 * the real node: built in for the locale's language, overridden per market and locale by the labels import,
 * a facet's own configured labels first; the import's 400s, its 409 under the import lock, and the export.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { ReplaceEntity } from '../../src/catalog/types';

const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();

const CATALOG: ReplaceEntity[] = [
  {
    key: 'G-BOOT',
    productGroup: {
      products: {
        boot: {
          markets: ['SE', 'NO'],
          defaults: { title: 'Winter boot', url: '/p/boot', brand: 'Acme', category: ['Shoes'], releaseDate: recent },
          variants: { 'boot-v': { defaults: { listPrice: 1000, sellingPrice: 700, stock: 1 } } },
        },
      },
    },
  },
];

const OVERRIDES = {
  markets: { SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': 'Billigast först', 'badge.SALE': 'Rea!', 'badge.DISCOUNT': 'Spara {n}%', 'facet.brand': 'Märke' } } },
};

describe('visitor labels (HTTP and the official client)', function () {
  this.timeout(120_000);
  let service: TestService;
  const importLabels = (body: unknown) =>
    service.admin('PUT', '/api/admin/v4/import/labels', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const exportLabels = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/labels', { headers: { 'Accept-Encoding': 'gzip' } }));
  const client = async (market: string, locale: string) => {
    const { elevate } = await import('@apptus/esales-api');
    return elevate({ clusterId: service.url, market, locale, touchpoint: 'desktop', session: () => ({ customerKey: 'c1', sessionKey: 's1' }) });
  };
  /** What a visitor reads on the page: facet labels, sort option labels, badges of the first product. */
  const texts = (page: SearchPage) => {
    const product = page.primaryList.productGroups[0].products[0];
    return {
      facets: page.primaryList.facets.map((f) => f.label),
      sorts: Object.fromEntries(page.primaryList.sort.options.map((o) => [o.id, o.label])),
      badges: [...product.badges.primary, ...product.badges.secondary].map((b) => b.label),
    };
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it("speaks the locale's language without overrides", async () => {
    const swedish = texts(await (await client('SE', 'sv-SE')).query.searchPage({ q: 'boot', notify: false }));
    assert.deepStrictEqual(swedish.facets, ['Varumärke', 'Kategori', 'Pris', 'I lager']);
    assert.deepStrictEqual(
      [swedish.sorts.RELEVANCE, swedish.sorts.PRICE_ASCENDING, swedish.sorts.WEIGHT_DECREASING],
      ['Relevans', 'Pris, lägst först', 'Vikt, fallande'],
    );
    assert.deepStrictEqual(swedish.badges, ['Rea', 'Nyhet', '-30%']);
    const norwegian = texts(await (await client('NO', 'nb-NO')).query.searchPage({ q: 'boot', notify: false }));
    assert.deepStrictEqual([norwegian.facets[0], norwegian.sorts.PRICE_ASCENDING, norwegian.badges], ['Merke', 'Pris, lav til høy', ['Salg', 'Nyhet', '-30%']]);
    const english = texts(await (await client('SE', 'en-GB')).query.searchPage({ q: 'boot', notify: false }));
    assert.deepStrictEqual([english.facets[0], english.sorts.PRICE_ASCENDING, english.badges], ['Brand', 'Price, low to high', ['Sale', 'New', '-30%']]);
  });

  it("imports and exports overrides, applied per market and locale; a facet's configured label comes first", async () => {
    assert.equal((await importLabels(OVERRIDES)).status, 204);
    assert.deepStrictEqual(await exportLabels(), OVERRIDES);
    const swedish = texts(await (await client('SE', 'sv-SE')).query.searchPage({ q: 'boot', notify: false }));
    assert.deepStrictEqual(
      [swedish.facets[0], swedish.facets[2], swedish.sorts.PRICE_ASCENDING, swedish.sorts.RELEVANCE, swedish.badges],
      ['Märke', 'Pris', 'Billigast först', 'Relevans', ['Rea!', 'Nyhet', 'Spara 30%']],
    );
    // another locale of the market keeps the built-in texts
    const english = texts(await (await client('SE', 'en-GB')).query.searchPage({ q: 'boot', notify: false }));
    assert.deepStrictEqual([english.facets[0], english.sorts.PRICE_ASCENDING, english.badges[0]], ['Brand', 'Price, low to high', 'Sale']);
    const facets = await service.admin('PUT', '/api/admin/v4/import/facets', {
      body: JSON.stringify({
        markets: {
          SE: {
            facets: [
              { attribute: 'brand', type: 'TEXT', labels: { 'sv-SE': 'Tillverkare' } },
              { attribute: 'price', type: 'RANGE' },
            ],
          },
        },
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(facets.status, 204);
    try {
      assert.deepStrictEqual(texts(await (await client('SE', 'sv-SE')).query.searchPage({ q: 'boot', notify: false })).facets, ['Tillverkare', 'Pris']);
    } finally {
      await service.admin('PUT', '/api/admin/v4/import/facets', { body: JSON.stringify({ markets: {} }), headers: { 'Content-Type': 'application/json' } });
    }
  });

  it('refuses a bad import with 400 naming the field, and keeps the stored overrides', async () => {
    const bad = async (body: unknown, path: string, message: RegExp) => {
      const res = await importLabels(body);
      const answer = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(answer));
      assert.ok(
        answer.errors.some((e: { path: string; message: string }) => e.path === path && message.test(e.message)),
        JSON.stringify(answer.errors),
      );
    };
    await bad({ markets: { SE: { 'sv-SE': { 'sort.CHEAPEST': 'x' } } } }, 'markets.SE.sv-SE.sort.CHEAPEST', /unknown label key "sort.CHEAPEST"/);
    await bad({ markets: { SE: { 'sv-SE': { 'facet.fabric': 'Tyg' } } } }, 'markets.SE.sv-SE.facet.fabric', /unknown label key/);
    await bad({ markets: { XX: { 'sv-SE': {} } } }, 'markets.XX', /market "XX" is not configured/);
    await bad({ markets: { SE: { 'de-DE': {} } } }, 'markets.SE.de-DE', /locale "de-DE" is not configured for this market/);
    await bad({ markets: { SE: { 'sv-SE': { 'badge.NEW': 7 } } } }, 'markets.SE.sv-SE.badge.NEW', /string/);
    await bad({ markets: { SE: { 'sv-SE': { 'badge.NEW': '' } } } }, 'markets.SE.sv-SE.badge.NEW', /.+/);
    await bad({ markets: { SE: { 'sv-SE': { 'badge.DISCOUNT': 'Spara!' } } } }, 'markets.SE.sv-SE.badge.DISCOUNT', /must contain \{n\}/);
    await bad({ markets: { SE: ['x'] } }, 'markets.SE', /must be an object/);
    await bad({ labels: {} }, 'labels', /unknown field/);
    await bad([], '', /must be an object/);
    assert.deepStrictEqual(await exportLabels(), OVERRIDES);
    const custom = await importLabels({ markets: { SE: { 'sv-SE': { 'facet.custom.material': 'Material' } } } });
    assert.equal(custom.status, 204);
    assert.equal((await importLabels(OVERRIDES)).status, 204);
  });

  it('refuses an import while another import holds the lock (409)', async () => {
    const es = service.context.es;
    const lock = `${service.prefix}-import-lock`;
    await es.index({
      index: lock,
      id: 'import',
      document: { holder: 'other', importId: 'x', kind: 'pages', acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() },
      refresh: true,
    });
    try {
      assert.equal((await importLabels({ markets: {} })).status, 409);
    } finally {
      await es.delete({ index: lock, id: 'import', refresh: true });
    }
    assert.deepStrictEqual(await exportLabels(), OVERRIDES);
    assert.equal((await importLabels({ markets: {} })).status, 204);
    assert.deepStrictEqual(await exportLabels(), { markets: {} });
  });
});
