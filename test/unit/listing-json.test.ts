import assert from 'node:assert/strict';
import { RawJson, stringifyAnswer } from '../../src/kernel/rawJson';
import { ByteLru } from '../../src/kernel/byteLru';
import { newnessWindow } from '../../src/storefront/presentation';

describe('answers with spliced JSON (kernel/rawJson.ts)', () => {
  it('writes what JSON.stringify writes, byte for byte', () => {
    const date = new Date('2026-01-02T03:04:05Z');
    const values: unknown[] = [
      { a: 1, b: undefined, c: () => 1, d: [undefined, null, 'x', () => 1], e: { f: 'ü"\\\u2028\ud800' }, g: date, h: -0, i: NaN },
      [1, { k: [{ deep: { deeper: [1, 2, { deepest: 'x' }] } }] }],
      Object.assign(Object.create(null) as object, { n: 1 }),
      'text',
      3,
      null,
      true,
    ];
    for (const v of values) assert.equal(stringifyAnswer(v), JSON.stringify(v));
  });

  it('splices RawJson as it is, down to the depth answers hold their product lists', () => {
    const answer = { q: 'x', primaryList: { productGroups: new RawJson('[{"key":"g1"}]'), totalHits: 1 }, lists: [new RawJson('{"a":1}')] };
    assert.equal(stringifyAnswer(answer), '{"q":"x","primaryList":{"productGroups":[{"key":"g1"}],"totalHits":1},"lists":[{"a":1}]}');
  });

  it('refuses a RawJson deeper than that instead of answering it wrong', () => {
    assert.throws(() => stringifyAnswer({ a: { b: { c: { d: new RawJson('1') } } } }), /RawJson reached JSON.stringify/);
    assert.throws(() => JSON.stringify({ a: new RawJson('1') }), /RawJson reached JSON.stringify/);
  });
});

describe('byte-bounded least-recently-used map (kernel/byteLru.ts)', () => {
  it('drops the least recently used beyond its bytes, never keeps a value over a sixteenth of them', () => {
    const lru = new ByteLru<string>(1600);
    for (let i = 0; i < 16; i++) lru.set(`k${i}`, `v${i}`, 100);
    assert.equal(lru.bytes, 1600);
    assert.equal(lru.get('k0'), 'v0'); // k0 is now the most recent: k1 goes first
    lru.set('k16', 'v16', 100);
    assert.equal(lru.get('k1'), undefined);
    assert.deepEqual([lru.get('k0'), lru.get('k2'), lru.get('k16')], ['v0', 'v2', 'v16']);
    assert.equal(lru.bytes, 1600);
    lru.set('big', 'X', 101);
    assert.equal(lru.get('big'), undefined);
    lru.set('k2', 'w2', 50);
    assert.deepEqual([lru.get('k2'), lru.bytes, lru.size], ['w2', 1550, 16]);
  });
});

describe('the NEW badge’s window (presentation.ts newnessWindow)', () => {
  const day = 24 * 3600 * 1000;
  const released = Date.parse('2026-11-01T00:00:00Z');
  it('is the span in which the badge stays as it is now, both ends included', () => {
    assert.deepEqual(newnessWindow('2026-11-01T00:00:00Z', new Date(released - 5), 30), [-Infinity, released - 1]);
    assert.deepEqual(newnessWindow('2026-11-01T00:00:00Z', new Date(released + day), 30), [released, released + 30 * day]);
    assert.deepEqual(newnessWindow('2026-11-01T00:00:00Z', new Date(released + 31 * day), 30), [released + 30 * day + 1, Infinity]);
    assert.deepEqual(newnessWindow(undefined, new Date(released), 30), [-Infinity, Infinity]);
    assert.deepEqual(newnessWindow('not a date', new Date(released), 30), [-Infinity, Infinity]);
    assert.deepEqual(newnessWindow('2026-11-01T00:00:00Z', new Date(released), undefined), [-Infinity, Infinity]);
  });
});
