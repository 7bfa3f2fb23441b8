/**
 * The one implementation of a lease kept in Elasticsearch: a document held by one API process at a time,
 * with a holder and an expiry, written only conditionally (created only where absent, replaced only at the
 * sequence number last read), so two processes can never both believe they hold it. Two leases use it: the
 * import lock (src/admin/importLock.ts: one import per cluster, renewed while the import runs) and the
 * behaviour jobs' lease (src/behaviour/lease.ts: one process runs each periodic job). A holder that dies
 * stops renewing; another process takes the document over once it has expired.
 */
import type { Client } from '@elastic/elasticsearch';
import { elasticsearchStatus } from './errors';

/** What every lease document holds; each lease adds its own fields. */
export interface LeaseRecord {
  holder: string;
  expiresAt: string;
}

/** The sequence number and primary term a conditional write names. */
export interface LeaseVersion {
  if_seq_no: number;
  if_primary_term: number;
}

export interface ReadLease<T extends LeaseRecord> {
  record: T;
  version: LeaseVersion;
}

/** Whether a lease record's expiry has passed at `now` (ms since the epoch). */
export const leaseExpired = (record: LeaseRecord, now: number): boolean => Date.parse(record.expiresAt) <= now;

export class LeaseDocument<T extends LeaseRecord> {
  constructor(
    private readonly es: Client,
    private readonly index: string,
    private readonly id: string,
  ) {}

  /** The lease as stored, or undefined when nobody holds it. */
  async read(): Promise<ReadLease<T> | undefined> {
    const res = await this.es.get<T>({ index: this.index, id: this.id }, { ignore: [404] });
    return res.found && res._source ? { record: res._source, version: { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! } } : undefined;
  }

  /** Creates the lease; undefined when it exists already (another process created it first). */
  async create(record: T): Promise<LeaseVersion | undefined> {
    return this.conditionally([409], () => this.es.index({ index: this.index, id: this.id, op_type: 'create', document: record, refresh: true }));
  }

  /** Replaces the lease read at `version`; undefined when it changed or went away since. */
  async replace(record: T, version: LeaseVersion): Promise<LeaseVersion | undefined> {
    return this.conditionally([409, 404], () => this.es.index({ index: this.index, id: this.id, document: record, refresh: true, ...version }));
  }

  /** Deletes the lease read at `version`; nothing when it changed or went away since. */
  async remove(version: LeaseVersion): Promise<void> {
    await this.es.delete({ index: this.index, id: this.id, refresh: true, ...version }, { ignore: [404, 409] });
  }

  /** The write's new version; undefined when Elasticsearch refused it with one of `lost` (the condition failed). */
  private async conditionally(lost: number[], write: () => Promise<{ _seq_no?: number; _primary_term?: number }>): Promise<LeaseVersion | undefined> {
    try {
      const res = await write();
      return { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
    } catch (err) {
      if (lost.includes(elasticsearchStatus(err) ?? 0)) return undefined;
      throw err;
    }
  }
}
