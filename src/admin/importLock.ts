/**
 * One import at a time per cluster, across every API process: the lock is a document in Elasticsearch,
 * created with op_type=create (only one process can create it) and carrying an expiry: a short lease
 * (IMPORT_LOCK_TTL_SECONDS, 45 s) that the running import renews every third of it, so the lock of a process
 * that died (SIGKILL, lost machine) is free again within the lease. Every write is conditional on the
 * sequence number last seen, so a holder whose lease was taken over learns it at its next renewal.
 */
import type { Client } from '@elastic/elasticsearch';
import { Conflict } from '../kernel/errors';
import { elasticsearchStatus } from '../search/errors';

const LOCK_ID = 'import';

interface LockDocument { holder: string; importId: string; kind: string; name?: string; acquiredAt: string; expiresAt: string }

export interface HeldLock {
  importId: string;
  /** The import whose expired lease this acquisition took over (its process stopped renewing: it died). */
  tookOver?: { importId: string; holder: string; expiresAt: string };
  /** Extends the expiry; throws LockLost when another process has taken the lock over meanwhile. */
  renew(): Promise<void>;
  release(): Promise<void>;
}

/** The lease expired and another process took the lock: the import holding it must not publish anything. */
export class LockLost extends Conflict {
  override readonly name: string = 'LockLost';
}

export class ImportLock {
  constructor(private readonly es: Client, private readonly index: string, private readonly ttlSeconds: number, private readonly holder: string) {}

  /** Takes the lock or throws 409 naming the running import. */
  async acquire(importId: string, kind: string, name?: string): Promise<HeldLock> {
    const doc = (): LockDocument => ({ holder: this.holder, importId, kind, name, acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + this.ttlSeconds * 1000).toISOString() });
    let seq: { if_seq_no: number; if_primary_term: number };
    let tookOver: HeldLock['tookOver'];
    try {
      const res = await this.es.index({ index: this.index, id: LOCK_ID, op_type: 'create', document: doc(), refresh: true });
      seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
    } catch (err) {
      if (elasticsearchStatus(err) !== 409) throw err;
      const current = await this.es.get<LockDocument>({ index: this.index, id: LOCK_ID }, { ignore: [404] });
      const held = current.found ? current._source! : undefined;
      if (held && Date.parse(held.expiresAt) > Date.now()) {
        throw new Conflict(`An import is in progress (${held.kind}${held.name ? ` "${held.name}"` : ''}, id ${held.importId}, since ${held.acquiredAt})`, { importId: held.importId });
      }
      // Expired (or just released): take it over, but only if nobody else did in between.
      if (held) tookOver = { importId: held.importId, holder: held.holder, expiresAt: held.expiresAt };
      try {
        const res = current.found
          ? await this.es.index({ index: this.index, id: LOCK_ID, document: doc(), if_seq_no: current._seq_no!, if_primary_term: current._primary_term!, refresh: true })
          : await this.es.index({ index: this.index, id: LOCK_ID, op_type: 'create', document: doc(), refresh: true });
        seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
      } catch (e) {
        if (elasticsearchStatus(e) === 409) throw new Conflict('An import is in progress');
        throw e;
      }
    }
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      try {
        const res = await this.es.index({ index: this.index, id: LOCK_ID, document: doc(), ...seq, refresh: true });
        seq = { if_seq_no: res._seq_no!, if_primary_term: res._primary_term! };
      } catch (err) {
        const status = elasticsearchStatus(err);
        if (status !== 409 && status !== 404) throw err;
        // A renewal whose answer was lost and that the client sent again conflicts with itself: still ours?
        const current = await this.es.get<LockDocument>({ index: this.index, id: LOCK_ID }, { ignore: [404] });
        if (current.found && current._source?.importId === importId && current._source.holder === this.holder) {
          seq = { if_seq_no: current._seq_no!, if_primary_term: current._primary_term! };
          return;
        }
        throw new LockLost(`The import lock expired and was taken over (import ${importId}): this import stops without publishing`);
      }
    };
    return {
      importId,
      ...(tookOver ? { tookOver } : {}),
      // One renewal at a time: two with the same sequence number would fail one another.
      renew: () => (renewing ??= renew().finally(() => { renewing = undefined; })),
      release: async () => {
        // After a renewal in flight, whose new sequence number the delete needs.
        await renewing?.catch(() => undefined);
        await this.es.delete({ index: this.index, id: LOCK_ID, ...seq, refresh: true }, { ignore: [404, 409] });
      },
    };
  }
}
