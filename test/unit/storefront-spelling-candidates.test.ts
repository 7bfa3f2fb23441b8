/**
 * Did-you-mean checked against the catalog (src/storefront/suggest/candidates.ts): candidate corrections from
 * the catalog's vocabulary, the spelling search left out when every word is the catalog's, and corrections
 * offered only when a counted candidate finds more product groups than the phrase as typed.
 */
import assert from 'node:assert/strict';
import { candidatePhrases, offeredCorrections, spellingPlan, unknownWords, type CatalogWords } from '../../src/storefront/suggest/candidates';
import { editDistance, NearWords } from '../../src/catalog/nearWords';

function catalog(words: string[]): CatalogWords {
  const near = new NearWords(() => words);
  const held = new Set(words);
  return { holds: (w) => held.has(w), near: (w, max) => near.near(w, max) };
}

describe('spelling candidates from the catalog vocabulary', () => {
  it('measures edits with adjacent transpositions, and stops past the limit', () => {
    const cases: [string, string, number, number][] = [
      ['running', 'runnign', 2, 1],
      ['shoes', 'shoez', 2, 1],
      ['klanningar', 'klanigar', 2, 2],
      ['jacka', 'jacka', 1, 0],
      ['boots', 'bouquet', 2, 3],
      ['ab', 'abcdef', 2, 3],
    ];
    for (const [a, b, max, expected] of cases) assert.equal(editDistance(a, b, max), expected, `${a}/${b}`);
  });

  it('finds catalog words near a typed word: same first letter, diacritics folded, nearest first', () => {
    const words = catalog(['klänningar', 'klänning', 'kalsonger', 'sneakers', 'skor', 'running', 'runner', 'sunning']);
    assert.deepEqual(words.near('klänigar', 2), ['klänningar']);
    assert.deepEqual(words.near('klanningar', 2), ['klänning'], 'the typed word, folded, is no candidate of itself');
    assert.deepEqual(words.near('runnign', 2), ['running']);
    assert.deepEqual(words.near('runer', 1), ['runner']);
    assert.deepEqual(words.near('skro', 1), ['skor']);
  });

  it('names the typed words outside the vocabulary, never a number, a short word or a word of the language', () => {
    const words = catalog(['röda', 'skor', 'klänningar']);
    assert.deepEqual(unknownWords('röda klänigar 400 kr', words), ['klänigar']);
    assert.deepEqual(unknownWords('röda skor', words), []);
    assert.deepEqual(
      unknownWords('gröna skor', words, (w) => w === 'gröna'),
      [],
    );
    assert.deepEqual(unknownWords('skor 2gallon', words), ['2gallon'], 'a word with digits may be split by the suggester');
    assert.deepEqual(candidatePhrases('skor 2gallon', words), [], 'but no candidate replaces it');
  });

  it('builds at most five candidate phrases: each unknown word replaced in turn, then all of them', () => {
    const words = catalog(['röda', 'skor', 'klänningar', 'running', 'runner', 'shoes', 'shorts', 'socks']);
    assert.deepEqual(candidatePhrases('röda klänigar', words), ['röda klänningar']);
    assert.deepEqual(candidatePhrases('runnign shoez', words), ['running shoez', 'runnign shoes', 'running shoes']);
    assert.ok(candidatePhrases('runnign shoez sokcs', words).length <= 5);
    assert.deepEqual(candidatePhrases('röda skor', words), []);
  });

  it("leaves the spelling search out when every typed word is the catalog's, and keeps it without a vocabulary", () => {
    const words = catalog(['röda', 'skor']);
    assert.deepEqual(spellingPlan('röda skor 38', words), { needed: false, counted: [] });
    assert.deepEqual(spellingPlan('röda skro', words), { needed: true, counted: ['röda skor'] });
    assert.deepEqual(spellingPlan('röda skro', undefined), { needed: true });
    assert.deepEqual(
      spellingPlan('Halvdan skor', words, ['Halvdan & Co']),
      { needed: false, counted: [] },
      "a brand's words are the catalog's (the vocabulary leaves names out)",
    );
    assert.deepEqual(spellingPlan('Halvdan skor', words), { needed: true, counted: [] });
  });

  it('offers a correction only when its counted candidate finds more product groups than the phrase as typed', () => {
    const counts = new Map([
      ['roda klanningar', 12],
      ['running shoes', 3],
    ]);
    assert.deepEqual(offeredCorrections(['röda klanningar'], counts, 2), ['röda klanningar'], 'compared folded');
    assert.deepEqual(offeredCorrections(['running shoes'], counts, 3), [], 'the same count is not more');
    assert.deepEqual(offeredCorrections(['running shoes'], counts, 4), [], 'fewer is not more');
    assert.deepEqual(offeredCorrections(['runing shoes'], counts, 0), [], 'a correction no candidate counted is not offered');
    assert.deepEqual(offeredCorrections(['runing shoes'], undefined, 2), ['runing shoes'], 'without a vocabulary, as before');
  });
});
