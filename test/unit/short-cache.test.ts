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

  it('reloads in the background from 3/4 of the TTL, so a steady reader never waits and never gets a value older than the TTL', async () => {
    let now = 0;
    let loads = 0;
    const backgroundLoads: number[] = [];
    const cache = new ShortCache(1000, async () => ++loads, {
      clock: () => now,
      background: async (load) => {
        backgroundLoads.push(now);
        return load();
      },
    });
    assert.equal(await cache.get(), 1);
    now = 700; // younger than 3/4 of the TTL: served as it is
    assert.equal(await cache.get(), 1);
    assert.deepEqual(backgroundLoads, []);
    now = 800; // past 3/4: served at once, reloaded behind it
    assert.equal(await cache.get(), 1);
    assert.deepEqual(backgroundLoads, [800]);
    await new Promise((resolve) => setImmediate(resolve));
    now = 1500; // past the first load's TTL, but the reload started at 800 is 700 old
    assert.equal(await cache.get(), 2);
    assert.equal(loads, 2);
  });

  it('keeps the value when a background reload fails, and loads in the request once the TTL has passed', async () => {
    let now = 0;
    let fail = false;
    let loads = 0;
    const cache = new ShortCache(
      1000,
      async () => {
        loads++;
        if (fail) throw new Error('cluster down');
        return loads;
      },
      { clock: () => now },
    );
    assert.equal(await cache.get(), 1);
    fail = true;
    now = 900;
    assert.equal(await cache.get(), 1);
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    now = 1100;
    assert.equal(await cache.get(), 3);
  });
});
