import assert from 'node:assert/strict';
import { BUILT_IN_LABEL_KEYS, builtInLabel, LABEL_LANGUAGES } from '../../src/merchandising/labels';
import { SORT_IDS, SORTS } from '../../src/storefront/sorts';
import { DEFAULT_LABELS } from '../../src/merchandising/facets/attributes';

describe('built-in labels', () => {
  it("speak the locale's language, English where there is no table", () => {
    assert.deepStrictEqual(
      ['sv-SE', 'sv-FI', 'nb-NO', 'nn-NO', 'da-DK', 'fi-FI', 'de-AT', 'nl-BE', 'fr-CA', 'es-MX', 'it-CH', 'en-US', 'pl-PL', 'pt-BR'].map((l) =>
        builtInLabel(l, 'facet.brand'),
      ),
      ['Varumärke', 'Varumärke', 'Merke', 'Merke', 'Mærke', 'Merkki', 'Marke', 'Merk', 'Marque', 'Marca', 'Marca', 'Brand', 'Brand', 'Brand'],
    );
    assert.equal(builtInLabel('de-DE', 'sort.PRICE_ASCENDING'), 'Preis aufsteigend');
    assert.equal(builtInLabel('sv-SE', 'sort.WEIGHT_DECREASING'), 'Vikt, fallande');
    assert.equal(builtInLabel('fr-FR', 'sort.LENGTH_INCREASING'), 'Longueur, ordre croissant');
    assert.deepStrictEqual([builtInLabel('sv-SE', 'badge.SALE'), builtInLabel('fi-FI', 'badge.NEW')], ['Rea', 'Uutuus']);
    assert.equal(builtInLabel('sv-SE', 'facet.nothing'), undefined);
  });

  it('have every facet, sort and badge in every language', () => {
    const keys = [...Object.keys(DEFAULT_LABELS).map((k) => `facet.${k}`), ...SORT_IDS.map((s) => `sort.${s}`), 'badge.SALE', 'badge.NEW'];
    for (const language of LABEL_LANGUAGES) {
      for (const key of keys) {
        const label = builtInLabel(`${language}-XX`, key);
        assert.ok(label && label.trim() === label, `${language} ${key}`);
      }
    }
    // English matches the labels used so far.
    for (const [attribute, label] of Object.entries(DEFAULT_LABELS)) assert.equal(builtInLabel('en-GB', `facet.${attribute}`), label);
    for (const id of SORT_IDS) assert.equal(builtInLabel('en-GB', `sort.${id}`), SORTS[id].label);
  });

  it('lists every key with a built-in text, as the console offers them', () => {
    const expected = [
      ...Object.keys(DEFAULT_LABELS).map((a) => `facet.${a}`),
      ...SORT_IDS.map((id) => `sort.${id}`),
      'badge.SALE',
      'badge.NEW',
      'badge.DISCOUNT',
    ];
    assert.deepStrictEqual([...BUILT_IN_LABEL_KEYS].sort(), expected.sort());
    for (const key of BUILT_IN_LABEL_KEYS) assert.notEqual(builtInLabel('sv-SE', key), undefined, key);
  });
});
