/**
 * Issue 32, item 10: recommendations that make sense on the sample catalog without behaviour data (no views,
 * no baskets): STYLE_WITH completes a look with the accessories that go with it, a bought-together list
 * without co-purchase data says so in its label, and "Popular right now" is not "New in".
 */
import assert from 'node:assert/strict';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import { jsonBody, startService, type TestService } from './harness';

const BASE = { market: 'SE', locale: 'en-GB', customerKey: 'c', sessionKey: 's', touchpoint: 'desktop', notify: 'false' };

type Source = { productKey: string; category: string[]; styleWith?: string[]; gender?: string[] };
type List = { id: string; label?: string; productGroups: { products: { key: string }[] }[] };

describe('recommendations without behaviour data on the sample catalog (issue 32, item 10)', function () {
  let service: TestService;
  let products: Source[];
  const categoryOf = (key: string) => products.find((p) => p.productKey === key)?.category[0] ?? '';
  before(async () => {
    service = await startService();
    await loadSampleCatalogIfEmpty(service.context);
    const res = await service.context.es.search<Source>({
      index: `${service.prefix}-*`,
      size: 2000,
      _source: ['productKey', 'category', 'styleWith', 'gender'],
      query: { bool: { filter: [{ term: { market: 'SE' } }, { term: { locale: 'en-GB' } }, { exists: { field: 'productKey' } }] } },
    });
    products = res.hits.hits.map((h) => h._source!);
  });
  after(async () => service?.close());

  async function lists(endpoint: string, params: Record<string, string>, recommendationLists: unknown[]): Promise<List[]> {
    const res = await service.request('POST', `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`, {
      body: JSON.stringify({ recommendationLists }),
    });
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body.recommendationLists;
  }
  const keysOf = (l: List) => l.productGroups.map((g) => g.products[0].key);

  it("STYLE_WITH on a men's jacket: other men's categories and accessories, the men's first", async () => {
    const seed = products.find((p) => p.category[0] === 'Men > Jackets' && !p.styleWith?.length)!;
    assert.ok(seed, "a men's jacket without styleWith keys");
    const [list] = await lists('product-page', { productKey: seed.productKey }, [{ id: 'style', algorithm: 'STYLE_WITH', limit: 8 }]);
    const categories = keysOf(list).map(categoryOf);
    assert.equal(categories.length, 8, categories.join(', '));
    assert.ok(
      categories.every((c) => c !== 'Men > Jackets' && (c.startsWith('Men > ') || c.startsWith('Accessories > '))),
      categories.join(', '),
    );
    const accessories = keysOf(list).filter((k) => categoryOf(k).startsWith('Accessories > '));
    assert.ok(accessories.length >= 2, `accessories: ${categories.join(', ')}`);
    assert.ok(categories.filter((c) => c.startsWith('Men > ')).length >= 4, categories.join(', '));
    const genders = accessories.map((k) => products.find((p) => p.productKey === k)?.gender?.[0]);
    assert.equal(genders[0], 'Men', `accessories' genders: ${genders.join(', ')}`);
  });

  it('STYLE_WITH on a lamp: no accessories for what is not worn', async () => {
    const seed = products.find((p) => p.category[0] === 'Home > Lighting > Lamps' && !p.styleWith?.length)!;
    const [list] = await lists('product-page', { productKey: seed.productKey }, [{ id: 'style', algorithm: 'STYLE_WITH', limit: 8 }]);
    const categories = keysOf(list).map(categoryOf);
    assert.ok(categories.length > 0);
    assert.ok(
      categories.every((c) => c.startsWith('Home > ') && !c.startsWith('Home > Lighting')),
      categories.join(', '),
    );
  });

  it('a bought-together list without co-purchase data answers a label saying so; a label asked for is kept', async () => {
    const seed = products.find((p) => p.category[0] === 'Men > Jackets')!;
    const [popup, named] = await lists('product-page', { productKey: seed.productKey }, [
      { id: 'together', algorithm: 'ADD_TO_CART_RECS', limit: 4 },
      { id: 'named', algorithm: 'ADD_TO_CART_RECS', limit: 4, label: 'Often bought together' },
    ]);
    assert.ok(popup.productGroups.length > 0);
    assert.equal(popup.label, 'You may also like');
    assert.equal(named.label, 'Often bought together');
    const [cart] = await lists('cart-page', { cart: seed.productKey, locale: 'sv-SE' }, [{ id: 'cart', algorithm: 'CART', limit: 4 }]);
    assert.ok(cart.productGroups.length > 0);
    assert.equal(cart.label, 'Du kanske också gillar');
    const [top] = await lists('landing-page', { pageReference: '/' }, [{ id: 'top', algorithm: 'TOP_PRODUCTS', limit: 4 }]);
    assert.equal(top.label, undefined);
  });

  it('"Popular right now" and "New in" differ: rating and stock before the release date', async () => {
    const [top, newest] = await lists('landing-page', { pageReference: '/' }, [
      { id: 'top', algorithm: 'TOP_PRODUCTS', limit: 8 },
      { id: 'newest', algorithm: 'NEWEST_PRODUCTS', limit: 8 },
    ]);
    const shared = keysOf(top).filter((k) => keysOf(newest).includes(k));
    assert.equal(keysOf(top).length, 8);
    assert.ok(shared.length <= 2, `shared: ${shared.join(', ')}`);
  });
});
