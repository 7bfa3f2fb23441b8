/**
 * Keeping a version of a merchandising import: called by every import under the import lock, once its
 * change is written, with what the kind's export answers then (so a rollback restores exactly that).
 */
import { createHash } from 'node:crypto';
import type { MerchandisingStores } from '../merchandising';
import type { HistoryKeeping, ImportAuthor } from './merchandisingDeps';
import { kindNamed } from './merchandisingKinds';
import { summarize } from './historyDiff';

import type { HistoryKind, MerchandisingKindName } from '../contract/merchandising';

export { HISTORY_KINDS, type HistoryKind } from '../contract/merchandising';

export type { HistoryKeeping, ImportAuthor } from './merchandisingDeps';

/** First 8 hex digits of the key's SHA-256: tells keys apart in the history without revealing one. */
export const keyIdOf = (key: string | undefined): string | undefined => (key ? createHash('sha256').update(key).digest('hex').slice(0, 8) : undefined);

/** What a version of a merchandising kind holds: the kind's export for the scope (pages: published, FULL). */
export function merchandisingContent(stores: MerchandisingStores, kind: MerchandisingKindName, scope: string): Promise<unknown> {
  return kindNamed(kind).history.content(stores, scope);
}

export async function keepVersion(h: HistoryKeeping | undefined, kind: HistoryKind, scope: string, content: unknown, author: ImportAuthor): Promise<void> {
  if (!h) return;
  const at = new Date();
  await h.store.add(
    {
      id: h.store.newId(at),
      kind,
      scope,
      at: at.toISOString(),
      name: author.name ?? null,
      keyId: author.keyId ?? null,
      role: author.role ?? null,
      user: author.user ?? null,
      summary: summarize(kind, content),
      content,
    },
    h.keep,
  );
}

/** The name of the version kept before a kind's first import. */
export const STARTING_VERSION = 'Starting version';

/**
 * Called under the import lock before the change is written: when the kind has no version kept for the
 * scope yet, what the market showed until now (defaults, shipped, empty) is kept first, so the first
 * import can be rolled back like any other.
 */
export async function keepStartingVersion(h: HistoryKeeping | undefined, kind: HistoryKind, scope: string, content: () => Promise<unknown>): Promise<void> {
  if (!h || (await h.store.list(kind, scope)).length) return;
  await keepVersion(h, kind, scope, await content(), { name: STARTING_VERSION });
}

/** keepStartingVersion with the content read from the stores (merchandising imports). */
export async function keepMerchandisingStart(
  deps: { stores: MerchandisingStores; history?: HistoryKeeping },
  kind: MerchandisingKindName,
  scope: string,
): Promise<void> {
  await keepStartingVersion(deps.history, kind, scope, () => merchandisingContent(deps.stores, kind, scope));
}

/** keepVersion with the content read from the stores (merchandising imports). */
export async function keepMerchandisingVersion(
  deps: { stores: MerchandisingStores; history?: HistoryKeeping },
  kind: MerchandisingKindName,
  scope: string,
  author: ImportAuthor,
): Promise<void> {
  if (!deps.history) return;
  await keepVersion(deps.history, kind, scope, await merchandisingContent(deps.stores, kind, scope), author);
}
