/**
 * Safe editing in the console (issue 33), each effect checked through the storefront's own HTTP answer or the
 * admin export: a change that goes live asks first (Cancel sends nothing, Publish publishes), unsaved changes
 * hold back the console's navigation and the tab's closing, and a save's message stays in view when the
 * merchandiser scrolls.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { group, product, translation } from '../fixtures/catalog';
import { newVisitor, startWorld, type BrowserWorld } from './support';

const STOREFRONT = 'touchpoint=desktop&customerKey=c&sessionKey=s&notify=false';

async function json<T>(res: Response): Promise<T> {
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as T;
}

/** The product keys the live storefront's landing page /skor answers, in order. */
async function skor(service: TestService): Promise<string[]> {
  const body = await json<{ primaryList: { productGroups: { products: { key: string }[] }[] } }>(
    await service.request('GET', `/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&${STOREFRONT}`),
  );
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

async function searchHits(service: TestService, q: string): Promise<number> {
  const body = await json<{ primaryList: { totalHits: number } }>(
    await service.request('GET', `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&${STOREFRONT}`),
  );
  return body.primaryList.totalHits;
}

async function logIn(world: BrowserWorld, path: string, size: 'desktop' | 'phone' = 'desktop'): Promise<{ page: Page; dialogs: string[]; kinds: string[] }> {
  const { page, dialogs } = await newVisitor(world, size);
  const kinds: string[] = [];
  page.on('dialog', (d) => kinds.push(d.type()));
  await page.goto(path);
  await page.getByLabel('Admin key').fill(API_KEY);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 2 }).waitFor();
  return { page, dialogs, kinds };
}

async function openSkor(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: /\/skor/ })
    .click();
  await page.getByRole('list', { name: 'Page products' }).locator(':scope > li').nth(2).waitFor();
}

describe('console safe editing (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const catalog = [
        translation('t-shoes-sv', { attribute: 'category', id: 'cat_shoes', locale: 'sv-SE', value: 'Skor' }),
        ...Array.from({ length: 6 }, (_, i) => {
          const key = `G${i + 1}`;
          return group(key, {
            [`${key}-p`]: product(`${key}-p`, { defaults: { title: `Product ${key}`, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'] } }),
          });
        }),
      ];
      const res = await service.importCatalog(catalog);
      assert.equal(res.status, 204, await res.text());
      const pages = await service.admin('POST', '/api/admin/v4/import/pages', {
        body: JSON.stringify({
          market: 'SE',
          type: 'FULL',
          addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' }, primaryList: { rules: 'rule incl brand { "Acme" }' } }],
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(pages.status, 204, await pages.text());
    });
  });
  after(async () => world?.close());

  it('asks before a landing page goes live: Cancel leaves the storefront as it was, Publish publishes', async () => {
    const live = await skor(world.service);
    const { page, dialogs } = await logIn(world, '/console/pages');
    await openSkor(page);
    const rows = page.getByRole('list', { name: 'Page products' }).locator(':scope > li');
    await rows
      .nth(0)
      .getByRole('button', { name: /^Hide / })
      .click();

    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const confirm = page.getByRole('dialog', { name: 'Publish /skor to the live storefront?' });
    await confirm.waitFor();
    assert.match((await confirm.textContent())!, /Shoppers in market SE see these changes/);
    // Focus starts on Cancel: Enter alone publishes nothing.
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Cancel');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.deepEqual(await skor(world.service), live);
    assert.equal(await page.getByRole('status').filter({ hasText: 'Saved' }).count(), 0);

    await save.click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: the storefront shows it now' }).waitFor();
    assert.deepEqual(await skor(world.service), live.slice(1));
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('a preview asks nothing: it changes nothing a shopper sees', async () => {
    const live = await skor(world.service);
    const { page } = await logIn(world, '/console/pages');
    await openSkor(page);
    await page
      .getByRole('list', { name: 'Page products' })
      .locator(':scope > li')
      .nth(0)
      .getByRole('button', { name: /^Hide / })
      .click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a preview' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(await skor(world.service), live);
    await page.context().close();
  });

  it("warns before unsaved changes are left: the console's navigation stays, closing the tab asks, and nothing asks once they are discarded", async () => {
    const { page, dialogs, kinds } = await logIn(world, '/console/synonyms');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Landing pages' }).click();
    await openSkor(page);
    await page
      .getByRole('list', { name: 'Page products' })
      .locator(':scope > li')
      .nth(1)
      .getByRole('button', { name: /^Pin first: / })
      .click();

    // The visitor's dialogs are dismissed: the merchandiser stays with their changes.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Synonyms' }).click();
    assert.deepEqual(dialogs, ['You have unsaved changes. Leave without saving them?']);
    assert.equal(new URL(page.url()).pathname, '/console/pages');
    await page.getByText(/Pinned: 1, hidden/).waitFor();

    // Back in the browser history (to the synonyms) asks too, and the URL stays with the view shown.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL((u) => u.pathname === '/console/pages');
    assert.equal(dialogs.length, 2);
    await page.getByText(/Pinned: 1, hidden/).waitFor();
    assert.equal(new URL(page.url()).pathname, '/console/pages');

    // Closing (or reloading) the tab: the browser's own "Leave site?".
    await page.close({ runBeforeUnload: true });
    await page.waitForTimeout(500);
    assert.ok(kinds.includes('beforeunload'), kinds.join());
    assert.equal(page.isClosed(), false);

    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Synonyms' }).click();
    await page.getByRole('heading', { level: 2, name: 'Synonyms' }).waitFor();
    // Only the two warnings and the tab's "Leave site?": nothing asked after the discard.
    assert.equal(dialogs.length, 3);
    await page.context().close();
  });

  it('asks before synonyms go live, and an edited form holds back the navigation until saved', async () => {
    assert.equal(await searchHits(world.service, 'gympadoja'), 0);
    const { page, dialogs } = await logIn(world, '/console/synonyms');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('Terms of rule 1').fill('gympadoja, product');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Facets' }).click();
    assert.equal(dialogs.length, 1);
    assert.equal(new URL(page.url()).pathname, '/console/synonyms');

    await page.getByRole('button', { name: 'Save synonyms' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish these synonyms?' });
    // Escape cancels, like Cancel.
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await searchHits(world.service, 'gympadoja'), 0);

    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.ok((await searchHits(world.service, 'gympadoja')) > 0);
    // Saved: nothing holds the navigation back.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Facets' }).click();
    await page.getByRole('heading', { level: 2, name: 'Facets' }).waitFor();
    assert.equal(dialogs.length, 1);
    await page.context().close();
  });

  it("keeps a save's message in view when the merchandiser scrolls down the page (phone)", async () => {
    const { page } = await logIn(world, '/console/pages', 'phone');
    await openSkor(page);
    await page
      .getByRole('list', { name: 'Page products' })
      .locator(':scope > li')
      .nth(0)
      .getByRole('button', { name: /^Pin first: / })
      .click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    const message = page.getByRole('status').filter({ hasText: 'Saved: the storefront shows it now' });
    await message.waitFor();
    const height = 844;
    assert.ok(((await page.evaluate('document.documentElement.scrollHeight')) as number) > height * 2, 'the page is long enough to scroll the message away');
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.waitForTimeout(100);
    const box = (await message.boundingBox())!;
    assert.ok(box.y >= 0 && box.y + box.height <= height, `the message is at ${box.y}..${box.y + box.height} of ${height}`);
    await page.context().close();
  });
});
