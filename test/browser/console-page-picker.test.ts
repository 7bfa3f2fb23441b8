/**
 * The landing-page editor's product picker and "Show more" (issue 33), in a real browser: a page of 30 products
 * lists 24, "Show more" appends products 25-30 and moves focus to product 25; a product found by its key in the
 * picker is pinned at position 1 and another hidden, Preview leaves the live page as it was while viewId=PREVIEW
 * shows both, and Save publishes them, each checked through the storefront's own landing-page answer.
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { newVisitor, startWorld, type BrowserWorld } from './support';

/** The product keys of the storefront's landing page /skor (SE, sv-SE) in a view, in order. */
async function skor(service: TestService, view?: 'PREVIEW'): Promise<string[]> {
  const res = await service.request(
    'GET',
    `/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false&limit=60${view ? `&viewId=${view}` : ''}`,
  );
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { primaryList: { productGroups: { products: { key: string }[] }[] } };
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

describe("console: the page editor's product picker and Show more (Chromium)", function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(30));
      assert.equal(res.status, 204, await res.text());
      const page = await service.admin('POST', '/api/admin/v4/import/pages?name=first', {
        body: JSON.stringify({
          market: 'SE',
          type: 'FULL',
          addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' }, primaryList: {} }],
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(page.status, 204, await page.text());
    });
  });
  after(async () => world?.close());

  it('shows products past the first 24, and pins a product found by key at position 1, previewed then published', async () => {
    const { service } = world;
    const live = await skor(service);
    assert.equal(live.length, 30);
    const { page, dialogs } = await newVisitor(world, 'desktop');
    await page.goto('/console/pages');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /\/skor/ })
      .click();

    const rows = page.getByRole('list', { name: 'Page products' }).locator(':scope > li');
    await rows.nth(23).waitFor();
    assert.equal(await rows.count(), 24);
    await page.getByRole('button', { name: 'Show more' }).click();
    await rows.nth(29).waitFor();
    assert.equal(await rows.count(), 30);
    assert.equal(await page.getByRole('button', { name: 'Show more' }).count(), 0, 'no more to show after all 30');
    assert.deepEqual(
      await rows.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      live.map((k) => `Product ${k}`),
    );
    // Focus moved to the first product Show more added.
    assert.equal(await page.locator(':focus').getAttribute('data-key'), live[24]);

    // The last product of the page, found by its key, pinned at 1; the first one hidden.
    const target = live[29]!;
    const hiddenKey = live[0]!;
    await page.getByLabel('Find a product (title or key)').fill(target);
    const found = page.getByRole('list', { name: 'Products found' });
    await found.getByRole('button', { name: `Pin at 1: Product ${target}` }).click();
    await page.getByLabel('Find a product (title or key)').fill(hiddenKey);
    await found.getByRole('button', { name: `Hide Product ${hiddenKey}` }).click();
    await rows.first().getByText('pinned 1').waitFor();
    assert.equal(await rows.first().getByRole('article').getAttribute('aria-label'), `Product ${target}`);

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a preview' }).waitFor();
    assert.deepEqual(await skor(service), live, 'Preview leaves the live page as it was');
    const previewed = await skor(service, 'PREVIEW');
    assert.equal(previewed[0], target);
    assert.ok(!previewed.includes(hiddenKey));

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: the storefront shows it now' }).waitFor();
    const published = await skor(service);
    assert.equal(published[0], target, 'the storefront lists the pinned product first');
    assert.ok(!published.includes(hiddenKey), 'the hidden product is gone');
    assert.equal(published.length, 29);
    assert.deepEqual(dialogs, []);
  });
});
