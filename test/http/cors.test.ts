/** CORS on the storefront interface: what a browser needs to call it from a shop's own domain. */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';

describe('CORS', function () {
  let open: TestService;
  let restricted: TestService;
  before(async () => {
    open = await startService();
    restricted = await startService({ corsAllowedOrigins: ['https://shop.example'] });
  });
  after(async () => {
    await open?.close();
    await restricted?.close();
  });

  it('allows any origin on storefront responses by default, also on errors', async () => {
    const res = await open.request('GET', '/api/storefront/v3/queries/search-page?q=x', { headers: { Origin: 'https://shop.example' } });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  it('answers a preflight with the allowed methods and the requested headers', async () => {
    const res = await open.request('OPTIONS', '/api/storefront/v3/queries/search-page', {
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(res.status, 204);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.equal(res.headers.get('access-control-allow-headers'), 'content-type');
  });

  it('gives no CORS headers on the admin interface', async () => {
    const res = await open.request('GET', '/api/admin/v4/import/status?id=x', { headers: { Origin: 'https://shop.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });

  it('echoes only configured origins when CORS_ALLOWED_ORIGINS lists them', async () => {
    const good = await restricted.request('POST', '/api/storefront/v3/notifications/end?market=SE&customerKey=c&sessionKey=s', {
      headers: { Origin: 'https://shop.example' },
    });
    assert.equal(good.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(good.headers.get('vary') ?? '', /Origin/);
    const bad = await restricted.request('POST', '/api/storefront/v3/notifications/end?market=SE&customerKey=c&sessionKey=s', {
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(bad.headers.get('access-control-allow-origin'), null);
  });
});
