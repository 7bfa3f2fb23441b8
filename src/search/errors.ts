/**
 * Elasticsearch failures as the rest of the service sees them. They are internal errors (the caller gets a
 * generic 500, src/http/errors.ts) except a document refused while indexing, which the operator of the
 * import must see (DocumentRejected, a domain error), a cluster that cannot serve (503) and a search refused
 * because of what the caller asked (requestRefusal: a 400).
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

/** What Elasticsearch gave as the cause of a failure: its type and reason. */
export interface FailureCause {
  type?: string;
  reason?: string | null;
}

/**
 * One search of an `_msearch` failed: Elasticsearch refused a search. `rootCauses`: the causes Elasticsearch
 * found on the shards (a `search_phase_execution_exception` is only their wrapper).
 */
export class SearchFailed extends Error {
  override readonly name = 'SearchFailed';

  constructor(
    readonly type: string | undefined,
    readonly reason: string | undefined,
    readonly rootCauses: readonly FailureCause[] = [],
  ) {
    super(`Search cluster error${type ? ` (${type})` : ''}: ${reason ?? 'unknown error'}`);
  }
}

/** An `_msearch` item's error as a SearchFailed. */
export function searchFailed(item: { error?: FailureCause & { root_cause?: FailureCause[] } }): SearchFailed {
  return new SearchFailed(item.error?.type, item.error?.reason ?? undefined, item.error?.root_cause ?? []);
}

/**
 * Root causes of refusals the request itself brought about: more query clauses than the node takes
 * (`too_many_clauses`, `too_many_nested_clauses`, reported on the shard as a `query_shard_exception` "failed
 * to create query: maxClauseCount is set to N"). Only these: any other refusal of a search the service built
 * is the service's fault, and a node that cannot serve is an outage (isClusterUnavailable).
 */
const CALLER_CAUSED_TYPES: ReadonlySet<string> = new Set(['too_many_clauses', 'too_many_nested_clauses']);
const CALLER_CAUSED_REASON = /maxClauseCount is set to \d+/;

const callerCaused = (cause: FailureCause): boolean =>
  CALLER_CAUSED_TYPES.has(cause.type ?? '') || (cause.type === 'query_shard_exception' && CALLER_CAUSED_REASON.test(cause.reason ?? ''));

/** The failure Elasticsearch answered with (an msearch item's or a refused request's), and its root causes. */
function failureOf(err: unknown): { cause: FailureCause; roots: readonly FailureCause[] } | undefined {
  if (err instanceof SearchFailed) return { cause: { type: err.type, reason: err.reason }, roots: err.rootCauses };
  const error = (err as { meta?: { body?: { error?: unknown } } } | null | undefined)?.meta?.body?.error;
  if (!error || typeof error !== 'object') return undefined;
  const cause = error as FailureCause & { root_cause?: FailureCause[] };
  return { cause, roots: Array.isArray(cause.root_cause) ? cause.root_cause : [] };
}

/**
 * When Elasticsearch refused a search because of what the request asked (every root cause is one the caller
 * brought about, see CALLER_CAUSED_TYPES): a message for the caller naming the limit; undefined otherwise.
 */
export function requestRefusal(err: unknown): string | undefined {
  const failure = failureOf(err);
  if (!failure) return undefined;
  const roots = failure.roots.length ? failure.roots : [failure.cause];
  if (!roots.every(callerCaused)) return undefined;
  const limit = roots.map((r) => CALLER_CAUSED_REASON.exec(r.reason ?? '')?.[0]).find((m) => m !== undefined);
  return `The search cluster refused the request as too large${limit ? ` (${limit} query clauses)` : ''}: send fewer product rules, restrictions, filter attributes or selected values`;
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
