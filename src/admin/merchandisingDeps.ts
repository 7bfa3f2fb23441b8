/** What the merchandising imports and exports (src/admin/merchandisingKinds.ts) need, and who made an import. */
import type { AttributeKind } from '../catalog/attributeQueries';
import type { ConfigurationReader } from '../configuration/store';
import type { MerchandisingStores } from '../merchandising';
import type { HistoryStore } from '../merchandising/historyStore';
import type { ImportRunner } from './importRunner';

/** Where versions are kept and how many per kind and scope (HISTORY_VERSIONS). */
export interface HistoryKeeping {
  store: HistoryStore;
  keep: number;
}

/** Who made an import: its `name` parameter, a short id of its Api-Key, the key's role and the person the console named at login. */
export interface ImportAuthor {
  name?: string;
  keyId?: string;
  role?: string;
  user?: string;
}

export interface MerchandisingImportDeps {
  stores: MerchandisingStores;
  configuration: ConfigurationReader;
  /** Every import runs under the cluster-wide lock as a tracked job. */
  runner: Pick<ImportRunner, 'run'>;
  /** Where each import keeps its version (absent: none kept). */
  history?: HistoryKeeping;
  /** The live catalog's custom attributes by kind (page facet visualizations are judged on them); undefined before a catalog. */
  customAttributes?: () => Promise<ReadonlyMap<string, AttributeKind> | undefined>;
}

/**
 * What every merchandising import takes. The spec answers these imports with 204 only, so by default the
 * answer waits until the import has finished; `blockingTimeoutMs` (the `blockingTimeout` query parameter,
 * our addition) lets a client ask for 202 with an id once that wait runs out, as catalog imports do. The
 * author (`name`, `keyId`) is kept with the version each import records in the history.
 */
export interface MerchandisingImportOptions extends ImportAuthor {
  blockingTimeoutMs?: number;
}
