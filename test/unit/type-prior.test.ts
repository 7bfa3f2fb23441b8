import assert from 'node:assert/strict';
import { MIN_PRIOR_SUPPORT, priorTypes, TypePriorCounter } from '../../src/catalog/typePrior';
import { expansionWithoutNegated, PRIOR_BOOST, relevanceBoosts, withoutNegated } from '../../src/storefront/relevance';

describe('type prior: query → category', () => {
  it('learns which types the products whose titles end on a noun are', () => {
    const counter = new TypePriorCounter('en');
    counter.add('Sony WF-1000XM4 Earbuds', ['headphone', 'earbudheadphone']);
    counter.add('Wireless Earbuds, Bluetooth 5.0', ['headphone', 'earbudheadphone']);
    counter.add('Kids Earbuds', ['headphone', 'earbudheadphone']);
    counter.add('Earbuds Case for AirPods', ['case']);
    counter.add('Laptop Sleeve', ['sleeve']);
    counter.add('Earbuds', ['accessory']);
    for (let i = 0; i < 2; i++) counter.add('Gaming Mouse', i ? ['mouse'] : ['accessory']);
    const prior = counter.prior();
    // 3 of the 4 titles about earbuds are headphones, 1 an accessory (kept: MIN_PRIOR_SHARE); the case's title
    // is about a case ("for AirPods" qualifies it), so it does not count for earbud
    assert.deepStrictEqual(prior.get('earbud'), [
      ['earbudheadphone', 0.75],
      ['headphone', 0.75],
      ['accessory', 0.25],
    ]);
    // a head of fewer than MIN_PRIOR_SUPPORT products says nothing
    assert.ok(MIN_PRIOR_SUPPORT > 1);
    assert.equal(prior.get('sleeve'), undefined);
    assert.equal(prior.get('mouse'), undefined);
  });

  it('skips products without a title or a type, and counts a product once per head', () => {
    const counter = new TypePriorCounter('en');
    counter.add(undefined, ['laptop']);
    counter.add('Laptops', []);
    for (let i = 0; i < 3; i++) counter.add('Laptop, Laptop', ['laptop']);
    assert.deepStrictEqual([...counter.prior()], [['laptop', [['laptop', 1]]]]);
  });

  it("gives the types a query head names, without the head's own type, the best share winning", () => {
    const prior = new Map<string, [string, number][]>([
      [
        'earbud',
        [
          ['headphone', 0.8],
          ['earbud', 0.3],
        ],
      ],
      [
        'wireless',
        [
          ['headphone', 0.5],
          ['router', 0.4],
        ],
      ],
    ]);
    assert.deepStrictEqual(priorTypes(['earbud'], prior), [['headphone', 0.8]]);
    assert.deepStrictEqual(priorTypes(['earbud', 'wireless'], prior), [
      ['headphone', 0.8],
      ['router', 0.4],
    ]);
    assert.deepStrictEqual(priorTypes(['tv'], prior), []);
  });

  it('boosts a likely type by its share, once however many likely types a product has', () => {
    const boosts = relevanceBoosts(
      'earbuds',
      ['earbud'],
      [
        ['headphone', 0.8],
        ['case', 0.25],
      ],
    );
    assert.deepStrictEqual(boosts.at(-1), {
      dis_max: {
        queries: [
          { constant_score: { filter: { term: { productTypeKeys: 'headphone' } }, boost: PRIOR_BOOST * 0.8 } },
          { constant_score: { filter: { term: { productTypeKeys: 'case' } }, boost: PRIOR_BOOST * 0.25 } },
        ],
      },
    });
    assert.equal(
      relevanceBoosts('earbuds', ['earbud']).some((b) => 'dis_max' in b),
      false,
    );
  });
});

describe('negation: what the visitor does not want is no word to find', () => {
  it('drops the negated part, up to the next preposition', () => {
    assert.equal(withoutNegated('wireless thermostat without c wire'), 'wireless thermostat');
    assert.equal(withoutNegated('lights without wiring with switch'), 'lights with switch');
    assert.equal(withoutNegated('Kaffee ohne Koffein'), 'Kaffee');
    assert.equal(withoutNegated('vattenflaska utan sugrör för barn'), 'vattenflaska för barn');
  });

  it('keeps a phrase that would be left with nothing, or has no negation', () => {
    assert.equal(withoutNegated('without sugar'), 'without sugar');
    assert.equal(withoutNegated('laptop sleeve'), 'laptop sleeve');
  });

  it('drops it from every alternative of the expansion', () => {
    const expansion = { alternatives: ['notebook without case', 'laptop without case'], compounds: new Map<string, string[]>() };
    assert.deepStrictEqual(expansionWithoutNegated(expansion)?.alternatives, ['notebook', 'laptop']);
  });
});
