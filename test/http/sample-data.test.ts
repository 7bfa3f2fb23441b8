/** The sample data `npm start` loads on an empty cluster: catalog, pages and navigation, all through the normal imports. */
import assert from 'node:assert/strict';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import { generatedCategoryPaths } from '../../src/sample/generator';
import { jsonBody, startService, type TestService } from './harness';

describe('sample data', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await loadSampleCatalogIfEmpty(service.context);
  });
  after(async () => service?.close());

  it('loads a searchable catalog', async () => {
    const res = await service.request(
      'GET',
      '/api/storefront/v3/queries/search-page?q=sneakers&market=SE&locale=en-GB&customerKey=c&sessionKey=s&touchpoint=desktop',
    );
    assert.equal(res.status, 200);
    const body = await jsonBody(res);
    assert.ok(body.primaryList.totalHits > 0);
  });

  it('loads one page per category and a navigation tree per locale', async () => {
    const pages = await service.admin('GET', '/api/admin/v4/export/pages?market=SE', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(pages.status, 200);
    const container = await jsonBody(pages);
    assert.equal(container.addOrUpdate.length, generatedCategoryPaths().length);
    const women = container.addOrUpdate.find((p: { id: string }) => p.id === 'women');
    assert.equal(women.paths['sv-SE'], '/dam');
    assert.equal(women.paths['en-GB'], '/women');

    const nav = await service.admin('GET', '/api/admin/v3/export/navigation?market=NO&locale=nb-NO', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(nav.status, 200);
    const tree = await jsonBody(nav);
    assert.equal(tree.addOrUpdate.length, generatedCategoryPaths().length);
    assert.ok(tree.addOrUpdate.some((n: { title: string }) => n.title === 'Dame'));
  });

  it('does not load anything again on a catalog that is not empty', async () => {
    const before = await service.context.indices.liveVersion();
    await loadSampleCatalogIfEmpty(service.context);
    assert.equal(await service.context.indices.liveVersion(), before);
  });
});
