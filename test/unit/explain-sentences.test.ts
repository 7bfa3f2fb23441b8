/**
 * The preview's explanation in a merchandiser's words (web/console/explainText.ts), and the server's parts it
 * reads: the boosts named from Elasticsearch's explanation and the tie-break between neighbours (explain.ts).
 */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { boostContributions, explainHit, NEARLY_TIED, tieBreaks } from '../../src/storefront/explain';
import { explanationSentences, percentText, typedWord, type Reason, type UnderstoodValues } from '../../web/console/explainText';

const leaf = (value: number, description: string): estypes.ExplainExplanation => ({ value, description, details: [] });
const node = (description: string, ...details: estypes.ExplainExplanation[]): estypes.ExplainExplanation => ({
  value: details.reduce((s, d) => s + d.value, 0),
  description,
  details,
});

describe('explanation sentences', () => {
  const reasons: Reason[] = [
    { kind: 'text', label: 'title:sneaker', effect: 30 },
    { kind: 'text', label: 'description:läder', effect: 2 },
    { kind: 'text', label: 'title:"field sneaker"', effect: 10 },
    { kind: 'behaviour', label: 'popularity', effect: 3 },
    { kind: 'boost', label: 'product type', effect: 5 },
    { kind: 'boost', label: "shoppers' category", effect: 10 },
    { kind: 'stock', label: 'in stock', effect: 10_000_000 },
    { kind: 'sort', label: 'RELEVANCE: position before merchandising', effect: 4 },
    { kind: 'sort', label: 'RELEVANCE: position after merchandising', effect: 4 },
  ];

  it('says each scoring part in words with its share of the score, largest first', () => {
    const out = explanationSentences(reasons);
    assert.deepEqual(
      out.map((s) => s.text),
      [
        "Matches 'sneaker', 'field sneaker' in the title",
        'Category shoppers choose for this phrase',
        'Of the type the phrase names',
        'Popular this week',
        "Matches 'läder' in the description",
        'In stock',
      ],
    );
    assert.deepEqual(
      out.map((s) => (s.share === undefined ? undefined : Math.round(s.share * 100))),
      [67, 17, 8, 5, 3, undefined],
    );
    assert.equal(
      out
        .slice(0, 5)
        .reduce((sum, s) => sum + s.share!, 0)
        .toFixed(6),
      '1.000000',
    );
  });

  it('names pins, rules, what the phrase was understood as, stock, the tie-break and a move by merchandising', () => {
    const understood: UnderstoodValues = { colours: [{ names: ['Svart'] }], genders: [], mode: 'filter', applied: true };
    const out = explanationSentences(
      [
        { kind: 'pin', label: 'page /dam/skor: pinned', effect: 2 },
        { kind: 'rule', label: 'page /dam/skor rule 1: rule incl brand { "Acme" }', effect: 0 },
        { kind: 'rule', label: 'request rule 2', effect: 0 },
        { kind: 'rule', label: 'Boosted by phrase rule \'sneakers\', rule 1: rule incl brand { "Acme" }', effect: 0 },
        { kind: 'rule', label: 'Buried by phrase rule \'sneakers\', rule 2: rule incl brand { "Old" }', effect: 0 },
        { kind: 'stock', label: 'out of stock: after every product in stock', effect: 1 },
        { kind: 'tie', label: 'popularity', effect: 4 },
        { kind: 'sort', label: 'RELEVANCE: position before merchandising', effect: 7 },
        { kind: 'sort', label: 'RELEVANCE: position after merchandising', effect: 2 },
      ],
      { understanding: understood },
    ).map((s) => s.text);
    assert.deepEqual(out, [
      'Pinned at 2 by page /dam/skor',
      'Included by rule 1 of page /dam/skor',
      'Included by rule 2 of the request',
      "Boosted by rule 1 of phrase rule 'sneakers'",
      "Buried by rule 2 of phrase rule 'sneakers'",
      'Understood: colour Svart (filter)',
      'Out of stock: shown after every product in stock',
      'Same score as #4; ordered by popularity',
      'At 2 after merchandising; 7 without it',
    ]);
    assert.deepEqual(
      explanationSentences([{ kind: 'pin', label: "Pinned at 3 by phrase rule 'boots'", effect: 3 }]).map((s) => s.text),
      ["Pinned at 3 by phrase rule 'boots'"],
    );
  });

  it('says a stemmed term as the phrase typed it', () => {
    const out = explanationSentences(
      [
        { kind: 'text', label: 'title:produc', effect: 2 },
        { kind: 'text', label: 'description:läd', effect: 1 },
      ],
      { phrase: 'Product i läder' },
    );
    assert.deepEqual(
      out.map((s) => s.text),
      ["Matches 'product' in the title", "Matches 'läder' in the description"],
    );
    assert.equal(typedWord('sneaker', 'black sneakers'), 'sneakers');
    assert.equal(typedWord('lad', 'svarta skor i läder'), 'läder', 'the Swedish stemmer folds ä');
    assert.equal(typedWord('svart', 'sneakers'), 'svart', 'a synonym the phrase does not have stays as indexed');
  });

  it('writes a share as a percentage, a small part as "<1%"', () => {
    assert.equal(percentText(0.666), '67%');
    assert.equal(percentText(0.001), '<1%');
    assert.equal(percentText(0), '0%');
  });
});

describe('explain: boosts and tie-breaks', () => {
  it('names the phrase\'s type, the type prior (under "max of") and the shoppers\' category, not probes of boost 0', () => {
    const explanation = node(
      'sum of:',
      leaf(30, 'ConstantScore(productTypeKeys:(sneaker shoe))^30.0'),
      node('max of:', leaf(6.5, 'ConstantScore(productTypeKeys:sneaker)^6.5'), leaf(2, 'ConstantScore(productTypeKeys:boot)^2.0')),
      node('max of:', leaf(4, 'ConstantScore(category:Shoes)^4.0')),
      leaf(0, 'ConstantScore(category:Probe)^0.0'),
      leaf(3, 'weight(title:sneaker in 4) [PerFieldSimilarity], result of:'),
    );
    assert.deepEqual(
      [...boostContributions(explanation)],
      [
        ['product type', 30],
        ['type prior', 6.5],
        ["shoppers' category", 4],
      ],
    );
  });

  it("adds the boosts and the tie to a hit's reasons", () => {
    const hit: estypes.SearchHit<unknown> = {
      _index: 'p',
      _id: '1',
      _source: {},
      sort: [2e7, 0, 'b'],
      _explanation: node('sum of:', leaf(30, 'ConstantScore(productTypeKeys:sneaker)^30.0')),
    };
    const out = explainHit(hit, { sort: 'RELEVANCE', position: 5, positionBefore: 5, tie: 'product key' });
    assert.deepEqual(
      out.filter((r) => r.kind === 'boost' || r.kind === 'tie'),
      [
        { kind: 'boost', label: 'product type', effect: 30 },
        { kind: 'tie', label: 'product key', effect: 4 },
      ],
    );
  });

  it('names what ordered neighbours of the same score: popularity, then the product key; none across a pin', () => {
    const hit = (sort: (number | string)[]): estypes.SearchHit<unknown> => ({ _index: 'p', _id: String(sort), sort });
    const hits = [hit([9e7, 5, 'a']), hit([9e7, 2, 'b']), hit([9e7, 2, 'c']), hit([8e7, 9, 'd']), hit([3, 120, 1, 'e']), hit([3, 100, 1, 'f'])];
    assert.deepEqual(tieBreaks(hits.slice(0, 4)), [undefined, 'popularity', 'product key', undefined]);
    // A field sort: the sort's own field decides, which is no tie.
    assert.deepEqual(tieBreaks([hit([1, 120, 1, 'e']), hit([1, 100, 1, 'f']), hit([1, 100, 1, 'g'])]), [undefined, undefined, 'product key']);
    assert.deepEqual(
      tieBreaks(hits.slice(0, 3), (i) => i === 1),
      [undefined, undefined, undefined],
    );
    // Scores that look the same in the console (a relevance 0.0001 apart under the stock tier) but ordered by score.
    assert.deepEqual(tieBreaks([hit([575_780_000, 0, 'a']), hit([575_779_000, 9, 'b']), hit([500_000_000, 9, 'c'])]), [undefined, NEARLY_TIED, undefined]);
    assert.deepEqual(
      explanationSentences([{ kind: 'tie', label: NEARLY_TIED, effect: 3 }]).map((s) => s.text),
      ['Nearly the same score as #3; a hair lower'],
    );
  });
});
