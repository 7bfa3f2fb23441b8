/**
 * Screenshots of the reference storefront for the docs (docs/screenshots/), taken in Debian's Chromium as a
 * shopper walks through it: search results, a category page, a product page with its add-to-cart popup, and the
 * cart, at 1280×800, and the search page at 390×844; the search page in Swedish and an article at both sizes, and
 * on a phone the category menu and the filter drawer; and the merchandising console's configuration forms
 * (facets, labels, navigation, templates), a landing page's facets, sort orders and product lists in the page editor,
 * and the landing page preview with its pin buttons at both sizes, the confirmation before publishing and a
 * save's message kept in view at the end of a long form, logged in with ADMIN_API_KEY (default
 * dev-admin-key); the search preview's explanations in sentences and its "Show scores" (`explain`); the search phrases editor with its product picker and its Preview (`phrases`); the page editor's product picker and "Show more" (`pagepicker`, only when asked for); the synonyms form with the stored rules (a row typed in, not saved, when there are none); and the
 * page editor after "Preview". `analytics` first sends visits through the storefront API (searches, refinements,
 * clicks, product-page add-to-carts, purchases; they stay in the events) and shoots the analytics page and a
 * phrase's clicked products at both sizes.
 * The console shots save nothing but that preview (a previewOnly page import: the live storefront stays as it
 * was): the facet form's refused value shows a problem at its field, and a refused import stores nothing; the
 * page editor's rows are filled in and not saved. `pages` (only when asked for) shoots the login with its name field,
 * a new page, its schedule, the copy form, the delete confirmation and the History naming the person and role: it
 * creates, schedules and deletes the page /screenshot-campaign (the history keeps those versions). `history`
 * (only when asked for) pins two products on the landing page /accessoarer through the pages import, shoots the
 * History's diff naming them by title, and rolls the pages back (the history keeps both versions); it also sends
 * a few searches and shoots the Import impact report of the sample catalog without its first 30 product groups
 * (a candidate only: nothing live changes).
 * Run against a service with the sample catalog:
 *
 *   npm start &   # then
 *   npm run screenshots [-- http://localhost:8080 [storefront|console|phrases|explain|analytics|pages|pagepicker]]
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = resolve(__dirname, '..', 'docs', 'screenshots');
const only = process.argv[3];
const EN = 'market=SE&locale=en-GB';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** Opens a console view logged in (the key lives in the tab's sessionStorage). */
async function consoleView(browser: Browser, size: { width: number; height: number }, view: string): Promise<Page> {
  const page = await browser.newPage({ viewport: size });
  await page.goto(`${base}/console/${view}`);
  await page.getByLabel('Admin key').fill(process.env.ADMIN_API_KEY ?? 'dev-admin-key');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 2 }).waitFor();
  await settle(page);
  return page;
}

async function consoleForms(browser: Browser): Promise<void> {
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const facets = await consoleView(browser, size, 'facets');
    const configure = facets.getByRole('button', { name: /^Configure the facets of/ });
    if (await configure.isVisible()) await configure.click();
    // brand cannot be a RANGE: the import refuses it, and the form shows why at the field.
    await facets.getByRole('group', { name: 'Facet 1' }).getByRole('combobox', { name: 'Type' }).selectOption('RANGE');
    await facets.getByRole('button', { name: 'Save facets' }).click();
    // The confirmation before the facets go live (the import then refuses the RANGE, so nothing is stored).
    await facets.getByRole('dialog').waitFor();
    await settle(facets);
    await facets.screenshot({ path: join(out, `console-publish-confirm${suffix}.png`) });
    await facets.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await facets.getByRole('alert').waitFor();
    await facets.getByRole('group', { name: 'Facet 1' }).scrollIntoViewIfNeeded();
    await settle(facets);
    await facets.screenshot({ path: join(out, `console-facets${suffix}.png`) });
    // Scrolled back to the top of the form, the refusal (shown under the form) is still in view.
    await facets.evaluate('window.scrollTo(0, 0)');
    await settle(facets);
    await facets.screenshot({ path: join(out, `console-message-in-view${suffix}.png`) });

    const labels = await consoleView(browser, size, 'labels');
    await labels.getByRole('button', { name: 'Add a label' }).click();
    const row = labels.getByRole('group', { name: /^Label \d+$/ }).last();
    await row.getByLabel('Key').fill('sort.PRICE_ASCENDING');
    await row.getByLabel('Text').fill('Billigast först');
    await settle(labels);
    await labels.screenshot({ path: join(out, `console-labels${suffix}.png`) });

    const navigation = await consoleView(browser, size, 'navigation');
    await navigation.getByRole('group').first().waitFor();
    await settle(navigation);
    await navigation.screenshot({ path: join(out, `console-navigation${suffix}.png`) });

    const templates = await consoleView(browser, size, 'templates');
    if (!(await templates.getByRole('list', { name: 'Templates' }).getByRole('group').count())) {
      await templates.getByRole('button', { name: 'Add a template' }).click();
      await templates
        .getByRole('group', { name: /^Template/ })
        .first()
        .getByLabel('Id', { exact: true })
        .fill('cards');
      await templates.getByRole('heading', { level: 2 }).click();
    }
    await settle(templates);
    await templates.screenshot({ path: join(out, `console-templates${suffix}.png`) });

    // The page editor's listing settings, filled in and not saved.
    const pages = await consoleView(browser, size, 'pages');
    await pages.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().click();
    await pages.getByRole('list', { name: 'Page products' }).waitFor();
    const pageFacets = pages.getByRole('group', { name: 'Facets of the page' });
    if (!(await pageFacets.getByRole('group', { name: 'Page facet 1' }).count())) {
      await pageFacets.getByRole('button', { name: 'Add a facet' }).click();
      await pageFacets.getByRole('group', { name: 'Page facet 1' }).getByLabel('Attribute').fill('brand');
      await pageFacets.getByRole('button', { name: 'Add a facet' }).click();
      await pageFacets.getByRole('group', { name: 'Page facet 2' }).getByLabel('Attribute').fill('price');
    }
    const sorts = pages.getByRole('group', { name: 'Sort orders of the page' });
    if (!(await sorts.getByRole('group').count())) {
      await sorts.getByRole('button', { name: 'Add a sort order' }).click();
      await sorts.getByRole('combobox', { name: 'Sort order (default)' }).selectOption('NEWEST_FIRST');
      await sorts.getByRole('button', { name: 'Add a sort order' }).click();
    }
    const lists = pages.getByRole('group', { name: 'Product lists of the page' });
    if (!(await lists.getByRole('group').count())) {
      await lists.getByRole('button', { name: 'Add a product list' }).click();
      await lists.getByRole('group', { name: 'Product list 1' }).getByLabel('Id', { exact: true }).fill('new-in');
      await lists.getByRole('group', { name: 'Product list 1' }).getByRole('combobox', { name: 'Algorithm' }).selectOption('NEWEST_PRODUCTS');
    }
    await pageFacets.scrollIntoViewIfNeeded();
    await settle(pages);
    await pages.screenshot({ path: join(out, `console-page-settings${suffix}.png`) });
    await lists.getByRole('button', { name: 'Add a product list' }).scrollIntoViewIfNeeded();
    await settle(pages);
    await pages.screenshot({ path: join(out, `console-page-lists${suffix}.png`) });

    // The synonyms of the first locale as stored (a row typed in when there are none; not saved).
    const synonyms = await consoleView(browser, size, 'synonyms');
    if (!(await synonyms.getByLabel('Terms of rule 1').count())) {
      await synonyms.getByRole('button', { name: 'Add a rule' }).click();
      await synonyms.getByLabel('Terms of rule 1').fill('sneakers, trainers');
    }
    await settle(synonyms);
    await synonyms.screenshot({ path: join(out, `console-synonyms${suffix}.png`) });

    // The page editor after "Preview": a product hidden in the preview only, the live storefront as it was.
    const editor = await consoleView(browser, size, 'pages');
    await editor.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().click();
    await editor
      .getByRole('list', { name: 'Page products' })
      .getByRole('button', { name: /^Hide / })
      .first()
      .click();
    await editor.getByRole('button', { name: 'Preview', exact: true }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved as a preview' }).waitFor();
    await editor.getByRole('button', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
    await settle(editor);
    await editor.screenshot({ path: join(out, `console-page-preview${suffix}.png`) });

    // The landing page preview: each product with its reasons and "Pin at position 1".
    const preview = await consoleView(browser, size, 'preview');
    const choice = preview.getByRole('combobox', { name: 'Landing page' });
    await choice.locator('option').nth(1).waitFor({ state: 'attached' });
    await choice.selectOption({ index: 1 });
    await preview.getByRole('button', { name: 'Preview the page' }).click();
    await preview.getByRole('list', { name: 'Preview results' }).getByRole('article').first().waitFor();
    await settle(preview);
    await preview.screenshot({ path: join(out, `console-preview-page${suffix}.png`) });
  }
}

/**
 * The search preview's explanations at both sizes (`explain`): "black sneakers" in en-GB, each product's reasons
 * in sentences with their shares as bars and the tie-break named, then the first product's "Show scores" opened.
 */
async function consoleExplain(browser: Browser): Promise<void> {
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const page = await consoleView(browser, size, 'preview');
    await page
      .getByRole('combobox', { name: 'Locale' })
      .selectOption('en-GB')
      .catch(() => undefined);
    await page.getByRole('searchbox', { name: 'Phrase' }).fill('black sneakers');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const first = page.getByRole('list', { name: 'Preview results' }).getByRole('article').first();
    await first.getByRole('meter').first().waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `console-preview-explain${suffix}.png`) });
    await first.getByRole('button', { name: 'Show scores' }).click();
    await settle(page);
    await first.screenshot({ path: join(out, `console-preview-scores${suffix}.png`) });
    await page.close();
  }
}

/**
 * The console's search phrases at both sizes: a new rule for "sneakers" with a product pinned at 1 and one
 * hidden from the picker's results (not saved), then after "Preview" (a previewOnly phrase-rules import: the live
 * storefront stays as it was) the storefront's answer with its reasons.
 */
async function consolePhrases(browser: Browser): Promise<void> {
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const page = await consoleView(browser, size, 'phrases');
    await page.getByRole('button', { name: 'New phrase rule' }).click();
    await page.getByLabel('Search phrases (comma-separated)').fill('sneakers');
    await page.getByLabel('Search phrases (comma-separated)').press('Tab');
    await page.getByLabel('Find a product (title or key)').fill('sneakers');
    const results = page.getByRole('list', { name: 'Products found' });
    await results
      .getByRole('button', { name: /^Pin at 1: / })
      .nth(2)
      .click();
    await results
      .getByRole('button', { name: /^Hide / })
      .nth(0)
      .click();
    await page.getByRole('list', { name: 'Hidden products' }).waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `console-phrases${suffix}.png`) });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('list', { name: 'Preview of sneakers' }).getByRole('article').first().waitFor();
    await page.getByRole('heading', { name: /^Preview: / }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(out, `console-phrases-preview${suffix}.png`) });
    await page.close();
  }
}

/**
 * The page editor's product picker at both sizes (`pagepicker`): the first landing page, "sneakers" found, two
 * pinned at 1 and 2 (not saved), the picker in view; then "Show more" with the focused product 25 in view.
 */
async function pagePicker(browser: Browser): Promise<void> {
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const page = await consoleView(browser, size, 'pages');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().click();
    await page.getByRole('list', { name: 'Page products' }).locator(':scope > li').first().waitFor();
    await page.getByLabel('Find a product (title or key)').fill('sneakers');
    const results = page.getByRole('list', { name: 'Products found' });
    await results
      .getByRole('button', { name: /^Pin at 1: / })
      .nth(3)
      .click();
    await results
      .getByRole('button', { name: /^Pin at 2: / })
      .nth(0)
      .click();
    await page.getByRole('heading', { name: 'Pin or hide any product' }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(out, `console-page-picker${suffix}.png`) });
    const more = page.getByRole('button', { name: 'Show more' });
    if (await more.count()) {
      await more.click();
      await page.getByRole('list', { name: 'Page products' }).locator(':scope > li').nth(24).waitFor();
      await settle(page);
      await page.screenshot({ path: join(out, `console-page-show-more${suffix}.png`) });
    }
    await page.close();
  }
}

/** Storefront visits for the analytics page: every other one clicks, every fourth adds to cart on the product page and buys. */
async function analyticsTraffic(): Promise<void> {
  const phrases = ['sneakers', 'boots', 'jacket', 'dress', 'shoe', 'qwxzv'];
  const api = `${base}/api/storefront/v3`;
  const post = (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } });
  type Group = { products: { key: string; ticket: string; variants: { key: string; ticket: string; sellingPrice: number }[] }[] };
  for (let v = 0; v < 36; v++) {
    const session = `shot-${v}`;
    const who = `${EN}&touchpoint=${v % 3 ? 'desktop' : 'mobile'}&customerKey=${session}&sessionKey=${session}`;
    const q = phrases[Math.floor(v / 2) % phrases.length]!;
    const search = (await (await fetch(`${api}/queries/search-page?q=${q}&${who}&limit=12`)).json()) as { primaryList: { productGroups: Group[] } };
    if (v % 4 === 1) await fetch(`${api}/queries/search-page?q=${q}&${who}&limit=12&f.onlyInStock=true`);
    if (v % 3 === 0) await fetch(`${api}/queries/search-page?q=${q}&${who}&limit=12&sort=PRICE_ASCENDING`);
    if (v % 5 === 0) await fetch(`${api}/queries/search-page?q=${q}&${who}&limit=12&skip=12`);
    const groups = search.primaryList.productGroups;
    if (!groups.length || v % 2 === 1) continue;
    const product = groups[v % Math.min(groups.length, 5)]!.products[0]!;
    const notify = (name: string, body: unknown) => post(`${api}/notifications/${name}?market=SE&customerKey=${session}&sessionKey=${session}`, body);
    await notify('click', { ticket: product.ticket });
    if (v % 4 !== 0) continue;
    const page = (await (
      await post(`${api}/queries/product-page?productKey=${encodeURIComponent(product.key)}&${who}`, { productGroup: { include: true } })
    ).json()) as { productGroup: Group };
    const variant = page.productGroup.products[0]!.variants[0]!;
    await notify('add-to-cart', { ticket: variant.ticket });
    await notify('purchase', { lines: [{ variantKey: variant.key, quantity: 1, sellingPrice: variant.sellingPrice }] });
  }
  // The event writer flushes every second, then the events index refreshes.
  await new Promise((r) => setTimeout(r, 3000));
}

async function analyticsPages(browser: Browser): Promise<void> {
  await analyticsTraffic();
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${base}/analytics/?market=SE`);
    await page.getByLabel('Admin key').fill(process.env.ADMIN_API_KEY ?? 'dev-admin-key');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('table', { name: 'Top phrases' }).waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `analytics${suffix}.png`), fullPage: true });
    // A phrase's clicked products (the drill-down scrolls into view and takes the focus).
    await page
      .getByRole('table', { name: 'Top phrases' })
      .getByRole('button', { name: /^Clicked products for/ })
      .first()
      .click();
    await page.getByRole('table', { name: /^Clicked products for/ }).waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `analytics-drilldown${suffix}.png`) });
  }
}

/** Pages created, scheduled, copied and deleted, and who did it (issue 33); see the header. */
async function pagesShots(browser: Browser): Promise<void> {
  const path = '/screenshot-campaign';
  for (const [size, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ] as const) {
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${base}/console/pages`);
    await page.getByLabel('Admin key').fill(process.env.ADMIN_API_KEY ?? 'dev-admin-key');
    await page.getByLabel('Your name (optional)').fill('Åsa Lind');
    await settle(page);
    await page.screenshot({ path: join(out, `console-login${suffix}.png`) });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Landing pages' }).waitFor();
    await settle(page);
    await page.getByRole('button', { name: 'New page' }).click();
    const form = page.getByRole('form', { name: 'New page' });
    await form.getByLabel(/^Path/).fill(path);
    await form.getByLabel('Heading (optional)').fill('Winter campaign');
    await form.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(out, `console-new-page${suffix}.png`) });
    await form.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: 'Created' }).waitFor();
    const start = new Date(Date.now() + 7 * 86_400_000);
    const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 11) + '08:00';
    await page.getByLabel('Starts').fill(local(start));
    await page.getByLabel('Ends').fill(local(new Date(start.getTime() + 14 * 86_400_000)));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByText(/^Starts/)
      .waitFor();
    await page.getByRole('button', { name: 'Copy page' }).click();
    await page
      .getByRole('form', { name: 'Copy page' })
      .getByLabel(/^New path/)
      .fill(`${path}-2`);
    await page.getByRole('group', { name: 'Schedule of the page' }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(out, `console-page-schedule${suffix}.png`) });
    await page.getByRole('form', { name: 'Copy page' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `console-delete-confirm${suffix}.png`) });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted' }).waitFor();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'History' }).click();
    await page.getByRole('table', { name: 'Versions' }).waitFor();
    await settle(page);
    await page.screenshot({ path: join(out, `console-history${suffix}.png`) });
    await page.close();
  }
}

const ADMIN = { 'Api-Key': process.env.ADMIN_API_KEY ?? 'dev-admin-key' };

async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...ADMIN, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function historyShots(browser: Browser): Promise<void> {
  const { generateCatalogLines, defaultConfiguration } = await import('../src/sample/generator');
  const landing = (await (
    await fetch(
      `${base}/api/storefront/v3/queries/landing-page?pageReference=/accessoarer&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false`,
    )
  ).json()) as { primaryList: { productGroups: { products: { key: string }[] }[] } };
  const keys = landing.primaryList.productGroups.map((g) => g.products[0]!.key);
  const [page0] = (
    await admin<{ addOrUpdate: { id: string; paths: Record<string, string> }[] }>('GET', '/api/admin/v4/export/pages?market=SE')
  ).addOrUpdate.filter((p) => p.paths['sv-SE'] === '/accessoarer');
  if (!page0) throw new Error('the sample has no page /accessoarer');
  await admin('POST', '/api/admin/v4/import/pages?name=Pins for the campaign', {
    market: 'SE',
    type: 'PARTIAL',
    addOrUpdate: [{ id: page0.id, primaryList: { pinned: [keys[4], keys[2]] } }],
  });
  const before = (await admin<{ versions: { id: string }[] }>('GET', '/api/admin/v4/history/pages?market=SE')).versions[1]!;
  // Searches for the impact report (the report asks the most searched phrases of the last 7 days).
  for (const q of ['skor', 'skjorta', 'jacka', 'klänning', 'byxor', 'skor', 'jacka']) {
    await fetch(
      `${base}/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=shot&sessionKey=shot`,
    );
  }
  await new Promise((r) => setTimeout(r, 3000));
  const candidate =
    [...generateCatalogLines({ productGroups: 300, markets: defaultConfiguration() })]
      .slice(30)
      .map((e) => JSON.stringify({ replace: e }))
      .join('\n') + '\n';
  try {
    for (const [size, suffix] of [
      [{ width: 1280, height: 800 }, ''],
      [{ width: 390, height: 844 }, '-phone'],
    ] as const) {
      const history = await consoleView(browser, size, 'history');
      const differences = history.getByRole('region', { name: 'Differences' });
      await differences.getByRole('listitem').first().waitFor();
      await differences.scrollIntoViewIfNeeded();
      await settle(history);
      await history.screenshot({ path: join(out, `console-history-diff${suffix}.png`) });
      await history.close();

      const impact = await consoleView(browser, size, 'impact');
      await impact.getByLabel('Catalog file').setInputFiles({ name: 'candidate.jsonl', mimeType: 'application/jsonlines', buffer: Buffer.from(candidate) });
      await impact.getByRole('spinbutton', { name: 'Phrases' }).fill('20');
      await impact.getByRole('button', { name: 'Run impact report' }).click();
      await impact.getByRole('button', { name: 'Run impact report' }).waitFor({ timeout: 120_000 });
      await impact.getByRole('status').waitFor({ timeout: 120_000 });
      await settle(impact);
      await impact.screenshot({ path: join(out, `console-impact${suffix}.png`), fullPage: true });
      await impact.close();
    }
  } finally {
    await admin('POST', `/api/admin/v4/history/pages/${before.id}/rollback?name=Screenshots undone`);
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    if (only === 'analytics') return await analyticsPages(browser);
    if (only === 'pages') return await pagesShots(browser);
    if (only === 'history') return await historyShots(browser);
    if (only === 'phrases') return await consolePhrases(browser);
    if (only === 'pagepicker') return await pagePicker(browser);
    if (only === 'explain') return await consoleExplain(browser);
    if (only !== 'storefront') {
      await consoleForms(browser);
      await consolePhrases(browser);
      await consoleExplain(browser);
    }
    if (only === 'console') return;
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await desktop.goto(`${base}/search?q=sneakers&${EN}`);
    await settle(desktop);
    await desktop.getByRole('combobox', { name: 'Search', exact: true }).click();
    await desktop.getByRole('combobox', { name: 'Search', exact: true }).fill('sne');
    await desktop.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'autocomplete.png') });
    await desktop.keyboard.press('Escape');
    await desktop.getByRole('combobox', { name: 'Search', exact: true }).blur();
    await desktop.screenshot({ path: join(out, 'search.png') });

    await desktop.goto(`${base}/women/shoes?${EN}`);
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'category.png') });

    await desktop.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').first().getByRole('link').click();
    await settle(desktop);
    await desktop
      .getByRole('group', { name: 'Size' })
      .getByRole('radio')
      .and(desktop.locator(':enabled'))
      .first()
      .check()
      .catch(() => undefined);
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'product.png') });
    await desktop.getByRole('button', { name: 'Add to cart' }).click();
    await desktop.getByRole('dialog', { name: 'Added to cart' }).waitFor();
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'add-to-cart.png') });
    await desktop.getByRole('link', { name: 'Go to cart' }).click();
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'cart.png') });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${base}/search?q=sneakers&${EN}`);
    await settle(phone);
    await phone.screenshot({ path: join(out, 'search-phone.png') });
    await phone.goto(`${base}/women/shoes?${EN}`);
    await settle(phone);
    await phone.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').first().getByRole('link').click();
    await settle(phone);
    await phone.screenshot({ path: join(out, 'product-phone.png') });

    // The shop in Swedish (its own words too), an article, and on a phone the category menu and the filter drawer.
    await desktop.goto(`${base}/search?q=sneakers&market=SE&locale=sv-SE`);
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'search-sv.png') });
    await phone.goto(`${base}/search?q=sneakers&market=SE&locale=sv-SE`);
    await settle(phone);
    await phone.screenshot({ path: join(out, 'search-sv-phone.png') });
    await desktop.goto(`${base}/?${EN}`);
    await desktop.locator('.content-list').getByRole('link').first().click();
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'article.png') });
    await phone.goto(`${base}/?${EN}`);
    await phone.locator('.content-list').getByRole('link').first().click();
    await settle(phone);
    await phone.screenshot({ path: join(out, 'article-phone.png') });
    await phone.goto(`${base}/search?q=sneakers&${EN}`);
    await settle(phone);
    await phone.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Menu' }).click();
    await settle(phone);
    await phone.screenshot({ path: join(out, 'menu-phone.png') });
    await phone.keyboard.press('Escape');
    await phone.locator('summary', { hasText: /^Filter/ }).click();
    await settle(phone);
    await phone.screenshot({ path: join(out, 'filters-phone.png') });
    console.log(`screenshots in ${out}`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
