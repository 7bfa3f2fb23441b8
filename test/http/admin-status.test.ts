/**
 * Status codes of the admin interface: 202 only behind `blockingTimeout` (configuration and merchandising
 * imports), and gzip required by every export, the configuration's included (admin spec, "Endpoints").
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, TEST_CONFIGURATION, type TestService } from './harness';

async function pollUntilDone(service: TestService, id: string): Promise<{ status: string; reason: string | null; kind: string }> {
  for (let i = 0; i < 200; i++) {
    const body = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${id}`));
    if (body.status !== 'IN_PROGRESS') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

describe('admin status codes', () => {
  let service: TestService;
  const json = { 'Content-Type': 'application/json' };
  const postConfiguration = (query = '') =>
    service.admin('POST', `/api/admin/v4/import/configuration${query}`, { body: JSON.stringify(TEST_CONFIGURATION), headers: json });
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  describe('configuration import', () => {
    it('answers 202 with the id to poll when blockingTimeout runs out before it finished, like the other imports', async () => {
      const res = await postConfiguration('?blockingTimeout=PT0S&name=markets');
      assert.equal(res.status, 202);
      const body = await jsonBody(res);
      assert.equal(body.status, 'IN_PROGRESS');
      assert.equal(body.statusUrl, `/api/admin/v4/import/status?id=${body.id}`);
      const done = await pollUntilDone(service, body.id);
      assert.equal(done.status, 'SUCCESS');
      assert.equal(done.kind, 'configuration');
    });

    it('answers 204 when it finished within the wait (default 5 minutes)', async () => {
      assert.equal((await postConfiguration()).status, 204);
      assert.equal((await postConfiguration('?blockingTimeout=PT30S')).status, 204);
    });

    it('answers 400 naming blockingTimeout when it is not an ISO 8601 duration', async () => {
      const res = await postConfiguration('?blockingTimeout=5m');
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /blockingTimeout/);
    });
  });

  describe('configuration export', () => {
    it('answers 406 without Accept-Encoding: gzip, like every export', async () => {
      const res = await service.admin('GET', '/api/admin/v4/export/configuration', { headers: { 'Accept-Encoding': 'identity' } });
      assert.equal(res.status, 406);
      assert.match((await jsonBody(res)).message, /gzip/);
    });

    it('answers the configuration to a client accepting gzip', async () => {
      const res = await service.admin('GET', '/api/admin/v4/export/configuration', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200);
      assert.deepEqual(await jsonBody(res), TEST_CONFIGURATION);
    });
  });

  describe('merchandising imports', () => {
    const templates = { card: { products: { all: { fields: ['title'], maxVariants: 0 } } } };
    const facets = { markets: { SE: { facets: [{ attribute: 'brand', type: 'TEXT' }] } } };

    it('answer 204 without blockingTimeout: the spec lists only 204 for them', async () => {
      assert.equal((await service.admin('POST', '/api/admin/v4/import/templates', { body: JSON.stringify(templates), headers: json })).status, 204);
    });

    it('answer 202 with an id only when the client sets blockingTimeout and it runs out', async () => {
      for (const [method, path, body] of [
        ['POST', '/api/admin/v4/import/templates', templates],
        ['PUT', '/api/admin/v4/import/synonyms', { locales: { 'sv-SE': [{ terms: ['tröja', 'sweater'] }] } }],
      ] as const) {
        const res = await service.admin(method, `${path}?blockingTimeout=PT0S`, { body: JSON.stringify(body), headers: json });
        assert.equal(res.status, 202, path);
        const { id, statusUrl } = await jsonBody(res);
        assert.equal(statusUrl, `/api/admin/v4/import/status?id=${id}`);
        assert.equal((await pollUntilDone(service, id)).status, 'SUCCESS');
      }
      const res = await service.admin('PUT', '/api/admin/v4/import/facets?blockingTimeout=PT1M', { body: JSON.stringify(facets), headers: json });
      assert.equal(res.status, 204, await res.clone().text());
    });

    it('answer 400 naming blockingTimeout when it is malformed', async () => {
      const res = await service.admin('POST', '/api/admin/v4/import/templates?blockingTimeout=soon', { body: JSON.stringify(templates), headers: json });
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /blockingTimeout/);
    });
  });
});
