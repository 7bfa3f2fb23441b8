/** The import runner's answer: when it waits for the end (204) and when it hands back an id (202). */
import assert from 'node:assert/strict';
import { ImportRunner } from '../../src/admin/importRunner';
import type { ImportLock } from '../../src/admin/importLock';
import type { ImportJobs } from '../../src/admin/importJobs';
import { createLogger } from '../../src/kernel/log';

/** A finished import's answer without its id (which names its status). */
const omitId = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'id'));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function runner(): { runner: ImportRunner; created: string[] } {
  const created: string[] = [];
  let n = 0;
  const lock = { acquire: async () => ({ renew: async () => undefined, release: async () => undefined }) } as unknown as ImportLock;
  const jobs = {
    newId: () => String(++n),
    create: async (job: { id: string }) => {
      await sleep(20);
      created.push(job.id);
    },
    update: async () => undefined,
  } as unknown as ImportJobs;
  return { runner: new ImportRunner(lock, jobs, createLogger('error'), 45), created };
}

describe('import runner answers', () => {
  it('waits until the import ends when no blockingTimeout is given (merchandising imports: 204 only)', async () => {
    const { runner: r } = runner();
    assert.deepEqual(omitId(await r.run({ kind: 'templates' }, () => sleep(150))), { finished: true });
  });

  it('hands back the id once blockingTimeout runs out, with the job already recorded for polling', async () => {
    const { runner: r, created } = runner();
    const outcome = await r.run({ kind: 'templates', blockingTimeoutMs: 0 }, () => sleep(150));
    assert.deepEqual(outcome, { finished: false, id: '1' });
    assert.deepEqual(created, ['1']);
  });

  it("takes a blockingTimeout past Node's 32-bit timer limit as a long wait, not as none", async () => {
    const { runner: r } = runner();
    assert.deepEqual(omitId(await r.run({ kind: 'catalog-full', blockingTimeoutMs: 40 * 24 * 3600 * 1000 }, () => sleep(100))), { finished: true });
  });
});
