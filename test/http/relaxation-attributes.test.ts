/**
 * Relaxation keeps what the shopper named (issue 40): with a colour, a material and a product word understood and
 * no product having all three, the primary list is the products of the colour and the product word: the material
 * is the first thing dropped, not any one of the three words ("red cotton dress": the red linen dress, not cotton
 * dresses of every colour and red cotton T-shirts). Where products have all three, they alone are the primary list
 * and the ones of another material lead the secondary list.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';

const CONFIGURATION: CatalogConfiguration = { markets: { GB: { locales: ['en-GB'], currency: 'GBP' } } };

function product(key: string, title: string, category: string, colour: string, material: string): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets: ['GB'],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category], customLabels: { material: [material] } },
          colorInitial: [colour],
          variants: { [`${key}-v`]: { defaults: { listPrice: 500, sellingPrice: 500, stock: 5 } } },
        },
      },
    },
  };
}

const RED = '#FF0000';
const BLUE = '#0000FF';
const GREEN = '#008000';

const CATALOG: ReplaceEntity[] = [
  product('red-linen-dress', 'Shirt dress Essential', 'Dresses', RED, 'Linen'),
  product('blue-cotton-dress', 'Maxi dress Breeze', 'Dresses', BLUE, 'Cotton'),
  product('green-cotton-dress', 'Shirt dress Alpine', 'Dresses', GREEN, 'Cotton'),
  product('red-cotton-tee', 'T-shirt Nordic', 'T-shirts', RED, 'Cotton'),
  product('red-cotton-polo', 'Polo shirt Arctic', 'Polo shirts', RED, 'Cotton'),
  product('blue-linen-dress', 'Wrap dress Tundra', 'Dresses', BLUE, 'Linen'),
];

describe('relaxation by role: an understood material goes first (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const page = async (q: string): Promise<SearchPage> => {
    const params = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market: 'GB', locale: 'en-GB', touchpoint: 'desktop', notify: 'false', q });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as SearchPage;
  };
  const keys = (list: { productGroups: SearchPage['primaryList']['productGroups'] } | undefined) =>
    (list?.productGroups ?? []).map((g) => g.key.replace('G-', ''));

  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('lists the red dresses for "red cotton dress" when no dress is both, keeping the colour and the product word', async () => {
    const body = await page('red cotton dress');
    assert.deepEqual(keys(body.primaryList), ['red-linen-dress']);
    assert.equal(body.primaryList.totalHits, 1);
  });

  it('lists only the blue cotton dress for "blue cotton dress", with the blue dress of another material leading the secondary list', async () => {
    const body = await page('blue cotton dress');
    assert.deepEqual(keys(body.primaryList), ['blue-cotton-dress']);
    assert.equal(keys(body.secondaryList)[0], 'blue-linen-dress', `secondary list: ${keys(body.secondaryList).join(', ')}`);
  });
});
