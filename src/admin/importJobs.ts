/**
 * Import jobs, stored in Elasticsearch so that any API process can answer
 * `GET /api/admin/v4/import/status?id=` for an import another process runs. A running job carries a
 * heartbeat, written with each renewal of the import lock: a job IN_PROGRESS whose heartbeat is older than
 * the lock's lease belongs to a process that died, and reads FAILURE.
 */
import type { Client } from '@elastic/elasticsearch';
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
  /** Line errors of a failed validation (capped), so a 202'd import can be diagnosed from the status call. */
  errors?: unknown[];
  /** What an accepted import holds that the spec advises against (counted; the first lines kept with their paths). */
  warningCount?: number;
  warnings?: unknown[];
  /** The impact report of a validationOnly full import with impactReport=true (admin/impactReport.ts). */
  impactReport?: unknown;
}

export class ImportJobs {
  /** `staleAfterMs`: the import lock's lease; a running job silent for longer is dead. */
  constructor(private readonly es: Client, private readonly index: string, private readonly staleAfterMs = 45_000) {}

  /** Elevate's import ids are large integers; we keep the look, as a string. */
  newId(): string {
    return String(randomInt(1, 2 ** 47)) + String(randomInt(100000, 999999));
  }

  async create(job: ImportJob): Promise<void> {
    await this.es.index({ index: this.index, id: job.id, document: job, refresh: true });
  }

  async update(id: string, changes: Partial<ImportJob>): Promise<void> {
    await this.es.update({ index: this.index, id, doc: changes, refresh: true, retry_on_conflict: 3 });
  }

  async get(id: string): Promise<ImportJob | undefined> {
    const res = await this.es.get<ImportJob>({ index: this.index, id }, { ignore: [404] });
    const job = res.found ? res._source : undefined;
    if (job?.status !== 'IN_PROGRESS') return job;
    const lastSign = Date.parse(job.heartbeatAt ?? job.startedAt);
    if (!(Date.now() - lastSign > this.staleAfterMs)) return job;
    return { ...job, status: 'FAILURE', reason: abandonedReason(job) };
  }

  /** Records the failure of a job whose process died (its lock was taken over), unless it has finished meanwhile. */
  async markAbandoned(id: string): Promise<void> {
    const res = await this.es.get<ImportJob>({ index: this.index, id }, { ignore: [404] });
    if (!res.found || res._source?.status !== 'IN_PROGRESS') return;
    await this.es.index({
      index: this.index, id, document: { ...res._source, status: 'FAILURE', reason: abandonedReason(res._source), finishedAt: new Date().toISOString() },
      if_seq_no: res._seq_no!, if_primary_term: res._primary_term!, refresh: true,
    }, { ignore: [409] });
  }
}

function abandonedReason(job: ImportJob): string {
  return `The process running the import stopped (no sign of life since ${job.heartbeatAt ?? job.startedAt})`;
}
