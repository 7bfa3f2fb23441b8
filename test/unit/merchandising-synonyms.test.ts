import assert from 'node:assert/strict';
import { compileSynonyms, expandPhrase, MAX_ALTERNATIVES } from '../../src/merchandising/synonyms/expand';
import { validateSynonyms } from '../../src/merchandising/synonyms/validate';
import { generalSynonyms } from '../../src/merchandising/synonyms/general';

describe('synonyms', () => {
  const rules = compileSynonyms([
    { terms: ['tröja', 'sweater', 'jumper'] },
    { terms: ['t shirt', 'tee'] },
    { from: ['mobil'], to: ['mobiltelefon', 'telefon'] },
  ]);

  it('expand two-way terms, keeping the phrase as typed first', () => {
    assert.deepStrictEqual(expandPhrase('Röd tröja', rules), ['Röd tröja', 'röd sweater', 'röd jumper']);
    assert.deepStrictEqual(expandPhrase('sweater', rules), ['sweater', 'tröja', 'jumper']);
  });

  it('match multi-word terms on whole words, the longest first', () => {
    assert.deepStrictEqual(expandPhrase('vit t shirt', rules), ['vit t shirt', 'vit tee']);
    assert.deepStrictEqual(expandPhrase('shirt', rules), ['shirt']);
    assert.deepStrictEqual(expandPhrase('tröjan', rules), ['tröjan'], 'a word is not a prefix match');
  });

  it('replace one-way terms and leave their targets alone', () => {
    assert.deepStrictEqual(expandPhrase('billig mobil', rules), ['billig mobiltelefon', 'billig telefon']);
    assert.deepStrictEqual(expandPhrase('telefon', rules), ['telefon']);
  });

  it('cap the combinations', () => {
    const many = compileSynonyms([{ terms: ['a', 'b', 'c', 'd'] }, { terms: ['x', 'y', 'z'] }]);
    const out = expandPhrase('a x a', many);
    assert.equal(out.length, MAX_ALTERNATIVES);
    assert.equal(out[0], 'a x a');
    assert.equal(new Set(out).size, out.length);
  });

  it("apply the general synonyms of the locale's language, a shop's rule of a term overriding them", () => {
    const shipped = generalSynonyms('en-GB');
    const general = compileSynonyms([], shipped);
    assert.deepStrictEqual(expandPhrase('trainers', general), ['trainers', 'sneakers']);
    assert.deepStrictEqual(expandPhrase('white jumper', general), ['white jumper', 'white sweater', 'white pullover']);
    assert.ok(expandPhrase('hoodie', general).includes('sweater'), 'a hoodie falls back on sweaters');
    assert.deepStrictEqual(expandPhrase('sweater', general), ['sweater', 'jumper', 'pullover'], 'no way back from sweater to hoodie');
    const shop = compileSynonyms([{ from: ['trainers'], to: ['trainers'] }, { terms: ['jumper', 'knitwear'] }], shipped);
    assert.deepStrictEqual(expandPhrase('trainers', shop), ['trainers'], 'the shop switched "trainers" off');
    assert.deepStrictEqual(expandPhrase('jumper', shop), ['jumper', 'knitwear'], "the shop's alternatives replace the shipped ones");
    assert.deepStrictEqual(expandPhrase('sneakers', shop), ['sneakers', 'trainers'], 'terms the shop does not name keep theirs');
    assert.deepStrictEqual(generalSynonyms('fr-FR'), []);
    assert.ok(generalSynonyms('nb-NO').length && generalSynonyms('da-DK').length && generalSynonyms('sv-SE').length && generalSynonyms('de-DE').length);
  });

  it('validate imports, naming the field', () => {
    const configuration = { markets: { SE: { locales: ['sv-SE', 'en-GB'] } } };
    const ok = validateSynonyms({ locales: { 'sv-SE': [{ terms: ['tröja', ' sweater '] }, { from: ['mobil'], to: ['telefon'] }] } }, configuration);
    assert.deepStrictEqual(ok.ok && ok.value, { 'sv-SE': [{ terms: ['tröja', 'sweater'] }, { from: ['mobil'], to: ['telefon'] }] });
    const bad = validateSynonyms(
      { locales: { 'de-DE': [], 'sv-SE': [{ terms: ['ensam'] }, { from: ['a'] }, { terms: ['a', 'b'], to: ['c'] }, { terms: ['a', ' '] }, {}] } },
      configuration,
    );
    assert.deepStrictEqual(!bad.ok && bad.problems.errors.map((e) => e.path), [
      'locales.de-DE',
      'locales.sv-SE[0].terms',
      'locales.sv-SE[1].to',
      'locales.sv-SE[2]',
      'locales.sv-SE[3].terms[1]',
      'locales.sv-SE[4]',
    ]);
  });
});
