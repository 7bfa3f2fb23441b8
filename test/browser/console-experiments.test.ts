/**
 * The console's experiments view (issue 35): a merchandiser creates and starts an experiment, a visitor of its
 * variant B searches and clicks, the results read per variant with a plain reading, and "End now" ends it.
 */
import assert from 'node:assert/strict';
import { API_KEY, TEST_CONFIGURATION } from '../http/harness';
import { smallCatalog } from '../fixtures/catalog';
import { eventually, newVisitor, startWorld, type BrowserWorld } from './support';
import { assignVariant } from '../../src/merchandising/experiments/assign';
import type { Experiment } from '../../src/merchandising/experiments/types';

describe('console: experiments (Chromium)', function () {
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

  it('creates and starts an experiment, reads its results, and ends it', async () => {
    const { page, dialogs } = await newVisitor(world, 'desktop');
    await page.goto('/console/experiments');
    await page.getByLabel('Admin key').fill(API_KEY);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Experiments' }).waitFor();
    await page.getByText('No experiments yet.').waitFor();

    const form = page.getByRole('form', { name: 'New experiment' });
    await form.getByLabel('Name').fill('Strict <b>matching</b>');
    await form.getByLabel('Market').selectOption('SE');
    await form.getByLabel('Relaxed matching').uncheck();
    await form.getByLabel('Synonyms').selectOption('none');
    await form.getByRole('button', { name: 'Create and start' }).click();
    await page.getByRole('status').filter({ hasText: 'Started "Strict <b>matching</b>".' }).waitFor();
    const item = page.getByRole('listitem', { name: 'Strict <b>matching</b>' });
    await item.getByText('running').waitFor();

    // The experiment as stored: started now, the form's variant B.
    const exported = (await (await world.service.admin('GET', '/api/admin/v4/export/experiments', { headers: { 'Accept-Encoding': 'gzip' } })).json()) as {
      experiments: Experiment[];
    };
    const [experiment] = exported.experiments;
    assert.deepStrictEqual(
      experiment.variants.map((v) => [v.id, v.share, v.overrides]),
      [
        ['control', 50, {}],
        ['B', 50, { relevance: { relaxedMatching: false }, synonyms: 'none' }],
      ],
    );
    assert.ok(Date.parse(experiment.start) <= Date.now() && Date.parse(experiment.end) > Date.now());

    // A visitor of each variant searches; their events carry the variant.
    for (const variant of ['control', 'B']) {
      let i = 0;
      while (assignVariant(experiment, `shopper-${i}`).id !== variant) i++;
      const res = await world.service.request(
        'GET',
        `/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=shopper-${i}&sessionKey=s-${i}`,
      );
      assert.equal(res.status, 200);
    }
    await world.service.context.behaviour.flush();
    await world.service.context.es.indices.refresh({ index: `${world.service.prefix}-events` });

    await item.getByRole('button', { name: 'Results of Strict <b>matching</b>' }).click();
    const table = item.getByRole('table', { name: 'Results of Strict <b>matching</b>' });
    await eventually(async () => assert.equal(await table.getByRole('row', { name: /^control 1 1/ }).count(), 1));
    await table.getByRole('row', { name: /^B 1 1/ }).waitFor();
    await item
      .getByRole('list', { name: 'Reading of Strict <b>matching</b>' })
      .getByText(/conversion not significant yet/)
      .waitFor();

    await item.getByRole('button', { name: 'End Strict <b>matching</b> now' }).click();
    await page.getByRole('status').filter({ hasText: 'Ended "Strict <b>matching</b>".' }).waitFor();
    await item.getByText('ended').waitFor();
    assert.equal(await item.getByRole('button', { name: /^End / }).count(), 0);
    const history = (await (await world.service.admin('GET', '/api/admin/v4/history/experiments')).json()) as { versions: { name: string }[] };
    assert.equal(history.versions[0].name, 'console');
    assert.deepStrictEqual(dialogs, []);
    await page.context().close();
  });
});
