/**
 * Search merchandising per phrase in the console (issue 33), each effect checked through the storefront's own
 * search-page answer: a product found with the picker and pinned at position 1 for "sneakers" is first once
 * saved; Preview before that changes nothing live (only viewId=PREVIEW); a product hidden from the picker is gone;
 * after a reload the stored rule shows its pinned product by title.
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { group, product } from '../fixtures/catalog';
import { newVisitor, startWorld, type BrowserWorld } from './support';

const KEYS = ['S1', 'S2', 'S3', 'S4', 'S5'];

/** The storefront's search-page product keys for a phrase, in order. */
async function search(service: TestService, q: string, view?: 'PREVIEW'): Promise<string[]> {
  const query = new URLSearchParams({
    q,
    market: 'SE',
    locale: 'sv-SE',
    touchpoint: 'desktop',
    customerKey: 'c',
    sessionKey: 's',
    notify: 'false',
    ...(view ? { viewId: view } : {}),
  });
  const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { primaryList: { productGroups: { products: { key: string }[] }[] } };
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

describe('console search phrases with a product picker (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(
        KEYS.map((k) =>
          group(k, { [`${k}-p`]: product(`${k}-p`, { defaults: { title: `Sneakers ${k}`, url: `/p/${k}`, brand: 'Acme', category: ['cat_shoes'] } }) }),
        ),
      );
      assert.equal(res.status, 204, await res.text());
    });
  });
  after(async () => world?.close());

  it('pins a product from the picker at position 1 for "sneakers" (Preview changes nothing live, Save does), then hides one', async () => {
    const live = await search(world.service, 'sneakers');
    assert.equal(live.length, KEYS.length);
    const target = live[live.length - 1]!;
    const targetTitle = `Sneakers ${target.replace(/-p$/, '')}`;

    const { page, dialogs } = await newVisitor(world, 'desktop');
    await page.goto('/console/phrases');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Search phrases' }).waitFor();

    await page.getByRole('button', { name: 'New phrase rule' }).click();
    await page.getByLabel('Search phrases (comma-separated)').fill('sneakers');
    await page.getByLabel('Search phrases (comma-separated)').press('Tab');
    await page.getByLabel('Pin at position').fill('1');
    await page.getByLabel('Find a product (title or key)').fill(targetTitle);
    const results = page.getByRole('list', { name: 'Products found' });
    await results.getByRole('button', { name: `Pin at 1: ${targetTitle}` }).click();
    await page.getByRole('list', { name: 'Pinned products' }).getByText(targetTitle, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('list', { name: 'Preview of sneakers' });
    await preview.getByRole('article', { name: targetTitle }).first().waitFor();
    assert.deepEqual(await search(world.service, 'sneakers'), live, 'Preview changes nothing live');
    assert.equal((await search(world.service, 'sneakers', 'PREVIEW'))[0], target);
    assert.match(await preview.locator(':scope > li').first().innerText(), /Pinned at 1 by phrase rule/);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.equal((await search(world.service, 'sneakers'))[0], target);

    // Hide another product, found by its key.
    const hidden = live[0]!;
    await page.getByLabel('Find a product (title or key)').fill(hidden);
    await results.getByRole('button', { name: `Hide Sneakers ${hidden.replace(/-p$/, '')}` }).click();
    await page.getByRole('list', { name: 'Hidden products' }).getByText(hidden, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const after = await search(world.service, 'sneakers');
    assert.ok(!after.includes(hidden), JSON.stringify(after));
    assert.equal(after[0], target);
    // After a reload the stored rule names its products by title again (found by key on the storefront).
    await page.reload();
    await page.getByRole('button', { name: /^Edit rule / }).click();
    await page.getByRole('list', { name: 'Pinned products' }).getByText(targetTitle, { exact: true }).waitFor();
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });
});
