/**
 * One error hierarchy for the whole API. Everything thrown on purpose is an ApiError with a status and
 * a message; the error middleware (app.ts) turns it into `{ message, ...details }`, the body shape the
 * official client reads. Elasticsearch failures are mapped in exactly one place: fromElasticsearch().
 */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new ApiError(400, message, details);
export const forbidden = (message = 'Wrong or missing Api-Key header') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const methodNotAllowed = (message: string) => new ApiError(405, message);
export const notAcceptable = (message: string) => new ApiError(406, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new ApiError(409, message, details);
export const unavailable = (message: string) => new ApiError(503, message);

/** Maps an error from the Elasticsearch client to the API's answer: 500 with what went wrong. */
export function fromElasticsearch(err: unknown): ApiError {
  const e = err as { name?: string; message?: string; meta?: { statusCode?: number; body?: { error?: { type?: string; reason?: string } } } };
  if (e?.name === 'ConnectionError' || e?.name === 'TimeoutError' || e?.name === 'NoLivingConnectionsError') {
    return new ApiError(500, `Search cluster unavailable: ${e.message}`);
  }
  const reason = e?.meta?.body?.error?.reason ?? e?.message ?? 'unknown error';
  const type = e?.meta?.body?.error?.type;
  return new ApiError(500, `Search cluster error${type ? ` (${type})` : ''}: ${reason}`);
}

export function isElasticsearchError(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return ['ResponseError', 'ConnectionError', 'TimeoutError', 'NoLivingConnectionsError', 'DeserializationError', 'SerializationError', 'RequestAbortedError'].includes(name);
}
