/**
 * Scenario: a full import whose new catalog version cannot get its replicas (the cluster refuses to allocate
 * replicas, as when the nodes that could hold them are full or gone). The aliases must not move to a version
 * that one node failure would turn red: the import fails after INDEX_HEALTH_TIMEOUT_SECONDS (status FAILURE),
 * the live catalog answers unchanged and the new version is gone. Once allocation is back, the same import
 * succeeds.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { startApi, type ApiProcess } from './support/api';
import { catalogLines, configure, importFull, searchPagePath, streamLines } from './support/catalog';
import { catalogVersions, dropPrefix, liveVersion, testClient, waitGreen } from './support/cluster';
import { record } from './support/figures';

const SCENARIO = 'replicas of a new catalog version not allocated';
const HEALTH_TIMEOUT_SECONDS = 15;

describe(SCENARIO, function () {
  this.timeout(10 * 60_000);
  const prefix = `faults-health-${randomBytes(3).toString('hex')}`;
  let client: Client;
  let api: ApiProcess;

  before(async () => {
    client = testClient();
    await waitGreen(client);
    api = await startApi('replicas-not-allocated', { INDEX_PREFIX: prefix, INDEX_HEALTH_TIMEOUT_SECONDS: String(HEALTH_TIMEOUT_SECONDS) });
    await configure(api);
    await importFull(api, catalogLines(300, 'A'));
  });

  after(async () => {
    await client?.cluster.putSettings({ persistent: { 'cluster.routing.allocation.enable': null } }).catch(() => undefined);
    await api?.stop();
    await dropPrefix(client, prefix);
    await client?.close();
  });

  it('fails the import without moving the aliases, then succeeds once replicas can be allocated', async () => {
    const live = await liveVersion(client, prefix);
    const before = (await (await api.request('GET', searchPagePath('cotton'))).json()) as { primaryList?: { totalHits?: number } };
    await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.enable': 'primaries' } });
    let refused: string;
    const startedAt = Date.now();
    try {
      const res = await api.admin('PUT', '/api/admin/v4/import/catalog?force=true&name=no-replicas', {
        body: streamLines(catalogLines(400, 'B')),
        headers: { 'Content-Type': 'application/jsonlines' },
      });
      refused = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } finally {
      await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.enable': null } });
    }
    const tookS = Math.round((Date.now() - startedAt) / 1000);
    const liveAfter = await liveVersion(client, prefix);
    const versions = [...(await catalogVersions(client, prefix)).keys()];
    const after = (await (await api.request('GET', searchPagePath('cotton'))).json()) as { primaryList?: { totalHits?: number } };
    await waitGreen(client);
    const repeat = await api.admin('PUT', '/api/admin/v4/import/catalog?force=true&name=replicas-back', {
      body: streamLines(catalogLines(400, 'B')),
      headers: { 'Content-Type': 'application/jsonlines' },
    });
    const repeated = `${repeat.status} ${(await repeat.text()).slice(0, 200)}`.trim();
    record(SCENARIO, {
      'import with replica allocation off answered': `${refused} after ${tookS} s (INDEX_HEALTH_TIMEOUT_SECONDS=${HEALTH_TIMEOUT_SECONDS})`,
      'live version unchanged': String(liveAfter === live),
      'catalog versions after the refusal': versions.length,
      'search-page cotton hits before/after': `${before.primaryList?.totalHits}/${after.primaryList?.totalHits}`,
      'same import with allocation back answered': repeated,
      'imports attempted/succeeded': `2/${repeat.status === 204 ? 1 : 0}`,
    });
    assert.match(refused, /^503 .*green/);
    assert.equal(liveAfter, live, 'the aliases stayed on the live version');
    assert.deepEqual(versions, [live], 'the version that could not get its replicas is deleted');
    assert.equal(after.primaryList?.totalHits, before.primaryList?.totalHits);
    assert.equal(repeat.status, 204, repeated);
    assert.notEqual(await liveVersion(client, prefix), live);
  });
});
