/**
 * The reference storefront's secondary list (issue 40): for "red wool jumper" the primary list holds the two red
 * wool jumpers and counts only them; below it, under "Partly matching “red wool jumper”", the products matching
 * part of the phrase come first, and "Show all" lists every one of them (viewAllSecondary). At 1280×800 and
 * 390×844. SCREENSHOTS_DIR set: each size's page is saved there.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { newVisitor, startWorld, type BrowserWorld } from './support';
import { group, product } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

const item = (key: string, title: string, colour: string, category = 'Jumpers'): ReplaceEntity =>
  group(key, { [key]: product(key, { markets: ['UK'], defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category] }, colorInitial: [colour] }) });

const RED = '#FF0000';
const BLUE = '#0000FF';
/** Two red wool jumpers; a red cotton jumper, a red wool scarf and 14 blue wool jumpers match two words of three. */
const CATALOG: ReplaceEntity[] = [
  item('RED-1', 'Wool jumper Classic', RED),
  item('RED-2', 'Wool jumper Cable', RED),
  item('COTTON', 'Cotton jumper', RED),
  item('SCARF', 'Wool scarf', RED, 'Scarves'),
  ...Array.from({ length: 14 }, (_, i) => item(`BLUE-${i + 1}`, `Wool jumper Nordic ${i + 1}`, BLUE)),
];
const PARTIAL = 16;

describe('reference storefront: the secondary list partly matching the phrase (Chromium)', function () {
  let world: BrowserWorld;
  before(async () => {
    world = await startWorld(async (service) => {
      await service.configure({ markets: { UK: { locales: ['en-GB'], currency: 'GBP' } } });
      const res = await service.importCatalog(CATALOG);
      assert.equal(res.status, 204, await res.text());
    });
  });
  after(async () => world?.close());

  for (const size of ['desktop', 'phone'] as const) {
    it(`lists the whole matches, then the partial ones under their heading, all of them on request (${size})`, async () => {
      const { page } = await newVisitor(world, size);
      await page.goto('/search?q=red%20wool%20jumper&market=UK&locale=en-GB');
      await page.getByRole('heading', { level: 1, name: 'Results for “red wool jumper”' }).waitFor();
      const products = page.getByRole('list', { name: 'Products', exact: true });
      await products.getByRole('heading').first().waitFor();
      assert.deepEqual(new Set(await products.getByRole('heading').allTextContents()), new Set(['Wool jumper Classic', 'Wool jumper Cable']));
      await page.getByRole('status').filter({ hasText: '2 products' }).waitFor();
      const heading = 'Partly matching “red wool jumper”';
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      const partly = page.getByRole('list', { name: heading });
      assert.equal(await partly.getByRole('heading').count(), 12, 'the first dozen');
      if (process.env.SCREENSHOTS_DIR)
        await page.screenshot({ path: join(process.env.SCREENSHOTS_DIR, `search-partly-matching${size === 'phone' ? '-phone' : ''}.png`), fullPage: true });
      await page.getByRole('button', { name: `Show all ${PARTIAL}` }).click();
      await partly
        .getByRole('heading')
        .nth(PARTIAL - 1)
        .waitFor();
      const all = await partly.getByRole('heading').allTextContents();
      assert.equal(all.length, PARTIAL);
      assert.ok(all.includes('Cotton jumper') && all.includes('Wool scarf'), all.join(', '));
      assert.ok(!all.includes('Wool jumper Classic'), 'nothing of the primary list');
      assert.equal(await page.getByRole('button', { name: /Show all/ }).count(), 0);
      await page.context().close();
    });
  }
});
