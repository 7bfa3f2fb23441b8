import assert from 'node:assert/strict';
import { ApiError } from '../../src/http/errors';

/** Asserts that fn throws a 400 ApiError whose message matches the pattern. */
export function fails(pattern: RegExp, fn: () => unknown): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, 400);
    assert.match(err.message, pattern);
    return true;
  });
}
