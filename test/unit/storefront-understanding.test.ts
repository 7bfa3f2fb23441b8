import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { colourWords, foldWord } from '../../src/catalog/colourWords';
import { priceNumber, understand, understoodAny, understoodBoosts, understoodClauses, type Understanding } from '../../src/storefront/understanding';
import { primaryQuery, understoodMatch, secondarySearch, TYPED_TIER, type UnderstoodPhrase } from '../../src/storefront/searchPage/build';
import type { SearchPageRequest } from '../../src/storefront/searchPage/request';
import { relaxedMatch } from '../../src/storefront/relevance';

const sv = { locale: 'sv-SE', currency: 'SEK', genders: ['Dam', 'Herr', 'Unisex'] };
const nb = { locale: 'nb-NO', currency: 'NOK', genders: ['Dame', 'Herre'] };
const da = { locale: 'da-DK', currency: 'DKK', genders: [] };
const de = { locale: 'de-DE', currency: 'EUR', genders: ['Damen', 'Herren'] };
const en = { locale: 'en-GB', currency: 'GBP', genders: ['Women', 'Men', 'Unisex'] };

/** The colour label a phrase's colour word was understood as, and the words left. */
const colourOf = (phrase: string, input: Parameters<typeof understand>[1]) => {
  const u = understand(phrase, input);
  return [u.colours[0]?.names[0], u.words];
};

describe('query understanding', () => {
  it('recognises colour words in every inflected form of sv, nb, da, de and en', () => {
    for (const [phrase, input, label, words] of [
      ['svarta skor', sv, 'Svart', 'skor'],
      ['bruna skor', sv, 'Brun', 'skor'],
      ['rött linne', sv, 'Röd', 'linne'],
      ['gröna', sv, 'Grön', ''],
      ['vitt', sv, 'Vit', ''],
      ['blåa jeans', sv, 'Blå', 'jeans'],
      ['rod jacka', sv, 'Röd', 'jacka'],
      ['svarte sko', nb, 'Svart', 'sko'],
      ['hvite joggesko', nb, 'Hvit', 'joggesko'],
      ['sort jakke', nb, 'Svart', 'jakke'],
      ['grønne bukser', nb, 'Grønn', 'bukser'],
      ['rødt skjerf', nb, 'Rød', 'skjerf'],
      ['sorte sko', da, 'Sort', 'sko'],
      ['hvide sneakers', da, 'Hvid', 'sneakers'],
      ['grønne bukser', da, 'Grøn', 'bukser'],
      ['schwarze schuhe', de, 'Schwarz', 'schuhe'],
      ['weisse socken', de, 'Weiß', 'socken'],
      ['rote Jacke', de, 'Rot', 'Jacke'],
      ['gruene hose', de, 'Grün', 'hose'],
      ['grey hoodie', en, 'Grey', 'hoodie'],
      ['light grey jumper', en, 'Light grey', 'jumper'],
    ] as const) {
      assert.deepEqual(colourOf(phrase, input), [label, words], phrase);
    }
  });

  it('leaves words that are no colour of the language, and understands one colour per phrase', () => {
    assert.deepEqual(colourOf('sort jakke', sv), [undefined, 'sort jakke']); // Swedish "sort" is a kind
    assert.deepEqual(colourOf('gryta', sv), [undefined, 'gryta']);
    assert.deepEqual(colourOf('svart vit klänning', sv), ['Svart', 'vit klänning']);
    assert.equal(understoodAny(understand('jacka', sv)), false);
  });

  it('folds the way a shopper without diacritics types', () => {
    assert.equal(foldWord('Weiße'), 'weisse');
    assert.equal(foldWord('grøn'), 'gron');
    assert.ok(colourWords('sv-SE').has('bla'));
  });

  it('recognises price limits in the market currency and language', () => {
    const limit = (phrase: string, input: Parameters<typeof understand>[1]) => {
      const u = understand(phrase, input);
      return [u.price?.max, u.price?.min, u.words];
    };
    assert.deepEqual(limit('skor under 500 kr', sv), [500, undefined, 'skor']);
    assert.deepEqual(limit('jackor under 1000 kr', sv), [1000, undefined, 'jackor']);
    assert.deepEqual(limit('skor max 500', sv), [500, undefined, 'skor']);
    assert.deepEqual(limit('jacka billigare än 300', sv), [300, undefined, 'jacka']);
    assert.deepEqual(limit('jacka 500:- max', sv), [undefined, undefined, 'jacka 500:- max']);
    assert.deepEqual(limit('jakke under 800 kr', nb), [800, undefined, 'jakke']);
    assert.deepEqual(limit('sko maks 600,-', nb), [600, undefined, 'sko']);
    assert.deepEqual(limit('sko under 400 kr', da), [400, undefined, 'sko']);
    assert.deepEqual(limit('jacke unter 50 €', de), [50, undefined, 'jacke']);
    assert.deepEqual(limit('schuhe ab 80 euro', de), [undefined, 80, 'schuhe']);
    assert.deepEqual(limit('jackets under £100', en), [100, undefined, 'jackets']);
    assert.deepEqual(limit('dresses under 50', en), [50, undefined, 'dresses']);
    assert.deepEqual(limit('coats over £1,000', en), [undefined, 1000, 'coats']);
    assert.deepEqual(limit('dresses under 49.99', en), [49.99, undefined, 'dresses']);
  });

  it('leaves a price in another currency, and a number followed by more words, as words', () => {
    assert.equal(understand('jackets under 100 €', en).price, undefined);
    assert.equal(understand('skor under £50', sv).price, undefined);
    assert.equal(understand('tv under 50 inch', en).price, undefined);
    assert.equal(understand('skor under 500 kr', { ...sv, currency: undefined }).price, undefined);
  });

  it('recognises price ranges and lower limits in the market currency and language', () => {
    const range = (phrase: string, input: Parameters<typeof understand>[1]) => {
      const u = understand(phrase, input);
      return [u.price?.min, u.price?.max, u.words];
    };
    assert.deepEqual(range('skor 500–1000 kr', sv), [500, 1000, 'skor']);
    assert.deepEqual(range('skor 500-1000 kr', sv), [500, 1000, 'skor']);
    assert.deepEqual(range('jackor mellan 500 och 1000 kr', sv), [500, 1000, 'jackor']);
    assert.deepEqual(range('jakke mellom 500 og 1000 kr', nb), [500, 1000, 'jakke']);
    assert.deepEqual(range('dresses between £50 and £100', en), [50, 100, 'dresses']);
    assert.deepEqual(range('coats from £50 to £100', en), [50, 100, 'coats']);
    assert.deepEqual(range('schuhe von 50 bis 100 €', de), [50, 100, 'schuhe']);
    assert.deepEqual(range('jeans between 50 and 100', en), [50, 100, 'jeans']);
    assert.deepEqual(range('skor från 500 kr', sv), [500, undefined, 'skor']);
    assert.deepEqual(range('skor över 500 kr', sv), [500, undefined, 'skor']);
    assert.deepEqual(range('schuhe at least €50', de), [50, undefined, 'schuhe']);
  });

  it('leaves model numbers, measures, reversed ranges and other currencies as words', () => {
    assert.equal(understand('iphone 12-13', en).price, undefined);
    assert.equal(understand('tv 40-50 inch', en).price, undefined);
    assert.equal(understand('skor 1000-500 kr', sv).price, undefined);
    assert.equal(understand('skor 500-1000 €', sv).price, undefined);
    assert.equal(understand('tent from 2 to 4 person', en).price, undefined);
  });

  it('reads thousands and decimals', () => {
    assert.deepEqual(
      [priceNumber('1000'), priceNumber('1.000'), priceNumber('1,000'), priceNumber('49,99'), priceNumber('49.9')],
      [1000, 1000, 1000, 49.99, 49.9],
    );
  });

  it('recognises gender words naming a value the catalog has', () => {
    const u = understand('mens jeans', en);
    assert.deepEqual([u.genders[0]?.values, u.words], [['Men'], 'jeans']);
    assert.deepEqual(understand('dunjacka herr', sv).genders[0]?.values, ['Herr']);
    assert.deepEqual(understand('laufschuh damen', de).genders[0]?.values, ['Damen']);
    // No gender in the catalog: the word stays a word.
    assert.deepEqual(understand('dunjacka herr', { ...sv, genders: [] }).words, 'dunjacka herr');
  });

  it('recognises a brand of the catalog beside a product word, in any case, of one or more words', () => {
    const shop = { ...sv, brands: ['Nike', 'Black Diamond', "Levi's"] };
    const brandOf = (phrase: string, input: Parameters<typeof understand>[1] = shop) => {
      const u = understand(phrase, input);
      return [u.brands[0]?.values, u.words];
    };
    assert.deepEqual(brandOf('nike sneakers'), [['Nike'], 'sneakers']);
    assert.deepEqual(brandOf('sneakers NIKE'), [['Nike'], 'sneakers']);
    assert.deepEqual(brandOf("levi's jeans"), [["Levi's"], 'jeans']);
    // Several words, before the colour the first of them names.
    assert.deepEqual(brandOf('black diamond jacka'), [['Black Diamond'], 'jacka']);
    assert.deepEqual(brandOf('svarta nike skor'), [['Nike'], 'skor']);
    // A brand the catalog does not have is a word.
    assert.deepEqual(brandOf('adidas sneakers'), [undefined, 'adidas sneakers']);
    assert.deepEqual(brandOf('nike sneakers', sv), [undefined, 'nike sneakers']);
  });

  it('keeps a brand that is also a product word a word: alone it is searched as text, beside others its title counts', () => {
    const shop = { ...sv, brands: ['Ring', 'Glass'] };
    // Alone, or with only understood words beside it, the brand stays the text it is.
    assert.deepEqual([understand('ring', shop).brands, understand('ring', shop).words], [[], 'ring']);
    assert.deepEqual([understand('glass', shop).brands, understand('glass', shop).words], [[], 'glass']);
    assert.deepEqual([understand('ring guld', shop).brands, understand('ring guld', shop).words], [[], 'ring']);
    // Beside a product word it is understood, but its clause also takes the products whose title names it,
    // so "ring halsband" still finds a necklace titled "Halsband med ring" of another brand.
    const u = understand('ring halsband', shop);
    assert.deepEqual([u.brands[0]?.values, u.words], [['Ring'], 'halsband']);
    const [clause] = understoodClauses(u, undefined);
    assert.deepEqual(clause, {
      bool: {
        should: [{ terms: { brand: ['Ring'] } }, { multi_match: { query: 'ring', type: 'phrase', fields: ['brand.text', 'title', 'name'] } }],
        minimum_should_match: 1,
      },
    });
    // The brand's own products rank first.
    assert.deepEqual(understoodBoosts(u, 50), [{ constant_score: { filter: { terms: { brand: ['Ring'] } }, boost: 50 } }]);
  });

  it('recognises a size of the catalog after a size word, and only there', () => {
    const shop = { ...sv, sizes: ['32', 'M', 'XL', '40'] };
    const sizeOf = (phrase: string, input: Parameters<typeof understand>[1] = shop) => {
      const u = understand(phrase, input);
      return [u.sizes[0]?.values, u.words];
    };
    assert.deepEqual(sizeOf('jeans storlek 32'), [['32'], 'jeans']);
    assert.deepEqual(sizeOf('tröja size m'), [['M'], 'tröja']);
    assert.deepEqual(sizeOf('schuhe größe 40', { ...de, sizes: ['40'] }), [['40'], 'schuhe']);
    assert.deepEqual(sizeOf('jakke str. XL', { ...nb, sizes: ['XL'] }), [['XL'], 'jakke']);
    assert.deepEqual(sizeOf('storlek 32'), [['32'], '']);
    // A waist/length size is named by its waist.
    assert.deepEqual(sizeOf('jeans storlek 32', { ...sv, sizes: ['31/32', '32/32', '32/34', '33/34'] }), [['32/32', '32/34'], 'jeans']);
    assert.deepEqual(sizeOf('jeans storlek 32', { ...sv, sizes: ['32', '32/32'] }), [['32', '32/32'], 'jeans']);
    // A bare number or letter is no size ("iphone 12", "jeans 32"), nor a size the catalog does not have.
    assert.deepEqual(sizeOf('jeans 32'), [undefined, 'jeans 32']);
    assert.deepEqual(sizeOf('jeans storlek 33'), [undefined, 'jeans storlek 33']);
    assert.deepEqual(understoodClauses(understand('jeans storlek 32', shop), undefined), [{ terms: { sizes: ['32'] } }]);
  });

  it('turns each understood thing into a clause: colour names, gender terms, price range', () => {
    const u: Understanding = understand('svarta skor herr under 500 kr', sv);
    assert.equal(u.words, 'skor');
    const clauses = understoodClauses(u, undefined);
    assert.equal(clauses.length, 3);
    assert.match(JSON.stringify(clauses[0]), /"query":"Svart"/);
    assert.deepEqual(clauses[1], { terms: { gender: ['Herr'] } });
    assert.deepEqual(clauses[2], { nested: { path: 'variants', query: { range: { 'variants.sellingPrice': { lte: 500 } } } } });
  });

  it('filters, boosts, or falls back to the typed phrase then the words left', () => {
    const req = { context: { locale: 'sv-SE', priceId: undefined } } as unknown as SearchPageRequest;
    const understanding = understand('svarta skor', sv);
    const of = (mode: UnderstoodPhrase['mode']) => understoodMatch(req, 'svarta skor', undefined, { understanding, mode });
    const filter = of('filter');
    assert.equal((filter.match.bool?.must as unknown[]).length, 2);
    const boost = of('boost');
    assert.doesNotMatch(JSON.stringify(boost.match), /Svart|svarta/);
    assert.match(JSON.stringify(boost.boosts), /Svart/);
    const fallback = of('fallback');
    assert.equal(fallback.match.bool?.minimum_should_match, 1);
    assert.match(JSON.stringify(fallback.match), /svarta skor/);
    assert.doesNotMatch(JSON.stringify(fallback.match), /Svart/);
  });

  describe('attribute values (materials, patterns)', () => {
    const attributes = [
      { name: 'material', values: ['Läder', 'Ull', 'Mocka', 'Leather', 'Wool', 'Skinn', 'Leder', 'Wolle', 'Återvunnen polyester', 'Bomull', '100% cotton'] },
      { name: 'pattern', values: ['Randig', 'Striped'] },
    ];
    const of = (phrase: string, input: Parameters<typeof understand>[1]) => {
      const u = understand(phrase, { ...input, attributes });
      return [u.attributes.map((a) => `${a.name}=${a.values.join('|')}`).join(','), u.words];
    };

    it('recognises a value beside a product word, inflected, in a compound and after a preposition', () => {
      for (const [phrase, input, attribute, words] of [
        ['läderskor', sv, 'material=Läder', 'skor'],
        ['skor i läder', sv, 'material=Läder', 'skor'],
        ['jackor i lädret', sv, 'material=Läder', 'jackor'],
        ['ullsockor', sv, 'material=Ull', 'sockor'],
        ['tröja av ullen', sv, 'material=Ull', 'tröja'],
        ['Mockaskor', sv, 'material=Mocka', 'skor'],
        ['randiga tröjor', sv, 'pattern=Randig', 'tröjor'],
        ['jacka i återvunnen polyester', sv, 'material=Återvunnen polyester', 'jacka'],
        ['leather boots', en, 'material=Leather', 'boots'],
        ['wool sweater', en, 'material=Wool', 'sweater'],
        ['striped shirt', en, 'pattern=Striped', 'shirt'],
        ['skinnjakke', nb, 'material=Skinn', 'jakke'],
        ['Lederjacke', de, 'material=Leder', 'jacke'],
        ['Wollpullover', de, 'material=Wolle', 'pullover'],
        ['Jacke aus Leder', de, 'material=Leder', 'Jacke'],
      ] as const) {
        assert.deepEqual(of(phrase, input), [attribute, words], phrase);
      }
    });

    it('keeps a value alone, a value without a product word, a non-word value and English compounds as words', () => {
      for (const [phrase, input, words] of [
        ['läder', sv, 'läder'],
        ['linne', sv, 'linne'],
        ['leathers', en, 'Leather'],
        ['leatherboots', en, 'leatherboots'],
        ['cotton shirt', en, 'cotton shirt'],
      ] as const) {
        assert.deepEqual(of(phrase, input), ['', words], phrase);
      }
      // An inflected value beside another understood thing is searched in its catalog form.
      assert.equal(understand('svart lädret', { ...sv, attributes }).words, 'Läder');
    });

    it('requires the label or the value in the title, and counts the attribute as understood', () => {
      const u = understand('skor i läder', { ...sv, attributes });
      assert.ok(understoodAny(u));
      assert.deepEqual(understoodClauses(u, undefined), [
        { bool: { should: [{ terms: { 'customLabels.material': ['Läder'] } }, { match_phrase: { title: 'Läder' } }], minimum_should_match: 1 } },
      ]);
    });

    it('relaxes a long phrase by parts: a brand of several words and an attribute with its preposition are one part each', () => {
      assert.deepEqual(understand('brant studio sneakers', { ...sv, brands: ['Brant Studio'] }).parts, ['brant studio', 'sneakers']);
      assert.deepEqual(understand('svarta skor i läder', { ...sv, attributes }).parts, ['svarta', 'skor', 'i läder']);
      assert.deepEqual(understand('nike vita sneakers', { ...sv, brands: ['Nike'] }).parts, ['nike', 'vita', 'sneakers']);
      const req = { context: { locale: 'sv-SE', priceId: undefined } } as unknown as SearchPageRequest;
      const brand = understoodMatch(req, 'brant studio sneakers', undefined, {
        understanding: understand('brant studio sneakers', { ...sv, brands: ['Brant Studio'] }),
        mode: 'filter',
      });
      assert.equal(brand.match.bool?.should, undefined, 'two parts: nothing relaxed, so no "Studio" sneakers of other brands');
      const three = understoodMatch(req, 'brant studio sneakers dam', undefined, {
        understanding: understand('brant studio sneakers dam', { ...sv, genders: [], brands: ['Brant Studio'] }),
        mode: 'filter',
      });
      const relaxed = (three.match.bool?.should as estypes.QueryDslQueryContainer[])[1];
      assert.equal(relaxed.bool?.minimum_should_match, 2);
      assert.match(JSON.stringify(relaxed), /"brant studio"/);
    });
  });

  it('relaxes a long phrase as typed after every product with what was understood, but not a price phrase', () => {
    const req = { context: { locale: 'sv-SE', priceId: undefined } } as unknown as SearchPageRequest;
    const long = understoodMatch(req, 'svart mössa ull', undefined, { understanding: understand('svart mössa ull', sv), mode: 'filter' });
    assert.equal((long.match.bool?.should as unknown[]).length, 2, 'understood and all words left, or all typed words but one');
    assert.ok(long.full, 'the understood match ranks first');
    const priced = understoodMatch(req, 'skor under 500 kr', undefined, { understanding: understand('skor under 500 kr', sv), mode: 'filter' });
    assert.equal(priced.match.bool?.should, undefined);
    assert.equal(priced.full, undefined);
  });

  it('puts the products of the words left first in the secondary list of an applied filter', () => {
    const req = {
      context: {
        market: 'SE',
        locale: 'sv-SE',
        priceId: undefined,
        channels: { online: true, store: false },
        stores: [],
        presentCustom: [],
        presentPrices: [],
      },
      rules: [],
      sort: 'RELEVANCE',
    } as unknown as SearchPageRequest;
    const understanding = understand('rod jacka', sv);
    // The match of the secondary list: function_score → bool.must[0] (the match) → bool.must[0] (what it must match).
    const matched = (mode: UnderstoodPhrase['mode']) => {
      const query = secondarySearch(req, 'rod jacka', { collapse: false, from: 0, size: 12 }, undefined, { understanding, mode }).query!;
      return (
        ((query.function_score as estypes.QueryDslFunctionScoreQuery).query!.bool!.must as estypes.QueryDslQueryContainer[])[0].bool!
          .must as estypes.QueryDslQueryContainer[]
      )[0];
    };
    const filter = matched('filter').bool!.should as estypes.QueryDslQueryContainer[];
    assert.equal(filter.length, 3);
    assert.equal(filter[1].constant_score?.boost, TYPED_TIER);
    assert.match(JSON.stringify(filter[1].constant_score?.filter), /"query":"jacka"/);
    // Without an applied filter the secondary list matches loosely, as without understanding.
    assert.deepEqual(matched('boost'), relaxedMatch('rod jacka'));
  });

  it("leaves out of the secondary list exactly the primary list's products by meaning, under the understood filter", () => {
    const fusion = { window: 30, candidates: 30, minSimilarity: 0.3, meaningWeight: 0.5 } as unknown as NonNullable<SearchPageRequest['meaning']>['fusion'];
    const req = {
      context: {
        market: 'SE',
        locale: 'sv-SE',
        priceId: undefined,
        channels: { online: true, store: false },
        stores: [],
        presentCustom: [],
        presentPrices: [],
      },
      rules: [],
      sort: 'RELEVANCE',
      meaning: { vector: [0.1, 0.2], fusion },
    } as unknown as SearchPageRequest;
    const understood: UnderstoodPhrase = { understanding: understand('rod jacka', sv), mode: 'filter' };
    const knnOf = (query: unknown): unknown[] => {
      const found: unknown[] = [];
      JSON.stringify(query, (key, value: unknown) => (key === 'knn' ? (found.push(value), value) : value));
      return found;
    };
    const [primaryKnn] = knnOf(primaryQuery(req, 'rod jacka', undefined, understood));
    const secondaryKnns = knnOf(secondarySearch(req, 'rod jacka', { collapse: false, from: 0, size: 12 }, undefined, understood).query);
    // The primary list's nearest products must be red ("rod" as a filter); the secondary list leaves out those
    // same products, not every nearest jacket of any colour.
    assert.match(JSON.stringify(primaryKnn), /Röd|#/i);
    assert.deepEqual(secondaryKnns, [primaryKnn]);
  });

  it('relaxes an understood attribute first: "röd bomull klänning" keeps the colour and the product word, not any two of the three words', () => {
    const req = { context: { locale: 'sv-SE', priceId: undefined } } as unknown as SearchPageRequest;
    const understanding: Understanding = {
      ...understand('röd klänning', sv),
      attributes: [{ typed: 'bomull', name: 'material', values: ['Bomull'] }],
      parts: ['röd', 'bomull', 'klänning'],
    };
    const { match, whole } = understoodMatch(req, 'röd bomull klänning', undefined, { understanding, mode: 'filter' });
    const [core, relaxed] = match.bool!.should as estypes.QueryDslQueryContainer[];
    assert.deepEqual(whole, core, 'the whole list: every clause, the material too');
    const text = JSON.stringify(relaxed);
    assert.match(text, /Röd|#/i, 'the colour stays');
    assert.match(text, /klänning/, 'the product word stays');
    assert.doesNotMatch(text, /Bomull|bomull/, 'the material is what goes');
  });

  it('has the nearest products by meaning name the product word of a phrase whose qualifiers understanding requires', () => {
    const fusion = { window: 30, candidates: 30, minSimilarity: 0.3, meaningWeight: 0.5 } as unknown as NonNullable<SearchPageRequest['meaning']>['fusion'];
    const req = {
      context: {
        market: 'SE',
        locale: 'sv-SE',
        priceId: undefined,
        channels: { online: true, store: false },
        stores: [],
        presentCustom: [],
        presentPrices: [],
      },
      rules: [],
      sort: 'RELEVANCE',
      meaning: { vector: [0.1, 0.2], fusion },
    } as unknown as SearchPageRequest;
    const knnFilter = (phrase: string, holds: (w: string) => boolean, mode?: UnderstoodPhrase['mode']): string => {
      const found: unknown[] = [];
      const expansion = { alternatives: [], compounds: new Map<string, string[]>(), holds };
      const understood = mode ? { understanding: understand(phrase, sv), mode, expansion } : undefined;
      JSON.stringify(primaryQuery(req, phrase, expansion, understood), (key, value: unknown) => (key === 'knn' ? (found.push(value), value) : value));
      assert.equal(found.length, 1);
      return JSON.stringify((found[0] as { filter: unknown }).filter);
    };
    const holdsShoes = (w: string) => w === 'skor' || w === 'läder';
    // "svarta" is understood (a colour filter): a product near in meaning must be a black shoe, not a black boot.
    assert.match(knnFilter('svarta läder skor', holdsShoes, 'filter'), /"query":"skor"/);
    // Understood only as a boost, or not understood at all: the nearest products of other kinds may follow.
    assert.doesNotMatch(knnFilter('svarta läder skor', holdsShoes, 'boost'), /"query":"skor"/);
    assert.doesNotMatch(knnFilter('läder skor', holdsShoes), /"query":"skor"/);
    // A product word no title uses ("mysplagg"): meaning alone answers, unconstrained.
    assert.doesNotMatch(
      knnFilter('svart mysplagg', (w) => w === 'svart', 'filter'),
      /mysplagg/,
    );
  });
});
