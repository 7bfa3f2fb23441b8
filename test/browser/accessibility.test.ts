/**
 * axe-core on every page at both sizes (1280×800 and 390×844): the storefront (home, search results, a category
 * page, a product page, the cart, an article, the no-results page), each view of the console (and its
 * confirmation before publishing) and the analytics page. A serious or critical violation fails the test,
 * named with its rule and the elements it found.
 *
 * axe's source goes in with `page.evaluate`, which the service's strict CSP does not govern (an inline script
 * tag would be refused), so the pages are checked under the CSP they ship with.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { API_KEY } from '../http/harness';
import { newVisitor, startWorld, type BrowserWorld } from './support';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const EN = 'market=SE&locale=en-GB';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  // A string, as the tests' TypeScript has no DOM types: it runs in the page.
  const found = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  })))`)) as Violation[];
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with every serious or critical violation of the page, named after `where`. */
async function checkPage(page: Page, where: string, found: string[]): Promise<void> {
  for (const v of await seriousViolations(page)) found.push(`${where}: ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(', ')}`);
}

async function logIn(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Admin key').fill(API_KEY);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
}

const CONSOLE_VIEWS: { tab: string; heading: RegExp; ready?: (page: Page) => Promise<void> }[] = [
  // With a phrase previewed: the explanation's sentences, their meters and the engineer's view opened.
  {
    tab: 'Search preview',
    heading: /preview/i,
    ready: async (page) => {
      await page.getByRole('searchbox', { name: 'Phrase' }).fill('sneakers');
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const first = page.getByRole('list', { name: 'Preview results' }).getByRole('article').first();
      await first.getByRole('meter').first().waitFor();
      await first.getByRole('button', { name: 'Show scores' }).click();
    },
  },
  {
    tab: 'Landing pages',
    heading: /^Landing pages$/,
    ready: async (page) => {
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().click();
      await page.getByRole('list', { name: 'Page products' }).locator(':scope > li').first().waitFor();
    },
  },
  { tab: 'Search phrases', heading: /^Search phrases$/ },
  { tab: 'Synonyms', heading: /synonyms/i },
  { tab: 'Facets', heading: /facets/i },
  { tab: 'Labels', heading: /labels/i },
  { tab: 'Navigation', heading: /navigation/i },
  { tab: 'Templates', heading: /templates/i },
  { tab: 'History', heading: /history/i },
  { tab: 'Import impact', heading: /impact/i },
];

describe('accessibility: axe-core finds no serious or critical violation (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld();
  });
  after(async () => world?.close());

  for (const size of ['desktop', 'phone'] as const) {
    it(`the storefront's pages at ${size} size`, async () => {
      const { page } = await newVisitor(world, size);
      const found: string[] = [];
      await page.goto(`/?${EN}`);
      await page.getByRole('heading', { level: 2, name: 'Latest articles' }).waitFor();
      await checkPage(page, 'home', found);

      await page.goto(`/search?q=sneakers&${EN}`);
      await page.getByRole('list', { name: 'Products', exact: true }).getByRole('article').first().waitFor();
      await checkPage(page, 'search results', found);

      await page.goto(`/women/shoes?${EN}`);
      await page.getByRole('heading', { level: 1, name: 'Shoes' }).waitFor();
      await page.getByRole('list', { name: 'Products', exact: true }).getByRole('article').first().waitFor();
      await checkPage(page, 'category page', found);

      const card = page.getByRole('list', { name: 'Products', exact: true }).getByRole('article').first();
      const title = (await card.getByRole('heading').textContent())!;
      await card.getByRole('heading').getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      await checkPage(page, 'product page', found);

      // A size in stock, so the cart has a line.
      await page.getByRole('group', { name: 'Size' }).getByRole('radio', { disabled: false }).first().check();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto(`/cart?${EN}`);
      await page.getByRole('list', { name: 'Cart lines' }).getByRole('link', { name: title }).waitFor();
      await checkPage(page, 'cart', found);

      await page.goto(`/?${EN}`);
      const article = page.locator('.content-list').getByRole('link').first();
      const articleTitle = (await article.locator('strong').textContent())!;
      await article.click();
      await page.getByRole('heading', { level: 1, name: articleTitle }).waitFor();
      await checkPage(page, 'article', found);

      await page.goto(`/search?q=qxzvwq&${EN}`);
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: /qxzvwq/ })
        .or(page.getByText(/no products|nothing/i))
        .first()
        .waitFor();
      await checkPage(page, 'no-results page', found);

      assert.deepEqual(found, []);
      await page.context().close();
    });

    it(`every console view at ${size} size`, async () => {
      const { page } = await newVisitor(world, size);
      const found: string[] = [];
      await page.goto('/console/');
      await page.getByRole('heading', { name: 'Merchandising console' }).waitFor();
      await checkPage(page, 'console login', found);
      await logIn(page, '/console/', 'Search preview');
      for (const view of CONSOLE_VIEWS) {
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: view.tab }).click();
        await page.getByRole('heading', { level: 2, name: view.heading }).waitFor();
        await view.ready?.(page);
        // Views load their data after the heading: check what a merchandiser sees once it is in.
        await page
          .getByText(/^Loading/)
          .first()
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        await checkPage(page, `console ${view.tab}`, found);
      }
      // The phrase-rule editor with the product picker's results; the rule is removed again, so nothing is unsaved.
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Search phrases' }).click();
      await page.getByRole('button', { name: 'New phrase rule' }).click();
      await page.getByLabel('Find a product (title or key)').fill('sneakers');
      await page.getByRole('list', { name: 'Products found' }).getByRole('button', { name: /^Pin / }).first().click();
      await checkPage(page, 'console phrase rule editor', found);
      await page.getByRole('button', { name: /^Remove rule / }).click();
      // The confirmation before a landing page goes live.
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Landing pages' }).click();
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().click();
      // The page editor's product picker with its results.
      await page.getByLabel('Find a product (title or key)').fill('sneakers');
      await page.getByRole('list', { name: 'Products found' }).getByRole('button', { name: /^Pin / }).first().waitFor();
      await checkPage(page, 'console page editor with the product picker', found);
      await page
        .getByRole('list', { name: 'Page products' })
        .locator(':scope > li')
        .first()
        .getByRole('button', { name: /^Hide / })
        .click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await checkPage(page, 'console publish confirmation', found);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Discard changes' }).click();
      assert.deepEqual(found, []);
      await page.context().close();
    });

    it(`the analytics page at ${size} size`, async () => {
      const { page } = await newVisitor(world, size);
      const found: string[] = [];
      await page.goto('/analytics/?market=SE');
      await page.getByRole('heading', { name: 'Search analytics' }).waitFor();
      await checkPage(page, 'analytics login', found);
      await page.getByLabel('Admin key').fill(API_KEY);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('img', { name: /^Searches per day/ }).waitFor();
      await checkPage(page, 'analytics', found);
      assert.deepEqual(found, []);
      await page.context().close();
    });
  }
});
