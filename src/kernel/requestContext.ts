/**
 * What every log line of one HTTP request carries (its request id), kept in AsyncLocalStorage so code deep
 * in a use case logs it without being handed it: the HTTP layer runs each request inside runWithRequest().
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  requestId: string;
  /** Counts a read of a named cache (cache.ts) in the app's metrics; absent when metrics are off. */
  cacheRead?(cache: string, hit: boolean): void;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runWithRequest<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the request being served, if any (background work such as buffered writes has none). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}
