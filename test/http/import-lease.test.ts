/**
 * The import lock is a short lease: the lock and the job a process left when it died (written here the way
 * that process would have left them) stop blocking imports once the lease has expired, and the job reads
 * FAILURE. A live holder's lock still answers 409. The real crash (SIGKILL mid-import) is a fault scenario
 * (test/faults/3-import-crash.test.ts).
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const LEASE_SECONDS = 10;

describe("import lock lease (a dead process's lock and job)", function () {
  let service: TestService;
  before(async () => {
    service = await startService({ importLockTtlSeconds: LEASE_SECONDS });
    await service.configure();
  });
  after(async () => service.close());

  /** The lock and running job of a process that renewed them `ageMs` ago. */
  async function leaveBehind(importId: string, ageMs: number): Promise<void> {
    const { es, names } = service.context;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await es.index({
      index: names.importJobs,
      id: importId,
      refresh: true,
      document: {
        id: importId,
        kind: 'catalog-full',
        name: 'dead',
        status: 'IN_PROGRESS',
        reason: null,
        startedAt: at(-ageMs - 60_000),
        heartbeatAt: at(-ageMs),
        linesRead: 5000,
        errorCount: 0,
      },
    });
    await es.index({
      index: names.importLock,
      id: 'import',
      refresh: true,
      document: {
        holder: 'elsewhere:1',
        importId,
        kind: 'catalog-full',
        name: 'dead',
        acquiredAt: at(-ageMs - 60_000),
        expiresAt: at(LEASE_SECONDS * 1000 - ageMs),
      },
    });
  }

  const status = async (id: string) => jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${id}`));

  it('answers 409 while the holder renews its lease, and the job reads IN_PROGRESS', async () => {
    await leaveBehind('111', 1000);
    const res = await service.importCatalog(smallCatalog());
    assert.equal(res.status, 409, await res.text());
    assert.equal((await status('111')).status, 'IN_PROGRESS');
    await service.context.es.delete({ index: service.context.names.importLock, id: 'import', refresh: true });
  });

  it('reads FAILURE for a running job silent for longer than the lease, and an import takes the expired lock over', async () => {
    await leaveBehind('222', LEASE_SECONDS * 1000 + 2000);
    const before = await status('222');
    assert.equal(before.status, 'FAILURE');
    assert.match(before.reason, /stopped/);
    const res = await service.importCatalog(smallCatalog());
    assert.equal(res.status, 204, await res.text());
    // Recorded for good once the lock was taken over, not only judged when read.
    const stored = await service.context.es.get<{ status: string }>({ index: service.context.names.importJobs, id: '222' });
    assert.equal(stored._source?.status, 'FAILURE');
  });
});
