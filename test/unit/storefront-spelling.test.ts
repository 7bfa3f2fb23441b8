/**
 * The pure pieces of search-page's relaxed matching and spelling: the all-but-one-word match and its tier
 * (relevance.ts), the correction policy (suggest/correction.ts), the lexicon's Bloom filter
 * (suggest/realWords.ts) and the zero-result page's nearest category (web/storefront/nearestCategory.ts).
 */
import assert from 'node:assert/strict';
import type { NavigationNode } from '@apptus/esales-api';
import { allButOneWordMatch, listingQuery, phraseMatch, RELAXED_FROM_WORDS, RELAXED_TIER, STOCK_TIER, textMatch } from '../../src/storefront/relevance';
import {
  acceptedCorrection,
  acceptedCorrections,
  correctable,
  folded,
  RARE_BELOW,
  wordCountAggregation,
  wordCounts,
} from '../../src/storefront/suggest/correction';
import { RealWords, WordFilter } from '../../src/storefront/suggest/realWords';
import { nearestCategory } from '../../web/storefront/nearestCategory';

describe('relaxed matching (relevance.ts)', () => {
  it('relaxes only phrases of RELAXED_FROM_WORDS words or more, by one word', () => {
    assert.equal(RELAXED_FROM_WORDS, 3);
    assert.equal(allButOneWordMatch('red dress'), undefined);
    assert.deepEqual(phraseMatch('red dress'), { match: textMatch('red dress') });
    const relaxed = allButOneWordMatch('red silk dress - long') as { bool: { should: unknown[]; minimum_should_match: number } };
    assert.equal(relaxed.bool.should.length, 4, 'a token without letters or digits is no word');
    assert.equal(relaxed.bool.minimum_should_match, 3);
    assert.equal(JSON.stringify(relaxed).includes('"zero_terms_query":"all"'), true, 'a stop word is never the missing one');
    const { match, full, whole } = phraseMatch('red silk dress');
    assert.deepEqual(full, textMatch('red silk dress'));
    assert.deepEqual(whole, full, 'the primary list holds the full match; the rest are partial matches (issue 40)');
    assert.deepEqual(match, { bool: { should: [full, allButOneWordMatch('red silk dress')], minimum_should_match: 1 } });
  });

  it('ranks a relaxed product after every full match, in or out of stock', () => {
    // relevance is at least 1 (the floor) and far below 10^4
    const worstFullOutOfStock = 1;
    const bestRelaxedInStock = 9_999 * STOCK_TIER * RELAXED_TIER;
    assert.ok(bestRelaxedInStock < worstFullOutOfStock);
    assert.ok(1 * STOCK_TIER * RELAXED_TIER > 9_999 * RELAXED_TIER, 'in stock before out of stock within the relaxed tier');
    const full = textMatch('a b c');
    const q = listingQuery({ match: { match_all: {} }, fullMatch: full, filters: [], inStock: { term: { inStock: true } }, relevance: true }) as {
      function_score: { functions: unknown[] };
    };
    assert.deepEqual(q.function_score.functions[1], { filter: { bool: { must_not: [full] } }, weight: RELAXED_TIER });
    const sorted = listingQuery({ match: { match_all: {} }, fullMatch: full, filters: [], inStock: { term: { inStock: true } }, relevance: false }) as {
      bool: { should: unknown[] };
    };
    assert.deepEqual(sorted.bool.should[1], { constant_score: { filter: full, boost: 2 } });
  });
});

describe('correction policy (suggest/correction.ts)', () => {
  const facts = (counts: Record<string, number>, real: string[] = []) => ({
    counts: new Map(Object.entries(counts)),
    realWord: (w: string) => real.includes(w),
  });

  it('changes only words missing or rare in the catalog, and never a word of the language', () => {
    assert.equal(RARE_BELOW, 2);
    assert.equal(correctable('snekers', facts({ snekers: 0 })), true);
    assert.equal(correctable('snekers', facts({ snekers: 1 })), true);
    assert.equal(correctable('laptop', facts({ laptop: 2 })), false);
    assert.equal(correctable('gröna', facts({ gröna: 0 }, ['gröna'])), false);
    assert.equal(correctable('other', facts({})), false, 'a word not counted is taken for a catalog word');
    assert.equal(acceptedCorrection('gröna', 'gryta', facts({ gröna: 0 }, ['gröna'])), undefined);
    assert.equal(acceptedCorrection('svart väst', 'svart vaska', facts({ svart: 20, väst: 2 })), undefined);
    assert.equal(acceptedCorrection('runnign shoes', 'running shoes', facts({ runnign: 0, shoes: 40 })), 'running shoes');
  });

  it('never changes a number the shopper typed (issue 40), but may split it from a word', () => {
    assert.equal(acceptedCorrection('skor under 400 kr', 'skor under 4100 kr', facts({ skor: 5, under: 5, '400': 0, kr: 0 })), undefined);
    assert.equal(acceptedCorrection('skor 40', 'skor 4', facts({ skor: 5, '40': 0 })), undefined);
    assert.equal(acceptedCorrection('2gallon jug', '2 gallon jug', facts({ '2gallon': 0, jug: 5 })), '2 gallon jug');
  });

  it("keeps the visitor's spelling of the words a correction keeps, and drops a correction of diacritics alone", () => {
    assert.equal(folded('Röda'), 'roda');
    assert.equal(folded('søt'), 'sot');
    assert.equal(folded('Straße'), 'strasse');
    assert.equal(acceptedCorrection('röda klännigar', 'roda klanningar', facts({ röda: 30, klännigar: 1 })), 'röda klanningar');
    assert.equal(acceptedCorrection('röda', 'roda', facts({ röda: 0 })), undefined);
    assert.deepEqual(acceptedCorrections('blå jaka', ['bla jacka', 'bla jacka', 'bla jakt'], facts({ blå: 9, jaka: 0 })), ['blå jacka', 'blå jakt']);
  });

  it('counts each typed word once with a filters aggregation, and reads the counts back', () => {
    const aggs = wordCountAggregation('Röda röda 1/2 klänningar') as Record<string, { filters: { filters: Record<string, unknown> } }>;
    assert.deepEqual(Object.keys(aggs.wordCounts.filters.filters).sort(), ['1', '2', 'klänningar', 'röda']);
    assert.deepEqual(wordCountAggregation('  - '), {});
    const counts = wordCounts({
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: [] },
      aggregations: { wordCounts: { buckets: { röda: { doc_count: 3 } } } },
    } as never);
    assert.deepEqual([...counts], [['röda', 3]]);
  });
});

describe('real words (suggest/realWords.ts)', () => {
  it('knows every lexicon word and few others', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const filter = new WordFilter(words, words.length);
    assert.ok(words.every((w) => filter.has(w)));
    const strangers = Array.from({ length: 5000 }, (_, i) => `other${i}`).filter((w) => filter.has(w)).length;
    assert.ok(strangers < 150, `${strangers} false positives in 5000`);
  });

  it('reads each language once, case-insensitively, and answers undefined without a lexicon', async () => {
    const read: string[] = [];
    const real = new RealWords(async (language) => {
      read.push(language);
      if (language !== 'sv') throw new Error('no such file');
      return new Set(['gröna']);
    });
    assert.equal((await real.of('sv-SE'))!('Gröna'), true);
    assert.equal((await real.of('sv-FI'))!('gryta'), false);
    assert.equal(await real.of('en-GB'), undefined);
    assert.deepEqual(read, ['sv', 'en']);
  });
});

describe('nearest category (web/storefront/nearestCategory.ts)', () => {
  const node = (label: string, path: string, children: NavigationNode[] = []): NavigationNode =>
    ({ type: 'PAGE_LINK', label, link: path, children }) as unknown as NavigationNode;
  const tree = [node('Women', '/women', [node('Jackets', '/women/jackets'), node('Dresses', '/women/dresses')]), node('Home', '/home')];

  it('is the category sharing most letter trigrams with the phrase, else the first', () => {
    assert.deepEqual(nearestCategory(tree, 'warm jakets'), { label: 'Jackets', path: '/women/jackets' });
    assert.deepEqual(nearestCategory(tree, 'dresess'), { label: 'Dresses', path: '/women/dresses' });
    assert.deepEqual(nearestCategory(tree, 'qxzvwq'), { label: 'Women', path: '/women' });
    assert.equal(nearestCategory([], 'x'), undefined);
  });
});
