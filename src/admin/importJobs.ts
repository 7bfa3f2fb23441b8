/**
 * Import jobs, stored in Elasticsearch so that any API process can answer
 * `GET /api/admin/v4/import/status?id=` for an import another process runs. A running job carries a
 * heartbeat, written with each renewal of the import lock: a job IN_PROGRESS whose heartbeat is older than
 * the lock's lease belongs to a process that died, and reads FAILURE.
 */
import type { DocumentIndex } from '../search/documents';
import { randomInt } from 'node:crypto';

export type ImportStatus = 'NOT_FOUND' | 'WAITING' | 'BLOCKED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'ABORTED';

export interface ImportJob {
  id: string;
  kind: string;
  name?: string;
  status: ImportStatus;
  reason: string | null;
  startedAt: string;
  finishedAt?: string;
  /** Last sign of life of the process running it (IN_PROGRESS only). */
  heartbeatAt?: string;
  linesRead: number;
  errorCount: number;
  /** Catalog imports with search by meaning: product documents given vectors from the cache and by the model. */
  embeddings?: { reused: number; embedded: number };
  /** Line errors of a failed validation (capped), so a 202'd import can be diagnosed from the status call. */
  errors?: unknown[];
  /** What an accepted import holds that the spec advises against (counted; the first lines kept with their paths). */
  warningCount?: number;
  warnings?: unknown[];
  /** The impact report of a validationOnly full import with impactReport=true (admin/impactReport.ts). */
  impactReport?: unknown;
  /** A replay's (kind `replay`, admin/replay.ts): phrases to ask, and its report once done. */
  replay?: { total: number; report?: unknown };
}

export class ImportJobs {
  /** `staleAfterMs`: the import lock's lease; a running job silent for longer is dead. */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly staleAfterMs = 45_000,
  ) {}

  /** Elevate's import ids are large integers; we keep the look, as a string. */
  newId(): string {
    return String(randomInt(1, 2 ** 47)) + String(randomInt(100000, 999999));
  }

  async create(job: ImportJob): Promise<void> {
    await this.documents.write(this.index, job.id, job, { refresh: true });
  }

  async update(id: string, changes: Partial<ImportJob>): Promise<void> {
    await this.documents.update(this.index, id, changes, { refresh: true, retryOnConflict: 3 });
  }

  async get(id: string): Promise<ImportJob | undefined> {
    const job = (await this.documents.get<ImportJob>(this.index, id))?.source;
    if (job?.status !== 'IN_PROGRESS') return job;
    const lastSign = Date.parse(job.heartbeatAt ?? job.startedAt);
    if (!(Date.now() - lastSign > this.staleAfterMs)) return job;
    return { ...job, status: 'FAILURE', reason: abandonedReason(job) };
  }

  /** Records the failure of a job whose process died (its lock was taken over), unless it has finished meanwhile. */
  async markAbandoned(id: string): Promise<void> {
    const stored = await this.documents.get<ImportJob>(this.index, id);
    if (stored?.source.status !== 'IN_PROGRESS') return;
    const job = stored.source;
    // A job that finished meanwhile keeps its own ending (the write loses to it).
    await this.documents.writeIf(
      this.index,
      id,
      { ...job, status: 'FAILURE', reason: abandonedReason(job), finishedAt: new Date().toISOString() },
      stored.version,
      { refresh: true },
    );
  }
}

function abandonedReason(job: ImportJob): string {
  return `The process running the import stopped (no sign of life since ${job.heartbeatAt ?? job.startedAt})`;
}
