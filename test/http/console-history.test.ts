/**
 * History of merchandising imports over HTTP against the real node: every import is kept as a version
 * (when, name, short key id, content in its export's shape); list, show, diff and rollback for pages and
 * synonyms, the rollback restoring the exact earlier export.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { API_KEY, jsonBody, startService, type TestService } from './harness';
import type { Page } from '../../src/merchandising/pages/types';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const shoes: Page = { id: '/shoes', paths: { 'sv-SE': '/skor' }, primaryList: { rules: 'rule incl category { "Shoes" }', pinned: ['a', 'b'] } };
const hats: Page = { id: '/hats', paths: { 'sv-SE': '/hattar' }, headings: { 'sv-SE': 'Hattar' } };
const bags: Page = { id: '/bags', paths: { 'sv-SE': '/vaskor' } };

describe('history of merchandising imports (HTTP)', function () {
  let service: TestService;
  before(async function () {
    service = await startService();
    await service.configure();
  });
  after(async () => {
    await service.close();
  });

  const importPages = async (body: unknown, name: string) => {
    const res = await service.admin('POST', `/api/admin/v4/import/pages?name=${name}`, { body: JSON.stringify(body), headers: JSON_HEADERS });
    assert.equal(res.status, 204, await res.text());
  };
  const exportPages = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/pages?market=SE', { headers: { 'Accept-Encoding': 'gzip' } }));
  const importSynonyms = async (method: string, body: unknown, name: string) => {
    const res = await service.admin(method, `/api/admin/v4/import/synonyms?name=${name}`, { body: JSON.stringify(body), headers: JSON_HEADERS });
    assert.equal(res.status, 204, await res.text());
  };
  const exportSynonyms = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/synonyms', { headers: { 'Accept-Encoding': 'gzip' } }));
  const get = async (path: string, status = 200) => {
    const res = await service.admin('GET', path);
    const body = await jsonBody(res);
    assert.equal(res.status, status, JSON.stringify(body));
    return body;
  };

  it('keeps pages versions: list newest first, show, diff field by field, and a rollback restores the exact export', async () => {
    await importPages({ market: 'SE', type: 'FULL', addOrUpdate: [shoes, hats] }, 'first');
    const afterFirst = await exportPages();
    await importPages(
      { market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/shoes', primaryList: { pinned: ['c', 'b'] } }, bags], remove: ['/hats'] },
      'second',
    );
    const afterSecond = await exportPages();
    assert.notDeepEqual(afterSecond, afterFirst);

    const { versions } = await get('/api/admin/v4/history/pages?market=SE');
    assert.deepEqual(
      versions.map((v: { name: string }) => v.name),
      ['second', 'first', 'Starting version'],
    );
    const keyId = createHash('sha256').update(API_KEY).digest('hex').slice(0, 8);
    for (const v of versions.slice(0, 2)) {
      assert.equal(v.keyId, keyId);
      assert.ok(!JSON.stringify(v).includes(API_KEY), 'the key itself is never kept');
      assert.ok(Date.parse(v.at) > 0);
      assert.equal(typeof v.summary, 'string');
    }
    const [second, first] = versions;
    assert.deepEqual((await get(`/api/admin/v4/history/pages/${first.id}`)).content, afterFirst);
    assert.deepEqual((await get(`/api/admin/v4/history/pages/${second.id}`)).content, afterSecond);
    assert.deepEqual((await get('/api/admin/v4/history/pages?market=NO')).versions, [], 'versions are kept per market');

    const diff = await get(`/api/admin/v4/history/pages/diff?from=${first.id}&to=${second.id}`);
    assert.deepEqual(
      diff.added.map((e: { id: string }) => e.id),
      ['/bags'],
    );
    assert.deepEqual(
      diff.removed.map((e: { id: string }) => e.id),
      ['/hats'],
    );
    assert.deepEqual(diff.changed, [{ id: '/shoes', fields: [{ path: 'primaryList.pinned[0]', from: 'a', to: 'c' }] }]);

    const rollback = await service.admin('POST', `/api/admin/v4/history/pages/${first.id}/rollback`);
    assert.equal(rollback.status, 204, await rollback.text());
    assert.deepEqual(await exportPages(), afterFirst);
    const after = (await get('/api/admin/v4/history/pages?market=SE')).versions;
    assert.equal(after.length, 4);
    assert.equal(after[0].name, `rollback to ${first.id}`);
    assert.deepEqual((await get(`/api/admin/v4/history/pages/${after[0].id}`)).content, afterFirst, 'the rollback is a new version equal to the old one');
    const none = await get(`/api/admin/v4/history/pages/diff?from=${first.id}&to=${after[0].id}`);
    assert.deepEqual(none, { from: first.id, to: after[0].id, added: [], removed: [], changed: [] });
  });

  it('keeps synonyms versions: diff and rollback restore the exact export', async () => {
    await importSynonyms('PUT', { locales: { 'sv-SE': [{ terms: ['tröja', 'sweater'] }], 'en-GB': [{ terms: ['jumper', 'sweater'] }] } }, 's1');
    const afterFirst = await exportSynonyms();
    await importSynonyms('POST', { locales: { 'sv-SE': [{ from: ['mobil'], to: ['telefon'] }] } }, 's2');
    await importSynonyms('PUT', { locales: { 'en-GB': [{ terms: ['trainers', 'sneakers'] }] } }, 's3');
    const { versions } = await get('/api/admin/v4/history/synonyms');
    assert.deepEqual(
      versions.map((v: { name: string }) => v.name),
      ['s3', 's2', 's1', 'Starting version'],
    );
    const [s3, , s1] = versions;
    const diff = await get(`/api/admin/v4/history/synonyms/diff?from=${s1.id}&to=${s3.id}`);
    assert.deepEqual(diff.added, []);
    assert.deepEqual(diff.removed, []);
    assert.deepEqual(diff.changed.map((c: { id: string }) => c.id).sort(), ['en-GB', 'sv-SE']);
    const sv = diff.changed.find((c: { id: string }) => c.id === 'sv-SE');
    assert.deepEqual(sv.fields, [{ path: '[1]', to: { from: ['mobil'], to: ['telefon'] } }]);

    const rollback = await service.admin('POST', `/api/admin/v4/history/synonyms/${s1.id}/rollback?name=undo`);
    assert.equal(rollback.status, 204, await rollback.text());
    assert.deepEqual(await exportSynonyms(), afterFirst);
    assert.equal((await get('/api/admin/v4/history/synonyms')).versions[0].name, 'undo');
  });

  it('keeps compounds versions (a kind of the table like any other): starting version, diff by locale, and a rollback restores the exact export', async () => {
    const put = async (body: unknown, name: string) => {
      const res = await service.admin('PUT', `/api/admin/v4/import/compounds?name=${name}`, { body: JSON.stringify(body), headers: JSON_HEADERS });
      assert.equal(res.status, 204, await res.text());
    };
    const exportCompounds = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/compounds', { headers: { 'Accept-Encoding': 'gzip' } }));
    await put({ locales: { 'sv-SE': { excluded: ['handskar'] } } }, 'c1');
    const afterFirst = await exportCompounds();
    await put({ locales: { 'sv-SE': { excluded: ['handskar', 'skohorn'] }, 'en-GB': { excluded: ['shoehorn'] } } }, 'c2');
    const { versions } = await get('/api/admin/v4/history/compounds');
    assert.deepEqual(
      versions.map((v: { name: string; summary: string }) => [v.name, v.summary]),
      [
        ['c2', '2 locales'],
        ['c1', '1 locale'],
        ['Starting version', '0 locales'],
      ],
    );
    const [c2, c1] = versions;
    const diff = await get(`/api/admin/v4/history/compounds/diff?from=${c1.id}&to=${c2.id}`);
    assert.deepEqual(
      diff.added.map((a: { id: string }) => a.id),
      ['en-GB'],
    );
    assert.deepEqual(diff.changed, [{ id: 'sv-SE', fields: [{ path: 'excluded[1]', to: 'skohorn' }] }]);
    const rollback = await service.admin('POST', `/api/admin/v4/history/compounds/${c1.id}/rollback`);
    assert.equal(rollback.status, 204, await rollback.text());
    const restored = await exportCompounds();
    assert.deepEqual(restored.locales['sv-SE'], afterFirst.locales['sv-SE']);
    assert.deepEqual(restored.locales['en-GB'], { excluded: [] }, 'a locale the version lacked is emptied');
    assert.equal((await get('/api/admin/v4/history/compounds')).versions[0].name, `rollback to ${c1.id}`);
  });

  it('imports and rollbacks behind blockingTimeout: 202 with an id only when it is sent and runs out, and the version is kept all the same', async () => {
    const keyId = createHash('sha256').update(API_KEY).digest('hex').slice(0, 8);
    const poll = async (id: string) => {
      for (let i = 0; i < 200; i++) {
        const body = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${id}`));
        if (body.status !== 'IN_PROGRESS') return body.status as string;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('import did not finish');
    };
    const labels = (text: string) => ({ markets: { SE: { 'sv-SE': { 'sort.PRICE_ASCENDING': text } } } });
    const before = await get('/api/admin/v4/history/labels');
    const late = await service.admin('PUT', '/api/admin/v4/import/labels?name=late&blockingTimeout=PT0S', {
      body: JSON.stringify(labels('Rea')),
      headers: JSON_HEADERS,
    });
    assert.equal(late.status, 202, await late.clone().text());
    assert.equal(await poll((await jsonBody(late)).id), 'SUCCESS');
    const kept = (await get('/api/admin/v4/history/labels')).versions;
    // A kind's first import keeps the starting version before it.
    assert.equal(kept.length, before.versions.length + (before.versions.length ? 1 : 2));
    assert.equal(kept[0].name, 'late');
    assert.equal(kept[0].keyId, keyId);
    const exported = await jsonBody(await service.admin('GET', '/api/admin/v4/export/labels', { headers: { 'Accept-Encoding': 'gzip' } }));
    const res = await service.admin('PUT', '/api/admin/v4/import/labels?name=later', { body: JSON.stringify(labels('Utförsäljning')), headers: JSON_HEADERS });
    assert.equal(res.status, 204, await res.text());

    const bad = await service.admin('POST', `/api/admin/v4/history/labels/${kept[0].id}/rollback?blockingTimeout=soon`);
    assert.equal(bad.status, 400);
    assert.match((await jsonBody(bad)).message, /blockingTimeout/);
    const rollback = await service.admin('POST', `/api/admin/v4/history/labels/${kept[0].id}/rollback?blockingTimeout=PT0S`);
    assert.equal(rollback.status, 202, await rollback.clone().text());
    assert.equal(await poll((await jsonBody(rollback)).id), 'SUCCESS');
    assert.deepEqual(await jsonBody(await service.admin('GET', '/api/admin/v4/export/labels', { headers: { 'Accept-Encoding': 'gzip' } })), exported);
    const after = (await get('/api/admin/v4/history/labels')).versions;
    assert.deepEqual([after[0].name, after[0].keyId], [`rollback to ${kept[0].id}`, keyId]);
  });

  it('needs the Api-Key, names bad parameters, answers 404 for unknown versions and 409 while another import runs', async () => {
    assert.equal((await service.request('GET', '/api/admin/v4/history/pages?market=SE')).status, 403);
    assert.equal((await service.request('POST', '/api/admin/v4/history/pages/abc/rollback')).status, 403);
    assert.match((await get('/api/admin/v4/history/pages', 400)).message, /market/);
    assert.match((await get('/api/admin/v4/history/navigation?market=SE', 400)).message, /locale/);
    assert.match((await get('/api/admin/v4/history/synonyms/diff?from=abc', 400)).message, /\bto\b/);
    assert.match((await get('/api/admin/v4/history/synonyms/diff?from=abc&to=A-B', 400)).message, /\bto\b/);
    assert.equal((await service.admin('GET', '/api/admin/v4/history/synonyms/zzz')).status, 404);
    assert.equal((await service.admin('GET', '/api/admin/v4/history/widgets')).status, 404);

    const { versions } = await get('/api/admin/v4/history/synonyms');
    const es = service.context.es;
    const lock = `${service.prefix}-import-lock`;
    await es.index({
      index: lock,
      id: 'import',
      document: { holder: 'other', importId: 'x', kind: 'pages', acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() },
      refresh: true,
    });
    try {
      assert.equal((await service.admin('POST', `/api/admin/v4/history/synonyms/${versions[1].id}/rollback`)).status, 409);
    } finally {
      await es.delete({ index: lock, id: 'import', refresh: true });
    }
    assert.equal((await get('/api/admin/v4/history/synonyms')).versions.length, versions.length, 'a refused rollback keeps no version');
  });

  it('keeps at most HISTORY_VERSIONS versions per kind and scope', async () => {
    const small = await startService({ historyVersions: 2 });
    try {
      await small.configure();
      for (const name of ['a', 'b', 'c']) {
        const res = await small.admin('PUT', `/api/admin/v4/import/synonyms?name=${name}`, {
          body: JSON.stringify({ locales: { 'sv-SE': [{ terms: [name, 'x'] }] } }),
          headers: JSON_HEADERS,
        });
        assert.equal(res.status, 204);
      }
      const { versions } = await jsonBody(await small.admin('GET', '/api/admin/v4/history/synonyms'));
      assert.deepEqual(
        versions.map((v: { name: string }) => v.name),
        ['c', 'b'],
      );
      const configurations = await jsonBody(await small.admin('GET', '/api/admin/v4/history/configuration'));
      assert.equal(configurations.versions.length, 1, 'the configuration import is kept too');
    } finally {
      await small.close();
    }
  });
});
