import assert from 'node:assert/strict';
import { compoundIndex, compoundsOf, VocabularyCounter, vocabularyWords } from '../../src/catalog/vocabulary';

describe('catalog vocabulary and compounds', () => {
  const counter = new VocabularyCounter();
  for (const title of ['Vinterjacka i ull', 'Regnjacka', 'Jacka', 'Vinterjacka barn', 'Jackpot spel', 'Röd tröja', 'Stickad tröja', 'Ullt-tröja', 'Laufschuhe', 'Schuhe', 'Schuhcreme', 'Creme']) counter.add(title);
  const index = compoundIndex(counter.entries());

  it('read words of three letters or more', () => {
    assert.deepStrictEqual(vocabularyWords('T-shirt i Ull, 2-pack'), ['shirt', 'ull', 'pack']);
  });

  it('map a head word to the compounds ending with it, most frequent first', () => {
    assert.deepStrictEqual(index.get('jacka'), ['vinterjacka', 'regnjacka']);
    assert.deepStrictEqual(index.get('schuhe'), ['laufschuhe']);
    assert.deepStrictEqual(index.get('creme'), ['schuhcreme']);
    assert.equal(index.get('jack'), undefined, 'jackpot starts with jack, it does not end with a word');
    assert.equal(index.get('schuh'), undefined, 'Schuhcreme is not a shoe');
  });

  it('take the longest word ending a compound as its head, unless that word is itself a compound of the head', () => {
    const bags = compoundIndex([['skor', 3], ['väskor', 2], ['axelväskor', 1], ['löparskor', 1], ['jacka', 2], ['dunjacka', 1], ['vinterdunjacka', 1]]);
    assert.deepStrictEqual(bags.get('skor'), ['löparskor']);
    assert.deepStrictEqual(bags.get('vaskor'), ['axelväskor']);
    assert.deepStrictEqual(bags.get('jacka'), ['dunjacka', 'vinterdunjacka']);
  });

  it('expand the words of a phrase, diacritics or not', () => {
    assert.deepStrictEqual([...compoundsOf('röd jacka', index)], [['jacka', ['vinterjacka', 'regnjacka']]]);
    assert.deepStrictEqual(compoundsOf('troja', index).get('troja'), undefined, 'stickad tröja is two words, not a compound');
    const folding = compoundIndex([['tröja', 2], ['ulltröja', 1]]);
    assert.deepStrictEqual(compoundsOf('troja', folding).get('troja'), ['ulltröja']);
  });
});
