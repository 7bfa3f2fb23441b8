/**
 * The replay's click model (src/events/clickModel.ts) on generated sessions with a known answer: shoppers
 * examine rank k with probability 1/k and click an examined product with its true attractiveness; the
 * position-bias-corrected CTR recovers each product's attractiveness whatever rank it was shown at, where the
 * raw CTR would favour the product shown first. Plus nDCG@10 and the expected clicks of a ranking.
 */
import assert from 'node:assert/strict';
import { attractiveness, examination, expectedClicks, implicitGrade, implicitJudgments, ndcg, type RankedInteraction } from '../../src/events/clickModel';

/** Mulberry32: a small seeded generator, so the sessions are the same at every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sessions of one phrase: each shows `rankings[i % n]`, examines and clicks by the model; carts for a share of clicks. */
function generate(searches: number, rankings: string[][], truth: Record<string, number>, cartShare: Record<string, number>, seed = 7): RankedInteraction[] {
  const random = seeded(seed);
  const counts = new Map<string, RankedInteraction>();
  for (let s = 0; s < searches; s++) {
    const ranking = rankings[s % rankings.length];
    ranking.forEach((key, i) => {
      const rank = i + 1;
      if (random() >= examination(rank) || random() >= truth[key]) return;
      const at = `${key}@${rank}`;
      const c = counts.get(at) ?? { productKey: key, rank, clicks: 0, carts: 0 };
      c.clicks++;
      if (random() < (cartShare[key] ?? 0)) c.carts++;
      counts.set(at, c);
    });
  }
  return [...counts.values()];
}

describe('click model', () => {
  const truth = { a: 0.2, b: 0.6, c: 0.05, d: 0.4 };

  it("recovers each product's attractiveness from clicks at any rank, where the raw CTR favours the first rank", () => {
    // Half the sessions show a weak product first; the attractive one is shown third or fourth.
    const rankings = [
      ['a', 'c', 'b', 'd'],
      ['c', 'a', 'd', 'b'],
    ];
    const searches = 40_000;
    const interactions = generate(searches, rankings, truth, {});
    const alpha = attractiveness({ searches, interactions });
    for (const [key, expected] of Object.entries(truth)) {
      assert.ok(Math.abs(alpha.get(key)!.click - expected) < 0.02, `${key}: ${alpha.get(key)!.click} against ${expected}`);
    }
    // The raw CTR (clicks per search) puts a, shown high, above d, twice as attractive but shown low.
    const raw = (key: string) => interactions.filter((i) => i.productKey === key).reduce((s, i) => s + i.clicks, 0) / searches;
    assert.ok(raw('a') > raw('d'), `raw CTR: a ${raw('a')}, d ${raw('d')}`);
    assert.ok(alpha.get('b')!.click > alpha.get('d')!.click && alpha.get('d')!.click > alpha.get('a')!.click && alpha.get('a')!.click > alpha.get('c')!.click);
  });

  it('grades products from their clicks and carts, and caps attractiveness at 1', () => {
    const searches = 20_000;
    const interactions = generate(searches, [['b', 'd', 'a', 'c']], truth, { b: 0.5 });
    const grades = implicitJudgments({ searches, interactions });
    // b: 0.6 + 2 × 0.3 ≥ 0.5 → 3; d: 0.4 → 2; a: 0.2 → 2; c: 0.05 → 1.
    assert.deepEqual(Object.fromEntries(grades), { b: 3, d: 2, a: 2, c: 1 });
    assert.equal(implicitGrade(undefined), 0);
    const capped = attractiveness({ searches: 1, interactions: [{ productKey: 'x', rank: 5, clicks: 1, carts: 0 }] });
    assert.equal(capped.get('x')!.click, 1);
    assert.equal(attractiveness({ searches: 0, interactions }).size, 0);
  });

  it('expects more clicks from the ranking that puts attractive products first', () => {
    const alpha = new Map(Object.entries(truth).map(([k, v]) => [k, { click: v, cart: 0 }]));
    const best = expectedClicks(['b', 'd', 'a', 'c'], alpha);
    const worst = expectedClicks(['c', 'a', 'd', 'b'], alpha);
    assert.ok(Math.abs(best - (0.6 + 0.4 / 2 + 0.2 / 3 + 0.05 / 4)) < 1e-9);
    assert.ok(best > worst);
    // A product nobody clicked counts for nothing, and only the first ten ranks count.
    assert.equal(expectedClicks(['new'], alpha), 0);
    assert.equal(expectedClicks([...Array.from({ length: 10 }, (_, i) => `x${i}`), 'b'], alpha), 0);
  });

  it('computes nDCG@10 against the ideal order of the grades, null without any positive grade', () => {
    const grades = new Map([
      ['a', 3],
      ['b', 2],
      ['c', 0],
    ]);
    assert.equal(ndcg(['a', 'b', 'c'], grades), 1);
    const swapped = ndcg(['b', 'a'], grades)!;
    const expected = (3 / 1 + 7 / Math.log2(3)) / (7 / 1 + 3 / Math.log2(3));
    assert.ok(Math.abs(swapped - expected) < 1e-12);
    assert.equal(ndcg(['x', 'y'], grades), 0);
    assert.equal(ndcg(['a', 'a', 'b'], grades)! < 1, true, 'a repeated group gains once');
    assert.equal(ndcg(['a'], new Map([['a', 0]])), null);
  });
});
