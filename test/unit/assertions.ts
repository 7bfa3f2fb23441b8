import assert from 'node:assert/strict';
import { DomainError } from '../../src/kernel/errors';
import { statusOf } from '../../src/http/errors';

/** Asserts that fn throws a domain error answered with 400 whose message matches the pattern. */
export function fails(pattern: RegExp, fn: () => unknown): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof DomainError, String(err));
    assert.equal(statusOf(err), 400);
    assert.match(err.message, pattern);
    return true;
  });
}
