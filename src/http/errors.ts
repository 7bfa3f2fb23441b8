/**
 * The one mapping from errors to answers. Domain errors (src/kernel/errors.ts) get the status of their code
 * and `{ message, ...details }`, the body shape the official client reads; HttpError covers what only the
 * edge knows (authentication, content negotiation, body size, unknown endpoints). An unreachable or
 * unavailable cluster is a generic 503 (retryable); a search Elasticsearch refused because of what the caller
 * asked (too many query clauses, search/errors.ts requestRefusal) is a 400 naming the limit. Anything else,
 * including every other Elasticsearch failure, is internal: a generic 500 whose detail goes to the log, never to the caller.
 */
import { DomainError, type ErrorCode } from '../kernel/errors';
import { isClusterUnavailable, requestRefusal } from '../search/errors';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const forbidden = (message = 'Wrong or missing Api-Key header') => new HttpError(403, message);
export const notAcceptable = (message: string) => new HttpError(406, message);
export const tooLarge = (message: string) => new HttpError(413, message);

const STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid: 400,
  // Elevate answers 405 to an operations import or an export before the first full import.
  'no-catalog': 405,
  conflict: 409,
  unavailable: 503,
  'document-rejected': 500,
  timeout: 408,
};

export const INTERNAL_ERROR_MESSAGE = 'Internal error: the service log has the details';
export const CLUSTER_UNAVAILABLE_MESSAGE = 'The search cluster is unavailable: retry shortly';

export interface ErrorAnswer {
  status: number;
  body: { message: string } & Record<string, unknown>;
  /** A 5xx: the error is logged with its detail (and, unless a domain error, answered generically). */
  logged: boolean;
}

export function answerFor(err: unknown): ErrorAnswer {
  if (err instanceof DomainError) {
    const status = STATUS[err.code];
    return { status, body: { message: err.message, ...(err.details ?? {}) }, logged: status >= 500 };
  }
  if (err instanceof HttpError) return { status: err.status, body: { message: err.message, ...(err.details ?? {}) }, logged: err.status >= 500 };
  // Elasticsearch refused the search because of what the caller asked (too many clauses): the caller's to fix.
  const refusal = requestRefusal(err);
  if (refusal !== undefined) return { status: 400, body: { message: refusal }, logged: false };
  // Elasticsearch unreachable or not serving: retryable, so 503 (still generic, still logged).
  if (isClusterUnavailable(err)) return { status: 503, body: { message: CLUSTER_UNAVAILABLE_MESSAGE }, logged: true };
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE }, logged: true };
}

/** The status an error is answered with. */
export const statusOf = (err: unknown): number => answerFor(err).status;
