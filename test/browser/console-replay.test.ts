/**
 * Replay beside Preview in the console (issue 43, point 2): shoppers searched and clicked; the preview pins the
 * product they clicked second to the top for one phrase and hides the product they clicked for another; the
 * replay of the preview names the first phrase among the better and the second among the worse, with catalog
 * strings as text, and axe finds no serious violation at either size. Screenshots go to SCREENSHOT_DIR when set.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { newVisitor, startWorld, type BrowserWorld } from './support';
import type { Product, ReplaceEntity } from '../../src/catalog/types';

function product(title: string): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.length}` },
    variants: { [`${title}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
  };
}
const group = (key: string, title: string): ReplaceEntity => ({ key, productGroup: { products: { [`${key}-p`]: product(title) } } });
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is (as accessibility.test.ts runs it). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help + ' ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))`) as Promise<string[]>;
}

const SEARCH = '/api/storefront/v3/queries/search-page?market=SE&locale=sv-SE&touchpoint=DESKTOP';

async function searchAndClick(service: TestService, q: string, at: number, visitor: string): Promise<string> {
  const answer = (await (await service.request('GET', `${SEARCH}&customerKey=${visitor}&sessionKey=${visitor}&q=${q}`)).json()) as {
    primaryList: { productGroups: { key: string; products: { ticket: string }[] }[] };
  };
  const g = answer.primaryList.productGroups[at];
  const click = await service.request('POST', `/api/storefront/v3/notifications/click?market=SE&customerKey=${visitor}&sessionKey=${visitor}`, {
    body: JSON.stringify({ ticket: g.products[0].ticket }),
    headers: { 'Content-Type': 'text/plain' },
  });
  assert.equal(click.status, 204, await click.text());
  return g.key;
}

describe('console: replay beside preview (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog([group('red-boot', 'Red <b>boot</b>'), group('blue-boot', 'Blue boot'), group('green-hat', 'Green hat')]);
      assert.equal(res.status, 204, await res.text());
      let clickedSecond = '';
      for (let i = 0; i < 3; i++) clickedSecond = await searchAndClick(service, 'boot', 1, `b${i}`);
      for (let i = 0; i < 2; i++) await searchAndClick(service, 'hat', 0, `h${i}`);
      await service.context.behaviour.flush();
      await service.context.es.indices.refresh({ index: `${service.prefix}-events*` });
      const rules = {
        markets: {
          SE: [
            { id: 'boot-up', phrases: ['boot'], pinned: [{ productKey: `${clickedSecond}-p`, position: 1 }] },
            { id: 'no-hat', phrases: ['hat'], hidden: ['green-hat-p'] },
          ],
        },
      };
      const saved = await service.admin('PUT', '/api/admin/v4/import/phrase-rules?previewOnly=true', {
        body: JSON.stringify(rules),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(saved.status, 204, await saved.text());
    });
  });
  after(async () => world?.close());

  for (const size of ['desktop', 'phone'] as const) {
    it(`replays the preview and lists the phrases it helps and hurts (${size})`, async () => {
      const { page, dialogs } = await newVisitor(world, size);
      await page.goto('/console/preview');
      await page.getByLabel('Admin key').fill(API_KEY);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 2, name: 'Search preview' }).waitFor();

      const toggle = page.getByRole('button', { name: 'Replay', exact: true });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const form = page.getByRole('form', { name: 'Replay' });
      await form.getByLabel('Change').selectOption({ label: 'Preview changes (pages and phrase rules)' });
      await form.getByLabel('Phrases').fill('50');
      await form.getByRole('button', { name: 'Run replay' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Replayed 2 phrases/ })
        .waitFor({ timeout: 30_000 });

      const better = page.getByRole('table', { name: 'Most changed for the better' });
      const worse = page.getByRole('table', { name: 'Most changed for the worse' });
      await better.getByRole('rowheader', { name: 'boot' }).waitFor();
      await worse.getByRole('rowheader', { name: 'hat' }).waitFor();
      assert.match(await worse.getByRole('row').nth(1).innerText(), /finds nothing now/);
      // A title with markup is shown as its characters, never as markup.
      const before = page.getByRole('list', { name: 'First three live for boot' });
      await before.getByText('Red <b>boot</b>').waitFor();
      assert.equal(await page.locator('.replay b').count(), 0);
      assert.deepEqual(await seriousViolations(page), []);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/console-replay-${size}.png`, fullPage: true });
      assert.deepEqual(dialogs, []);
      // The preview was not published: the live answer for "hat" still lists the hat.
      const live = (await (await world.service.request('GET', `${SEARCH}&customerKey=x&sessionKey=x&notify=false&q=hat`)).json()) as {
        primaryList: { productGroups: { key: string }[] };
      };
      assert.deepEqual(
        live.primaryList.productGroups.map((g) => g.key),
        ['green-hat'],
      );
      await page.context().close();
    });
  }
});
