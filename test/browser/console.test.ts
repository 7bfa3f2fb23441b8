/**
 * The merchandising console in a real browser (docs/storefront.md "Pages for analysts and merchandisers"): log in, preview a phrase and
 * read a product's reasons, drag a product to position 1 of a landing page and save, see the storefront answer
 * change, then view the diff in the history and roll back, and see the storefront as before; a catalog
 * file's impact report; the facet configuration, labels, navigation and templates edited as forms, their
 * storefront effect, and a refused import's problem shown at its field; a landing page's facets, sort orders and
 * product lists edited; and a product pinned at position 1 from the landing page preview in one gesture.
 */
import assert from 'node:assert/strict';
import { API_KEY, replaceLines, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import type { Locator, Page } from 'playwright-core';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';

/** A product's title as the storefront's landing page /skor shows it. */
async function storefrontTitle(service: TestService, productKey: string): Promise<string> {
  const res = await service.request(
    'GET',
    '/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false',
  );
  const body = (await res.json()) as { primaryList: { productGroups: { products: { key: string; title: string }[] }[] } };
  const found = body.primaryList.productGroups.flatMap((g) => g.products).find((p) => p.key === productKey);
  assert.ok(found, productKey);
  return found.title;
}

/** The product keys of the storefront's landing page /skor, in order. */
async function storefrontOrder(service: TestService): Promise<string[]> {
  const res = await service.request(
    'GET',
    '/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false',
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as { primaryList: { productGroups: { products: { key: string }[] }[] } };
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

/** The storefront's search page for "product" in SE, sv-SE: its facets and sort options. */
async function storefrontSearch(service: TestService): Promise<{ facets: { id: string; label: string }[]; sorts: { id: string; label: string }[] }> {
  const res = await service.request(
    'GET',
    '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false',
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as { primaryList: { facets: { id: string; label: string }[]; sort: { options: { id: string; label: string }[] } } };
  return { facets: body.primaryList.facets.map((f) => ({ id: f.id, label: f.label })), sorts: body.primaryList.sort.options };
}

/** The storefront's landing page /skor: its facet ids, sort option ids and recommendation lists. */
async function storefrontLanding(service: TestService): Promise<{ facets: string[]; sorts: string[]; lists: { id: string; products: number }[] }> {
  const res = await service.request(
    'GET',
    '/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false',
  );
  assert.equal(res.status, 200);
  const body = (await res.json()) as {
    primaryList: { facets: { id: string }[]; sort: { options: { id: string }[] } };
    recommendationLists: { id: string; productGroups: unknown[] }[];
  };
  return {
    facets: body.primaryList.facets.map((f) => f.id),
    sorts: body.primaryList.sort.options.map((o) => o.id),
    lists: body.recommendationLists.map((l) => ({ id: l.id, products: l.productGroups.length })),
  };
}

/** The problem a form shows for a field: the text of what the field's aria-describedby names, once it is invalid. */
async function problemOf(field: Locator): Promise<string> {
  await eventually(async () => assert.equal(await field.getAttribute('aria-invalid'), 'true'));
  const id = (await field.getAttribute('aria-describedby'))!;
  return (await field.page().locator(`[id="${id}"]`).textContent()) ?? '';
}

async function logIn(world: BrowserWorld, path: string, size: 'desktop' | 'phone' = 'desktop'): Promise<{ page: Page; dialogs: string[] }> {
  const { page, dialogs } = await newVisitor(world, size);
  await page.goto(path);
  await page.getByLabel('Admin key').fill(API_KEY);
  await page.getByRole('button', { name: 'Log in' }).click();
  return { page, dialogs };
}

describe('merchandising console (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      const res = await service.importCatalog(smallCatalog(6));
      assert.equal(res.status, 204, await res.text());
      const page = await service.admin('POST', '/api/admin/v4/import/pages?name=first', {
        body: JSON.stringify({
          market: 'SE',
          type: 'FULL',
          addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' }, primaryList: { rules: 'rule incl brand { "Acme" }' } }],
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(page.status, 204, await page.text());
    });
  });
  after(async () => world?.close());

  it('previews a phrase with reasons, pins by drag and drop, and rolls back from the history', async () => {
    const before = await storefrontOrder(world.service);
    assert.ok(before.length >= 3);
    const { page, dialogs } = await newVisitor(world, 'desktop', { acceptDialogs: true });
    await page.goto('/console/');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('searchbox', { name: 'Phrase' }).fill('product');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const first = page.getByRole('list', { name: 'Preview results' }).getByRole('article').first();
    await first.waitFor();
    // The explanation a merchandiser reads: a sentence per part with its share of the score as a bar.
    const title = (await first.getAttribute('aria-label'))!;
    const why = first.getByRole('list', { name: `Why ${title} is here` });
    const match = why.getByRole('listitem').filter({ hasText: /^Matches 'product' in the title/ });
    await match.waitFor();
    const share = Number(await match.getByRole('meter', { name: /^Matches 'product' in the title: share of the score$/ }).getAttribute('value'));
    assert.ok(share > 0 && share <= 1, String(share));
    assert.match((await match.textContent())!, /\d+%$/);
    assert.ok(
      (await why
        .getByRole('listitem')
        .filter({ hasText: /^In stock$/ })
        .count()) === 1,
    );
    // The engineer's view, one click away: field:term and raw scores.
    assert.equal(await first.getByRole('list', { name: 'Reasons' }).count(), 0);
    await first.getByRole('button', { name: 'Show scores' }).click();
    assert.match((await first.getByRole('list', { name: 'Reasons' }).textContent())!, /text title:produc\w* \d/);
    assert.equal(await first.getByRole('button', { name: 'Hide scores' }).getAttribute('aria-expanded'), 'true');
    // What query understanding made of the phrase (docs/language.md "Query understanding").
    await page.getByRole('searchbox', { name: 'Phrase' }).fill('product under 500 kr');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page
      .getByRole('note', { name: 'Understood' })
      .filter({ hasText: /price at most 500 \(“under 500 kr”\).*words searched: “product”/ })
      .waitFor();

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Landing pages' }).click();
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /\/skor/ })
      .click();
    const rows = page.getByRole('list', { name: 'Page products' }).locator(':scope > li');
    await rows.nth(2).waitFor();
    const third = (await rows.nth(2).getByRole('article').getAttribute('aria-label'))!;
    await rows.nth(2).dragTo(rows.nth(0));
    await eventually(async () => assert.equal(await rows.nth(0).getByRole('article').getAttribute('aria-label'), third));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const pinnedKey = before[2]!;
    await eventually(async () => assert.equal((await storefrontOrder(world.service))[0], pinnedKey));

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row').nth(2).waitFor();
    const differences = page.getByRole('region', { name: 'Differences' });
    await differences.waitFor();
    assert.match((await differences.textContent())!, new RegExp(pinnedKey));
    // The pinned product by its title, its key beside it, in the row of the pins (one lookup for the diff).
    const pinnedTitle = await storefrontTitle(world.service, pinnedKey);
    const pins = differences.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /pinned/ }) });
    const named = pins.getByRole('cell').last().getByRole('listitem').filter({ hasText: pinnedTitle }).first();
    await named.waitFor();
    assert.equal((await named.textContent())!.replace(/\s+/g, ' ').trim(), `${pinnedTitle} ${pinnedKey}`);
    await versions
      .getByRole('button', { name: /^Roll back/ })
      .first()
      .click();
    await page.getByRole('status').filter({ hasText: 'Rolled back' }).waitFor();
    await eventually(async () => assert.deepEqual(await storefrontOrder(world.service), before));
    assert.deepEqual(
      dialogs.filter((d) => !d.startsWith('Roll pages back')),
      [],
    );
    await page.context().close();
  });

  it("shows a catalog file's impact on searched phrases before it goes live", async () => {
    const searched = await world.service.request(
      'GET',
      '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s',
    );
    assert.equal(searched.status, 200);
    await world.service.context.behaviour.flush();
    await world.service.context.es.indices.refresh({ index: world.service.context.names.events });
    const live = await storefrontOrder(world.service);
    const { page } = await newVisitor(world);
    await page.goto('/console/impact');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The candidate lacks the first product group.
    const candidate = replaceLines(smallCatalog(6).filter((e) => e.key !== 'G1'));
    await page.getByLabel('Catalog file').setInputFiles({ name: 'candidate.jsonl', mimeType: 'application/jsonlines', buffer: Buffer.from(candidate) });
    await page.getByRole('spinbutton', { name: 'Phrases' }).fill('50');
    await page.getByRole('button', { name: 'Run impact report' }).click();
    const changed = page.getByRole('table', { name: 'Phrases whose top 10 products change' });
    await changed.getByRole('rowheader', { name: 'product' }).waitFor({ timeout: 60_000 });
    // The leaving product by its title, its key beside it in smaller text.
    const leaving = changed.getByRole('list', { name: 'Leaving for product' });
    assert.match((await leaving.getByRole('listitem').first().textContent())!, /^Product G1-p\s*G1$/);
    // Totals in a person's words, not field names.
    assert.deepEqual((await page.getByRole('term').allTextContents()).slice(0, 4), [
      'Phrases compared',
      'Phrases that would find nothing',
      'Phrases that find products now and would find nothing',
      'Phrases whose top 10 products change',
    ]);
    assert.equal(await page.getByRole('definition').nth(3).textContent(), '1');
    assert.equal(await page.getByText('newlyFindNothing').count(), 0);
    assert.equal(await page.getByRole('spinbutton', { name: 'Phrases' }).inputValue(), '50', 'the phrases field keeps its value');
    // Nothing live changed: G1 is still there.
    assert.deepEqual(await storefrontOrder(world.service), live);
    assert.ok(live.some((k) => k.startsWith('G1')));
    await page.context().close();
  });

  it('edits the facet configuration as a form: the storefront shows it, and a refused value is shown at its field', async () => {
    const before = await storefrontSearch(world.service);
    assert.deepEqual(before.facets.find((f) => f.id === 'brand')?.label, 'Varumärke');
    assert.ok(before.facets.some((f) => f.id === 'category'));
    const { page, dialogs } = await logIn(world, '/console/facets');
    await page.getByRole('button', { name: 'Configure the facets of SE' }).click();
    const facets = page.getByRole('list', { name: 'Facets of SE' });
    await facets.getByRole('group', { name: 'Facet 1' }).getByLabel('Label sv-SE').fill('Tillverkare');
    await facets.getByRole('group', { name: 'Facet 2' }).getByRole('button', { name: 'Remove facet 2' }).click();
    // price (now facet 2) goes first.
    await facets.getByRole('group', { name: 'Facet 2' }).getByRole('button', { name: 'Move facet 2 up' }).click();
    assert.equal(await facets.getByRole('group', { name: 'Facet 1' }).getByLabel('Attribute').inputValue(), 'price');
    await page.getByRole('button', { name: 'Save facets' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const after = await eventually(async () => {
      const now = await storefrontSearch(world.service);
      assert.equal(now.facets[0]?.id, 'price');
      assert.equal(now.facets.find((f) => f.id === 'brand')?.label, 'Tillverkare');
      assert.ok(!now.facets.some((f) => f.id === 'category'), JSON.stringify(now.facets));
      return now;
    });

    // brand cannot be a RANGE: the import refuses it and the form says so at facet 2's type.
    const type = facets.getByRole('group', { name: 'Facet 2' }).getByRole('combobox', { name: 'Type' });
    await type.selectOption('RANGE');
    await page.getByRole('button', { name: 'Save facets' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await problemOf(type), /brand can be shown as TEXT, not RANGE/);
    assert.equal(await facets.getByRole('group', { name: 'Facet 1' }).getByRole('combobox', { name: 'Type' }).getAttribute('aria-invalid'), null);
    assert.deepEqual(await storefrontSearch(world.service), after);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('edits labels as a form: the storefront reads the new text, and a refused text is shown at its field', async () => {
    assert.equal((await storefrontSearch(world.service)).sorts.find((s) => s.id === 'PRICE_ASCENDING')?.label, 'Pris, lägst först');
    const { page, dialogs } = await logIn(world, '/console/labels');
    const labels = page.getByRole('list', { name: 'Labels of SE sv-SE' });
    await page.getByRole('button', { name: 'Add a label' }).click();
    await labels.getByRole('group', { name: 'Label 1' }).getByLabel('Key').fill('sort.PRICE_ASCENDING');
    await labels.getByRole('group', { name: 'Label 1' }).getByLabel('Text').fill('Billigast först');
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await eventually(async () => assert.equal((await storefrontSearch(world.service)).sorts.find((s) => s.id === 'PRICE_ASCENDING')?.label, 'Billigast först'));

    // The discount badge must show the percent: refused, and said at that row's text.
    await page.getByRole('button', { name: 'Add a label' }).click();
    await labels.getByRole('group', { name: 'Label 2' }).getByLabel('Key').fill('badge.DISCOUNT');
    const text = labels.getByRole('group', { name: 'Label 2' }).getByLabel('Text');
    await text.fill('Spara');
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await problemOf(text), /must contain \{n\}/);
    assert.equal(await labels.getByRole('group', { name: 'Label 1' }).getByLabel('Text').getAttribute('aria-invalid'), null);
    const exported = await world.service.admin('GET', '/api/admin/v4/export/labels', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.deepEqual(await exported.json(), { markets: { SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': 'Billigast först' } } } });
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('edits the navigation tree as a form: the storefront tree follows, and a node lacking its address is told so', async () => {
    const nodes = [
      { id: 'skor', title: 'Skor', type: 'PAGE', pageId: 'skor' },
      { id: 'rea', title: 'Rea', type: 'LABEL' },
    ];
    const imported = await world.service.admin('POST', '/api/admin/v4/import/navigation', {
      body: JSON.stringify({ market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: nodes }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(imported.status, 204, await imported.text());
    const storefrontTree = async () => {
      const res = await world.service.request(
        'GET',
        '/api/storefront/v3/queries/navigation-tree?market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false',
      );
      assert.equal(res.status, 200);
      return ((await res.json()) as { tree: { children: { label: string }[] } }).tree.children.map((c) => c.label);
    };
    assert.deepEqual(await storefrontTree(), ['Skor', 'Rea']);
    const { page, dialogs } = await logIn(world, '/console/navigation');
    const tree = page.getByRole('list', { name: 'Navigation of SE sv-SE' });
    await tree.getByRole('group', { name: 'Node Skor' }).getByLabel('Title').fill('Alla skor');
    await tree.getByRole('group', { name: 'Node Rea' }).getByRole('button', { name: 'Move node Rea up' }).click();
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await eventually(async () => assert.deepEqual(await storefrontTree(), ['Rea', 'Alla skor']));

    await page.getByRole('button', { name: 'Add a node' }).click();
    const added = tree.getByRole('group').last();
    await added.getByLabel('Title').fill('Hjälp');
    await tree.getByRole('group', { name: 'Node Hjälp' }).getByRole('combobox', { name: 'Type' }).selectOption('LINK');
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await problemOf(tree.getByRole('group', { name: 'Node Hjälp' }).getByLabel('Address')), /required for LINK nodes/);
    assert.deepEqual(await storefrontTree(), ['Rea', 'Alla skor']);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('edits templates as a form: the storefront returns the attributes chosen, and a refused one is told at its list', async () => {
    const put = await world.service.admin('PUT', '/api/admin/v4/import/templates', {
      body: JSON.stringify({ cards: { products: { all: { fields: ['key', 'title'], maxVariants: 0 } } } }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(put.status, 204, await put.text());
    const firstProduct = async () => {
      const res = await world.service.request(
        'GET',
        '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s&notify=false&templateId=cards',
      );
      assert.equal(res.status, 200);
      return Object.keys(
        ((await res.json()) as { primaryList: { productGroups: { products: Record<string, unknown>[] }[] } }).primaryList.productGroups[0]!.products[0]!,
      ).sort();
    };
    const before = await firstProduct();
    assert.ok(before.includes('title') && !before.includes('brand'), before.join());
    const { page, dialogs } = await logIn(world, '/console/templates');
    const attributes = page.getByRole('group', { name: 'Template cards' }).getByRole('group', { name: 'All products: product attributes' });
    await attributes.getByRole('checkbox', { name: 'brand', exact: true }).check();
    await page.getByRole('button', { name: 'Save templates' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await eventually(async () => assert.deepEqual(await firstProduct(), [...before, 'brand'].sort()));

    // A custom attribute name cannot hold a space: refused, and said at the attribute list.
    const custom = attributes.getByLabel(/^Custom attributes/);
    await custom.fill('care label');
    await page.getByRole('button', { name: 'Save templates' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await problemOf(custom), /unknown field "custom.care label"/);
    assert.equal(await attributes.getAttribute('aria-describedby'), await custom.getAttribute('aria-describedby'));
    assert.deepEqual(await firstProduct(), [...before, 'brand'].sort());
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it("edits a landing page's facets, sort orders and product lists: the storefront's landing page follows, and a refused id is shown at its field", async () => {
    const before = await storefrontLanding(world.service);
    assert.notDeepEqual(before.facets, ['category', 'brand']);
    assert.notDeepEqual(before.sorts, ['NAME', 'RELEVANCE']);
    assert.deepEqual(before.lists, []);
    const { page, dialogs } = await logIn(world, '/console/pages');
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /\/skor/ })
      .click();

    const facets = page.getByRole('group', { name: 'Facets of the page' });
    await facets.getByRole('button', { name: 'Add a facet' }).click();
    await facets.getByRole('group', { name: 'Page facet 1' }).getByLabel('Attribute').fill('brand');
    await facets.getByRole('button', { name: 'Add a facet' }).click();
    await facets.getByRole('group', { name: 'Page facet 2' }).getByLabel('Attribute').fill('category');
    await facets.getByRole('button', { name: 'Move page facet 2 up' }).click();
    assert.equal(await facets.getByRole('group', { name: 'Page facet 1' }).getByLabel('Attribute').inputValue(), 'category');

    const sorts = page.getByRole('group', { name: 'Sort orders of the page' });
    await sorts.getByRole('button', { name: 'Add a sort order' }).click();
    await sorts.getByRole('combobox', { name: 'Sort order (default)' }).selectOption('NAME');
    await sorts.getByRole('button', { name: 'Add a sort order' }).click();
    assert.equal(await sorts.getByRole('group', { name: 'Sort order 2' }).getByRole('combobox').inputValue(), 'RELEVANCE');

    const lists = page.getByRole('group', { name: 'Product lists of the page' });
    await lists.getByRole('button', { name: 'Add a product list' }).click();
    const list = lists.getByRole('group', { name: 'Product list 1' });
    await list.getByLabel('Id', { exact: true }).fill('nyheter');
    await list.getByRole('combobox', { name: 'Algorithm' }).selectOption('NEWEST_PRODUCTS');
    await list.getByLabel(/^Products shown/).fill('2');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const after = await eventually(async () => {
      const now = await storefrontLanding(world.service);
      assert.deepEqual(now.facets, ['category', 'brand']);
      assert.deepEqual(now.sorts, ['NAME', 'RELEVANCE']);
      assert.deepEqual(now.lists, [{ id: 'nyheter', products: 2 }]);
      return now;
    });
    // The editor shows what the live answer now holds.
    await eventually(async () => assert.match((await page.getByRole('definition').filter({ hasText: 'nyheter' }).textContent())!, /nyheter \(2\)/));

    // A list id cannot hold a space: the import refuses it, and the editor says so at that list's Id.
    const id = list.getByLabel('Id', { exact: true });
    await id.fill('nya varor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await problemOf(id), /may hold only letters, digits/);
    assert.equal(await facets.getByRole('group', { name: 'Page facet 1' }).getByLabel('Attribute').getAttribute('aria-invalid'), null);
    assert.deepEqual(await storefrontLanding(world.service), after);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('pins a product at position 1 from the landing page preview in one gesture', async () => {
    const before = await storefrontOrder(world.service);
    const last = before[before.length - 1]!;
    assert.ok(before.length >= 3 && before[0] !== last);
    const { page, dialogs } = await logIn(world, '/console/preview');
    await page.getByRole('combobox', { name: 'Landing page' }).selectOption({ label: '/skor' });
    await page.getByRole('button', { name: 'Preview the page' }).click();
    const results = page.getByRole('list', { name: 'Preview results' });
    const card = results.getByRole('article').filter({ hasText: last });
    await card.waitFor();
    assert.equal(await results.getByRole('article').count(), before.length);
    await card.getByRole('button', { name: /at position 1 of \/skor$/ }).click();
    await page.getByRole('status').filter({ hasText: 'Pinned' }).waitFor();
    await eventually(async () => assert.deepEqual(await storefrontOrder(world.service), [last, ...before.filter((k) => k !== last)]));
    // The preview shows the new answer: the product first, its reason the page's pin.
    await eventually(async () =>
      assert.match((await results.getByRole('article').first().textContent())!, new RegExp(`${last}[\\s\\S]*Pinned at 1 by page skor`)),
    );
    const exported = await world.service.admin('GET', '/api/admin/v4/export/pages?market=SE&idFilter=skor', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.deepEqual(((await exported.json()) as { addOrUpdate: { primaryList: { pinned: string[] } }[] }).addOrUpdate[0]!.primaryList.pinned, [last]);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });
});
