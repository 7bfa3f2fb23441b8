/**
 * The reference storefront in a real browser (docs/storefront.md "Reference storefront"): what a shopper does, asserted by
 * what a shopper sees, and the events that reach the events index. Also measured (printed, not asserted): time
 * to first results, keystroke-to-suggestions, bundle size.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { jsonLines } from '../http/harness';
import { group, product } from '../fixtures/catalog';
import { eventually, newVisitor, percentile, startWorld, type BrowserWorld } from './support';

const EN = 'market=SE&locale=en-GB';
const XSS_TITLE = '<img src=x onerror=alert(1)>';

/** The text of the result count ("57 products"), as a number. */
async function total(page: Page): Promise<number> {
  const text = await page.getByRole('status').filter({ hasText: /products?$/ }).first().textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function productLinks(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').allTextContents();
}

describe('reference storefront (Chromium)', function () {
  let world: BrowserWorld;
  const figures: Record<string, unknown> = {};

  before(async function () {
    this.timeout(300_000);
    world = await startWorld();
    // A product whose title is markup: it must be shown as those characters and run nothing.
    const res = await world.service.admin('POST', '/api/admin/v4/import/catalog', {
      body: jsonLines([{ replace: group('XSS', { 'XSS-p': product('XSS-p', { markets: ['SE', 'NO', 'UK'], defaults: { title: XSS_TITLE, url: '/product/xss', brand: 'Onerror', category: ['cat_shoes'] } }) }) }]),
      headers: { 'Content-Type': 'application/jsonlines' },
    });
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => {
    console.log(`      storefront figures: ${JSON.stringify(figures)}`);
    await world?.close();
  });

  it('serves the page with a strict Content-Security-Policy and a small bundle', async () => {
    const res = await world.service.request('GET', '/search?q=x', { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /connect-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const storefront = world.bundles.find((b) => b.page === 'storefront')!;
    figures.bundleKbGzip = Math.round(storefront.gzipBytes / 102.4) / 10;
    assert.ok(storefront.gzipBytes < 100 * 1024, `bundle ${storefront.gzipBytes} bytes gzip is over the 100 KB budget`);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await world.service.request('GET', asset);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /immutable/);
  });

  it('shows search results on load, and the sample images come from the service', async () => {
    const { page } = await newVisitor(world);
    const started = Date.now();
    await page.goto(`/search?q=sneakers&${EN}`);
    await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link').first().waitFor();
    figures.firstResultsMs = Date.now() - started;
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Results for “sneakers”');
    assert.ok((await total(page)) > 24);
    const src = await page.getByRole('list', { name: 'Products', exact: true }).locator('img').first().getAttribute('src');
    assert.ok(src?.startsWith(`${world.service.url}/images/sample/`), String(src));
    const image = await page.request.get(src!);
    assert.equal(image.headers()['content-type'], 'image/svg+xml');
    await page.context().close();
  });

  it('suggests as you type, and a suggestion is picked with the keyboard', async () => {
    const { page } = await newVisitor(world);
    await page.goto(`/?${EN}`);
    const box = page.getByRole('searchbox', { name: 'Search', exact: true });
    await box.click();
    const timings: number[] = [];
    for (const word of ['sneakers', 'boots', 'dress', 'jacket']) {
      await box.fill('');
      for (let i = 1; i <= word.length; i++) {
        const prefix = word.slice(0, i);
        const answered = page.waitForResponse((r) => r.url().includes('/queries/autocomplete') && new URL(r.url()).searchParams.get('q') === prefix);
        const t0 = Date.now();
        await box.press(word[i - 1]!);
        await answered;
        if (i >= 2) {
          await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
          timings.push(Date.now() - t0);
        }
      }
    }
    figures.keystrokeToSuggestionsMs = { p50: percentile(timings, 50), p90: percentile(timings, 90), samples: timings.length };

    await box.fill('');
    const answered = page.waitForResponse((r) => r.url().includes('/queries/autocomplete') && new URL(r.url()).searchParams.get('q') === 'snea');
    await box.pressSequentially('snea');
    await answered;
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await eventually(async () => assert.ok((await listbox.getByRole('option').count()) > 1));
    // The typed part of a phrase suggestion is marked, as text.
    assert.equal(await listbox.getByRole('option').first().locator('mark').first().textContent(), 'snea');
    // Product suggestions come with image and price.
    const productOption = listbox.getByRole('group', { name: 'Products' }).getByRole('option').first();
    assert.equal(await productOption.locator('img').count(), 1);
    assert.match((await productOption.textContent()) ?? '', /SEK/);

    await box.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    assert.equal(await box.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    const phrase = (await first.textContent())!;
    await box.press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('q'), phrase);
    assert.equal(url.searchParams.get('origin'), 'PHRASE_SUGGEST');
    await page.getByRole('heading', { name: `Results for “${phrase}”` }).waitFor();
    await page.context().close();
  });

  it('shows recent searches and recently viewed products in an empty box, and a page keyword leads to its page', async () => {
    const { page } = await newVisitor(world);
    await page.goto(`/search?q=boots&${EN}`);
    await page.getByRole('heading', { name: 'Results for “boots”' }).waitFor();
    const viewed = page.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').first();
    const title = (await viewed.textContent())!;
    await viewed.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await world.service.context.behaviour.flush();
    const box = page.getByRole('searchbox', { name: 'Search', exact: true });
    await eventually(async () => {
      await box.fill('');
      await box.blur();
      await box.focus();
      await page.getByRole('group', { name: 'Recent searches' }).getByRole('option', { name: 'boots' }).waitFor({ timeout: 1000 });
      await page.getByRole('group', { name: 'Recently viewed' }).getByRole('option', { name: title }).waitFor({ timeout: 1000 });
    });
    await box.fill('women');
    await eventually(async () => assert.equal(await page.getByRole('option', { name: /Go to page/ }).count(), 1));
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/women');
    await page.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    await page.context().close();
  });

  it('filters by a facet value, sorts, shows more, and back and forward follow the URL', async () => {
    const { page } = await newVisitor(world);
    await page.goto(`/search?q=sneakers&${EN}`);
    const all = await (async () => { await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link').first().waitFor(); return total(page); })();
    const filters = page.getByRole('region', { name: 'Filters' });
    // Every facet type of the sample is shown, with its values as checkboxes labelled by the value.
    for (const name of ['Brand', 'Price', 'Color', 'Size']) assert.ok(await filters.locator('summary', { hasText: name }).first().isVisible(), name);
    assert.ok(await filters.getByRole('checkbox', { name: 'In stock', exact: true }).isVisible());
    const brand = filters.locator('[data-facet="brand"]').getByRole('checkbox').first();
    const brandName = (await brand.getAttribute('aria-label'))!;
    await brand.check();
    await page.waitForURL((u) => u.searchParams.get('f.brand') !== null);
    await eventually(async () => assert.ok((await total(page)) < all));
    assert.equal(await filters.getByRole('checkbox', { name: brandName, exact: true }).isChecked(), true);
    const brands = await page.getByRole('list', { name: 'Products', exact: true }).locator('.brand').allTextContents();
    assert.ok(brands.every((b) => b.toLowerCase() === brandName.toLowerCase()), brands.join());

    await page.goBack();
    await eventually(async () => assert.equal(await total(page), all));
    assert.equal(new URL(page.url()).searchParams.get('f.brand'), null);
    await page.goForward();
    await eventually(async () => assert.ok((await total(page)) < all));
    await page.goBack();
    await eventually(async () => assert.equal(await total(page), all));

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('PRICE_ASCENDING');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'PRICE_ASCENDING');
    await eventually(async () => {
      const prices = (await page.getByRole('list', { name: 'Products', exact: true }).locator('.selling').allTextContents()).map((p) => Number(p.replace(/[^\d.]/g, '')));
      assert.ok(prices.length >= 24);
      assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
    });

    assert.equal((await productLinks(page)).length, 24);
    await page.getByRole('button', { name: 'Show more' }).click();
    await eventually(async () => assert.equal((await productLinks(page)).length, Math.min(48, all)));
    assert.equal(new URL(page.url()).searchParams.get('page'), '2');
    // A shared link with page=2 shows both pages at once.
    await page.reload();
    await eventually(async () => assert.equal((await productLinks(page)).length, Math.min(48, all)));
    await page.context().close();
  });

  it('auto-corrects a misspelling, and "search instead for" searches the phrase as typed', async () => {
    const { page } = await newVisitor(world);
    await page.goto(`/?${EN}`);
    const box = page.getByRole('searchbox', { name: 'Search', exact: true });
    await box.fill('snekers');
    await box.press('Enter');
    const banner = page.getByRole('status').filter({ hasText: 'Search instead for' });
    await banner.waitFor();
    assert.match((await banner.textContent())!, /Showing results for “sneaker”/);
    assert.ok((await total(page)) > 0);
    await banner.getByRole('link', { name: 'snekers' }).click();
    await page.waitForURL((u) => u.searchParams.get('origin') === 'UNDO_AUTO_CORRECT');
    await page.getByText('No products match “snekers”.').waitFor();
    assert.equal(await page.getByRole('status').filter({ hasText: 'Search instead for' }).count(), 0);
    await page.context().close();
  });

  it('turns a search without results into close matches, else the nearest category\'s top products', async () => {
    const { page } = await newVisitor(world);
    // A catalog word beside one that is nowhere: nothing holds both, the secondary list holds the sneakers.
    await page.goto(`/search?q=${encodeURIComponent('sneakers qxzvw')}&${EN}`);
    await page.getByText('No products match “sneakers qxzvw”.').waitFor();
    const close = page.getByRole('list', { name: 'Close matches' });
    await close.waitFor();
    assert.ok((await close.getByRole('heading').count()) > 0);
    // Nothing near at all: the top products of a category, with a link to it.
    await page.goto(`/search?q=qxzvwq&${EN}`);
    await page.getByText('No products match “qxzvwq”.').waitFor();
    const heading = page.getByRole('heading', { name: /^Popular in / });
    await heading.waitFor();
    const label = ((await heading.textContent()) ?? '').replace(/^Popular in /, '');
    const top = page.getByRole('list', { name: `Popular in ${label}` });
    assert.ok((await top.getByRole('heading').count()) > 0);
    await heading.getByRole('link', { name: label }).click();
    await page.waitForURL((u) => u.pathname !== '/search');
    await page.context().close();
  });

  it('walks from a category page to a product, adds a size to the cart, and checks out; the events reach the index', async () => {
    const { page, adminKeySent } = await newVisitor(world);
    await page.goto(`/?${EN}`);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Women', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    await page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link', { name: /^Shoes/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Shoes' }).waitFor();
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem').allTextContents();
    assert.deepEqual(crumbs, ['Home', 'Women', 'Shoes']);
    assert.ok(await page.getByRole('region', { name: 'Filters' }).isVisible());

    const card = page.getByRole('list', { name: 'Products', exact: true }).getByRole('heading').first();
    const title = (await card.textContent())!;
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.ok(new URL(page.url()).searchParams.get('pk'));
    // Without a size, "Add to cart" asks for one.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a size' }).waitFor();
    const size = page.getByRole('group', { name: 'Size' }).getByRole('radio').and(page.locator(':enabled')).first();
    await size.check();
    await page.waitForURL((u) => u.searchParams.get('variant') !== null);
    assert.match((await page.locator('.stock').textContent())!, /In stock|Only \d+ left/);
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    await page.getByRole('button', { name: 'Remove from favourites', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const popup = page.getByRole('dialog', { name: 'Added to cart' });
    await popup.waitFor();
    await eventually(async () => assert.ok((await popup.getByRole('list', { name: 'Often bought together' }).getByRole('link').count()) > 0));
    await popup.getByRole('link', { name: 'Go to cart' }).click();

    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Cart lines' }).getByRole('link', { name: title }).count(), 1);
    assert.equal(await page.getByRole('link', { name: /^Cart, 1 item$/ }).count(), 1);
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /^Cart, 0 items$/ }).count(), 1);

    const { customerKey } = (await page.evaluate('JSON.parse(localStorage.getItem("open-elevate.session") ?? "{}")')) as { customerKey: string };
    const es = world.service.context.es;
    await eventually(async () => {
      await es.indices.refresh({ index: world.service.context.names.events });
      const found = await es.search<{ type: string }>({ index: world.service.context.names.events, size: 100, query: { term: { customerKey } } });
      const types = new Set(found.hits.hits.map((h) => h._source!.type));
      for (const type of ['click', 'add-to-cart', 'add-favorite', 'purchase']) assert.ok(types.has(type), `${type} in ${[...types]}`);
    }, 20_000);
    assert.deepEqual(adminKeySent, []);
    await page.context().close();
  });

  it('switches the locale: the service\'s labels change, the page stays', async () => {
    const { page } = await newVisitor(world);
    await page.goto(`/search?q=sneakers&${EN}`);
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.locator('summary', { hasText: 'Brand' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Sort' }).locator('option:checked').textContent(), 'Relevance');
    await page.getByRole('combobox', { name: 'Market and language' }).selectOption('SE/sv-SE');
    await page.waitForURL((u) => u.searchParams.get('locale') === 'sv-SE' && u.pathname === '/search');
    await filters.locator('summary', { hasText: 'Varumärke' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Sort' }).locator('option:checked').textContent(), 'Relevans');
    assert.equal(await page.locator('html').getAttribute('lang'), 'sv-SE');
    await page.context().close();
  });

  it('renders a product title that is markup as text, and runs nothing', async () => {
    const { page, dialogs } = await newVisitor(world);
    await page.goto(`/search?q=onerror&${EN}`);
    const link = page.getByRole('link', { name: XSS_TITLE, exact: true });
    await link.waitFor();
    await link.click();
    await page.getByRole('heading', { level: 1, name: XSS_TITLE, exact: true }).waitFor();
    await page.waitForTimeout(300);
    assert.deepEqual(dialogs, []);
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    await page.context().close();
  });

  it('fits a phone: the search box, results and facets are there at 390×844', async () => {
    const { page } = await newVisitor(world, 'phone');
    await page.goto(`/search?q=sneakers&${EN}`);
    await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link').first().waitFor();
    assert.ok(await page.getByRole('searchbox', { name: 'Search', exact: true }).isVisible());
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    await page.context().close();
  });
});
