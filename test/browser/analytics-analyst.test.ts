/**
 * What an analyst does on the analytics page (issue 33), in a real browser: reads each tile's change from the
 * previous period, switches to a 30-day preset, splits by touchpoint and filters to mobile, opens a phrase's
 * clicked products, finds the searches that got no click, downloads a table as CSV (the key stays in the
 * header), and fixes a phrase that finds nothing from the page: "Add a synonym" opens the console's synonyms
 * form with the phrase filled in, and once saved the storefront's search-page finds products for it.
 *
 * Data: ten days ago two desktop searches ("boots", "socks", recorded with explicit times); today, market SE,
 * sv-SE: a (desktop) searches "product", clicks the first result and adds it to the cart; b (mobile) searches
 * "product" and clicks nothing; c (desktop) searches "qwxzv", which finds nothing.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function search(
  service: TestService,
  q: string,
  session: string,
  touchpoint: string,
): Promise<{ totalHits: number; first?: { ticket: string; key: string; title: string } }> {
  const res = await service.request(
    'GET',
    `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&touchpoint=${touchpoint}&customerKey=c-${session}&sessionKey=s-${session}`,
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as { primaryList: { totalHits: number; productGroups: { products: { ticket: string; key: string; title: string }[] }[] } };
  return { totalHits: body.primaryList.totalHits, first: body.primaryList.productGroups[0]?.products[0] };
}

async function notify(service: TestService, name: string, session: string, body: unknown): Promise<void> {
  const res = await service.request('POST', `/api/storefront/v3/notifications/${name}?market=SE&customerKey=c-${session}&sessionKey=s-${session}`, {
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 204, await res.text());
}

describe('search analytics for an analyst (Chromium)', function () {
  let world: BrowserWorld;
  let clicked: { key: string; title: string };
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(6));
      assert.equal(res.status, 204, await res.text());
    });
    const { service } = world;
    const who = { market: 'SE', customerKey: 'c-old', sessionKey: 's-old', locale: 'sv-SE', touchpoint: 'DESKTOP' as const };
    service.context.behaviour.record({
      ...who,
      type: 'search',
      phrase: 'boots',
      totalHits: 5,
      queryId: 'old-boots',
      skip: 0,
      at: new Date(`${day(-10)}T10:00:00.000Z`),
    });
    service.context.behaviour.record({
      ...who,
      type: 'search',
      phrase: 'socks',
      totalHits: 5,
      queryId: 'old-socks',
      skip: 0,
      at: new Date(`${day(-10)}T11:00:00.000Z`),
    });
    const found = (await search(service, 'product', 'a', 'DESKTOP')).first!;
    clicked = found;
    await notify(service, 'click', 'a', { ticket: found.ticket });
    await notify(service, 'add-to-cart', 'a', { ticket: found.ticket });
    await search(service, 'product', 'b', 'MOBILE');
    await search(service, 'qwxzv', 'c', 'DESKTOP');
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: service.context.names.events });
  });
  after(async () => world?.close());

  it('compares with the previous period, switches presets and touchpoints, drills into a phrase and downloads CSV', async () => {
    const { page } = await newVisitor(world);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto('/analytics/?market=SE');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();

    const tile = (label: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('..')
        .getByRole('definition')
        .first();
    const changeOf = (label: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('..')
        .getByRole('definition')
        .filter({ hasText: 'vs.' });
    await eventually(async () => assert.equal(await tile('Searches').textContent(), '3'));
    // The last 7 days against the 7 before: 3 searches against 2 ten days ago.
    assert.match((await changeOf('Searches').textContent())!, /^Change: \+50\.0 % vs\. 2$/);
    assert.match((await changeOf('Zero-result rate').textContent())!, /^Change: \+33\.3 pp vs\. 0\.0 %$/);

    // The split by touchpoint.
    const split = page.getByRole('table', { name: 'By touchpoint' });
    assert.deepEqual(
      await split
        .getByRole('row', { name: /^Mobile/ })
        .getByRole('cell')
        .allTextContents(),
      ['1', '33.3 %', '0.0 %', '1', '0.0 %', '0.0 %', '0.0 %', '0'],
    );
    // Filtering to mobile: one search.
    await page.getByRole('combobox', { name: 'Touchpoint' }).selectOption('MOBILE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('touchpoint') === 'MOBILE');
    await eventually(async () => assert.equal(await tile('Searches').textContent(), '1'));
    await page.getByRole('combobox', { name: 'Touchpoint' }).selectOption('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(async () => assert.equal(await tile('Searches').textContent(), '3'));

    // The 30-day preset: the searches of ten days ago count, and the 30 days before had none.
    const range = page.getByRole('group', { name: 'Range' });
    assert.equal(await range.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'), 'true');
    await range.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL((u) => u.searchParams.get('from') === day(-29) && u.searchParams.get('to') === day(0));
    await eventually(async () => assert.equal(await tile('Searches').textContent(), '5'));
    assert.match((await changeOf('Searches').textContent())!, /^Change: new vs\. 0$/);
    assert.equal(await range.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), day(-29));

    // Searches with no clicks, and the clicked products of a phrase.
    const noClicks = page.getByRole('table', { name: 'Searches with no clicks' });
    assert.deepEqual(await noClicks.getByRole('rowheader').allTextContents(), ['boots', 'product', 'socks']);
    await page.getByRole('table', { name: 'Top phrases' }).getByRole('button', { name: 'Clicked products for "product"' }).click();
    const products = page.getByRole('table', { name: 'Clicked products for "product"' });
    await products.getByRole('rowheader', { name: `${clicked.title} ${clicked.key}` }).waitFor();
    assert.deepEqual(
      await products
        .getByRole('row', { name: new RegExp(`^${clicked.title}`) })
        .getByRole('cell')
        .allTextContents(),
      ['1', '1', '0', '0', '1.0'],
    );
    assert.equal(await page.getByRole('heading', { name: 'Clicked products for "product"' }).evaluate((h) => h === h.ownerDocument.activeElement), true);

    // A table as CSV: the same phrases as the table, downloaded with the key in the header only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Top phrases as CSV' }).click()]);
    assert.equal(download.suggestedFilename(), `search-phrases-${day(-29)}-${day(0)}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    assert.match(csv[0]!, /^phrase,searches,/);
    assert.deepEqual(
      csv.slice(1).map((l) => l.split(',').slice(0, 2).join(',')),
      ['product,2', 'boots,1', 'qwxzv,1', 'socks,1'],
    );
    const [totals] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the totals as CSV' }).click()]);
    const totalRows = (await readFile((await totals.path())!, 'utf8')).trimEnd().split('\r\n');
    assert.deepEqual(
      totalRows.slice(1).map((l) => l.split(',').slice(0, 5).join(',')),
      [
        `current,${day(-29)},${day(0)},all,5`,
        `current,${day(-29)},${day(0)},DESKTOP,4`,
        `current,${day(-29)},${day(0)},MOBILE,1`,
        `previous,${day(-59)},${day(-30)},all,0`,
      ],
    );
    assert.deepEqual(
      urls.filter((u) => u.includes(API_KEY)),
      [],
    );
    await page.context().close();
  });

  it('fixes a phrase that finds nothing from the page: a synonym in the console, live in the storefront', async () => {
    assert.equal((await search(world.service, 'qwxzv', 'check', 'DESKTOP')).totalHits, 0);
    const { page } = await newVisitor(world);
    await page.goto('/analytics/?market=SE&locale=sv-SE');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    const fix = page.getByRole('table', { name: 'Phrases with no results' }).getByRole('link', { name: 'Add a synonym for "qwxzv"' });
    assert.equal(await fix.getAttribute('href'), '/console/synonyms?phrase=qwxzv&locale=sv-SE');
    await fix.click();

    // The console's synonyms form, logged in with the same key, with the phrase as a new rule of sv-SE.
    await page.getByRole('heading', { name: 'Synonyms' }).waitFor();
    assert.equal(await page.getByLabel('Locale').inputValue(), 'sv-SE');
    const terms = page
      .getByRole('table', { name: 'Synonyms of sv-SE' })
      .getByRole('textbox', { name: /^Terms of rule \d+$/ })
      .last();
    assert.equal(await terms.inputValue(), 'qwxzv');
    await page.getByRole('status').filter({ hasText: '"qwxzv" is in a new rule' }).waitFor();
    await terms.fill('qwxzv, product');
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // Through the synonyms import: in the history, and the storefront now finds products for the phrase.
    const history = await world.service.admin('GET', '/api/admin/v4/history/synonyms');
    assert.equal(history.status, 200);
    assert.match(await history.text(), /qwxzv|"versions"/);
    await eventually(async () => assert.ok((await search(world.service, 'qwxzv', 'check2', 'DESKTOP')).totalHits > 0));
    // A reload shows what is stored, not a second new rule.
    await page.reload();
    await page.getByRole('heading', { name: 'Synonyms' }).waitFor();
    assert.equal(new URL(page.url()).search, '');
    await page.context().close();
  });
});
