/**
 * A lease held by one API process at a time (like the import lock in src/admin/importLock.ts): a document
 * in Elasticsearch with a holder and an expiry, changed only with optimistic concurrency (seq_no), so two
 * processes can never both believe they hold it. The holder renews it on each acquire(); when the holder
 * dies, another process takes it over once it has expired. The index is made at start-up
 * (src/search/indexRegistry.ts).
 */
import type { Client } from '@elastic/elasticsearch';
import { elasticsearchStatus } from '../search/errors';

interface LeaseDocument { holder: string; expiresAt: string; renewedAt: string }

type Versioned = { if_seq_no: number; if_primary_term: number };

export class Lease {
  constructor(
    private readonly es: Client,
    private readonly index: string,
    private readonly id: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes, renews or takes over an expired lease; false when another live process holds it. */
  async acquire(now = new Date()): Promise<boolean> {
    const doc: LeaseDocument = { holder: this.holder, renewedAt: now.toISOString(), expiresAt: new Date(now.getTime() + this.ttlMs).toISOString() };
    const current = await this.es.get<LeaseDocument>({ index: this.index, id: this.id }, { ignore: [404] });
    try {
      if (!current.found) {
        await this.es.index({ index: this.index, id: this.id, op_type: 'create', document: doc, refresh: true });
        return true;
      }
      const held = current._source!;
      if (held.holder !== this.holder && Date.parse(held.expiresAt) > now.getTime()) return false;
      await this.es.index({ index: this.index, id: this.id, document: doc, refresh: true, ...versionOf(current) });
      return true;
    } catch (err) {
      if (elasticsearchStatus(err) === 409) return false;
      throw err;
    }
  }

  /** Gives the lease up if this process holds it. */
  async release(): Promise<void> {
    const current = await this.es.get<LeaseDocument>({ index: this.index, id: this.id }, { ignore: [404] });
    if (!current.found || current._source?.holder !== this.holder) return;
    await this.es.delete({ index: this.index, id: this.id, refresh: true, ...versionOf(current) }, { ignore: [404, 409] });
  }
}

function versionOf(doc: { _seq_no?: number; _primary_term?: number }): Versioned {
  return { if_seq_no: doc._seq_no!, if_primary_term: doc._primary_term! };
}
