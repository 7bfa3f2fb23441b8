/**
 * The failures the service means to report, in the domain's words. Domain and use-case code throws these
 * and knows nothing of HTTP; src/http/errors.ts maps each code to a status and answers `{ message,
 * ...details }` in one place. Anything else thrown is an internal error: the caller gets a generic answer
 * and the log gets the detail.
 */
export type ErrorCode =
  /** The request or an imported document breaks a rule; the message says which. */
  | 'invalid'
  /** Needs a catalog, and no full catalog import has happened yet (Elevate's "v4 upgrade incomplete"). */
  | 'no-catalog'
  /** Another import holds the cluster-wide lock. */
  | 'conflict'
  /** Nothing to answer from yet (no products in the cluster, or none in the market). */
  | 'unavailable'
  /** Elasticsearch refused a document the service built; the operator needs to see which and why. */
  | 'document-rejected'
  /** The caller stopped sending its request (a body that stalls, or takes longer than allowed). */
  | 'timeout';

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;

  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class InvalidInput extends DomainError {
  readonly code = 'invalid';
  override readonly name: string = 'InvalidInput';
}

export class NoCatalogYet extends DomainError {
  readonly code = 'no-catalog';
  override readonly name: string = 'NoCatalogYet';
}

export class Conflict extends DomainError {
  readonly code = 'conflict';
  override readonly name: string = 'Conflict';
}

export class Unavailable extends DomainError {
  readonly code = 'unavailable';
  override readonly name: string = 'Unavailable';
}

export class DocumentRejected extends DomainError {
  readonly code = 'document-rejected';
  override readonly name: string = 'DocumentRejected';
}

/** The request's body did not arrive in time: whatever it started (an import) is aborted, nothing is applied. */
export class RequestTimedOut extends DomainError {
  readonly code = 'timeout';
  override readonly name: string = 'RequestTimedOut';
}

/** The usual way to refuse input: `throw invalid('Query parameter q is required')`. */
export const invalid = (message: string, details?: Record<string, unknown>): InvalidInput => new InvalidInput(message, details);
