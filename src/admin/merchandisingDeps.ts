/** What the merchandising imports and exports (navigation, pages, templates, facets) need. */
import type { ConfigurationReader } from '../configuration/store';
import type { MerchandisingStores } from '../merchandising';
import type { ImportRunner } from './importRunner';
import type { HistoryKeeping } from './historyRecord';

export interface MerchandisingImportDeps {
  stores: MerchandisingStores;
  configuration: ConfigurationReader;
  /** Every import runs under the cluster-wide lock as a tracked job. */
  runner: Pick<ImportRunner, 'run'>;
  /** Where each import keeps its version (absent: none kept). */
  history?: HistoryKeeping;
}

/** These imports are small JSON bodies: the answer waits for them (a 202 only past this). */
export const MERCHANDISING_BLOCKING_TIMEOUT_MS = 60_000;
