/** The one JSON body reader's depth check: a body nested too deeply is a 400, never a stack overflow. */
import assert from 'node:assert/strict';
import { depthOf, MAX_JSON_DEPTH } from '../../src/http/body';

describe('JSON body depth', () => {
  it('counts levels of objects and arrays; scalars have none', () => {
    assert.equal(depthOf('x', 10), 0);
    assert.equal(depthOf({}, 10), 1);
    assert.equal(depthOf({ a: [1, { b: null }], c: 'd' }, 10), 3);
  });

  it('stops counting past the limit, without recursion, on 100,000 levels', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    assert.equal(depthOf(deep, MAX_JSON_DEPTH), MAX_JSON_DEPTH + 1);
    let page: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) page = { a: page };
    assert.equal(depthOf(page, MAX_JSON_DEPTH), MAX_JSON_DEPTH);
  });
});
