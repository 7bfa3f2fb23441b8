import assert from 'node:assert/strict';
import { colourName, colourSearchNames } from '../../src/catalog/colourNames';
import { cutsWordShort } from '../../src/storefront/suggest/phrase';

describe('colour names', () => {
  it('name a hex code by the nearest palette colour in the locale, English for other languages', () => {
    const names = (locale: string) =>
      ['#000000', '#FFFFFF', '#808080', '#C8102E', '#2E8B57', '#1E90FF', '#000080', '#FFD700', '#800020'].map((c) => colourName(c, locale));
    assert.deepStrictEqual(names('en-GB'), ['Black', 'White', 'Grey', 'Red', 'Green', 'Blue', 'Navy', 'Yellow', 'Burgundy']);
    assert.deepStrictEqual(names('sv-SE'), ['Svart', 'Vit', 'Grå', 'Röd', 'Grön', 'Blå', 'Marinblå', 'Gul', 'Vinröd']);
    assert.deepStrictEqual(names('nb-NO'), ['Svart', 'Hvit', 'Grå', 'Rød', 'Grønn', 'Blå', 'Marineblå', 'Gul', 'Vinrød']);
    assert.deepStrictEqual(names('da-DK'), ['Sort', 'Hvid', 'Grå', 'Rød', 'Grøn', 'Blå', 'Marineblå', 'Gul', 'Bordeaux']);
    assert.deepStrictEqual(names('de-DE'), ['Schwarz', 'Weiß', 'Grau', 'Rot', 'Grün', 'Blau', 'Marineblau', 'Gelb', 'Bordeaux']);
    assert.deepStrictEqual(names('fi-FI'), [
      'Musta',
      'Valkoinen',
      'Harmaa',
      'Punainen',
      'Vihreä',
      'Sininen',
      'Laivastonsininen',
      'Keltainen',
      'Viininpunainen',
    ]);
    assert.deepStrictEqual(
      [colourName('#f00', 'fr-FR'), colourName('fff', 'nn-NO'), colourName('Gold', 'sv-SE'), colourName('Multi', 'de-DE'), colourName('plaid', 'en')],
      ['Red', 'Hvit', 'Guld', 'Mehrfarbig', undefined],
    );
  });

  it('search by every name of the colours, each once', () => {
    assert.deepStrictEqual(colourSearchNames(['#808080', '#777777', 'Silver'], 'en-GB'), ['Grey', 'Gray', 'Silver']);
    assert.deepStrictEqual(colourSearchNames([], 'sv-SE'), []);
  });
});

describe('auto-correct never cuts a typed word into a fragment', () => {
  it('refuses a word shortened to fewer than 3 letters or a short word losing its end', () => {
    assert.equal(cutsWordShort('red dress', 're dress'), true);
    assert.equal(cutsWordShort('tee shirt', 'te shirt'), true);
    assert.equal(cutsWordShort('reddress', 're dress'), true);
    assert.equal(cutsWordShort('Red Dress', 'red dress'), false);
  });

  it('keeps typo fixes', () => {
    assert.equal(cutsWordShort('shoess', 'shoes'), false);
    assert.equal(cutsWordShort('runnign shoes', 'running shoes'), false);
    assert.equal(cutsWordShort('blakc tv', 'black tv'), false);
    assert.equal(cutsWordShort('reddress', 'red dress'), false);
    assert.equal(cutsWordShort('tc stand', 'tv stand'), false, 'a short word corrected, not cut');
    assert.equal(cutsWordShort('usbc cable', 'usb c cable'), false, 'a word split, not cut to a fragment');
    assert.equal(cutsWordShort('knife sets', 'knife set'), false, 'a plural made singular');
    assert.equal(cutsWordShort('1/2 pint cups', '1 2 pint cups'), false, 'the suggester splits at punctuation');
    assert.equal(cutsWordShort('usb lunch box', 'us lunch box'), true);
    assert.equal(cutsWordShort('1/2gallon bottle', '1 2 gallon bottle'), false, 'a word split in two');
    assert.equal(cutsWordShort('mens bathing suits', "men's bathing suit"), false);
    assert.equal(cutsWordShort('muse feeder', 'm us feeder'), true);
  });
});
