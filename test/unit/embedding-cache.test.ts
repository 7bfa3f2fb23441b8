/** The per-locale cache of query vectors (src/embedding/queryCache.ts). */
import assert from 'node:assert/strict';
import { cachedEmbedder } from '../../src/embedding/queryCache';
import type { TextEmbedder } from '../../src/embedding/types';

function countingEmbedder(fail = () => false): TextEmbedder & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    model: 'test',
    dimensions: 1,
    async embed(texts) {
      calls.push(...texts);
      await new Promise((resolve) => setImmediate(resolve));
      if (fail()) throw new Error('model down');
      return texts.map((t) => Float32Array.from([t.length]));
    },
    async close() {},
  };
}

describe('cachedEmbedder (query vectors per locale)', () => {
  it('answers a repeated phrase from memory, in order, and reports the model it wraps', async () => {
    const inner = countingEmbedder();
    const cached = cachedEmbedder(inner, 10);
    assert.equal(cached.model, 'test');
    assert.deepEqual(
      (await cached.embed(['a', 'bb'])).map((v) => v[0]),
      [1, 2],
    );
    assert.deepEqual(
      (await cached.embed(['bb', 'a', 'ccc'])).map((v) => v[0]),
      [2, 1, 3],
    );
    assert.deepEqual(inner.calls, ['a', 'bb', 'ccc']);
  });

  it('forgets the least recently used phrase beyond its size', async () => {
    const inner = countingEmbedder();
    const cached = cachedEmbedder(inner, 2);
    await cached.embed(['a']);
    await cached.embed(['b']);
    await cached.embed(['a']); // a is now the most recent
    await cached.embed(['c']); // pushes out b
    await cached.embed(['a', 'c']);
    assert.deepEqual(inner.calls, ['a', 'b', 'c']);
    await cached.embed(['b']);
    assert.deepEqual(inner.calls, ['a', 'b', 'c', 'b']);
  });

  it('shares one inference between concurrent embeds of a phrase', async () => {
    const inner = countingEmbedder();
    const cached = cachedEmbedder(inner, 10);
    const [x, y] = await Promise.all([cached.embed(['same']), cached.embed(['same'])]);
    assert.deepEqual(inner.calls, ['same']);
    assert.equal(x[0], y[0]);
  });

  it('keeps no failure: the next embed asks the model again', async () => {
    let down = true;
    const inner = countingEmbedder(() => down);
    const cached = cachedEmbedder(inner, 10);
    await assert.rejects(cached.embed(['a']), /model down/);
    down = false;
    assert.deepEqual(
      (await cached.embed(['a'])).map((v) => v[0]),
      [1],
    );
    assert.deepEqual(inner.calls, ['a', 'a']);
  });

  it('with size 0 caches nothing', async () => {
    const inner = countingEmbedder();
    const cached = cachedEmbedder(inner, 0);
    await cached.embed(['a']);
    await cached.embed(['a']);
    assert.deepEqual(inner.calls, ['a', 'a']);
  });
});
