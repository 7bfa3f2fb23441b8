/**
 * Screenshots of the reference storefront for the docs (docs/screenshots/), taken in Debian's Chromium as a
 * shopper walks through it: search results, a category page, a product page with its add-to-cart popup, and the
 * cart, at 1280×800, and the search page at 390×844. Run against a service with the sample catalog:
 *
 *   npm start &   # then
 *   npm run screenshots [-- http://localhost:8080]
 */
import { chromium, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = resolve(__dirname, '..', 'docs', 'screenshots');
const EN = 'market=SE&locale=en-GB';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await desktop.goto(`${base}/search?q=sneakers&${EN}`);
    await settle(desktop);
    await desktop.getByRole('searchbox', { name: 'Search', exact: true }).click();
    await desktop.getByRole('searchbox', { name: 'Search', exact: true }).fill('sne');
    await desktop.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'autocomplete.png') });
    await desktop.keyboard.press('Escape');
    await desktop.getByRole('searchbox', { name: 'Search', exact: true }).blur();
    await desktop.screenshot({ path: join(out, 'search.png') });

    await desktop.goto(`${base}/women/shoes?${EN}`);
    await settle(desktop);
    await desktop.screenshot({ path: join(out, 'category.png') });

    await desktop.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').first().getByRole('link').click();
    await settle(desktop);
    await desktop.getByRole('group', { name: 'Size' }).getByRole('radio').and(desktop.locator(':enabled')).first().check().catch(() => undefined);
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
    console.log(`screenshots in ${out}`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
