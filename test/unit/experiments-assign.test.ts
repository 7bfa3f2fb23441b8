import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ExperimentStore } from '../../src/merchandising/experimentStore';
import type { DocumentIndex } from '../../src/search/documents';
import { assignVariant, assignments, bucketOf, fnv1a, mergedOverrides, variantOfBucket, variantTags } from '../../src/merchandising/experiments/assign';
import type { Experiment } from '../../src/merchandising/experiments/types';
import { validateExperiments } from '../../src/merchandising/experiments/validate';
import type { CatalogConfiguration } from '../../src/catalog/types';
import { phraseMatch, relevanceBoosts } from '../../src/storefront/relevance';

const experiment = (shares: number[], over: Partial<Experiment> = {}): Experiment => ({
  id: 'exp-1',
  name: 'Test',
  start: '2026-01-01T00:00:00.000Z',
  end: '2027-01-01T00:00:00.000Z',
  markets: ['SE'],
  variants: shares.map((share, i) => ({ id: i === 0 ? 'control' : `v${i}`, share, overrides: {} })),
  ...over,
});

describe('experiment assignment', () => {
  it('hashes with FNV-1a 32 (published test vectors)', () => {
    assert.equal(fnv1a(''), 0x811c9dc5);
    assert.equal(fnv1a('a'), 0xe40c292c);
    assert.equal(fnv1a('foobar'), 0xbf9cf968);
  });

  it('is stable: the same visitor gets the same variant every time, different experiments split independently', () => {
    const e = experiment([50, 50]);
    for (let i = 0; i < 200; i++) assert.equal(assignVariant(e, `c${i}`).id, assignVariant(structuredClone(e), `c${i}`).id);
    assert.equal(bucketOf('exp-1', 'c1'), fnv1a('exp-1:c1') % 10_000);
    const other = experiment([50, 50], { id: 'exp-2' });
    const same = Array.from({ length: 1000 }, (_, i) => assignVariant(e, `c${i}`).id === assignVariant(other, `c${i}`).id).filter(Boolean).length;
    assert.ok(same > 400 && same < 600, `experiments correlate: ${same} of 1000 alike`);
  });

  for (const shares of [
    [50, 50],
    [34, 33, 33],
    [10, 90],
  ]) {
    it(`balances ${shares.join('/')} within ±2% over 10,000 visitors`, () => {
      const e = experiment(shares);
      const counts = new Map<string, number>();
      for (let i = 0; i < 10_000; i++) {
        const id = assignVariant(e, `visitor-${i}-${(i * 7919) % 1000}`).id;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      e.variants.forEach((v) => {
        const share = (counts.get(v.id) ?? 0) / 100;
        assert.ok(Math.abs(share - v.share) <= 2, `${v.id}: ${share}% for ${v.share}%`);
      });
    });
  }

  it('maps buckets by cumulative shares', () => {
    const { variants } = experiment([34, 33, 33]);
    assert.deepStrictEqual(
      [0, 3399, 3400, 6699, 6700, 9999].map((b) => variantOfBucket(variants, b).id),
      ['control', 'control', 'v1', 'v1', 'v2', 'v2'],
    );
  });

  it('applies only between start and end, in its markets and touchpoints, with a customerKey', () => {
    const e = experiment([50, 50], { touchpoints: ['MOBILE'] });
    const at = { market: 'SE', touchpoint: 'MOBILE', customerKey: 'c1', now: new Date('2026-06-01T00:00:00Z') };
    assert.equal(assignments([e], at).length, 1);
    assert.equal(assignments([e], { ...at, touchpoint: 'DESKTOP' }).length, 0);
    assert.equal(assignments([e], { ...at, market: 'NO' }).length, 0);
    assert.equal(assignments([e], { ...at, now: new Date('2027-01-01T00:00:00Z') }).length, 0, 'end is exclusive');
    assert.equal(assignments([e], { ...at, now: new Date('2025-12-31T23:59:59Z') }).length, 0);
    assert.equal(assignments([e], { ...at, customerKey: '' }).length, 0);
    assert.deepStrictEqual(variantTags(assignments([e], at)), [`exp-1:${assignVariant(e, 'c1').id}`]);
  });

  it('merges the overrides of several experiments, the later one winning', () => {
    const merged = mergedOverrides([
      { experimentId: 'a', variant: { id: 'B', share: 50, overrides: { relevance: { behaviourWeight: 0 }, synonyms: 'none' } } },
      { experimentId: 'b', variant: { id: 'B', share: 50, overrides: { relevance: { relaxedMatching: false }, synonyms: 'shop-only' } } },
    ]);
    assert.deepStrictEqual(merged, { relevance: { behaviourWeight: 0, relaxedMatching: false }, synonyms: 'shop-only' });
  });
});

describe('experiments validation', () => {
  const configuration = { markets: { SE: { locales: ['sv-SE'] }, NO: { locales: ['nb-NO'] } } } as unknown as CatalogConfiguration;
  const valid = () => ({
    experiments: [
      {
        id: 'ranking-1',
        name: 'Less behaviour',
        start: '2026-01-01T00:00:00Z',
        end: '2026-02-01T00:00:00Z',
        markets: ['SE'],
        touchpoints: ['DESKTOP'],
        variants: [
          { id: 'control', share: 50, overrides: {} },
          {
            id: 'B',
            share: 50,
            overrides: {
              relevance: { behaviourWeight: 0.5, queryUnderstanding: 'boost', relaxedMatching: false },
              synonyms: 'none',
              recommendations: { top: { algorithm: 'NEWEST_PRODUCTS' } },
              pages: { '/women': { productRules: 'rule incl brand { "Acme" }', pins: ['p1'] } },
            },
          },
        ],
      },
    ],
  });
  const problems = (body: unknown) => {
    const v = validateExperiments(body, configuration);
    return v.ok ? [] : v.problems.errors.map((p) => `${p.path}: ${p.message}`);
  };

  it('accepts a full experiment, its instants normalised', () => {
    const v = validateExperiments(valid(), configuration);
    assert.ok(v.ok, JSON.stringify(!v.ok && v.problems.errors));
    assert.equal(v.value.experiments[0].start, '2026-01-01T00:00:00.000Z');
    assert.equal(v.value.experiments[0].variants[1].overrides.relevance?.behaviourWeight, 0.5);
  });

  it('names the path of each problem', () => {
    const bad = valid();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a body broken on purpose
    const e = bad.experiments[0] as Record<string, any>;
    e.markets = ['XX'];
    e.end = '2025-01-01T00:00:00Z';
    e.variants[1].share = 40;
    e.variants[1].overrides.relevance.queryUnderstanding = 'maybe';
    e.variants[1].overrides.recommendations.top.algorithm = 'RANDOM';
    e.variants[1].overrides.pages['/women'].productRules = 'rule incl brand {';
    const found = problems(bad);
    for (const path of [
      'experiments[0].markets[0]',
      'experiments[0].end',
      'experiments[0].variants:',
      'experiments[0].variants[1].overrides.relevance.queryUnderstanding',
      'experiments[0].variants[1].overrides.recommendations.top.algorithm',
      'experiments[0].variants[1].overrides.pages./women.productRules',
    ]) {
      assert.ok(
        found.some((f) => f.startsWith(path)),
        `${path} in ${found.join(' | ')}`,
      );
    }
  });

  it('takes two to four variants with unique ids, and unique experiment ids', () => {
    const one = valid();
    one.experiments[0].variants = [{ id: 'control', share: 100, overrides: {} }] as never;
    assert.ok(
      problems(one).some((p) => p.startsWith('experiments[0].variants: at least 2')),
      problems(one).join(),
    );
    const twice = valid();
    twice.experiments.push(structuredClone(twice.experiments[0]));
    assert.ok(problems(twice).some((p) => p.startsWith('experiments[1].id')));
  });
});

describe('experiment relevance overrides (pure query pieces)', () => {
  it('behaviourWeight scales the popularity clause, 0 leaves it out', () => {
    const popularity = (clauses: ReturnType<typeof relevanceBoosts>) =>
      clauses.filter((c) => 'function_score' in c).map((c) => ({ function_score: c.function_score as { boost?: number } }));
    assert.equal(popularity(relevanceBoosts('red sweater')).length, 1);
    assert.equal(popularity(relevanceBoosts('red sweater'))[0].function_score.boost, undefined, 'the live weight is unchanged');
    assert.equal(popularity(relevanceBoosts('red sweater', [], [], { behaviourWeight: 2.5 }))[0].function_score.boost, 2.5);
    assert.equal(popularity(relevanceBoosts('red sweater', [], [], { behaviourWeight: 0 })).length, 0);
  });

  it('relaxedMatching false: a long phrase requires every word', () => {
    assert.ok(phraseMatch('red wool sweater').full, 'relaxed by default');
    const strict = phraseMatch('red wool sweater', undefined, false);
    assert.equal(strict.full, undefined);
    assert.deepStrictEqual(strict.match, phraseMatch('red wool sweater').full);
  });
});

describe('experiment store snapshot', () => {
  /** A store over a scripted document index: each scan answers the next of `answers`, recording the async context it ran in. */
  function storeOver(answers: (() => Promise<Experiment[]>)[], cacheMs: number) {
    const contexts: (string | undefined)[] = [];
    const als = new AsyncLocalStorage<string>();
    const documents = {
      async *scan() {
        contexts.push(als.getStore());
        yield (await answers.shift()!()).map((e) => ({ _index: 'experiments', _id: e.id, _source: { id: e.id, experiment: e, updatedAt: '' } }));
      },
    } as unknown as DocumentIndex;
    return { store: new ExperimentStore(documents, 'experiments', { maxBytes: 1, concurrency: 1 }, cacheMs), contexts, als };
  }

  it("serves the snapshot without waiting once loaded, and reloads it outside the query's async context", async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => {
      release = r;
    });
    const { store, contexts, als } = storeOver(
      [
        async () => [experiment([50, 50])],
        async () => {
          await slow;
          return [];
        },
      ],
      0,
    );
    assert.equal((await als.run('query 1', () => store.running())).experiments.length, 1, 'the first read waits');
    // The cache is old at once (0 ms): the next query gets the snapshot while the reload waits on Elasticsearch.
    assert.equal((await als.run('query 2', () => store.running())).experiments.length, 1);
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(contexts, ['query 1', undefined], 'the reload belongs to no query (counted in no X-Elasticsearch-Round-Trips)');
    release();
    await new Promise((r) => setTimeout(r, 10));
    assert.equal((await store.running()).experiments.length, 0, 'the reloaded snapshot is served next');
  });
});
