/**
 * Landing pages created, copied, scheduled and deleted in the console, and keys with roles (issue 33), in a
 * real browser: a merchandiser logs in with a name, creates /kampanj, copies it to /kampanj-2, deletes the
 * copy after a confirmation, ends /kampanj's schedule in the past, each checked through the storefront's own
 * landing-page answer; the History names the person and the role. An analyst's key is refused the write with
 * a message naming the role, and stays logged in.
 */
import assert from 'node:assert/strict';
import { TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import type { Page } from 'playwright-core';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';

const MERCHANDISER_KEY = 'merchandiser-key';
const ANALYST_KEY = 'analyst-key';

/** The storefront's landing page for `reference` in SE, sv-SE: published, its heading and product keys. */
async function storefrontPage(service: TestService, reference: string): Promise<{ published: boolean; heading?: string; keys: string[] }> {
  const res = await service.request(
    'GET',
    `/api/storefront/v3/queries/landing-page?pageReference=${encodeURIComponent(reference)}&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false`,
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as { published: boolean; seo: { pageHeading?: string }; primaryList?: { productGroups: { products: { key: string }[] }[] } };
  return { published: body.published, heading: body.seo.pageHeading, keys: (body.primaryList?.productGroups ?? []).map((g) => g.products[0]!.key) };
}

async function logIn(world: BrowserWorld, key: string, name: string): Promise<{ page: Page; dialogs: string[] }> {
  const { page, dialogs } = await newVisitor(world, 'desktop');
  await page.goto('/console/pages');
  await page.getByLabel('Admin key').fill(key);
  await page.getByLabel('Your name (optional)').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Landing pages' }).waitFor();
  return { page, dialogs };
}

describe('console: pages created, copied, scheduled and deleted; keys with roles (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(
      async (service) => {
        await service.configure(TEST_CONFIGURATION);
        const res = await service.importCatalog(smallCatalog(6));
        assert.equal(res.status, 204, await res.text());
        const page = await service.admin('POST', '/api/admin/v4/import/pages?name=first', {
          body: JSON.stringify({ market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' } }] }),
          headers: { 'Content-Type': 'application/json' },
        });
        assert.equal(page.status, 204, await page.text());
      },
      { merchandiserApiKeys: [MERCHANDISER_KEY], analystApiKeys: [ANALYST_KEY] },
    );
  });
  after(async () => world?.close());

  it('creates, copies and deletes a page as a merchandiser, and the history names her and her role', async () => {
    const { service } = world;
    assert.equal((await storefrontPage(service, '/kampanj')).published, false);
    const { page, dialogs } = await logIn(world, MERCHANDISER_KEY, 'Åsa Lind');
    await page.getByText('Åsa Lind (merchandiser)').waitFor();

    await page.getByRole('button', { name: 'New page' }).click();
    const form = page.getByRole('form', { name: 'New page' });
    await form.getByLabel('Path (sv-SE)').fill('/kampanj');
    await form.getByLabel('Heading (optional)').fill('Kampanj');
    await form.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: 'Created' }).waitFor();
    const created = await storefrontPage(service, '/kampanj');
    assert.deepEqual([created.published, created.heading], [true, 'Kampanj']);
    assert.ok(created.keys.length > 0, 'a new page without rules lists the assortment');

    // The new page is open in the editor: give it a rule, save, then copy it.
    await page.getByRole('heading', { name: /Kampanj/ }).waitFor();
    await page.getByRole('button', { name: 'Copy page' }).click();
    const copy = page.getByRole('form', { name: 'Copy page' });
    await copy.getByLabel('New path (sv-SE)').fill('/kampanj-2');
    await copy.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await storefrontPage(service, '/kampanj-2');
    assert.deepEqual([copied.published, copied.heading, copied.keys], [true, 'Kampanj', created.keys], 'the copy has the same settings');

    // The copy is selected: delete it, cancelling first.
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await storefrontPage(service, '/kampanj-2')).published, true, 'cancelled: nothing deleted');
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted /kampanj-2' }).waitFor();
    assert.equal((await storefrontPage(service, '/kampanj-2')).published, false);
    assert.equal((await storefrontPage(service, '/kampanj')).published, true);
    assert.equal(
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('button', { name: /kampanj-2/ })
        .count(),
      0,
    );

    // A schedule that ended: the live storefront stops serving the page.
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^\/kampanj/ })
      .click();
    await page.getByLabel('Ends').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await eventually(async () => assert.equal((await storefrontPage(service, '/kampanj')).published, false));
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByText(/^Ended/)
      .waitFor();

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row').nth(1).waitFor();
    const newest = versions.getByRole('row').nth(1);
    assert.match((await newest.textContent()) ?? '', /Åsa Lind \(merchandiser\)/);
    assert.equal(await versions.getByRole('cell', { name: /Åsa Lind/ }).count(), 4, 'create, copy, delete and the schedule, each by her');
    assert.deepEqual(dialogs, []);
  });

  it("refuses an analyst's write with a message naming the role, and keeps the analyst logged in", async () => {
    const { page } = await logIn(world, ANALYST_KEY, 'Ola');
    await page.getByRole('button', { name: 'New page' }).click();
    const form = page.getByRole('form', { name: 'New page' });
    await form.getByLabel('Path (sv-SE)').fill('/analys');
    await form.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('alert').filter({ hasText: 'The analyst key may not call POST /api/admin/v4/import/pages' }).waitFor();
    assert.equal((await storefrontPage(world.service, '/analys')).published, false);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'History' }).click();
    await page.getByRole('table', { name: 'Versions' }).waitFor();
    assert.equal(await page.getByLabel('Admin key').count(), 0, 'still logged in');
  });
});
