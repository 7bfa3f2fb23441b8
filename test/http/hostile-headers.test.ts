/**
 * Answer headers whatever the path's spelling (issue 38): the routers match paths case-sensitively, so
 * `/API/ADMIN/V4/EXPORT/PAGES` is a 404 rather than an export without `no-store`; every answer carries
 * `nosniff` (storefront JSON, errors, the HTTP parser's own answers); the pages' source maps are served in
 * development only; and visitor keys (customerKey, sessionKey) are capped at 128 characters.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { jsonBody, startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { webRoot } from '../../src/http/web/pages';
import { MAX_VISITOR_KEY_LENGTH } from '../../src/events/events';

/** A GET sent as written (fetch would normalise the path): status and headers. */
function rawGet(
  service: TestService,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(service.url);
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const STOREFRONT = 'market=SE&locale=sv-SE&touchpoint=DESKTOP&notify=false';

describe('hostile: answer headers, source maps and visitor keys', function () {
  this.timeout(120_000);
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(2))).status, 204);
  });
  after(async () => service?.close());

  it('answers an admin path in another case with 404, and still no-store and nosniff', async () => {
    const withKey = { 'Api-Key': 'test-key', 'Accept-Encoding': 'gzip' };
    assert.equal((await rawGet(service, '/api/admin/v4/export/pages?market=SE', withKey)).status, 200);
    for (const path of [
      '/API/ADMIN/V4/EXPORT/PAGES?market=SE',
      '/Api/Admin/v4/export/pages?market=SE',
      '/api/admin/V4/export/pages?market=SE',
      '/API/ADMIN/V4/EXPORT/CATALOG',
    ]) {
      const res = await rawGet(service, path, withKey);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers['cache-control'], 'no-store', path);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
    }
    // Spellings a router might take for the admin path: each is either not served or served with both headers.
    for (const path of [
      '/api/admin/v4/export/pages/?market=SE',
      '/api//admin/v4/export/pages?market=SE',
      '/api/%61dmin/v4/export/pages?market=SE',
      '//api/admin/v4/export/pages?market=SE',
    ]) {
      const res = await rawGet(service, path, withKey);
      if (res.status === 404) continue;
      assert.equal(res.headers['cache-control'], 'no-store', `${path}: ${res.status}`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', `${path}: ${res.status}`);
    }
  });

  it("sends nosniff on storefront JSON, errors, other pages and the HTTP parser's answers", async () => {
    const paths = [
      `/api/storefront/v3/queries/search-page?${STOREFRONT}&customerKey=c&sessionKey=s&q=product`,
      `/api/storefront/v3/queries/search-page?${STOREFRONT}`,
      `/api/storefront/v3/queries/autocomplete?${STOREFRONT}&customerKey=c&sessionKey=s&q=pro`,
      '/api/storefront/v3/nothing-here',
      '/health',
      '/openapi.json',
      '/storefront/markets.json',
    ];
    for (const path of paths) {
      const res = await rawGet(service, path);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', `${path}: ${res.status}`);
    }
    const notification = await service.request('POST', '/api/storefront/v3/notifications/end?market=SE&customerKey=c&sessionKey=s');
    assert.equal(notification.status, 204);
    assert.equal(notification.headers.get('x-content-type-options'), 'nosniff');
    const tooLong = await rawGet(service, `/api/storefront/v3/queries/search-page?q=${'x'.repeat(20_000)}`);
    assert.equal(tooLong.status, 431);
    assert.equal(tooLong.headers['x-content-type-options'], 'nosniff');
  });

  it(`refuses a customerKey or sessionKey over ${MAX_VISITOR_KEY_LENGTH} characters with 400 naming it`, async () => {
    const long = 'k'.repeat(MAX_VISITOR_KEY_LENGTH + 1);
    const fine = 'k'.repeat(MAX_VISITOR_KEY_LENGTH);
    for (const [name, other] of [
      ['customerKey', 'sessionKey'],
      ['sessionKey', 'customerKey'],
    ]) {
      const search = await service.request('GET', `/api/storefront/v3/queries/search-page?${STOREFRONT}&q=product&${name}=${long}&${other}=s`);
      assert.equal(search.status, 400);
      assert.match((await jsonBody(search)).message, new RegExp(`${name} takes at most ${MAX_VISITOR_KEY_LENGTH} characters`));
      const notify = await service.request('POST', `/api/storefront/v3/notifications/end?market=SE&${name}=${long}&${other}=s`);
      assert.equal(notify.status, 400);
      assert.match((await jsonBody(notify)).message, new RegExp(name));
      assert.equal((await service.request('GET', `/api/storefront/v3/queries/search-page?${STOREFRONT}&q=product&${name}=${fine}&${other}=s`)).status, 200);
      assert.equal((await service.request('POST', `/api/storefront/v3/notifications/end?market=SE&${name}=${fine}&${other}=s`)).status, 204);
    }
  });

  describe('source maps of the pages', () => {
    const assets = join(webRoot(), 'storefront', 'assets');
    const name = 'hostile-headers-test.js.map';
    const made = !existsSync(assets);
    let production: TestService;
    before(async () => {
      mkdirSync(assets, { recursive: true });
      writeFileSync(join(assets, name), '{"version":3,"sources":["secret.ts"],"mappings":""}');
      production = await startService({ production: true, adminApiKeys: ['a-production-length-key'] });
    });
    after(async () => {
      rmSync(made ? join(webRoot(), 'storefront') : join(assets, name), { recursive: true, force: true });
      await production?.close();
    });

    it('are served in development, and not with NODE_ENV=production', async () => {
      assert.equal((await service.request('GET', `/assets/${name}`)).status, 200);
      const res = await production.request('GET', `/assets/${name}`);
      assert.equal(res.status, 404);
      assert.doesNotMatch(await res.text(), /secret\.ts/);
    });
  });
});
