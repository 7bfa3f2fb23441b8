/**
 * The reference storefront answers a descriptive query by meaning (a fake sentence model, ../fixtures/fakeEmbedder.ts):
 * "hot drinks" names no product, yet the kettle and the teapot are listed, under a notice that says no product
 * matches the words and these are similar in meaning. With search by meaning off the same search finds nothing.
 */
import assert from 'node:assert/strict';
import { newVisitor, startWorld, type BrowserWorld } from './support';
import { group, product } from '../fixtures/catalog';
import { FakeEmbedder } from '../fixtures/fakeEmbedder';
import { parseSemanticSearch } from '../../src/kernel/config';
import type { TestService } from '../http/harness';
import type { ReplaceEntity } from '../../src/catalog/types';

const item = (key: string, title: string, description: string): ReplaceEntity =>
  group(key, { [key]: product(key, { markets: ['UK'], defaults: { title, url: `/p/${key}`, brand: 'Acme', description, category: ['cat_home'] } }) });

async function load(service: TestService): Promise<void> {
  await service.configure({ markets: { UK: { locales: ['en-GB'], currency: 'GBP' } } });
  const res = await service.importCatalog([
    item('KETTLE', 'Kettle Brew 2000', 'Electric kettle, 1.7 litres, stainless steel.'),
    item('TEAPOT', 'Teapot Classic', 'Porcelain teapot for loose leaf tea.'),
    item('SOFA', 'Sofa Oslo', 'Three-seat sofa in grey fabric.'),
    item('LAMP', 'Desk Lamp Arc', 'Adjustable lamp with a warm light.'),
  ]);
  assert.equal(res.status, 204, await res.text());
}

describe('reference storefront: search by meaning (Chromium)', function () {
  const worlds: { on?: BrowserWorld; off?: BrowserWorld } = {};
  before(async () => {
    worlds.on = await startWorld(load, { semanticSearch: parseSemanticSearch('en') }, new FakeEmbedder());
    worlds.off = await startWorld(load, { semanticSearch: parseSemanticSearch('off') }, new FakeEmbedder());
  });
  after(async () => {
    await worlds.on?.close();
    await worlds.off?.close();
  });

  const titles = async (world: BrowserWorld, q: string) => {
    const { page } = await newVisitor(world);
    await page.goto(`/search?q=${encodeURIComponent(q)}&market=UK&locale=en-GB`);
    await page.getByRole('heading', { level: 1, name: `Results for “${q}”` }).waitFor();
    return page;
  };

  it('lists the products close in meaning to a descriptive query, and says why', async () => {
    const page = await titles(worlds.on!, 'hot drinks');
    await page.getByRole('status').filter({ hasText: 'No product matches the words “hot drinks”. Showing products similar in meaning.' }).waitFor();
    const products = page.getByRole('list', { name: 'Products', exact: true });
    await products.getByRole('heading').first().waitFor();
    assert.deepEqual(new Set(await products.getByRole('heading').allTextContents()), new Set(['Kettle Brew 2000', 'Teapot Classic']));
    await page.context().close();
  });

  it('finds nothing for the same query with search by meaning off', async () => {
    const page = await titles(worlds.off!, 'hot drinks');
    await page.getByText('No products match “hot drinks”.').waitFor();
    assert.equal(await page.getByText(/similar in meaning/).count(), 0);
    await page.context().close();
  });
});
