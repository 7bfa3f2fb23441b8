/**
 * The console does exactly what it says (issue 29), each effect checked through the storefront's own HTTP answer
 * or the admin export, never the page's message: a landing page's Preview leaves the live page as it was while
 * viewId=PREVIEW shows it, and Save publishes it; a synonym saved from the form changes search-page, and the
 * form shows the stored synonyms after a reload; each configuration form (facets, labels, navigation,
 * templates) saves exactly what it shows: one field changed, and the export differs from before in exactly that field.
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { group, product, translation } from '../fixtures/catalog';
import type { Page } from 'playwright-core';
import { newVisitor, startWorld, type BrowserWorld } from './support';

/** Leaf paths (`a.b[2].c`) where two JSON values differ. */
export function differences(a: unknown, b: unknown, at = ''): string[] {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => differences(a[i], b[i], `${at}[${i}]`)).flat();
    }
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
}

const STOREFRONT = 'touchpoint=desktop&customerKey=c&sessionKey=s&notify=false';

async function json<T>(res: Response): Promise<T> {
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as T;
}

/** The product keys of the storefront's landing page /skor in a view, in order. */
async function skor(service: TestService, view?: 'PREVIEW'): Promise<string[]> {
  const body = await json<{ primaryList: { productGroups: { products: { key: string }[] }[] } }>(
    await service.request(
      'GET',
      `/api/storefront/v3/queries/landing-page?pageReference=/skor&market=SE&locale=sv-SE&${STOREFRONT}${view ? `&viewId=${view}` : ''}`,
    ),
  );
  return body.primaryList.productGroups.map((g) => g.products[0]!.key);
}

async function searchHits(service: TestService, q: string): Promise<number> {
  const body = await json<{ primaryList: { totalHits: number } }>(
    await service.request('GET', `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=SE&locale=sv-SE&${STOREFRONT}`),
  );
  return body.primaryList.totalHits;
}

async function exported(service: TestService, path: string): Promise<unknown> {
  return json(await service.admin('GET', path, { headers: { 'Accept-Encoding': 'gzip' } }));
}

async function put(service: TestService, method: string, path: string, body: unknown): Promise<void> {
  const res = await service.admin(method, path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  assert.equal(res.status, 204, await res.text());
}

async function logIn(world: BrowserWorld, path: string): Promise<{ page: Page; dialogs: string[] }> {
  const { page, dialogs } = await newVisitor(world, 'desktop');
  await page.goto(path);
  await page.getByLabel('Admin key').fill(API_KEY);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 2 }).waitFor();
  return { page, dialogs };
}

const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

describe('merchandising console saves what it says (Chromium)', function () {
  let world: BrowserWorld;
  before(async function () {
    this.timeout(180_000);
    world = await startWorld(async (service) => {
      await service.configure(TEST_CONFIGURATION);
      // Material is an attribute of every product: a market without a facet configuration shows it as a dynamic facet.
      const catalog = [
        translation('t-shoes-sv', { attribute: 'category', id: 'cat_shoes', locale: 'sv-SE', value: 'Skor' }),
        translation('t-shoes-nb', { attribute: 'category', id: 'cat_shoes', locale: 'nb-NO', value: 'Sko' }),
        ...Array.from({ length: 6 }, (_, i) => {
          const key = `G${i + 1}`;
          return group(key, {
            [`${key}-p`]: product(`${key}-p`, {
              defaults: {
                title: `Product ${key}`,
                url: `/p/${key}`,
                brand: 'Acme',
                category: ['cat_shoes'],
                customLabels: { material: [i % 2 ? 'Leather' : 'Canvas'] },
              },
            }),
          });
        }),
      ];
      const res = await service.importCatalog(catalog);
      assert.equal(res.status, 204, await res.text());
      await put(service, 'POST', '/api/admin/v4/import/pages', {
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, headings: { 'sv-SE': 'Skor' }, primaryList: { rules: 'rule incl brand { "Acme" }' } }],
      });
    });
  });
  after(async () => world?.close());

  it('Preview leaves the live landing page as it was and shows in viewId=PREVIEW; Save publishes it', async () => {
    const live = await skor(world.service);
    assert.ok(live.length >= 3);
    const { page, dialogs } = await logIn(world, '/console/pages');
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /\/skor/ })
      .click();
    const rows = page.getByRole('list', { name: 'Page products' }).locator(':scope > li');
    await rows.nth(2).waitFor();
    const hidden = live[0]!;
    await rows
      .nth(0)
      .getByRole('button', { name: /^Hide / })
      .click();

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a preview' }).waitFor();
    assert.deepEqual(await skor(world.service), live);
    assert.deepEqual(
      await skor(world.service, 'PREVIEW'),
      live.filter((k) => k !== hidden),
    );
    const published = (await exported(world.service, '/api/admin/v4/export/pages?market=SE&outputFilter=PUBLISHED_ONLY')) as {
      addOrUpdate: { primaryList: { blocked?: string[] } }[];
    };
    assert.equal(published.addOrUpdate[0]!.primaryList.blocked, undefined);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: the storefront shows it now' }).waitFor();
    assert.deepEqual(
      await skor(world.service),
      live.filter((k) => k !== hidden),
    );
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it("Save publishes a page's pending preview after a reload, with nothing else changed", async () => {
    const live = await skor(world.service);
    await put(world.service, 'POST', '/api/admin/v4/import/pages', {
      market: 'SE',
      type: 'PARTIAL',
      previewOnly: true,
      addOrUpdate: [{ id: 'skor', primaryList: { pinned: [live[live.length - 1]!] } }],
    });
    assert.deepEqual(await skor(world.service), live);
    const { page } = await logIn(world, '/console/pages');
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /\/skor/ })
      .click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    assert.equal((await skor(world.service))[0], live[live.length - 1]);
    await page.context().close();
  });

  it('a synonym saved from the form changes search-page, and the form shows the stored synonyms after a reload', async () => {
    await put(world.service, 'PUT', '/api/admin/v4/import/synonyms', {
      locales: { 'sv-SE': [{ terms: ['sko', 'känga'] }], 'nb-NO': [{ from: ['joggesko'], to: ['sko'] }] },
    });
    assert.equal(await searchHits(world.service, 'gympadoja'), 0);
    const { page, dialogs } = await logIn(world, '/console/synonyms');
    const table = page.getByRole('table', { name: 'Synonyms of sv-SE' });
    assert.equal(await table.getByLabel('Terms of rule 1').inputValue(), 'sko, känga');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await table.getByLabel('Terms of rule 2').fill('gympadoja, product');
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    assert.ok((await searchHits(world.service, 'gympadoja')) > 0);
    assert.deepEqual(await exported(world.service, '/api/admin/v4/export/synonyms'), {
      locales: { 'sv-SE': [{ terms: ['sko', 'känga'] }, { terms: ['gympadoja', 'product'] }], 'nb-NO': [{ from: ['joggesko'], to: ['sko'] }] },
    });

    await page.reload();
    await page.getByLabel('Admin key').or(table).first().waitFor();
    if (await page.getByLabel('Admin key').isVisible()) {
      await page.getByLabel('Admin key').fill(API_KEY);
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    assert.equal(await table.getByLabel('Terms of rule 1').inputValue(), 'sko, känga');
    assert.equal(await table.getByLabel('Terms of rule 2').inputValue(), 'gympadoja, product');
    await page.getByLabel('Locale').selectOption('nb-NO');
    const norwegian = page.getByRole('table', { name: 'Synonyms of nb-NO' });
    assert.equal(await norwegian.getByLabel('Terms of rule 1').inputValue(), 'joggesko');
    assert.equal(await norwegian.getByLabel('Replacements of rule 1').inputValue(), 'sko');
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('facets: configuring a market from its defaults keeps every facet it showed; one label changed changes only that field of the export', async () => {
    const facetsOfNO = async () =>
      (
        await json<{ primaryList: { facets: { id: string; label: string }[] } }>(
          await world.service.request('GET', `/api/storefront/v3/queries/search-page?q=product&market=NO&locale=nb-NO&${STOREFRONT}`),
        )
      ).primaryList.facets;
    const before = await facetsOfNO();
    assert.ok(
      before.some((f) => f.id === 'custom.material'),
      JSON.stringify(before),
    );
    await put(world.service, 'PUT', '/api/admin/v4/import/facets', {
      markets: {
        SE: {
          facets: [
            {
              id: 'maker',
              attribute: 'brand',
              type: 'TEXT',
              labels: { 'sv-SE': 'Märke', 'en-GB': 'Make' },
              sortOrder: 'ALPHABETIC',
              size: 20,
              searchPage: true,
            },
            { attribute: 'price', type: 'RANGE', labels: { 'sv-SE': 'Pris' }, searchPage: false },
            { attribute: 'category', type: 'TEXT' },
          ],
          dynamicFacets: 2,
        },
      },
    });
    const { page, dialogs } = await logIn(world, '/console/facets');
    await page.getByLabel('Market').selectOption('NO');
    await page.getByRole('button', { name: 'Configure the facets of NO' }).click();
    await page.getByRole('list', { name: 'Facets of NO' }).getByRole('group', { name: 'Facet 1' }).getByLabel('Label nb-NO').fill('Produsent');
    await page.getByRole('button', { name: 'Save facets' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    const after = await facetsOfNO();
    assert.deepEqual(
      after.map((f) => f.id),
      before.map((f) => f.id),
    );
    assert.deepEqual(
      after.map((f) => f.label),
      before.map((f) => (f.id === 'brand' ? 'Produsent' : f.label)),
    );

    const stored = await exported(world.service, '/api/admin/v4/export/facets');
    await page.getByLabel('Market').selectOption('SE');
    await page.getByRole('list', { name: 'Facets of SE' }).getByRole('group', { name: 'Facet 2' }).getByLabel('Label sv-SE').fill('Kostnad');
    await page.getByRole('button', { name: 'Save facets' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    assert.deepEqual(differences(stored, await exported(world.service, '/api/admin/v4/export/facets')), ['markets.SE.facets[1].labels.sv-SE']);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('labels: one text changed changes only that field of the export', async () => {
    await put(world.service, 'PUT', '/api/admin/v4/import/labels', {
      markets: {
        SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': 'Billigast', 'facet.brand': 'Märke' }, 'en-GB': { 'facet.brand': 'Make' } },
        NO: { 'nb-NO': { 'facet.brand': 'Merke' } },
      },
    });
    const stored = await exported(world.service, '/api/admin/v4/export/labels');
    const { page, dialogs } = await logIn(world, '/console/labels');
    await page.getByRole('list', { name: 'Labels of SE sv-SE' }).getByRole('group', { name: 'Label 2' }).getByLabel('Text').fill('Tillverkare');
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    assert.deepEqual(differences(stored, await exported(world.service, '/api/admin/v4/export/labels')), ['markets.SE.sv-SE.facet.brand']);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('navigation: one title changed changes only that field of the export', async () => {
    await put(world.service, 'POST', '/api/admin/v4/import/navigation', {
      market: 'SE',
      locale: 'sv-SE',
      type: 'FULL',
      addOrUpdate: [
        { id: 'skor', title: 'Skor', type: 'PAGE', pageId: 'skor', customData: { banner: 'vår' }, iconPath: '/icons/skor.svg' },
        { id: 'rea', title: 'Rea', type: 'LABEL' },
        { id: 'blogg', title: 'Blogg', type: 'LINK', url: 'https://blog.example.com/', parentId: 'skor', customData: { target: 'new' } },
      ],
    });
    const path = '/api/admin/v3/export/navigation?market=SE&locale=sv-SE';
    const byId = (c: unknown) => Object.fromEntries((c as { addOrUpdate: { id: string }[] }).addOrUpdate.map((n) => [n.id, n]));
    const stored = await exported(world.service, path);
    const { page, dialogs } = await logIn(world, '/console/navigation');
    await page.getByRole('list', { name: 'Navigation of SE sv-SE' }).getByRole('group', { name: 'Node Blogg' }).getByLabel('Title').fill('Vår blogg');
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    const now = await exported(world.service, path);
    assert.deepEqual(differences(byId(stored), byId(now)), ['blogg.title']);
    assert.deepEqual(differences({ ...(stored as object), addOrUpdate: [] }, { ...(now as object), addOrUpdate: [] }), []);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('templates: one attribute ticked changes only that list of the export', async () => {
    await put(world.service, 'PUT', '/api/admin/v4/import/templates?force=true', {
      cards: { products: { all: { fields: ['key', 'title'], maxVariants: 2, variants: { all: { fields: ['key', 'size'] } } } } },
      lists: { products: { first: { fields: ['key', 'title', 'custom.material'], maxVariants: 0 }, rest: { fields: ['key'], maxVariants: 0 } } },
    });
    const stored = await exported(world.service, '/api/admin/v4/export/templates');
    const { page, dialogs } = await logIn(world, '/console/templates');
    await page
      .getByRole('group', { name: 'Template cards' })
      .getByRole('group', { name: 'All products: product attributes' })
      .getByRole('checkbox', { name: 'brand', exact: true })
      .check();
    await page.getByRole('button', { name: 'Save templates' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await saved(page);
    assert.deepEqual(differences(stored, await exported(world.service, '/api/admin/v4/export/templates')), ['cards.products.all.fields[2]']);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });
});
