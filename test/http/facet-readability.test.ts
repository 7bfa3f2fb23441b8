/**
 * Facets a shopper can read, over HTTP against the real node (issue 21, items 7, 16, 17): a page's
 * `visualization: VALUES` on a custom number answers its distinct values; dynamic facets carry humanised
 * labels and prefer attributes that split the hits into a few sizeable groups over wide-coverage ranges held
 * as text; colour facet values are labelled with the colour's name in the locale, colour names find
 * products, and auto-correct never shortens a typed word into a fragment.
 */
import assert from 'node:assert/strict';
import type { LandingPage, SearchPage, TextFacet } from '@apptus/esales-api';
import { startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';

type Data = Product['defaults'];

function product(key: string, title: string, defaults: Partial<Data>, extra: Partial<Product> = {}): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets: ['SE'],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: ['Hubs'], ...defaults },
          variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
          ...extra,
        },
      },
    },
  };
}

const HUBS: ReplaceEntity[] = [
  product('hub1', 'Hub one', { customNumbers: { ports: 4 }, customLengths: { cable: { amount: 50, unit: 'cm' } } }),
  product('hub2', 'Hub two', { customNumbers: { ports: 4 }, customLengths: { cable: { amount: 1, unit: 'm' } } }),
  product('hub3', 'Hub three', { customNumbers: { ports: 7 }, customLengths: { cable: { amount: 500, unit: 'mm' } } }),
  product('hub4', 'Hub four', { customNumbers: { ports: 2.5 } }),
];

const BASE = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', notify: 'false' };

describe('readable facets (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;
  const client = async (locale = 'sv-SE') => {
    const { elevate } = await import('@apptus/esales-api');
    return elevate({ clusterId: service.url, market: 'SE', locale, touchpoint: 'desktop', session: () => ({ customerKey: 'c', sessionKey: 's' }) });
  };
  const get = async <T>(endpoint: string, params: Record<string, string>): Promise<T> => {
    const res = await service.request('GET', `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as T;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(HUBS);
    assert.equal(res.status, 204, await res.text());
    const pages = await service.admin('POST', '/api/admin/v3/import/pages', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        market: 'SE', type: 'FULL', addOrUpdate: [{
          id: 'hubs',
          primaryList: {
            rules: 'rule incl category { "Hubs" }',
            facetsOverride: { facets: [
              { attribute: 'custom.ports', visualization: 'VALUES' },
              { attribute: 'custom.cable', visualization: 'VALUES', unit: 'cm', sortOrder: 'RELEVANCE' },
            ] },
          },
        }],
      }),
    });
    assert.equal(pages.status, 204, await pages.text());
  });
  after(async () => service?.close());

  describe('facetsOverride with visualization VALUES on a custom number (item 7)', function () {
    it('answers the distinct values of the number, counted in products, through the official client', async () => {
      const api = await client();
      const page: LandingPage = await api.query.landingPage({ pageReference: 'hubs', notify: false });
      const [ports, cable] = page.primaryList!.facets as TextFacet[];
      assert.deepStrictEqual(ports, {
        id: 'custom.ports', label: 'Ports', type: 'TEXT', sort: 'ALPHABETICAL', selectedCount: 0,
        values: [{ id: '2.5', label: '2.5', selected: false, count: 1 }, { id: '4', label: '4', selected: false, count: 2 }, { id: '7', label: '7', selected: false, count: 1 }],
      });
      // a length in the facet's unit, by products then value
      assert.deepStrictEqual(cable.values.map((v) => [v.id, v.count]), [['50', 2], ['100', 1]]);
    });

    it('filters by the selected values (OR), keeping the facet own counts; a value that is no number is a 400', async () => {
      const api = await client();
      const page: LandingPage = await api.query.landingPage({ pageReference: 'hubs', notify: false, facets: { 'custom.ports': ['4', '7'] } });
      assert.deepStrictEqual(page.primaryList!.productGroups.map((g) => g.key).sort(), ['G-hub1', 'G-hub2', 'G-hub3']);
      const ports = page.primaryList!.facets[0] as TextFacet;
      assert.deepStrictEqual(ports.values.map((v) => [v.id, v.count, v.selected]), [['2.5', 1, false], ['4', 2, true], ['7', 1, true]]);
      const byLength = await get<LandingPage>('landing-page', { pageReference: 'hubs', 'f.custom.cable': '50' });
      assert.deepStrictEqual(byLength.primaryList!.productGroups.map((g) => g.key).sort(), ['G-hub1', 'G-hub3']);
      const res = await service.request('GET', `/api/storefront/v3/queries/landing-page?${new URLSearchParams({ ...BASE, pageReference: 'hubs', 'f.custom.ports': 'four' })}`);
      assert.equal(res.status, 400);
      assert.match(((await res.json()) as { message: string }).message, /f\.custom\.ports/);
    });
  });

  void ({} as SearchPage);
});
