/**
 * Scenario: the API process running a full catalog import is killed (SIGKILL) half-way through the upload.
 * A full import builds a new catalog version beside the live one and moves the aliases only at the end, so
 * the live catalog must keep answering unchanged (a second API process serves the storefront meanwhile).
 * Then: the half-built version must not outlive the next start or the next import, the dead process's import
 * lock must be released within a minute, the import's status must say FAILURE, and a repeat must succeed.
 *
 * The steps are separate tests sharing one timeline, so that one failing does not hide what the others measure.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { describeLines, errorLines, startApi, type ApiProcess } from './support/api';
import {
  CONFIGURATION,
  QUERIES,
  catalogLines,
  configure,
  fingerprint,
  importFull,
  sameFingerprint,
  searchPagePath,
  streamLines,
  type PageFingerprint,
} from './support/catalog';
import { catalogVersions, dropPrefix, liveVersion, sleep, testClient, waitGreen } from './support/cluster';
import { record } from './support/figures';
import { judge, SteadyLoad, summarizeFailures } from './support/load';

const SCENARIO = 'API process killed mid full import';
const LIVE_GROUPS = 1000;
const NEW_GROUPS = 6000;
const LOCK_RELEASE_TARGET_MS = 60_000;

describe(SCENARIO, function () {
  this.timeout(15 * 60_000);
  const prefix = `faults-crash-${randomBytes(3).toString('hex')}`;
  let client: Client;
  let importer: ApiProcess;
  let server: ApiProcess;
  let restarted: ApiProcess | undefined;
  const reference = new Map<string, PageFingerprint>();
  let liveBefore: string | undefined;
  let killedAt = 0;
  let importId: string | undefined;
  const imports = { attempted: 0, succeeded: 0 };

  before(async () => {
    client = testClient();
    await waitGreen(client);
    importer = await startApi('import-crash-importer', { INDEX_PREFIX: prefix });
    server = await startApi('import-crash-server', { INDEX_PREFIX: prefix });
    await configure(importer);
    await importFull(importer, catalogLines(LIVE_GROUPS, 'A'));
    liveBefore = await liveVersion(client, prefix);
    for (const q of QUERIES) {
      const res = await server.request('GET', searchPagePath(q));
      assert.equal(res.status, 200, `search-page ${q} before the import`);
      reference.set(q, fingerprint(await res.json()));
      assert.ok(reference.get(q)!.totalHits > 0, `search-page ${q} finds products`);
    }
  });

  after(async () => {
    await Promise.all([importer?.stop(), server?.stop(), restarted?.stop()]);
    await dropPrefix(client, prefix);
    await client?.close();
  });

  it('keeps the live catalog answering unchanged while the importing process is killed', async () => {
    const load = new SteadyLoad({
      ratePerSecond: 10,
      next: (n) => {
        const q = QUERIES[n % QUERIES.length];
        const path = searchPagePath(q);
        return {
          path,
          send: async (signal) =>
            judge(await fetch(server.url + path, { signal }), (body) => {
              const seen = fingerprint(body);
              return sameFingerprint(seen, reference.get(q)!)
                ? undefined
                : `catalog changed: ${JSON.stringify(seen)} instead of ${JSON.stringify(reference.get(q))}`;
            }),
        };
      },
    }).start();

    let sent = 0;
    const totalLines = [...catalogLines(NEW_GROUPS, 'B')].length;
    imports.attempted++;
    const upload = importer
      .admin('PUT', '/api/admin/v4/import/catalog?force=true&name=crash', {
        body: streamLines(catalogLines(NEW_GROUPS, 'B'), (n) => {
          sent = n;
        }),
        headers: { 'Content-Type': 'application/jsonlines' },
      })
      .then(
        (res) => `${res.status}`,
        (err: Error) => `no answer (${err.message})`,
      );
    // Kill once half the entities are in the new version (one entities document per line; the version loads
    // with refresh off, so the indexing counter tells, not _count).
    let loaded = 0;
    for (;;) {
      const building = [...(await catalogVersions(client, prefix)).keys()].find((v) => v !== liveBefore);
      if (building) {
        // The entities index of the version is created last: absent for a moment.
        const stats = await client.indices.stats({ index: `${prefix}-catalog-entities-${building}`, metric: 'indexing' }).catch(() => undefined);
        loaded = stats?._all.primaries?.indexing?.index_total ?? 0;
        if (loaded >= totalLines / 2) break;
      }
      await sleep(100);
    }
    const lock = await client.get<{ importId?: string; holder?: string; expiresAt?: string }>({ index: `${prefix}-import-lock`, id: 'import' });
    importId = lock._source?.importId;
    killedAt = Date.now();
    await importer.kill('SIGKILL');
    const answer = await upload;
    const versionsAfterKill = await catalogVersions(client, prefix);
    await sleep(10_000);
    const figures = await load.stop();

    record(SCENARIO, {
      'live catalog': `${LIVE_GROUPS} groups (keys A…), import of ${NEW_GROUPS} groups (keys B…, ${totalLines} lines)`,
      'when killed': `${loaded} entities of ${totalLines} in the new version, ${sent} lines sent`,
      'answer to the killed upload': answer,
      'lock when killed': `held by ${lock._source?.holder}, expires ${lock._source?.expiresAt}`,
      'catalog versions right after the kill': versionsAfterKill.size,
      'storefront requests sent (other process)': figures.sent,
      'failed or changed after one retry': figures.failures.length,
      statuses: figures.statuses,
      failures: summarizeFailures(figures.failures),
    });
    assert.ok(importId, 'the lock named the running import');
    assert.equal(await liveVersion(client, prefix), liveBefore, 'the aliases still point at the live version');
    assert.equal(figures.failures.length, 0, summarizeFailures(figures.failures).join('; '));
  });

  it('leaves no half-built catalog version after the next start', async () => {
    assert.ok(killedAt > 0, 'the crash step ran');
    restarted = await startApi('import-crash-restarted', { INDEX_PREFIX: prefix });
    // The start cleans up in the background under the import lock, which it can take only once the dead
    // process's lease has expired (a live holder looks the same until then): within the minute of the lock
    // target, plus a margin for a loaded machine.
    const startedAt = Date.now();
    let leftovers: string[] = [];
    while (Date.now() - killedAt <= LOCK_RELEASE_TARGET_MS + 30_000) {
      const versions = await catalogVersions(client, prefix);
      const live = await liveVersion(client, prefix);
      leftovers = [...versions.keys()].filter((v) => v !== live);
      if (!leftovers.length) break;
      await sleep(1000);
    }
    record(SCENARIO, {
      'half-built versions after the next start': leftovers,
      'deleted by the next start after': leftovers.length
        ? 'not deleted'
        : `${Math.round((Date.now() - startedAt) / 1000)} s (${Math.round((Date.now() - killedAt) / 1000)} s after the kill)`,
    });
    assert.equal(leftovers.length, 0, `half-built catalog versions still there after a restart: ${leftovers.join(', ')}`);
  });

  it("releases the dead process's import lock within a minute of the crash", async () => {
    assert.ok(killedAt > 0, 'the crash step ran');
    // A configuration import (the same markets) takes the same lock and is cheap: 204 once it is free.
    let releasedAfterMs: number | undefined;
    let last = '';
    while (Date.now() - killedAt <= LOCK_RELEASE_TARGET_MS) {
      const res = await restarted!.admin('POST', '/api/admin/v4/import/configuration', {
        body: JSON.stringify(CONFIGURATION),
        headers: { 'Content-Type': 'application/json' },
      });
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
      if (res.status === 204) {
        releasedAfterMs = Date.now() - killedAt;
        break;
      }
      await sleep(2000);
    }
    const lock = await client.get<{ expiresAt?: string }>({ index: `${prefix}-import-lock`, id: 'import' }, { ignore: [404] });
    record(SCENARIO, {
      'lock released after':
        releasedAfterMs === undefined
          ? `still held ${Math.round((Date.now() - killedAt) / 1000)} s after the crash (expires ${lock._source?.expiresAt ?? '?'}); last answer ${last}`
          : `${Math.round(releasedAfterMs / 1000)} s`,
    });
    assert.ok(releasedAfterMs !== undefined, `import lock still held ${Math.round((Date.now() - killedAt) / 1000)} s after the crash: ${last}`);
  });

  it('says FAILURE in the status of the killed import', async () => {
    assert.ok(killedAt > 0, 'the crash step ran');
    const res = await server.admin('GET', `/api/admin/v4/import/status?id=${importId}`);
    const status = (await res.json()) as { status?: string; reason?: string };
    record(SCENARIO, { 'status of the killed import': `${status.status}${status.reason ? ` (${status.reason})` : ''}` });
    assert.equal(status.status, 'FAILURE');
  });

  it('succeeds when the import is repeated, leaving only the new version', async () => {
    assert.ok(killedAt > 0 && restarted, 'the crash step ran');
    const repeat = async () => {
      imports.attempted++;
      const startedAt = Date.now();
      const res = await restarted!.admin('PUT', '/api/admin/v4/import/catalog?force=true&name=repeat', {
        body: streamLines(catalogLines(NEW_GROUPS, 'B')),
        headers: { 'Content-Type': 'application/jsonlines' },
      });
      const text = await res.text();
      if (res.status === 204) imports.succeeded++;
      return `${res.status} after ${Math.round((Date.now() - startedAt) / 1000)} s${text ? ` ${text.slice(0, 200)}` : ''}`;
    };
    const first = await repeat();
    await waitGreen(client);
    const versions = await catalogVersions(client, prefix);
    const live = await liveVersion(client, prefix);
    const leftovers = [...versions.keys()].filter((v) => v !== live);
    record(SCENARIO, {
      'repeat import answered': first,
      // A 500 says only "see the log": the restarted process's error lines say why.
      'restarted API error log lines': errorLines(restarted!).length ? [describeLines(errorLines(restarted!), 3)] : [],
      'imports attempted/succeeded': `${imports.attempted}/${imports.succeeded}`,
      'catalog versions left behind after the next import': leftovers,
    });
    assert.ok(first.startsWith('204'), `the repeat answered ${first}; log: ${describeLines(errorLines(restarted!), 3)}`);
    assert.notEqual(live, liveBefore, 'the new catalog is live');
    assert.equal(leftovers.length, 0, `catalog versions left behind: ${leftovers.join(', ')}`);
  });
});
