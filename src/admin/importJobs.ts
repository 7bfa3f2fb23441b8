/**
 * Import jobs, stored in Elasticsearch so that any API process can answer
 * `GET /api/admin/v4/import/status?id=` for an import another process runs.
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
  linesRead: number;
  errorCount: number;
  /** Line errors of a failed validation (capped), so a 202'd import can be diagnosed from the status call. */
  errors?: unknown[];
}

export class ImportJobs {
  constructor(private readonly es: Client, private readonly index: string) {}

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
    return res.found ? res._source : undefined;
  }
}
