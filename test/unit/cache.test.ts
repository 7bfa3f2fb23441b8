import assert from 'node:assert/strict';
import { Cache } from '../../src/kernel/cache';
import { runWithRequest } from '../../src/kernel/requestContext';

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A load whose answer the test decides, counting its calls. */
function controlledLoads<V>() {
  const pending: { resolve: (v: V) => void; reject: (e: Error) => void }[] = [];
  return {
    calls: () => pending.length,
    load: () =>
      new Promise<V>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    resolve: (i: number, v: V) => pending[i]!.resolve(v),
    reject: (i: number, e: Error) => pending[i]!.reject(e),
  };
}

describe('Cache (kernel/cache.ts: every per-process cache of the service)', () => {
  it('shares one load in flight between readers of a key, and loads each key on its own', async () => {
    const clock = manualClock();
    const cache = new Cache<string>({ ttlMs: 2000, clock: clock.now });
    const loads = controlledLoads<string>();
    const a1 = cache.get('a', loads.load);
    clock.advance(500);
    const a2 = cache.get('a', loads.load);
    const b = cache.get('b', loads.load);
    assert.equal(loads.calls(), 2);
    loads.resolve(0, 'A');
    loads.resolve(1, 'B');
    assert.deepEqual(await Promise.all([a1, a2, b]), ['A', 'A', 'B']);
  });

  it('refreshes ahead: a read past refreshAheadMs starts one background load and is served at once, never past the TTL', async () => {
    const clock = manualClock();
    const cache = new Cache<string>({ ttlMs: 2000, refreshAheadMs: 1000, clock: clock.now });
    const loads = controlledLoads<string>();
    const first = cache.get('k', loads.load);
    loads.resolve(0, 'v1');
    assert.equal(await first, 'v1');
    clock.advance(999);
    assert.equal(await cache.get('k', loads.load), 'v1');
    assert.equal(loads.calls(), 1, 'younger than refreshAheadMs: no load');
    clock.advance(1);
    assert.equal(await cache.get('k', loads.load), 'v1', 'served at once while the background load runs');
    assert.equal(await cache.get('k', loads.load), 'v1');
    assert.equal(loads.calls(), 2, 'one background load');
    loads.resolve(1, 'v2');
    await tick();
    clock.advance(1500); // 2,500 ms after the first load, 1,500 after the second started
    assert.equal(await cache.get('k', loads.load), 'v2'); // (and starts a third load, left pending)
    // Without reads past refreshAheadMs the TTL still holds: a value past it is loaded and awaited.
    clock.advance(5000);
    const late = cache.get('k', loads.load);
    assert.equal(loads.calls(), 4);
    loads.resolve(3, 'v4');
    assert.equal(await late, 'v4');
  });

  it('serves a value until the TTL has passed since its load started, then loads again', async () => {
    const clock = manualClock();
    let loads = 0;
    const cache = new Cache<number>({ ttlMs: 2000, clock: clock.now });
    const load = async () => ++loads;
    assert.equal(await cache.get('k', load), 1);
    clock.advance(1999);
    assert.equal(await cache.get('k', load), 1);
    clock.advance(1);
    assert.equal(await cache.get('k', load), 2);
    assert.equal(cache.age('k'), 0);
  });

  it('does not keep a failed load: the next reader loads again', async () => {
    const cache = new Cache<string>({ ttlMs: 60_000, clock: manualClock().now });
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('cluster down');
      return 'ok';
    };
    const both = [cache.get('k', load), cache.get('k', load)];
    for (const read of both) await assert.rejects(read, /cluster down/);
    fail = false;
    assert.equal(await cache.get('k', load), 'ok');
  });

  it('forgets one key or all keys; a load in flight at that moment is answered but not kept', async () => {
    const cache = new Cache<number>({ ttlMs: 60_000, clock: manualClock().now });
    let loads = 0;
    const load = async () => ++loads;
    assert.equal(await cache.get('a', load), 1);
    assert.equal(await cache.get('b', load), 2);
    cache.forget('a');
    assert.equal(await cache.get('a', load), 3);
    assert.equal(await cache.get('b', load), 2);
    const inFlight = cache.get('c', load);
    cache.forget();
    assert.equal(await inFlight, 4);
    assert.equal(await cache.get('b', load), 5);
    assert.equal(await cache.get('c', load), 6);
  });

  it('loads again for another version, and for a read asking for a younger value than cached', async () => {
    const clock = manualClock();
    let loads = 0;
    const cache = new Cache<number>({ ttlMs: 5000, clock: clock.now });
    const load = async () => ++loads;
    assert.equal(await cache.get('k', load, { version: 'v1' }), 1);
    assert.equal(await cache.get('k', load, { version: 'v1' }), 1);
    assert.equal(await cache.get('k', load, { version: 'v2' }), 2);
    clock.advance(300);
    assert.equal(await cache.get('k', load, { version: 'v2', maxAgeMs: 500 }), 2);
    assert.equal(await cache.get('k', load, { version: 'v2', maxAgeMs: 250 }), 3);
    assert.equal(await cache.get('k', load, { version: 'v2', maxAgeMs: 0 }), 4);
  });

  it('stale-while-revalidate: serves a stale value at once while one background load replaces it', async () => {
    const clock = manualClock();
    const failures: unknown[] = [];
    const cache = new Cache<string>({ ttlMs: 2000, staleMs: 60_000, clock: clock.now, onRefreshFailed: (err) => failures.push(err) });
    const loads = controlledLoads<string>();
    const first = cache.get('k', loads.load);
    loads.resolve(0, 'old');
    assert.equal(await first, 'old');
    clock.advance(2500);
    assert.equal(await cache.get('k', loads.load), 'old');
    assert.equal(await cache.get('k', loads.load), 'old');
    assert.equal(loads.calls(), 2, 'one background load for both stale reads');
    loads.resolve(1, 'new');
    await tick();
    assert.equal(await cache.get('k', loads.load), 'new');
    assert.equal(cache.age('k'), 0, 'the age of the reloaded value counts from the start of its load');

    // A failed background load keeps the old value and is reported; the next stale read tries again.
    clock.advance(2500);
    assert.equal(await cache.get('k', loads.load), 'new');
    loads.reject(2, new Error('down'));
    await tick();
    assert.equal(failures.length, 1);
    assert.equal(await cache.get('k', loads.load), 'new');
    assert.equal(loads.calls(), 4);

    // Past staleMs, a reader waits for a load of its own.
    clock.advance(60_000);
    const late = cache.get('k', loads.load);
    loads.resolve(4, 'newest');
    assert.equal(await late, 'newest');
  });

  it('a background load that ends after forget() does not bring the old data back', async () => {
    const clock = manualClock();
    const cache = new Cache<string>({ ttlMs: 1000, staleMs: 60_000, clock: clock.now });
    const loads = controlledLoads<string>();
    const first = cache.get('k', loads.load);
    loads.resolve(0, 'v1');
    await first;
    clock.advance(1500);
    await cache.get('k', loads.load);
    cache.forget();
    loads.resolve(1, 'read before the import');
    await tick();
    const next = cache.get('k', loads.load);
    loads.resolve(2, 'after the import');
    assert.equal(await next, 'after the import');
  });

  it('keeps at most maxKeys keys, dropping the oldest', async () => {
    const cache = new Cache<string>({ ttlMs: 60_000, maxKeys: 2, clock: manualClock().now });
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    assert.equal(await cache.get('b', load), 'load 2');
    assert.equal(await cache.get('a', load), 'load 4');
  });

  it('does not keep a value `keep` refuses', async () => {
    const cache = new Cache<string | undefined>({ ttlMs: 60_000, keep: (v) => v !== undefined, clock: manualClock().now });
    let live: string | undefined;
    const load = async () => live;
    assert.equal(await cache.get('k', load), undefined);
    live = 'v1';
    assert.equal(await cache.get('k', load), 'v1');
    live = 'v2';
    assert.equal(await cache.get('k', load), 'v1');
  });

  it('counts the reads of a named cache made while serving a request as hits and misses', async () => {
    const clock = manualClock();
    const reads: string[] = [];
    const named = new Cache<number>({ name: 'facets', ttlMs: 1000, staleMs: 5000, clock: clock.now });
    const unnamed = new Cache<number>({ ttlMs: 1000, clock: clock.now });
    const load = async () => 1;
    await named.get('k', load); // outside a request: not counted
    await runWithRequest({ requestId: 'r', cacheRead: (cache, hit) => reads.push(`${cache} ${hit ? 'hit' : 'miss'}`) }, async () => {
      await named.get('k', load);
      clock.advance(2000);
      await named.get('k', load); // stale, served at once
      await named.get('other', load);
      await unnamed.get('k', load);
    });
    assert.deepEqual(reads, ['facets hit', 'facets hit', 'facets miss']);
  });
});
