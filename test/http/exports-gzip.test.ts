import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startService, API_KEY, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

/** The raw answer, undecoded (fetch would gunzip it silently and hide a missing Content-Encoding). */
function rawGet(service: TestService, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(service.url + path, { headers: { 'Api-Key': API_KEY, 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('exports answer gzip (issue 32, item 1)', function () {
  let service: TestService;
  const catalog = smallCatalog(40);
  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(catalog);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('sends the catalog export as gzip-compressed JSON lines that decompress to what was imported', async () => {
    const res = await rawGet(service, '/api/admin/v4/export/catalog');
    assert.equal(res.status, 200, res.body.toString());
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(String(res.headers['content-type']), /application\/jsonlines/);
    assert.equal(res.headers['content-length'], undefined, 'streamed, not buffered');
    const lines = gunzipSync(res.body)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).replace);
    assert.deepEqual(lines.map((e) => e.key).sort(), catalog.map((e) => e.key).sort());
    assert.deepEqual(
      lines.find((e) => e.key === 'G7'),
      catalog.find((e) => e.key === 'G7'),
    );
  });

  for (const path of [
    '/api/admin/v4/export/configuration',
    '/api/admin/v4/export/templates',
    '/api/admin/v4/export/facets',
    '/api/admin/v4/export/labels',
    '/api/admin/v4/export/synonyms',
    '/api/admin/v4/export/compounds',
    '/api/admin/v4/export/pages?market=SE',
    '/api/admin/v3/export/navigation?market=SE&locale=sv-SE',
  ]) {
    it(`gzips ${path.split('?')[0]}, however small`, async () => {
      const res = await rawGet(service, path);
      assert.equal(res.status, 200, res.body.toString());
      assert.equal(res.headers['content-encoding'], 'gzip');
      JSON.parse(gunzipSync(res.body).toString('utf8'));
    });
  }
});
