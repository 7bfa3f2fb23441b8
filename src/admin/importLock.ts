/**
 * One import at a time per cluster, across every API process: the lock is a document in Elasticsearch,
 * created with op_type=create (only one process can create it) and carrying an expiry: a short lease
 * (IMPORT_LOCK_TTL_SECONDS, 45 s) that the running import renews every third of it, so the lock of a process
 * that died (SIGKILL, lost machine) is free again within the lease. Every write is conditional on the
 * sequence number last seen, so a holder whose lease was taken over learns it at its next renewal. The
 * document and its conditional writes are the one lease implementation (src/search/leaseDocument.ts).
 */
import type { DocumentIndex } from '../search/documents';
import { Conflict } from '../kernel/errors';
import { leaseExpired, type LeaseDocument, type LeaseRecord, type LeaseVersion } from '../search/leaseDocument';

const LOCK_ID = 'import';

interface LockDocument extends LeaseRecord {
  importId: string;
  kind: string;
  name?: string;
  acquiredAt: string;
}

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
  private readonly document: LeaseDocument<LockDocument>;

  constructor(
    documents: DocumentIndex,
    index: string,
    private readonly ttlSeconds: number,
    private readonly holder: string,
  ) {
    this.document = documents.lease<LockDocument>(index, LOCK_ID);
  }

  /** Takes the lock or throws 409 naming the running import. */
  async acquire(importId: string, kind: string, name?: string): Promise<HeldLock> {
    const acquiredAt = new Date().toISOString();
    const record = (): LockDocument => ({
      holder: this.holder,
      importId,
      kind,
      name,
      acquiredAt,
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000).toISOString(),
    });
    let tookOver: HeldLock['tookOver'];
    let version = await this.document.create(record());
    if (!version) {
      const current = await this.document.read();
      const held = current?.record;
      if (held && !leaseExpired(held, Date.now())) {
        throw new Conflict(`An import is in progress (${held.kind}${held.name ? ` "${held.name}"` : ''}, id ${held.importId}, since ${held.acquiredAt})`, {
          importId: held.importId,
        });
      }
      // Expired (or just released): take it over, but only if nobody else did in between.
      if (held) tookOver = { importId: held.importId, holder: held.holder, expiresAt: held.expiresAt };
      version = current ? await this.document.replace(record(), current.version) : await this.document.create(record());
      if (!version) throw new Conflict('An import is in progress');
    }
    let held: LeaseVersion = version;
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      const renewed = await this.document.replace(record(), held);
      if (renewed) {
        held = renewed;
        return;
      }
      // A renewal whose answer was lost and that the client sent again conflicts with itself: still ours?
      const current = await this.document.read();
      if (current && current.record.importId === importId && current.record.holder === this.holder) {
        held = current.version;
        return;
      }
      throw new LockLost(`The import lock expired and was taken over (import ${importId}): this import stops without publishing`);
    };
    return {
      importId,
      ...(tookOver ? { tookOver } : {}),
      // One renewal at a time: two with the same sequence number would fail one another.
      renew: () =>
        (renewing ??= renew().finally(() => {
          renewing = undefined;
        })),
      release: async () => {
        // After a renewal in flight, whose new sequence number the delete needs.
        await renewing?.catch(() => undefined);
        await this.document.remove(held);
      },
    };
  }
}
