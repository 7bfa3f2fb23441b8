import assert from 'node:assert/strict';
import { ShortCache } from '../../src/kernel/shortCache';

describe('ShortCache (merchandising stores, vocabulary)', () => {
  it('shares one load between readers within the TTL, and loads again when fresh is asked or after clear', async () => {
    let loads = 0;
    const cache = new ShortCache(60_000, async () => ++loads);
    assert.deepEqual(await Promise.all([cache.get(), cache.get()]), [1, 1]);
    assert.equal(await cache.get(true), 2);
    assert.equal(await cache.get(), 2);
    cache.clear();
    assert.equal(await cache.get(), 3);
  });

  it('loads again once the TTL has passed', async () => {
    let loads = 0;
    const cache = new ShortCache(5, async () => ++loads);
    assert.equal(await cache.get(), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await cache.get(), 2);
  });

  it('forgets a failed load, so the next reader tries again', async () => {
    let fail = true;
    const cache = new ShortCache(60_000, async () => {
      if (fail) throw new Error('cluster down');
      return 'ok';
    });
    await assert.rejects(cache.get(), /cluster down/);
    fail = false;
    assert.equal(await cache.get(), 'ok');
  });
});
