/**
 * Paths on our own domain stay on it (issue 38): "/\evil.example" and "//evil.example" start with "/" but a
 * browser goes to another site with either ("\" is read as "/"). Every check of such a path refuses both:
 * navigation links, page paths, phrase-rule redirects, product and content URLs, and recommendation lists'
 * showMoreLink (which may be absolute, "//host" included, but not "/\host").
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { content, group, product, smallCatalog } from '../fixtures/catalog';

const OFF_SITE = ['/\\evil.example', '//evil.example', '/\\/evil.example', '/\t/evil.example'];

describe('hostile: links that leave the site', function () {
  this.timeout(120_000);
  let service: TestService;
  const json = { 'Content-Type': 'application/json' };
  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(2))).status, 204);
  });
  after(async () => service?.close());

  it('refuses an off-site navigation link, naming the node, and stores nothing', async () => {
    for (const url of OFF_SITE) {
      const res = await service.admin('POST', '/api/admin/v4/import/navigation', {
        headers: json,
        body: JSON.stringify({ market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: [{ id: 'evil', title: 'Sale', type: 'LINK', url }] }),
      });
      const body = await jsonBody(res);
      assert.equal(res.status, 400, `${JSON.stringify(url)}: ${JSON.stringify(body)}`);
      assert.match(JSON.stringify(body), /addOrUpdate\[0\]\.url/);
    }
    const tree = await service.request(
      'GET',
      '/api/storefront/v3/queries/navigation-tree?market=SE&locale=sv-SE&customerKey=c&sessionKey=s&touchpoint=DESKTOP',
    );
    assert.doesNotMatch(await tree.text(), /evil\.example/);
    // A path of the site and a full URL are still links.
    const fine = await service.admin('POST', '/api/admin/v4/import/navigation', {
      headers: json,
      body: JSON.stringify({
        market: 'SE',
        locale: 'sv-SE',
        type: 'FULL',
        addOrUpdate: [
          { id: 'sale', title: 'Sale', type: 'LINK', url: '/sale/\\x' },
          { id: 'blog', title: 'Blog', type: 'LINK', url: 'https://blog.example/' },
        ],
      }),
    });
    assert.equal(fine.status, 204, await fine.text());
  });

  it('refuses a phrase-rule redirect to //evil.example or /\\evil.example', async () => {
    for (const redirect of OFF_SITE) {
      const res = await service.admin('PUT', '/api/admin/v4/import/phrase-rules', {
        headers: json,
        body: JSON.stringify({ markets: { SE: [{ id: 'x', phrases: ['rea'], redirect }] } }),
      });
      const body = await jsonBody(res);
      assert.equal(res.status, 400, `${JSON.stringify(redirect)}: ${JSON.stringify(body)}`);
      assert.match(JSON.stringify(body), /markets\.SE\[0\]\.redirect/);
    }
    const fine = await service.admin('PUT', '/api/admin/v4/import/phrase-rules', {
      headers: json,
      body: JSON.stringify({ markets: { SE: [{ id: 'x', phrases: ['rea'], redirect: '/kampanj/rea' }] } }),
    });
    assert.equal(fine.status, 204, await fine.text());
  });

  it('refuses a page path that leaves the site', async () => {
    for (const path of OFF_SITE.filter((p) => !/\s/.test(p))) {
      const res = await service.admin('POST', '/api/admin/v3/import/pages', {
        headers: json,
        body: JSON.stringify({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'evil', paths: { 'sv-SE': path } }] }),
      });
      const body = await jsonBody(res);
      assert.equal(res.status, 400, `${JSON.stringify(path)}: ${JSON.stringify(body)}`);
      assert.match(JSON.stringify(body), /paths\.sv-SE/);
    }
  });

  it('refuses product and content URLs that leave the site', async () => {
    const productRes = await service.importCatalog([
      group('G1', { P1: product('P1', { defaults: { title: 'T', url: '/\\evil.example/p1', brand: 'Acme', category: ['cat_shoes'] } }) }),
    ]);
    assert.equal(productRes.status, 400);
    const productError = (await jsonBody(productRes)).errors[0];
    assert.equal(productError.path, 'replace.productGroup.products.P1.defaults.url');
    assert.match(productError.message, /must start with a single "\/"/);
    const contentRes = await service.importCatalog([group('G1'), content('C9', { defaults: { title: 'A', url: '/\\evil.example/a' } })]);
    assert.equal(contentRes.status, 400);
    const contentError = (await jsonBody(contentRes)).errors[0];
    assert.equal(contentError.path, 'replace.content.defaults.url');
    assert.match(contentError.message, /must start with a single "\/"/);
  });

  it("refuses a recommendation list's showMoreLink of /\\evil.example (//host stays an absolute link)", async () => {
    const query = 'market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s&notify=false&productKey=G1-p';
    const post = (showMoreLink: string) =>
      service.request('POST', `/api/storefront/v3/queries/product-page?${query}`, {
        body: JSON.stringify({ recommendationLists: [{ id: 'a', showMoreLink }] }),
      });
    const evil = await post('/\\evil.example');
    assert.equal(evil.status, 400);
    assert.match(await evil.text(), /recommendationLists\[0\]\.showMoreLink/);
    assert.equal((await post('//cdn.example/more')).status, 200);
    assert.equal((await post('/more')).status, 200);
  });
});
