/**
 * The console's synonyms view lists the general synonyms shipped for the chosen locale's language, read-only
 * beside the shop's own rules (docs/language.md "General synonyms").
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { newVisitor, startWorld, type BrowserWorld } from './support';

describe('console: shipped synonyms (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(3));
      assert.equal(res.status, 204, await res.text());
    });
  });
  after(async () => world?.close());

  it("shows the shipped rules of the chosen locale's language", async () => {
    const { page, dialogs } = await newVisitor(world, 'desktop');
    await page.goto('/console/synonyms');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('combobox', { name: 'Locale' }).selectOption('en-GB');
    await page.getByText('Shipped synonyms of en-GB').click();
    const table = page.getByRole('table', { name: 'Shipped synonyms of en-GB' });
    await table.getByRole('row', { name: /trainers, sneakers/ }).waitFor();
    await table
      .getByRole('row', { name: /hoodie.*sweater/ })
      .first()
      .waitFor();
    // The list stays open and follows the locale.
    await page.getByRole('combobox', { name: 'Locale' }).selectOption('sv-SE');
    await page
      .getByRole('table', { name: 'Shipped synonyms of sv-SE' })
      .getByRole('row', { name: /hoodie, luvtröja/ })
      .waitFor();
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });
});
