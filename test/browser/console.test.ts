/**
 * The merchandising console in a real browser (docs/storefront.md "Pages for analysts and merchandisers"): log in, preview a phrase and
 * read a product's reasons, drag a product to position 1 of a landing page and save, see the storefront answer
 * change, then view the diff in the history and roll back, and see the storefront as before; and a catalog
 * file's impact report.
 */
import assert from 'node:assert/strict';
import { API_KEY, replaceLines, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';

/** The product keys of the storefront's landing page /skor, in order. */
async function storefrontOrder(service: TestService): Promise<string[]> {
  const res = await service.request('GET', '/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false');
  assert.equal(res.status, 200);
  const body = (await res.json()) as { primaryList: { productGroups: { products: { key: string }[] }[] } };
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

describe('merchandising console (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(6));
      assert.equal(res.status, 204, await res.text());
      const page = await service.admin('POST', '/api/admin/v4/import/pages?name=first', {
        body: JSON.stringify({ market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' }, primaryList: { rules: 'rule incl brand { "Acme" }' } }] }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(page.status, 204, await page.text());
    });
  });
  after(async () => world?.close());

  it('previews a phrase with reasons, pins by drag and drop, and rolls back from the history', async () => {
    const before = await storefrontOrder(world.service);
    assert.ok(before.length >= 3);
    const { page, dialogs } = await newVisitor(world, 'desktop', { acceptDialogs: true });
    await page.goto('/console/');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('searchbox', { name: 'Phrase' }).fill('product');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const first = page.getByRole('list', { name: 'Preview results' }).getByRole('article').first();
    await first.waitFor();
    assert.ok((await first.getByRole('list', { name: 'Reasons' }).getByRole('listitem').count()) > 0);
    assert.match((await first.getByRole('list', { name: 'Reasons' }).textContent())!, /text/);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Landing pages' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /\/skor/ }).click();
    const rows = page.getByRole('list', { name: 'Page products' }).locator(':scope > li');
    await rows.nth(2).waitFor();
    const third = (await rows.nth(2).getByRole('article').getAttribute('aria-label'))!;
    await rows.nth(2).dragTo(rows.nth(0));
    await eventually(async () => assert.equal(await rows.nth(0).getByRole('article').getAttribute('aria-label'), third));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const pinnedKey = before[2]!;
    await eventually(async () => assert.equal((await storefrontOrder(world.service))[0], pinnedKey));

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row').nth(2).waitFor();
    const differences = page.getByRole('region', { name: 'Differences' });
    await differences.waitFor();
    assert.match((await differences.textContent())!, new RegExp(pinnedKey));
    await versions.getByRole('button', { name: /^Roll back/ }).first().click();
    await page.getByRole('status').filter({ hasText: 'Rolled back' }).waitFor();
    await eventually(async () => assert.deepEqual(await storefrontOrder(world.service), before));
    assert.deepEqual(dialogs.filter((d) => !d.startsWith('Roll pages back')), []);
    await page.context().close();
  });

  it('shows a catalog file\'s impact on searched phrases before it goes live', async () => {
    const searched = await world.service.request('GET', '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s');
    assert.equal(searched.status, 200);
    await world.service.context.behaviour.flush();
    await world.service.context.es.indices.refresh({ index: world.service.context.names.events });
    const live = await storefrontOrder(world.service);
    const { page } = await newVisitor(world);
    await page.goto('/console/impact');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The candidate lacks the first product group.
    const candidate = replaceLines(smallCatalog(6).filter((e) => e.key !== 'G1'));
    await page.getByLabel('Catalog file').setInputFiles({ name: 'candidate.jsonl', mimeType: 'application/jsonlines', buffer: Buffer.from(candidate) });
    await page.getByRole('button', { name: 'Run impact report' }).click();
    const changed = page.getByRole('table', { name: 'Phrases whose top 10 changes' });
    await changed.getByRole('rowheader', { name: 'product' }).waitFor({ timeout: 60_000 });
    assert.match((await changed.getByRole('row').nth(1).textContent())!, /G1/);
    // Nothing live changed: G1 is still there.
    assert.deepEqual(await storefrontOrder(world.service), live);
    assert.ok(live.some((k) => k.startsWith('G1')));
    await page.context().close();
  });
});
