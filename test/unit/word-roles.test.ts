/**
 * Word roles (src/storefront/wordRoles.ts, docs/language.md "Word roles"): each word of a phrase gets its role
 * from the catalog's facts and the language, in sv, nb, da, de and en; and relaxation by role
 * (relevance.ts `roleRelaxedMatch`) never drops the product word.
 */
import assert from 'node:assert/strict';
import { wordRoles, type RoleFacts } from '../../src/storefront/wordRoles';
import { phraseMatch, roleKeptMatch, roleRelaxedMatch, textMatch } from '../../src/storefront/relevance';
import { understand } from '../../src/storefront/understanding';

/** Per locale: its currency, the words the catalog's titles hold (as a vocabulary would), phrase → roles. */
const TABLE: Record<string, { currency: string; held: string; rows: [string, string][] }> = {
  'sv-SE': {
    currency: 'SEK',
    held: 'skor,jacka,jackor,vinter,barn,t-shirt,tröja,tröjor,klänning,sneakers,regn,byxor,mössa,keps,ryggsäck,jeans,sko,vattentät',
    rows: [
      ['snygga svarta skor', 'modifier colour product'],
      ['jacka för barn', 'product audience audience'],
      ['jackor herr', 'product audience'],
      ['jacka för herr', 'product audience audience'],
      ['läderskor', 'product'],
      ['skor i läder', 'product function material'],
      ['billiga skor', 'price product'],
      ['skor under 500 kr', 'product price price price'],
      ['nike sneakers', 'brand product'],
      ['vinter jacka', 'descriptor product'],
      ['vattentät jacka dam', 'descriptor product audience'],
      ['röd klänning till fest', 'colour product function modifier'],
      ['jeans storlek 32', 'product size size'],
      ['brant studio sneakers', 'brand brand product'],
      ['tröja', 'product'],
      ['svarta', 'colour'],
      ['barnjacka', 'product'],
      ['mössa för barn', 'product audience audience'],
      ['bästa ryggsäck', 'modifier product'],
      ['ullsockor', 'product'],
      ['regnjacka barn', 'product audience'],
      ['t-shirt för damer', 'product audience audience'],
    ],
  },
  'nb-NO': {
    currency: 'NOK',
    held: 'jakke,jakker,sko,joggesko,genser,bukse,bukser,lue,votter,sekk,vinter,regn,kjole,skjorte,barn,ullgenser',
    rows: [
      ['jakke til herre', 'product audience audience'],
      ['fine svarte sko', 'modifier colour product'],
      ['sko til barn', 'product audience audience'],
      ['hvite joggesko', 'colour product'],
      ['sort jakke', 'colour product'],
      ['billige bukser', 'price product'],
      ['genser i ull', 'product function material'],
      ['skinnjakke', 'product'],
      ['jakker herre', 'product audience'],
      ['lue for barn', 'product audience audience'],
      ['nike sko', 'brand product'],
      ['vinter jakke', 'descriptor product'],
      ['sko under 500 kr', 'product price price price'],
      ['kjole til dame', 'product audience audience'],
      ['beste sekk', 'modifier product'],
      ['vanntett jakke', 'modifier product'],
      ['skjorte str M', 'product size size'],
      ['regnjakke barn', 'product audience'],
      ['votter', 'product'],
      ['kule sko til jenter', 'modifier product audience audience'],
      ['jakkene', 'product'],
      ['rød kjole', 'colour product'],
    ],
  },
  'da-DK': {
    currency: 'DKK',
    held: 'jakke,jakker,sko,sneakers,trøje,bukser,kjole,hue,taske,vinter,børn',
    rows: [
      ['jakke til herre', 'product audience audience'],
      ['pæne sorte sko', 'modifier colour product'],
      ['sko til børn', 'product audience audience'],
      ['hvide sneakers', 'colour product'],
      ['billige bukser', 'price product'],
      ['trøje i uld', 'product function material'],
      ['læderjakke', 'product'],
      ['hue til børn', 'product audience audience'],
      ['nike sneakers', 'brand product'],
      ['vinter jakke', 'descriptor product'],
      ['sko under 500 kr', 'product price price price'],
      ['kjole til dame', 'product audience audience'],
      ['bedste taske', 'modifier product'],
      ['vandtæt jakke', 'modifier product'],
      ['sorte bukser herre', 'colour product audience'],
      ['taske', 'product'],
      ['rød kjole', 'colour product'],
      ['jakker til drenge', 'product audience audience'],
      ['sko str 40', 'product size size'],
      ['smarte sko', 'modifier product'],
    ],
  },
  'de-DE': {
    currency: 'EUR',
    held: 'jacke,jacken,schuhe,schuh,kleid,hose,hosen,mütze,rucksack,winter,pullover,stiefel,sneaker,sneakers',
    rows: [
      ['jacke für herren', 'product audience audience'],
      ['schöne schwarze schuhe', 'modifier colour product'],
      ['schuhe für kinder', 'product audience audience'],
      ['weiße sneaker', 'colour product'],
      ['günstige jacken', 'price product'],
      ['pullover aus wolle', 'product function material'],
      ['lederjacke', 'product'],
      ['mütze für kinder', 'product audience audience'],
      ['nike schuhe', 'brand product'],
      ['winter jacke', 'descriptor product'],
      ['schuhe unter 50 €', 'product price price price'],
      ['kleid für damen', 'product audience audience'],
      ['bester rucksack', 'modifier product'],
      ['wasserdichte jacke', 'modifier product'],
      ['hose größe 32', 'product size size'],
      ['stiefel damen', 'product audience'],
      ['rotes kleid', 'colour product'],
      ['rucksack', 'product'],
      ['coole sneaker für jungen', 'modifier product audience audience'],
      ['jacken herren', 'product audience'],
    ],
  },
  'en-GB': {
    currency: 'GBP',
    held: 'jacket,jackets,shoes,shoe,trainers,dress,dresses,jeans,hat,backpack,winter,boots,sweater,rain,t-shirt',
    rows: [
      ['jacket for men', 'product audience audience'],
      ['nice black shoes', 'modifier colour product'],
      ['shoes for kids', 'product audience audience'],
      ['white trainers', 'colour product'],
      ['cheap jeans', 'price product'],
      ['sweater in wool', 'product function material'],
      ['leather boots', 'material product'],
      ['hat for children', 'product audience audience'],
      ['nike trainers', 'brand product'],
      ['winter jacket', 'descriptor product'],
      ['dresses under £50', 'product price price'],
      ['dress for women', 'product audience audience'],
      ['best backpack', 'modifier product'],
      ['waterproof jacket', 'modifier product'],
      ['jeans size 32', 'product size size'],
      ['mens jackets', 'audience product'],
      ['red dress', 'colour product'],
      ['backpack', 'product'],
      ['cool shoes for boys', 'modifier product audience audience'],
      ['budget trainers', 'price product'],
      ['rain jacket kids', 'descriptor product audience'],
    ],
  },
};

const facts = (locale: string, currency: string, held: string): RoleFacts => {
  const words = new Set(held.split(','));
  return {
    locale,
    currency,
    genders: ['Herr', 'Dam', 'Men', 'Women', 'Herren', 'Damen', 'Herre', 'Dame'],
    brands: ['Nike', 'Brant Studio', 'Acme'],
    sizes: ['32', 'M', '40', '32/34'],
    attributes: [{ name: 'material', values: ['Läder', 'Ull', 'Leather', 'Wool', 'Leder', 'Wolle', 'Skinn', 'Læder', 'Uld'] }],
    holds: (w) => words.has(w),
  };
};

describe('word roles', () => {
  for (const [locale, { currency, held, rows }] of Object.entries(TABLE)) {
    it(`gives each word of ${rows.length} ${locale} phrases its role`, () => {
      assert.ok(rows.length >= 20);
      for (const [phrase, roles] of rows) {
        assert.equal(
          wordRoles(phrase, facts(locale, currency, held))
            .map((r) => r.role)
            .join(' '),
          roles,
          phrase,
        );
      }
    });
  }

  it('takes the preposition of an understood audience out of the words searched', () => {
    for (const [locale, phrase, words] of [
      ['nb-NO', 'jakke til herre', 'jakke'],
      ['sv-SE', 'jacka för herr', 'jacka'],
      ['de-DE', 'jacke für damen', 'jacke'],
      ['en-GB', 'shoes for women', 'shoes'],
    ]) {
      const u = understand(phrase, { locale, genders: ['Herre', 'Herr', 'Damen', 'Women'] });
      assert.equal(u.words, words, phrase);
      assert.equal(u.genders.length, 1, phrase);
    }
    // Without a word before it, the preposition stays: "for men" alone is searched as typed.
    assert.equal(understand('til herre', { locale: 'nb-NO', genders: ['Herre'] }).words, 'til');
  });

  it('calls a word the catalog holds a descriptor, and one it lacks a modifier', () => {
    const roles = (held: string) =>
      wordRoles('vattentät jacka', facts('sv-SE', 'SEK', held))
        .map((r) => r.role)
        .join(' ');
    assert.equal(roles('jacka,vattentät'), 'descriptor product');
    assert.equal(roles('jacka'), 'modifier product');
  });
});

describe('relaxation by role', () => {
  const relaxed = (phrase: string, held = 'skor,jacka,barn,vinter,dam') => roleRelaxedMatch(wordRoles(phrase, { ...facts('sv-SE', 'SEK', held), genders: [] }));
  const words = (q: unknown): string[] =>
    JSON.stringify(q)
      .match(/"query":"[^"]*"/g)
      ?.map((m) => m.slice(9, -1)) ?? [];
  const must = (q: unknown) => words((q as { bool: { must: unknown } }).bool.must);

  it('keeps the product word: "jacka för barn" relaxes to jackets, never to what is for children', () => {
    const q = relaxed('jacka för barn');
    assert.deepEqual(must(q), ['jacka']);
  });

  it('drops a modifier first and keeps every other word', () => {
    assert.deepEqual(must(relaxed('snygga vinter jacka')), ['jacka', 'vinter']);
    assert.deepEqual(must(relaxed('snygga skor')), ['skor']);
  });

  it('lets one attribute or audience word go in a longer phrase, never the product word', () => {
    const q = relaxed('vinter jacka dam') as { bool: { must: [unknown, { bool: { minimum_should_match: number } }] } };
    assert.deepEqual(words(q.bool.must[0]), ['jacka']);
    assert.equal(q.bool.must[1].bool.minimum_should_match, 1);
  });

  it('does not relax two catalog words, nor a phrase without a product word', () => {
    assert.equal(relaxed('vinter jacka'), undefined);
    assert.equal(relaxed('jacka'), undefined);
  });
});

describe('the whole list of a phrase relaxing by role (issue 40)', () => {
  const roles = (phrase: string) => wordRoles(phrase, { ...facts('sv-SE', 'SEK', 'skor,jacka,barn,vinter,dam'), genders: [] });
  const kept = (phrase: string) => roleKeptMatch(roles(phrase));
  const words = (q: unknown): string[] =>
    JSON.stringify(q)
      .match(/"query":"[^"]*"/g)
      ?.map((m) => m.slice(9, -1)) ?? [];

  it('holds every word but the modifiers, which only rank', () => {
    const q = kept('snygga vinter jacka dam') as { bool: { must: unknown[]; should: unknown[] } };
    assert.deepEqual(words(q.bool.must), ['jacka', 'vinter', 'dam']);
    assert.deepEqual(words(q.bool.should), ['snygga']);
    const { whole, full } = phraseMatch('snygga vinter jacka dam', undefined, true, roles('snygga vinter jacka dam'));
    assert.deepEqual(whole, { bool: { should: [full, q], minimum_should_match: 1 } });
  });

  it('is the full match where nothing is dropped first, and none where relaxation drops only modifiers', () => {
    assert.equal(kept('jacka för barn'), undefined);
    assert.deepEqual(phraseMatch('jacka för barn', undefined, true, roles('jacka för barn')).whole, textMatch('jacka för barn'));
    assert.equal(kept('snygga skor'), 'relaxed');
    assert.equal(kept('snygga vinter jacka'), 'relaxed');
    assert.equal(phraseMatch('snygga vinter jacka', undefined, true, roles('snygga vinter jacka')).whole, undefined);
    assert.equal(phraseMatch('vinter jacka', undefined, true, roles('vinter jacka')).whole, undefined, 'no relaxation, one list');
  });
});
