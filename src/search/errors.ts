/**
 * Elasticsearch failures as the rest of the service sees them. They are internal errors (the caller gets a
 * generic 500, src/http/errors.ts) except a document refused while indexing, which the operator of the
 * import must see (DocumentRejected, a domain error).
 */

/**
 * The HTTP status Elasticsearch answered a failed request with (the client's ResponseError carries it);
 * undefined when it did not answer (a connection error, a timeout) or `err` is no client error.
 */
export function elasticsearchStatus(err: unknown): number | undefined {
  const status = (err as { meta?: { statusCode?: unknown } } | null | undefined)?.meta?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The type of the error Elasticsearch answered with (`index_not_found_exception`, ...), when it answered one. */
export function elasticsearchErrorType(err: unknown): string | undefined {
  const type = (err as { meta?: { body?: { error?: { type?: unknown } } } } | null | undefined)?.meta?.body?.error?.type;
  return typeof type === 'string' ? type : undefined;
}

/** One search of an `_msearch` failed: the service built a search Elasticsearch refused. */
export class SearchFailed extends Error {
  override readonly name = 'SearchFailed';

  constructor(readonly type: string | undefined, readonly reason: string | undefined) {
    super(`Search cluster error${type ? ` (${type})` : ''}: ${reason ?? 'unknown error'}`);
  }
}

/** An `_msearch` item's error as a SearchFailed. */
export function searchFailed(item: { error?: { type?: string; reason?: string | null } }): SearchFailed {
  return new SearchFailed(item.error?.type, item.error?.reason ?? undefined);
}

/**
 * Whether a failure means the cluster could not be reached or could not serve at all (every node down, a
 * request timing out, no master, shards unavailable): a retryable condition, unlike a search the service
 * built wrong. Judged by the client's error names and Elasticsearch's 503, so callers need not know the client.
 */
export function isClusterUnavailable(err: unknown): boolean {
  const e = err as { name?: string } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'ConnectionError' || e.name === 'NoLivingConnectionsError' || e.name === 'TimeoutError') return true;
  return e.name === 'ResponseError' && elasticsearchStatus(err) === 503;
}

/** What Elasticsearch said about a failure, for the log (the client's own message often omits the reason). */
export function searchFailureDetail(err: unknown): Record<string, unknown> {
  if (err instanceof SearchFailed) return { elasticsearch: { type: err.type, reason: err.reason } };
  const cause = (err as { meta?: { body?: { error?: { type?: string; reason?: string } } } } | null | undefined)?.meta?.body?.error;
  return cause ? { elasticsearch: { status: elasticsearchStatus(err), type: cause.type, reason: cause.reason } } : {};
}
