/**
 * One import at a time per cluster, across every API process: the lock is a document in Elasticsearch,
 * created with op_type=create (only one process can create it) and carrying an expiry, so a crashed
 * process cannot hold it for ever. A running import renews the expiry while it works.
 */
import type { Client } from '@elastic/elasticsearch';
import { Conflict } from '../kernel/errors';

const LOCK_ID = 'import';

interface LockDocument { holder: string; importId: string; kind: string; name?: string; acquiredAt: string; expiresAt: string }

export interface HeldLock {
  importId: string;
  /** Extends the expiry; called periodically by the import. */
  renew(): Promise<void>;
  release(): Promise<void>;
}

export class ImportLock {
  constructor(private readonly es: Client, private readonly index: string, private readonly ttlSeconds: number, private readonly holder: string) {}

  /** Takes the lock or throws 409 naming the running import. */
  async acquire(importId: string, kind: string, name?: string): Promise<HeldLock> {
    const doc = (): LockDocument => ({ holder: this.holder, importId, kind, name, acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + this.ttlSeconds * 1000).toISOString() });
    let seq: { if_seq_no: number; if_primary_term: number };
    try {
      const res = await this.es.index({ index: this.index, id: LOCK_ID, op_type: 'create', document: doc(), refresh: true });
      seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
    } catch (err) {
      if ((err as { meta?: { statusCode?: number } }).meta?.statusCode !== 409) throw err;
      const current = await this.es.get<LockDocument>({ index: this.index, id: LOCK_ID }, { ignore: [404] });
      const held = current.found ? current._source! : undefined;
      if (held && Date.parse(held.expiresAt) > Date.now()) {
        throw new Conflict(`An import is in progress (${held.kind}${held.name ? ` "${held.name}"` : ''}, id ${held.importId}, since ${held.acquiredAt})`, { importId: held.importId });
      }
      // Expired (or just released): take it over, but only if nobody else did in between.
      try {
        const res = current.found
          ? await this.es.index({ index: this.index, id: LOCK_ID, document: doc(), if_seq_no: current._seq_no!, if_primary_term: current._primary_term!, refresh: true })
          : await this.es.index({ index: this.index, id: LOCK_ID, op_type: 'create', document: doc(), refresh: true });
        seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
      } catch (e) {
        if ((e as { meta?: { statusCode?: number } }).meta?.statusCode === 409) throw new Conflict('An import is in progress');
        throw e;
      }
    }
    return {
      importId,
      renew: async () => {
        const res = await this.es.index({ index: this.index, id: LOCK_ID, document: doc(), ...seq, refresh: true });
        seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
      },
      release: async () => {
        await this.es.delete({ index: this.index, id: LOCK_ID, ...seq, refresh: true }, { ignore: [404, 409] });
      },
    };
  }
}
