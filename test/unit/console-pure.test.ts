/** Pure parts of the console API: version diffs and summaries, explanations of a hit. */
import assert from 'node:assert/strict';
import { diffVersions, fieldChanges, summarize } from '../../src/admin/historyDiff';
import { explainedSearch, explainHit, ruleTexts, textContributions } from '../../src/storefront/explain';
import { keyIdOf } from '../../src/admin/historyRecord';

describe('console API (pure)', () => {
  it('diffs pages by id, field by field', () => {
    const from = { market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'a', primaryList: { pinned: ['x', 'y'] } }, { id: 'b' }] };
    const to = { market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'a', primaryList: { pinned: ['x'] }, headings: { 'sv-SE': 'A' } }, { id: 'c' }] };
    assert.deepEqual(diffVersions('pages', from, to), {
      added: [{ id: 'c', entry: { id: 'c' } }],
      removed: [{ id: 'b', entry: { id: 'b' } }],
      changed: [
        {
          id: 'a',
          fields: [
            { path: 'headings', from: undefined, to: { 'sv-SE': 'A' } },
            { path: 'primaryList.pinned[1]', from: 'y', to: undefined },
          ],
        },
      ],
    });
    assert.deepEqual(fieldChanges({ a: 1 }, { a: 1 }), []);
    assert.equal(summarize('synonyms', { locales: { 'sv-SE': [{ terms: ['a', 'b'] }] } }), '1 locale (sv-SE: 1 rules)');
    assert.equal(summarize('pages', from), '2 pages');
  });

  it('names keys by a short digest, never the key', () => {
    assert.equal(keyIdOf('secret')!.length, 8);
    assert.notEqual(keyIdOf('secret'), keyIdOf('other'));
    assert.equal(keyIdOf(undefined), undefined);
  });

  it('adds probes without touching the query that scores, and only when explaining', () => {
    const body = { query: { match_all: {} }, size: 3 };
    assert.equal(explainedSearch(body, undefined), body);
    const explained = explainedSearch(body, { probes: { 'request rule 1': { term: { brand: 'x' } } } });
    assert.deepEqual(explained, {
      size: 3,
      explain: true,
      query: { bool: { must: [{ match_all: {} }], should: [{ constant_score: { filter: { term: { brand: 'x' } }, boost: 0, _name: 'request rule 1' } }] } },
    });
  });

  it('splits rule expressions into their rules for labels', () => {
    assert.deepEqual(ruleTexts('rule incl brand { "rule" }  rule excl price [1, 2]'), ['rule incl brand { "rule" }', 'rule excl price [1, 2]']);
  });

  it('reads text contributions per field and term, the best child of a max', () => {
    const leaf = (d: string, value: number) => ({ description: d, value, details: [] });
    const tree = {
      description: 'sum of:',
      value: 5,
      details: [
        { description: 'max of:', value: 3, details: [leaf('weight(title:shoe in 1) [BM25]', 3), leaf('weight(name:shoe in 1) [BM25]', 2)] },
        leaf('weight(brand.text:nike in 1) [BM25]', 2),
      ],
    };
    assert.deepEqual(
      [...textContributions(tree)],
      [
        ['title:shoe', 3],
        ['brand.text:nike', 2],
      ],
    );
  });

  it('explains a hit: pin, rules, stock from the score tier, positions', () => {
    const hit = { _index: 'i', _id: '1', _score: 2e15 + 1, sort: [2e15 + 1], matched_queries: ['page /p rule 1'], _source: { productKey: 'k' } };
    const out = explainHit(hit, { sort: 'PRICE_ASCENDING', position: 1, positionBefore: 4, pin: { key: 'k', label: 'page /p: pinned', slot: 1 } }, 1e15);
    assert.deepEqual(out, [
      { kind: 'pin', label: 'page /p: pinned', effect: 1 },
      { kind: 'rule', label: 'page /p rule 1', effect: 0 },
      { kind: 'stock', label: 'in stock', effect: 1 },
      { kind: 'sort', label: 'PRICE_ASCENDING: position before merchandising', effect: 4 },
      { kind: 'sort', label: 'PRICE_ASCENDING: position after merchandising', effect: 1 },
    ]);
  });
});
