/**
 * The lease of a periodic behaviour job (popularity, co-occurrence, events maintenance): one API process
 * runs each job at a time. The holder renews it on each acquire(); when the holder dies, another process
 * takes it over once it has expired. The document and its conditional writes are the one lease
 * implementation (src/search/leaseDocument.ts), shared with the import lock. The index is made at start-up
 * (src/search/indexRegistry.ts).
 */
import type { DocumentIndex } from '../search/documents';
import { leaseExpired, type LeaseDocument, type LeaseRecord } from '../search/leaseDocument';

interface JobLease extends LeaseRecord {
  renewedAt: string;
}

export class Lease {
  private readonly document: LeaseDocument<JobLease>;

  constructor(
    documents: DocumentIndex,
    index: string,
    id: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {
    this.document = documents.lease<JobLease>(index, id);
  }

  /** Takes, renews or takes over an expired lease; false when another live process holds it. */
  async acquire(now = new Date()): Promise<boolean> {
    const record: JobLease = { holder: this.holder, renewedAt: now.toISOString(), expiresAt: new Date(now.getTime() + this.ttlMs).toISOString() };
    const current = await this.document.read();
    if (!current) return (await this.document.create(record)) !== undefined;
    if (current.record.holder !== this.holder && !leaseExpired(current.record, now.getTime())) return false;
    return (await this.document.replace(record, current.version)) !== undefined;
  }

  /** Gives the lease up if this process holds it. */
  async release(): Promise<void> {
    const current = await this.document.read();
    if (current?.record.holder === this.holder) await this.document.remove(current.version);
  }
}
