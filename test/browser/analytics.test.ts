/**
 * The search analytics page in a real browser (docs/behaviour.md "Search analytics"): log in with the admin key, the
 * charts are drawn, the zero-result phrase is listed, a visit that clicks a result, adds it to the cart on the
 * product page and buys it shows in the add-to-cart, conversion and revenue tiles, a facet change shows as a
 * refinement (not a search), the date filter changes the numbers and a year is charted per month. The key never
 * appears in a URL.
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';

const WHO = 'market=SE&locale=sv-SE&touchpoint=desktop';

/** A search-page of one visitor through the storefront API; answers the first product's ticket and key. */
async function search(service: TestService, q: string, session: string, extra = ''): Promise<{ ticket: string; key: string } | undefined> {
  const res = await service.request(
    'GET',
    `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&${WHO}&customerKey=c-${session}&sessionKey=s-${session}${extra}`,
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as { primaryList: { productGroups: { products: { ticket: string; key: string }[] }[] } };
  return body.primaryList.productGroups[0]?.products[0];
}

async function notify(service: TestService, name: string, session: string, body: unknown): Promise<void> {
  const res = await service.request('POST', `/api/storefront/v3/notifications/${name}?market=SE&customerKey=c-${session}&sessionKey=s-${session}`, {
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 204, await res.text());
}

describe('search analytics page (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(6));
      assert.equal(res.status, 204, await res.text());
    });
    const { service } = world;
    // Three searches that find products, two that find nothing. Visitor a clicks a result, adds it to the
    // cart on the product page and buys it; visitor b refines by a facet (a refinement, not a sixth search).
    const found = (await search(service, 'product', 'a'))!;
    await search(service, 'product', 'b');
    await search(service, 'product', 'b', '&f.onlyInStock=true');
    await search(service, 'acme', 'c');
    await search(service, 'qwxzv', 'd');
    await search(service, 'qwxzv', 'e');
    await notify(service, 'click', 'a', { ticket: found.ticket });
    const productPage = await service.request(
      'POST',
      `/api/storefront/v3/queries/product-page?productKey=${encodeURIComponent(found.key)}&${WHO}&customerKey=c-a&sessionKey=s-a`,
      { body: JSON.stringify({ productGroup: { include: true } }), headers: { 'Content-Type': 'text/plain' } },
    );
    const variant = ((await productPage.json()) as { productGroup: { products: { variants: { key: string; ticket: string }[] }[] } }).productGroup.products[0]!
      .variants[0]!;
    await notify(service, 'add-to-cart', 'a', { ticket: variant.ticket });
    await notify(service, 'purchase', 'a', { lines: [{ variantKey: variant.key, quantity: 2, sellingPrice: 150 }] });
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: service.context.names.events });
  });
  after(async () => world?.close());

  it('asks for the key, shows the charts and tables, and the date filter changes the numbers', async () => {
    const { page } = await newVisitor(world);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto('/analytics/?market=SE');
    await page.getByRole('heading', { name: 'Search analytics' }).waitFor();
    await page.getByLabel('Admin key').fill('wrong-key');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not accepted' }).waitFor();
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();

    const totals = page.getByRole('definition');
    await page.getByRole('img', { name: /^Searches per day/ }).waitFor();
    for (const name of [/^Searches per day/, /^Zero-result rate per day/, /^Click-through rate per day/]) {
      assert.equal((await page.getByRole('img', { name }).locator('canvas').count()) > 0, true, String(name));
    }
    await eventually(async () => assert.equal(await totals.first().textContent(), '5'));
    const tile = (label: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('..')
        .getByRole('definition')
        .first();
    assert.equal(await tile('Refinements').textContent(), '1');
    assert.equal(await tile('Add-to-cart rate').textContent(), '20.0 %');
    assert.equal(await tile('Conversion rate').textContent(), '20.0 %');
    assert.match((await tile('Revenue').textContent())!, /300/);
    const zero = page.getByRole('table', { name: 'Phrases with no results' });
    await zero.getByRole('link', { name: 'qwxzv', exact: true }).waitFor();
    assert.equal(await zero.getByRole('rowheader').count(), 1);
    const top = page.getByRole('table', { name: 'Top phrases' });
    assert.equal(await top.getByRole('rowheader').first().textContent(), 'product');
    // Each phrase opens in the storefront.
    assert.equal(await top.getByRole('link', { name: 'product', exact: true }).getAttribute('href'), '/search?q=product&market=SE');

    // A range that ends before today has none of these searches.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(before);
    await page.getByLabel('To', { exact: true }).fill(yesterday);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('to') === yesterday);
    await eventually(async () => assert.equal(await totals.first().textContent(), '0'));
    await page.getByText('Every phrase found something.').waitFor();

    // A year: one point per month.
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(yearAgo);
    await page.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('img', { name: /^Click-through rate per month, 1[23] months$/ }).waitFor();
    await eventually(async () => assert.equal(await totals.first().textContent(), '5'));

    assert.deepEqual(
      urls.filter((u) => u.includes(API_KEY)),
      [],
    );
    await page.context().close();
  });
});
