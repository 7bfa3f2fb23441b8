/**
 * The suggestions miner (src/events/suggestionMiner.ts) and the use case's pure parts (src/behaviour/suggestions.ts)
 * on generated sessions with known answers: a planted reformulation pair among random noise, a phrase whose
 * clicks land in one category, a product clicked far down, and what counts as already applied. Also the
 * analytics charts' whole-number ticks.
 */
import assert from 'node:assert/strict';
import {
  mineSessions,
  sessionSearches,
  synonymScore,
  MIN_SYNONYM_SESSIONS,
  PIN_FROM_POSITION,
  REFORMULATION_WINDOW_MS,
  type SessionEvent,
} from '../../src/events/suggestionMiner';
import { categoryPage, parseSuggestionsRequest, ruleApplied, synonymApplied } from '../../src/behaviour/suggestions';
import { sessionEventOf } from '../../src/events/queries/suggestionEvents';
import { Rng } from '../../src/sample/random';
import { integerTicks } from '../../web/analytics/ticks';

const T0 = Date.parse('2026-11-01T10:00:00Z');

/** A session's events from steps: a search of `phrase` with `hits`, clicked at `clicks` (0-based positions), `at` seconds in. */
function session(
  key: string,
  steps: { phrase: string; hits?: number; clicks?: number[]; carts?: number; at: number; categories?: string[]; products?: string[] }[],
  locale = 'en-GB',
): SessionEvent[] {
  return steps.flatMap((s, i) => {
    const queryId = `${key}-${i}`;
    const at = T0 + s.at * 1000;
    return [
      { sessionKey: key, at, type: 'search' as const, locale, phrase: s.phrase, totalHits: s.hits ?? 20, queryId },
      ...(s.clicks ?? []).map((position, n) => ({
        sessionKey: key,
        at: at + 1000 + n,
        type: 'click' as const,
        locale,
        phrase: s.phrase,
        queryId,
        position,
        productKey: s.products?.[n] ?? `p${position}`,
        categoryIds: [s.categories?.[n] ?? `cat${position % 4}`],
      })),
      ...Array.from({ length: s.carts ?? 0 }, (_, n) => ({
        sessionKey: key,
        at: at + 2000 + n,
        type: 'add-to-cart' as const,
        locale,
        phrase: s.phrase,
        queryId,
      })),
    ];
  });
}

/** Noise: random sessions over a few phrases, clicked or not, never the planted pair. */
function noise(rng: Rng, count: number): SessionEvent[] {
  const phrases = ['boots', 'dresses', 'jeans', 'shirts', 'lamps'];
  return Array.from({ length: count }, (_, n) =>
    session(
      `noise-${n}`,
      Array.from({ length: rng.int(1, 3) }, (_, i) => ({
        phrase: rng.pick(phrases),
        clicks: rng.chance(0.6) ? [rng.int(0, 5)] : [],
        at: i * 60,
      })),
    ),
  ).flat();
}

describe('suggestions miner', () => {
  it('finds the planted pair among noise, with its sessions, consistency, conversion and examples', () => {
    const rng = new Rng(7);
    const planted = Array.from({ length: 8 }, (_, n) =>
      session(`planted-${n}`, [
        { phrase: 'kicks', hits: 0, at: n * 600 },
        { phrase: 'sneakers', clicks: [1], at: n * 600 + 40 + n },
      ]),
    );
    // Twice the failed phrase leads elsewhere: consistency 8 / 10.
    const elsewhere = [0, 1].map((n) =>
      session(`elsewhere-${n}`, [
        { phrase: 'kicks', hits: 0, at: 0 },
        { phrase: 'boots', clicks: [0], at: 30 },
      ]),
    );
    const mined = mineSessions([...noise(rng, 300), ...planted.flat(), ...elsewhere.flat()]);
    const pair = mined.synonyms.find((p) => p.phrase === 'kicks' && p.replacement === 'sneakers');
    assert.ok(pair);
    assert.equal(pair.sessions, 8);
    assert.equal(pair.consistency, 0.8);
    assert.equal(pair.conversion, 1);
    assert.equal(pair.zeroHits, true);
    assert.equal(pair.score, synonymScore(8, 0.8, 1));
    assert.equal(pair.examples.length, 3);
    assert.deepEqual(
      pair.examples[0]!.steps.map((s) => [s.phrase, s.totalHits, s.clicks, s.clickedPositions, s.afterSeconds]),
      [
        ['kicks', 0, 0, [], 0],
        ['sneakers', 20, 1, [2], 47],
      ],
    );
    // kicks → boots has two sessions: below MIN_SYNONYM_SESSIONS; noise pairs are rarely repeated that often and never score as high.
    assert.ok(MIN_SYNONYM_SESSIONS > 2);
    assert.equal(
      mined.synonyms.some((p) => p.phrase === 'kicks' && p.replacement === 'boots'),
      false,
    );
    assert.ok(
      mined.synonyms.every((p) => p === pair || p.score < pair.score),
      JSON.stringify(mined.synonyms.map((p) => [p.phrase, p.replacement, p.score])),
    );
  });

  it('does not pair a phrase that got a click, a reformulation after the window, a refinement, or another locale', () => {
    const late = REFORMULATION_WINDOW_MS / 1000 + 1;
    const events = [0, 1, 2, 3].flatMap((n) => [
      ...session(`clicked-${n}`, [
        { phrase: 'trainers', clicks: [0], at: 0 },
        { phrase: 'sneakers', clicks: [0], at: 30 },
      ]),
      ...session(`late-${n}`, [
        { phrase: 'kicks', hits: 0, at: 0 },
        { phrase: 'sneakers', clicks: [0], at: late },
      ]),
      ...session(`locale-${n}`, [{ phrase: 'dojor', hits: 0, at: 0 }], 'sv-SE'),
      ...session(
        `locale-${n}`,
        [{ phrase: 'sneakers', clicks: [0], at: 30 }].map((s) => ({ ...s, at: 30 })),
        'en-GB',
      ).map((e) => ({ ...e, queryId: `${e.queryId}-en` })),
    ]);
    assert.deepEqual(mineSessions(events).synonyms, []);
    // A continued search (a refinement of the same phrase) is not another search.
    const refined = sessionSearches([
      { sessionKey: 's', at: T0, type: 'search', locale: 'en-GB', phrase: 'boots', totalHits: 9, queryId: 'q1' },
      { sessionKey: 's', at: T0 + 5000, type: 'search', locale: 'en-GB', phrase: 'boots', totalHits: 3, queryId: 'q1', continued: true },
      { sessionKey: 's', at: T0 + 9000, type: 'click', locale: 'en-GB', phrase: 'boots', queryId: 'q1', position: 0 },
    ]);
    assert.deepEqual(
      refined.map((s) => [s.phrase, s.clicks]),
      [['boots', 1]],
    );
  });

  it('finds the phrase whose clicks land in one category, and the product clicked far down', () => {
    const far = PIN_FROM_POSITION + 3;
    const events = Array.from({ length: 12 }, (_, n) =>
      session(`s${n}`, [
        {
          phrase: 'knives',
          clicks: n % 3 === 0 ? [far, 1] : [1],
          categories: ['knives', 'knives'],
          products: n % 3 === 0 ? ['chef', 'santoku'] : ['santoku'],
          at: 0,
        },
      ]),
    ).flat();
    const mined = mineSessions(events);
    const lean = mined.categories.find((c) => c.phrase === 'knives');
    assert.ok(lean);
    assert.equal(lean.categoryId, 'knives');
    assert.equal(lean.share, 1);
    assert.equal(lean.clicks, 16);
    const pin = mined.pins.find((p) => p.phrase === 'knives');
    assert.ok(pin);
    assert.deepEqual([pin.productKey, pin.sessions, pin.clickedAt, pin.share], ['chef', 4, far + 1, 0.33]);
    assert.equal(mined.pins.length, 1);
  });

  it('reads stored events, and knows what is already applied', () => {
    const click = sessionEventOf({
      '@timestamp': '2026-11-01T10:00:00Z',
      type: 'click',
      sessionKey: 's',
      locale: 'sv-SE',
      queryLocale: 'en-GB',
      queryPhrase: 'kicks',
      queryId: 'q',
      productKey: 'p',
      position: 3,
      categoryIds: ['c'],
    });
    assert.deepEqual(click, {
      sessionKey: 's',
      at: Date.parse('2026-11-01T10:00:00Z'),
      type: 'click',
      locale: 'en-GB',
      phrase: 'kicks',
      queryId: 'q',
      productKey: 'p',
      position: 3,
      categoryIds: ['c'],
    });
    assert.equal(sessionEventOf({ '@timestamp': '2026-11-01T10:00:00Z', type: 'search' } as never), undefined);

    assert.equal(synonymApplied([{ terms: ['Kicks', 'sneakers', 'trainers'] }], 'kicks', 'sneakers'), true);
    assert.equal(synonymApplied([{ from: ['kicks'], to: ['sneakers'] }], 'kicks', 'sneakers'), true);
    assert.equal(synonymApplied([{ from: ['sneakers'], to: ['kicks'] }], 'kicks', 'sneakers'), false);
    const base = { id: 'x', market: 'UK', locale: 'en-GB', phrase: 'knives', score: 50, sessions: 5, examples: [] };
    const redirect = { ...base, kind: 'redirect' as const, categoryId: 'k', clicks: 10, share: 1, redirect: '/knives' };
    assert.equal(ruleApplied([{ id: 'r', phrases: ['knives'], redirect: '/x' }], redirect), true);
    assert.equal(ruleApplied([{ id: 'r', phrases: ['knives'], locale: 'sv-SE', redirect: '/x' }], redirect), false);
    const pin = { ...base, kind: 'pin' as const, productKey: 'chef', clickedAt: 14, share: 0.3, position: 1 };
    assert.equal(ruleApplied([{ id: 'r', phrases: ['knives'], pinned: [{ productKey: 'chef', position: 3 }] }], pin), true);
    assert.equal(ruleApplied([{ id: 'r', phrases: ['knives'], pinned: [{ productKey: 'other', position: 1 }] }], pin), false);

    const pages = [
      {
        id: 'home',
        paths: { 'en-GB': '/home' },
        primaryList: { rules: 'rule incl category { "Home" "Home > Kitchen" "Home > Kitchen > Knives" "Home > Kitchen > Cookware" }' },
      },
      {
        id: 'knives',
        paths: { 'en-GB': '/home/kitchen/knives' },
        primaryList: { rules: 'rule incl category { "Home > Kitchen > Knives" "Hem > Kök > Knivar" }' },
      },
    ];
    assert.equal(categoryPage(pages, { categoryId: 'cat_knives', categoryName: 'Home > Kitchen > Knives', locale: 'en-GB' }), '/home/kitchen/knives');
    assert.equal(categoryPage(pages, { categoryId: 'cat_knives', categoryName: 'Home > Kitchen > Knives', locale: 'sv-SE' }), undefined);
  });

  it('parses bounded parameters, naming the one refused', () => {
    const markets = { SE: { locales: ['sv-SE', 'en-GB'] } };
    assert.deepEqual(parseSuggestionsRequest({ market: 'SE' }, markets), { market: 'SE', days: 30, limit: 50, minScore: 0 });
    assert.deepEqual(parseSuggestionsRequest({ market: 'SE', locale: 'en-GB', kind: 'pin', days: '7', limit: '5', minScore: '40' }, markets), {
      market: 'SE',
      locale: 'en-GB',
      kind: 'pin',
      days: 7,
      limit: 5,
      minScore: 40,
    });
    for (const [query, name] of [
      [{ market: 'SE', days: '91' }, 'days'],
      [{ market: 'SE', limit: '0' }, 'limit'],
      [{ market: 'SE', kind: 'x' }, 'kind'],
      [{ market: 'NO' }, 'market'],
    ] as const) {
      assert.throws(() => parseSuggestionsRequest(query, markets), new RegExp(name));
    }
  });
});

describe('analytics charts: whole-number ticks', () => {
  it('never repeats a label for small counts', () => {
    assert.deepEqual(integerTicks(0, 1.1), [0, 1, 2]);
    assert.deepEqual(integerTicks(0, 1), [0, 1]);
    assert.deepEqual(integerTicks(0, 3.3), [0, 1, 2, 3, 4]);
    assert.deepEqual(integerTicks(0, 12), [0, 5, 10]);
    assert.deepEqual(integerTicks(0, 340), [0, 100, 200, 300]);
    for (const max of [0.2, 1, 2.7, 7, 19, 55, 999]) {
      const ticks = integerTicks(0, max);
      assert.ok(ticks.every(Number.isInteger) && new Set(ticks).size === ticks.length && ticks.length <= 5, `${max}: ${ticks}`);
    }
  });
});
