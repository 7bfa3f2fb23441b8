/**
 * Elasticsearch's own time per API request: the sum of `took` over the search round trips (`_search`,
 * `_msearch`, `_mget`, `_count`) made while serving it, and their number. Observed on the client, so every
 * search counts whoever sends it (storefront gateway, behaviour questions, catalog facts); bulk writes of
 * buffered behaviour events report `took` too but are not the request's work, so they do not count.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@elastic/elasticsearch';

export interface SearchTiming {
  took: number;
  roundTrips: number;
}

const current = new AsyncLocalStorage<SearchTiming>();
const observedClients = new WeakSet<Client>();
const SEARCH_PATH = /\/_(m?search|mget|count)$/;

/** Starts counting the searches of `es` (once per client). */
export function observeSearchTiming(es: Client): void {
  if (observedClients.has(es)) return;
  observedClients.add(es);
  es.diagnostic.on('response', (_err, result) => {
    const timing = current.getStore();
    const path = result?.meta?.request?.params?.path;
    if (!timing || !path || !SEARCH_PATH.test(path)) return;
    timing.roundTrips++;
    const took = (result.body as { took?: unknown } | undefined)?.took;
    if (typeof took === 'number') timing.took += took;
  });
}

/** Runs `work` outside any request's count: background work a request only starts (a cache's refresh-ahead). */
export function untimed<T>(work: () => T): T {
  return current.exit(work);
}

/** Runs `work` and answers the searches it made. */
export async function timeSearches(work: () => Promise<unknown>): Promise<SearchTiming> {
  const timing: SearchTiming = { took: 0, roundTrips: 0 };
  await current.run(timing, work);
  return timing;
}
