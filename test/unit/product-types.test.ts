import assert from 'node:assert/strict';
import { englishSingular, headNounKeys, productTypeKeys, queryTypeKeys } from '../../src/catalog/productTypes';

describe('product types: head nouns', () => {
  it('put English nouns in the singular', () => {
    const plural = ['laptops', 'batteries', 'watches', 'glasses', 'boxes', 'shoes', 'accessories', 'mice', 'earbuds', 'headphones'];
    assert.deepStrictEqual(plural.map(englishSingular), ['laptop', 'battery', 'watch', 'glass', 'box', 'shoe', 'accessory', 'mouse', 'earbud', 'headphone']);
    // already singular, or too short to tell
    assert.deepStrictEqual(['bus', 'glass', 'tennis', 'gps', 'laptop'].map(englishSingular), ['bus', 'glass', 'tennis', 'gps', 'laptop']);
  });

  it('take the last noun of an English name, before any preposition, and the last two joined', () => {
    assert.deepStrictEqual(headNounKeys('Running Shoes', 'en'), ['shoe', 'runningshoe']);
    assert.deepStrictEqual(headNounKeys('Shoes for Men', 'en'), ['shoe']);
    assert.deepStrictEqual(headNounKeys("Men's Shoes", 'en'), ['shoe']);
    assert.deepStrictEqual(headNounKeys('Cooling Pad for Laptop with 5 Fans', 'en'), ['pad', 'coolingpad']);
    assert.deepStrictEqual(headNounKeys('Power Banks', 'en'), ['bank', 'powerbank']);
    // several types in one name; numbers and sizes are no nouns
    assert.deepStrictEqual(headNounKeys('Cases & Covers', 'en'), ['case', 'cover']);
    assert.deepStrictEqual(headNounKeys('Ink and Toner', 'en'), ['ink', 'toner']);
    assert.deepStrictEqual(headNounKeys('27 inch 4K', 'en'), ['inch']);
    assert.deepStrictEqual(headNounKeys('128GB 5G', 'en'), []);
  });

  it('key a compound by its form key in compounding languages, and the head first in Romance ones', () => {
    assert.deepStrictEqual(headNounKeys('Vinterjackor', 'sv'), ['vinterjack']);
    assert.deepStrictEqual(headNounKeys('Skor och stövlar', 'sv'), ['sko', 'stovl']);
    assert.deepStrictEqual(headNounKeys('Laufschuhe für Damen', 'de'), ['laufschuh']);
    assert.deepStrictEqual(headNounKeys('Chaussures de course', 'fr'), ['chaussures']);
  });

  it("take a product's type from the feed's productType, else from the leaf of each category", () => {
    assert.deepStrictEqual(productTypeKeys([], ['Computers > Laptops', 'Sale > Laptop Accessories'], 'en-US'), ['laptop', 'accessory', 'laptopaccessory']);
    assert.deepStrictEqual(productTypeKeys(['Sneakers'], ['Women > Shoes'], 'en-GB'), ['sneaker']);
    assert.deepStrictEqual(productTypeKeys([], ['Dam > Jackor > Vinterjackor'], 'sv-SE'), ['vinterjack']);
    assert.deepStrictEqual(productTypeKeys([], [], 'en-GB'), []);
  });
});

describe('product types: the head noun of a query', () => {
  it('name the type of the last noun before a preposition', () => {
    assert.deepStrictEqual(queryTypeKeys('laptops', 'en-GB'), ['laptop']);
    assert.deepStrictEqual(queryTypeKeys('laptop sleeve', 'en-GB'), ['sleeve', 'laptopsleeve']);
    assert.deepStrictEqual(queryTypeKeys('laptop for kids', 'en-GB'), ['laptop']);
    assert.deepStrictEqual(queryTypeKeys('smart watch', 'en-US'), ['watch', 'smartwatch']);
    assert.deepStrictEqual(queryTypeKeys('14', 'en-US'), []);
    // who it is for and how many are not what it is
    assert.deepStrictEqual(queryTypeKeys('ugg slippers women', 'en-US'), ['slipper', 'uggslipper']);
    assert.deepStrictEqual(queryTypeKeys('drill bit set', 'en-US'), ['bit', 'drillbit']);
  });

  it('read a slash between digits as a fraction, not as a list of names', () => {
    assert.deepStrictEqual(queryTypeKeys('1/2gallon water bottle', 'en-US'), ['bottle', 'waterbottle']);
    assert.deepStrictEqual(queryTypeKeys('1/2 inch binder', 'en-US'), ['binder', 'inchbinder']);
    // between words it still separates types
    assert.deepStrictEqual(headNounKeys('Cases/Covers', 'en'), ['case', 'cover']);
  });

  it("add the catalog's compounds of the head in compounding languages", () => {
    const compounds = new Map([
      ['jackor', ['vinterjacka', 'regnjackor']],
      ['skor', ['löparskor']],
    ]);
    assert.deepStrictEqual(queryTypeKeys('jackor', 'sv-SE', compounds), ['jack', 'vinterjack', 'regnjack']);
    assert.deepStrictEqual(queryTypeKeys('svarta jackor', 'sv-SE', compounds), ['jack', 'vinterjack', 'regnjack']);
    // the compounds of a word that is not the head add nothing
    assert.deepStrictEqual(queryTypeKeys('skor jackor', 'sv-SE', new Map([['skor', ['löparskor']]])), ['jack']);
  });
});
