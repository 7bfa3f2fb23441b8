/**
 * Search by meaning, the pure parts: the fusion of the words' scores and the similarities (min-max blend and RRF),
 * the scores read from named queries, the count of word matches, the product text and its cache key, and the
 * SEMANTIC_SEARCH setting.
 */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import {
  IN_STOCK_QUERY,
  MEANING_BOOST,
  MEANING_QUERY,
  WORDS_QUERY,
  fuse,
  fusedHits,
  hitScores,
  meaningClause,
  wordMatches,
  wordsOrMeaning,
} from '../../src/storefront/semantic';
import { decodeVector, documentVector, encodeVector, productText, textKey } from '../../src/catalog/productVectors';
import { parseSemanticSearch, semanticOn } from '../../src/kernel/config';

const blend = { method: 'blend' as const, weight: 0.5, minSimilarity: 0.3 };
const hit = (id: string, words?: number, similarity?: number): estypes.SearchHit<unknown> => ({
  _index: 'i',
  _id: id,
  _score: (words ?? 0) + (similarity !== undefined ? ((1 + similarity) / 2) * MEANING_BOOST : 0),
  matched_queries: {
    ...(words !== undefined ? { [WORDS_QUERY]: words } : {}),
    ...(similarity !== undefined ? { [MEANING_QUERY]: ((1 + similarity) / 2) * MEANING_BOOST } : {}),
    [IN_STOCK_QUERY]: 0,
  },
});

describe('search by meaning: fusion', () => {
  it('reads the words score and the cosine similarity of a hit from its named queries', () => {
    const s = hitScores(hit('a', 12.5, 0.8));
    assert.equal(s.words, 12.5);
    assert.ok(Math.abs(s.similarity! - 0.8) < 1e-9);
    assert.deepEqual(hitScores(hit('b', 3)), { words: 3, inStock: true });
    assert.equal(hitScores({ _index: 'i', _id: 'e', _score: 1, matched_queries: { [WORDS_QUERY]: 1 } }).inStock, false);
    assert.equal(hitScores(hit('c', undefined, 0.5)).words, undefined);
    // Without named scores (search by words alone): the score is the words'.
    assert.deepEqual(hitScores({ _index: 'i', _id: 'd', _score: 7 }), { words: 7 });
  });

  it('blends min-max normalised scores: a product both find ranks first, a near product found by meaning only can pass a weak word match', () => {
    const order = fusedHits([hit('weakWords', 1), hit('both', 10, 0.9), hit('wordsOnly', 9), hit('meaningOnly', undefined, 0.85)], blend).hits.map(
      (h) => h._id,
    );
    assert.deepEqual(order, ['both', 'meaningOnly', 'wordsOnly', 'weakWords']);
  });

  it('weighs the meaning by `weight`: 0 keeps the words order, 1 the similarity order', () => {
    const hits = [hit('a', 10, 0.4), hit('b', 5, 0.9), hit('c', 1, 0.6)];
    assert.deepEqual(
      fusedHits(hits, { ...blend, weight: 0 }).hits.map((h) => h._id),
      ['a', 'b', 'c'],
    );
    assert.deepEqual(
      fusedHits(hits, { ...blend, weight: 1 }).hits.map((h) => h._id),
      ['b', 'c', 'a'],
    );
  });

  it("gives each hit the meaning's share of its fused score", () => {
    const fused = fuse([{ words: 10, similarity: 0.9 }, { similarity: 0.9 }, { words: 10 }], blend);
    const share = new Map(fused.map((f) => [f.index, f.meaningShare]));
    assert.equal(share.get(0), 0.5);
    assert.equal(share.get(1), 1);
    assert.equal(share.get(2), 0);
  });

  it('fuses by reciprocal rank with rrf', () => {
    const fused = fuse([{ words: 10 }, { words: 5, similarity: 0.9 }, { similarity: 0.8 }], { ...blend, method: 'rrf' });
    assert.deepEqual(
      fused.map((f) => f.index),
      [1, 0, 2],
    );
    assert.ok(Math.abs(fused[0]!.score - (0.5 / 62 + 0.5 / 61)) < 1e-12);
  });

  it('keeps in stock first, each part fused on its own', () => {
    const fused = fuse(
      [
        { words: 10, similarity: 0.9, inStock: false },
        { words: 1, inStock: true },
        { similarity: 0.5, inStock: true },
      ],
      blend,
    );
    assert.deepEqual(
      fused.map((f) => f.index),
      [1, 2, 0],
    );
  });

  it('leaves pinned hits out of the normalisation, first (the phrase rule places them)', () => {
    const { hits } = fusedHits([hit('a', 5, 0.9), hit('pin', 1e15), hit('b', 4)], blend, (h) => h._id === 'pin');
    assert.deepEqual(
      hits.map((h) => h._id),
      ['pin', 'a', 'b'],
    );
  });

  it('keeps the order of equal scores', () => {
    assert.deepEqual(
      fuse([{ words: 1 }, { words: 1 }, { words: 1 }], blend).map((f) => f.index),
      [0, 1, 2],
    );
  });

  it('counts the products the words matched: exactly when the whole list was fetched, else all but the candidates', () => {
    assert.equal(wordMatches([hit('a', 1), hit('b', undefined, 0.5)], 2, 50), 1);
    assert.equal(wordMatches([hit('a', undefined, 0.5)], 1, 50), 0);
    assert.equal(wordMatches([hit('a', 1)], 500, 50), 450);
  });

  it('asks for the nearest products under the listing filters, with the least similarity, as a second way to match', () => {
    const filters = [{ term: { market: 'UK' } }];
    const clause = meaningClause({ vector: [1, 0], fusion: { method: 'blend', weight: 0.5, candidates: 30, minSimilarity: 0.4, window: 100 } }, filters);
    assert.deepEqual(clause, {
      knn: {
        field: 'embedding',
        query_vector: [1, 0],
        k: 30,
        num_candidates: 100,
        similarity: 0.4,
        filter: filters,
        boost: MEANING_BOOST,
        _name: MEANING_QUERY,
      },
    });
    const q = wordsOrMeaning({ match_all: {} }, clause) as { bool: { should: unknown[]; minimum_should_match: number } };
    assert.equal(q.bool.minimum_should_match, 1);
    assert.deepEqual(q.bool.should[0], { bool: { must: [{ match_all: {} }], _name: WORDS_QUERY } });
  });
});

describe('search by meaning: product vectors', () => {
  it('embeds the title, brand, types and description, and keys the cache by the model and the text', () => {
    const text = productText({ title: 'Kettle  Brew', brand: 'Acme', productType: ['Kettles', 'Kitchen'], description: 'Boils\nwater.' });
    assert.equal(text, 'Kettle Brew | Acme | Kettles, Kitchen | Boils water.');
    assert.equal(productText({ title: 'Plain', productType: [] }), 'Plain');
    assert.notEqual(textKey('m1', text), textKey('m2', text));
    assert.equal(textKey('m1', text), textKey('m1', text));
  });

  it('stores a vector in the cache exactly and in the document rounded', () => {
    const v = new Float32Array([0.1, -0.25, 0.123456789]);
    assert.deepEqual(decodeVector(encodeVector(v), 3), v);
    assert.equal(decodeVector(encodeVector(v), 4), undefined, 'a vector of another length is no hit');
    assert.deepEqual(documentVector(v), [0.1, -0.25, 0.123457]);
  });
});

describe('SEMANTIC_SEARCH', () => {
  it('turns search by meaning on per language or locale, the rest by *', () => {
    const s = parseSemanticSearch('en,de=off,sv-se');
    assert.equal(semanticOn(s, 'en-GB'), true);
    assert.equal(semanticOn(s, 'de-DE'), false);
    assert.equal(semanticOn(s, 'sv-SE'), true);
    assert.equal(semanticOn(s, 'fi-FI'), false);
    assert.equal(semanticOn(parseSemanticSearch('*,sv=off'), 'fi-FI'), true);
    assert.equal(semanticOn(parseSemanticSearch('*,sv=off'), 'sv-SE'), false);
    assert.equal(semanticOn(parseSemanticSearch('on'), 'sv-SE'), true);
    assert.equal(semanticOn(parseSemanticSearch('off'), 'en-US'), false);
    assert.throws(() => parseSemanticSearch('en,english!'), /SEMANTIC_SEARCH entry "english!"/);
  });
});
