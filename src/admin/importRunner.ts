/**
 * Runs one import under the cluster-wide lock as a tracked job (an import that writes nothing, `unlocked`,
 * without it): 409 when another import runs; the answer waits at most `blockingTimeout`, after which the
 * import goes on in the background and the caller gets 202 with an id to poll at /api/admin/v4/import/status.
 */
import { DomainError, RequestTimedOut } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import { Conflict } from '../kernel/errors';
import type { HeldLock, ImportLock } from './importLock';
import type { ImportJobs, ImportJob } from './importJobs';
import type { ImportProgress } from './catalogImport';

export interface ImportRequest {
  kind: string;
  name?: string;
  /** The longest wait for the answer (then 202 and the import goes on); undefined waits until it ends. */
  blockingTimeoutMs?: number;
  /**
   * Settles when the request body has been received. A 202 is never sent before: Node discards the unread
   * rest of a request once its response is sent, so the import would lose lines.
   */
  bodyReceived?: Promise<void>;
  /**
   * Runs without the import lock: an import that writes nothing (a validationOnly catalog import without an
   * impact report) must not keep every other import waiting while it reads its body.
   */
  unlocked?: boolean;
}

/** Node fires a longer timer at once (a 32-bit delay): a longer blockingTimeout waits this long (24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What an import answers besides its status (the catalog import's impact report), kept in its job for the status call. */
export type ImportResult = Pick<ImportJob, 'impactReport' | 'warningCount' | 'warnings'>;

/** `id` of a finished import too: its status keeps what the answer cannot carry (warnings). */
export type ImportOutcome = { finished: true; id: string; result?: ImportResult } | { finished: false; id: string };

export type ImportWork = (progress: (p: ImportProgress) => Promise<void>) => Promise<void | ImportResult>;

/** Told of every import's end: `outcome` success, failure, aborted, or conflict (another import held the lock: `seconds` absent). */
export type ImportObserver = (kind: string, outcome: 'success' | 'failure' | 'aborted' | 'conflict', seconds?: number) => void;

/**
 * Imports without the lock (validationOnly) running at once in one process: they keep no import waiting, but
 * each reads a whole file, so their number is bounded as the lock bounded it before (one per cluster).
 */
export const MAX_UNLOCKED_IMPORTS = 2;

export class ImportRunner {
  private unlockedRunning = 0;

  constructor(
    private readonly lock: ImportLock,
    private readonly jobs: ImportJobs,
    private readonly log: Logger,
    private readonly lockTtlSeconds: number,
    private readonly observe: ImportObserver = () => undefined,
  ) {}

  /** Takes the lock; the job of a dead process whose lease it took over is recorded as failed. */
  private async acquire(id: string, kind: string, name?: string): Promise<HeldLock> {
    const held = await this.lock.acquire(id, kind, name);
    if (held.tookOver) {
      this.log.warn('import lock of a stopped process taken over', { previous: held.tookOver });
      await this.jobs
        .markAbandoned(held.tookOver.importId)
        .catch((err) => this.log.warn('could not record the abandoned import', { id: held.tookOver?.importId, err }));
    }
    return held;
  }

  /**
   * Runs `work` under the import lock without a job (start-up clean-up): waits up to `waitMs` for the lock,
   * which a process that died holds until its lease expires; false when it stayed taken (a live import).
   */
  async whenFree(kind: string, work: () => Promise<void>, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      let held: HeldLock;
      try {
        held = await this.acquire(this.jobs.newId(), kind);
      } catch (err) {
        if (!(err instanceof Conflict) || Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      try {
        await work();
        return true;
      } finally {
        await held.release().catch((err) => this.log.warn('could not release import lock', { err }));
      }
    }
  }

  async run(request: ImportRequest, work: ImportWork): Promise<ImportOutcome> {
    const id = this.jobs.newId();
    const started = Date.now();
    let held: HeldLock | undefined;
    try {
      if (!request.unlocked) held = await this.acquire(id, request.kind, request.name);
      else if (this.unlockedRunning >= MAX_UNLOCKED_IMPORTS) {
        throw new Conflict(`${MAX_UNLOCKED_IMPORTS} validation-only imports are in progress in this process: retry when one has finished`);
      }
    } catch (err) {
      if (err instanceof Conflict) this.observe(request.kind, 'conflict');
      throw err;
    }
    if (request.unlocked) this.unlockedRunning++;
    const job: ImportJob = {
      id,
      kind: request.kind,
      name: request.name,
      status: 'IN_PROGRESS',
      reason: null,
      startedAt: new Date().toISOString(),
      heartbeatAt: new Date().toISOString(),
      linesRead: 0,
      errorCount: 0,
    };
    let lastUpdate = Date.now();
    const renewEvery = (this.lockTtlSeconds * 1000) / 3;
    // The lease is renewed by a timer, whatever the import is doing (reading, refresh, waiting for health),
    // and the job's heartbeat with it. A lease taken over by another process (this one stalled past it) stops
    // the import at its next progress report, before anything is published.
    let lost: Conflict | undefined;
    const beat = async () => {
      try {
        await held?.renew();
      } catch (err) {
        if (err instanceof Conflict) lost = err;
        throw err;
      }
      await this.jobs.update(id, { heartbeatAt: new Date().toISOString() });
    };
    const heartbeat = setInterval(() => {
      beat().catch((err) => this.log.warn('could not renew import lock', { id, err }));
    }, renewEvery);
    heartbeat.unref();
    let embeddings: ImportProgress['embeddings'];
    const progress = async (p: ImportProgress) => {
      if (lost) throw lost;
      embeddings = p.embeddings;
      if (Date.now() - lastUpdate < renewEvery) return;
      lastUpdate = Date.now();
      await this.jobs.update(id, { linesRead: p.linesRead, errorCount: p.errorCount, ...(p.embeddings ? { embeddings: p.embeddings } : {}) });
    };

    const log = this.log;
    log.info('import started', { id, kind: request.kind, name: request.name });
    const created = this.jobs.create(job);
    const running = (async (): Promise<ImportResult | undefined> => {
      let failure: unknown;
      let result: ImportResult | undefined;
      try {
        await created;
        result = (await work(progress)) ?? undefined;
      } catch (err) {
        failure = err;
      } finally {
        clearInterval(heartbeat);
        if (request.unlocked) this.unlockedRunning--;
        await held?.release().catch((e) => log.error('could not release import lock', { id, err: e }));
      }
      // The final status is written after the lock is released, so a client that sees SUCCESS or FAILURE
      // can start its next import at once without a 409.
      if (failure === undefined) {
        this.observe(request.kind, 'success', (Date.now() - started) / 1000);
        await this.jobs.update(id, { status: 'SUCCESS', finishedAt: new Date().toISOString(), ...(embeddings ? { embeddings } : {}), ...result });
        log.info('import finished', { id, kind: request.kind, name: request.name });
        return result;
      }
      const err = failure as Error & { code?: string };
      // The client went away, or stopped sending its body (RequestTimedOut): nothing of it was applied.
      const aborted = err.code === 'ECONNRESET' || err.message === 'aborted' || err instanceof RequestTimedOut;
      const reason = err.message;
      this.observe(request.kind, aborted ? 'aborted' : 'failure', (Date.now() - started) / 1000);
      const details = err instanceof DomainError ? err.details : undefined;
      await this.jobs
        .update(id, {
          status: aborted ? 'ABORTED' : 'FAILURE',
          reason,
          finishedAt: new Date().toISOString(),
          errorCount: Array.isArray(details?.errors) ? (details.errors as unknown[]).length + Number(details?.moreErrors ?? 0) : 0,
          ...(details?.errors ? { errors: details.errors as unknown[] } : {}),
        })
        .catch((e) => log.error('could not record import failure', { id, err: e }));
      log.warn('import failed', { id, kind: request.kind, name: request.name, reason });
      throw err;
    })();

    let timer: NodeJS.Timeout | undefined;
    const wait = request.blockingTimeoutMs;
    const timeout = new Promise<'timeout'>((resolve) => {
      if (wait !== undefined) timer = setTimeout(() => resolve('timeout'), Math.min(wait, MAX_TIMER_MS));
    });
    try {
      let result: ImportResult | undefined;
      const done = running.then((r) => {
        result = r;
        return 'done' as const;
      });
      let first = await Promise.race([done, timeout]);
      if (first === 'timeout' && request.bodyReceived) first = await Promise.race([done, request.bodyReceived.then(() => 'timeout' as const)]);
      if (first === 'done') return result ? { finished: true, id, result } : { finished: true, id };
      running.catch(() => undefined); // reported through the job status
      // The 202 names a job the client may poll at once: its record is written first.
      await created.catch(() => undefined);
      return { finished: false, id };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** ISO 8601 duration (`PT5M`, `PT30S`, `P1DT2H`, `PT0.5S`) in milliseconds; undefined when malformed. */
export function parseIsoDuration(text: string): number | undefined {
  const m = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [, w, d, h, min, s] = m.map((v) => (v === undefined ? 0 : Number(v)));
  return Math.round(((((w * 7 + d) * 24 + h) * 60 + min) * 60 + s) * 1000);
}
