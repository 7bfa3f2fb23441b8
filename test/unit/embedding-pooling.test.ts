/** Pooling of token vectors into a sentence vector (src/embedding/pooling.ts): mean over the mask, L2 norm. */
import assert from 'node:assert/strict';
import { meanPool, normalise } from '../../src/embedding/pooling';

describe('embedding pooling', () => {
  it('averages only the tokens each text has, leaving its padding out, and normalises', () => {
    // Two texts padded to 3 tokens of 2 dimensions: the first has 1 token, the second 3.
    const hidden = Float32Array.from([3, 4, 100, 100, -100, 7, 1, 0, 0, 1, 2, 2]);
    const [first, second] = meanPool(hidden, [1, 3], 3, 2);
    assert.deepEqual(Array.from(first ?? []), [0.6000000238418579, 0.800000011920929]);
    const expected = normalise(Float64Array.from([1, 1]));
    assert.deepEqual(second, expected);
  });

  it('refuses a hidden state of the wrong size', () => {
    assert.throws(() => meanPool(new Float32Array(5), [1, 1], 3, 2), /not 2 × 3 × 2/);
  });

  it('scales to unit length, and keeps a zero vector zero', () => {
    assert.deepEqual(Array.from(normalise(Float32Array.from([0, 3, 4]))), [0, 0.6000000238418579, 0.800000011920929]);
    assert.deepEqual(Array.from(normalise(new Float32Array(3))), [0, 0, 0]);
  });
});
