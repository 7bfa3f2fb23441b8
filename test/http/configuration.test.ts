import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

describe('configuration import (markets and locales)', () => {
  let service: TestService;
  const post = (body: unknown, query = '') =>
    service.admin('POST', `/api/admin/v4/import/configuration${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  it('refuses a catalog import before any configuration when the file names no locale to learn, saying what to do', async () => {
    const res = await service.importCatalog(smallCatalog().filter((e) => !('translation' in e)));
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /import\/configuration/);
  });

  it('stores markets with their locales and currency, and exports them', async () => {
    assert.equal((await post({ markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' }, NO: { locales: ['nb-NO'] } } })).status, 204);
    const res = await service.admin('GET', '/api/admin/v4/export/configuration');
    assert.deepEqual(await jsonBody(res), { markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' }, NO: { locales: ['nb-NO'] } } });
  });

  it('rejects unsupported locales, bad market ids and a missing markets object with 400 naming them', async () => {
    let res = await post({ markets: { SE: { locales: ['xx-XX'] } } });
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /markets\.SE\.locales/);
    res = await post({ markets: { 'S E': { locales: ['sv-SE'] } } });
    assert.equal(res.status, 400);
    res = await post({});
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /markets/);
  });

  it('refuses to remove a market a live catalog uses unless allowDestructiveImport=true', async () => {
    assert.equal((await service.importCatalog(smallCatalog())).status, 204);
    let res = await post({ markets: { SE: { locales: ['sv-SE', 'en-GB'] } } });
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /NO.*allowDestructiveImport=true/);
    res = await post({ markets: { SE: { locales: ['sv-SE', 'en-GB'] } } }, '?allowDestructiveImport=true');
    assert.equal(res.status, 204);
  });

  it('needs the Api-Key', async () => {
    const res = await service.request('POST', '/api/admin/v4/import/configuration', { body: '{}' });
    assert.equal(res.status, 403);
  });
});
