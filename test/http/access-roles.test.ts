/**
 * Keys with roles through HTTP (issue 33): every admin route the routers serve (looped from their stacks, so
 * a new route without a role answers only the admin key and fails here for the others), called with each
 * role's key: allowed below the route's role answers anything but 403, refused answers 403 naming both roles.
 * Then the history names the role and the person of `X-Elevate-User`, and repeated wrong keys from one
 * address answer 429 with Retry-After (addresses told apart by X-Forwarded-For: the service is told it stands behind one proxy, TRUST_PROXY=1).
 */
import assert from 'node:assert/strict';
import { API_KEY, jsonBody, startService, type TestService } from './harness';
import { minimalRole, roleIncludes, ROLES, type Role } from '../../src/http/access';
import { guardedRoutes } from '../unit/guardedRoutes';

const KEYS: Record<Role, string> = { admin: API_KEY, merchandiser: 'merchandiser-key', analyst: 'analyst-key' };

/** A concrete path for a route: parameters get harmless values (an unknown version answers 404). */
const concrete = (path: string) => path.replace(':kind', 'synonyms').replace(':id', 'zz0');

describe('keys with roles', function () {
  this.timeout(300_000);
  let service: TestService;
  before(async () => {
    service = await startService({
      merchandiserApiKeys: [KEYS.merchandiser],
      analystApiKeys: [KEYS.analyst],
      metricsEnabled: true,
      keyFailureLimit: 3,
      trustProxyHops: 1,
    });
    await service.configure();
  });
  after(() => service?.close());

  // Run in order analyst, merchandiser, admin: the lower roles' allowed calls change nothing the higher ones need.
  for (const role of ROLES) {
    it(`answers the ${role} key by the table on every admin route`, async () => {
      const routes = guardedRoutes(service.app.middleware);
      assert.ok(routes.length > 35, `only ${routes.length} routes`);
      const wrong: string[] = [];
      for (const route of routes) {
        const [method, path] = route.split(' ');
        // A route the table does not name needs the admin role: the others' calls are refused, and reported here.
        const needed = minimalRole(method, path);
        const allowed = needed !== undefined && roleIncludes(role, needed);
        const res = await service.request(method, concrete(path), { headers: { 'Api-Key': KEYS[role], 'X-Forwarded-For': `10.1.0.${ROLES.indexOf(role)}` } });
        const text = await res.text();
        if (allowed && (res.status === 403 || res.status === 429)) wrong.push(`${route}: ${res.status} ${text}`);
        if (!allowed) {
          const body = res.status === 403 ? JSON.parse(text) : {};
          if (res.status !== 403 || body.role !== role || body.requiredRole !== (needed ?? 'admin') || !String(body.message).includes(`The ${role} key`)) {
            wrong.push(`${route}: ${res.status} ${text}${needed ? '' : ' (no role in ROUTE_ROLES)'}`);
          }
        }
      }
      assert.deepEqual(wrong, []);
    });
  }

  it('refuses the analyst every import, naming the role', async () => {
    const res = await service.request('PUT', '/api/admin/v4/import/synonyms', {
      body: '{"locales":{}}',
      headers: { 'Api-Key': KEYS.analyst, 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 403);
    assert.match((await jsonBody(res)).message, /analyst key may not call PUT \/api\/admin\/v4\/import\/synonyms: it needs the merchandiser role/);
  });

  it('lets the merchandiser try a catalog file (validationOnly) but not import it', async () => {
    const line = JSON.stringify({ replace: { type: 'productGroup', key: 'g1', value: {} } }) + '\n';
    const headers = { 'Api-Key': KEYS.merchandiser, 'Content-Type': 'application/jsonlines' };
    const real = await service.request('PUT', '/api/admin/v4/import/catalog', { body: line, headers });
    assert.equal(real.status, 403, await real.text());
    const tried = await service.request('PUT', '/api/admin/v4/import/catalog?validationOnly=true', { body: line, headers });
    assert.notEqual(tried.status, 403, await tried.text());
  });

  it('records the role and the person named at login in the history', async () => {
    const name = 'Åsa Lindqvist';
    const res = await service.request('PUT', '/api/admin/v4/import/synonyms', {
      body: JSON.stringify({ locales: { 'sv-SE': [{ terms: ['sko', 'känga'] }] } }),
      headers: { 'Api-Key': KEYS.merchandiser, 'Content-Type': 'application/json', 'X-Elevate-User': encodeURIComponent(name) },
    });
    assert.equal(res.status, 204, await res.text());
    const history = await jsonBody(await service.request('GET', '/api/admin/v4/history/synonyms', { headers: { 'Api-Key': KEYS.analyst } }));
    assert.equal(history.versions[0].role, 'merchandiser');
    assert.equal(history.versions[0].user, name);
    const version = await jsonBody(
      await service.request('GET', `/api/admin/v4/history/synonyms/${history.versions[0].id}`, { headers: { 'Api-Key': KEYS.analyst } }),
    );
    assert.equal(version.user, name);
    const access = await jsonBody(await service.request('GET', '/api/admin/v4/access', { headers: { 'Api-Key': KEYS.analyst, 'X-Elevate-User': 'Ola' } }));
    assert.deepEqual(access, { role: 'analyst', user: 'Ola' });
  });

  it('refuses a name with control characters or too long, naming the header, and changes nothing', async () => {
    const before = (await jsonBody(await service.admin('GET', '/api/admin/v4/history/synonyms'))).versions.length;
    for (const header of [encodeURIComponent('Ada\u0007'), encodeURIComponent('x'.repeat(81))]) {
      const res = await service.request('PUT', '/api/admin/v4/import/synonyms', {
        body: JSON.stringify({ locales: {} }),
        headers: { 'Api-Key': KEYS.merchandiser, 'Content-Type': 'application/json', 'X-Elevate-User': header },
      });
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /X-Elevate-User/);
    }
    assert.equal((await jsonBody(await service.admin('GET', '/api/admin/v4/history/synonyms'))).versions.length, before);
  });

  it('answers 429 with Retry-After to an address after 3 wrong keys, even with a right key, and not to another address', async () => {
    const from = (address: string, key: string) =>
      service.request('GET', '/api/admin/v4/export/synonyms', { headers: { 'Api-Key': key, 'X-Forwarded-For': address } });
    for (let i = 0; i < 5; i++) assert.equal((await from('10.9.9.9', '')).status, 403, 'a missing key is no guess');
    assert.equal((await from('10.9.9.9', API_KEY)).status, 200);
    for (let i = 0; i < 3; i++) assert.equal((await from('10.9.9.9', `guess-${i}`)).status, 403);
    const throttled = await from('10.9.9.9', API_KEY);
    assert.equal(throttled.status, 429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 300, `Retry-After ${retryAfter}`);
    assert.match((await jsonBody(throttled)).message, /Too many wrong Api-Key/);
    assert.equal((await from('10.9.9.8', API_KEY)).status, 200, 'another address is not slowed down');
    assert.equal((await from('10.9.9.8', KEYS.analyst)).status, 200);
  });
});
