import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import {
  COMPLETION,
  fuzzyMatch,
  fuzzySuggestionSearch,
  PRODUCT_COMPLETION,
  prefixMatch,
  redirectSearch,
  suggestionSearch,
  typedTokens,
  usesCompletionCandidates,
  usesFuzzyFallback,
} from '../../src/storefront/autocomplete/build';
import { parseAutocompleteBody, parseAutocompleteRequest, type AutocompleteRequest } from '../../src/storefront/autocomplete/request';
import {
  catalogPhrases,
  highlight,
  phraseSuggestions,
  productListing,
  redirectLink,
  suggestedProducts,
  suggestionTotal,
  MAX_PHRASE_SUGGESTIONS,
} from '../../src/storefront/autocomplete/shape';
import { fails } from './assertions';
import { counted } from './aggregationFixtures';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts({
  configuration: { markets: { SE: { locales: ['sv-SE'], currency: 'SEK' } } },
  productCounts: { SE: 10 },
  collapsingMarkets: new Set(['SE']),
});
const base = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'mobile' };
const request = (query: Record<string, string> = {}, body?: unknown): AutocompleteRequest =>
  parseAutocompleteRequest({ ...base, ...query }, parseAutocompleteBody(body), facts);

const response = (parts: Partial<estypes.SearchResponse<unknown>>): estypes.SearchResponse<unknown> => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { hits: [], total: { value: 0, relation: 'eq' } },
  ...parts,
});

describe('autocomplete request', () => {
  it('q is optional and whitespace-normalised; templateId and prefixed presentCustom are accepted', () => {
    const req = request({ q: '  red   sh ', templateId: 'card', presentCustom: 'variant.number.x' });
    assert.deepStrictEqual([req.q, req.context.templateId, req.collapse, req.rules, req.contentLists], ['red sh', 'card', true, [], []]);
    assert.equal(request().q, '');
  });

  it('reads productRules (full language), productFilter and contentLists from the body', () => {
    assert.equal(request({}, { productRules: 'rule incl brand { "A" } rule incl newness 10d' }).rules.length, 2);
    assert.deepStrictEqual(request({}, { productFilter: { brand: 'A' } }).rules, [
      { restrictions: [{ kind: 'text', mode: 'incl', attribute: 'brand', values: ['A'] }] },
    ]);
    assert.deepStrictEqual(request({}, { contentLists: [{ id: 'faq', contentFilter: { type: 'faq' } }] }).contentLists, [
      { id: 'faq', limit: 10, contentFilter: { type: ['faq'] } },
    ]);
  });

  it('answers 400 naming the field', () => {
    fails(/q is longer than 200/, () => request({ q: 'x'.repeat(201) }));
    fails(/^productRules: Unknown attribute "colour"/, () => request({}, { productRules: 'rule incl colour { "red" }' }));
    fails(/^productFilter\.colour/, () => request({}, { productFilter: { colour: 'red' } }));
    fails(/Body contentLists/, () => request({}, { contentLists: 'faq' }));
    fails(/Body must be a JSON object/, () => parseAutocompleteBody('text'));
    fails(/customerKey is required/, () => parseAutocompleteRequest({ market: 'SE' }, { contentLists: [] }, facts));
  });
});

describe('autocomplete searches (pure DSL)', () => {
  it('split the phrase into complete tokens and the last, half-typed one', () => {
    assert.deepStrictEqual(typedTokens('red run'), { complete: ['red'], last: 'run' });
    assert.deepStrictEqual(typedTokens('run'), { complete: [], last: 'run' });
  });

  it('match complete tokens as words and the last one as a prefix', () => {
    const must = (prefixMatch('red run') as { bool: { must: estypes.QueryDslQueryContainer[] } }).bool.must;
    assert.equal(must[0].multi_match?.query, 'red');
    const last = must[1].bool!.should as estypes.QueryDslQueryContainer[];
    assert.deepStrictEqual([last[0].multi_match?.type, last[0].multi_match?.query], ['bool_prefix', 'run']);
  });

  it('ask suggestions, group count and catalog phrases in one search; collapse where the market collapses', () => {
    const body = suggestionSearch(request({ q: 'shoe' }, { productRules: 'rule incl brand { "A" }' }));
    assert.deepStrictEqual(body.collapse, { field: 'collapseKey' });
    assert.ok(body.aggs?.groupCount);
    const completion = (body.suggest as Record<string, { prefix: string; completion: estypes.SearchCompletionSuggester }>)[COMPLETION];
    assert.deepStrictEqual(
      [completion.prefix, completion.completion.field, completion.completion.contexts],
      ['shoe', 'suggest', { market: ['SE'] }],
      "the market alone: the index is the locale's",
    );
    assert.equal(completion.completion.fuzzy !== undefined, true);
    assert.equal(JSON.stringify(body.query).includes('"brand":["A"]'), true);
    assert.equal(
      (suggestionSearch(request({ q: 'sho' })).suggest as Record<string, { completion: { fuzzy?: unknown } }>)[COMPLETION].completion.fuzzy,
      undefined,
    );
  });

  it('take product candidates from the completion suggester for a short word without rules, counting products in filter context', () => {
    assert.deepStrictEqual(
      ['s', 'sh', 'sho', 's h'].map((q) => usesCompletionCandidates(request({ q }))),
      [true, true, false, false],
    );
    assert.equal(usesCompletionCandidates(request({ q: 's' }, { productRules: 'rule incl brand { "A" }' })), false);
    const body = suggestionSearch(request({ q: 'sh' }));
    assert.deepStrictEqual(
      [body.size, body.collapse, body.query?.function_score, body.track_total_hits, body.aggs],
      [0, undefined, undefined, true, undefined],
    );
    assert.ok((body.suggest as Record<string, unknown>)[PRODUCT_COMPLETION]);
    assert.ok((body._source as { includes: string[] }).includes.includes('collapseKey'));
  });

  it('look the phrase up as a product, variant or group key, as typed, upper- and lower-cased', () => {
    const body = JSON.stringify(redirectSearch(request({ q: 'Ab-1' })));
    for (const field of ['productKey', 'variantKeys', 'productGroupKey']) assert.ok(body.includes(`"${field}":["Ab-1","AB-1","ab-1"]`), field);
  });
});

describe('autocomplete shaping', () => {
  it('highlight the typed part of every word in double braces', () => {
    assert.equal(highlight('jeans', 'jea'), '{{jea}}ns');
    assert.equal(highlight('Returns policy', 'ret'), '{{Ret}}urns policy');
    assert.equal(highlight('running sock', 'running so'), '{{running}} {{so}}ck');
    assert.equal(highlight('blue jeans', 'jeans bl'), '{{bl}}ue {{jeans}}');
    assert.equal(highlight('shirt', 'sjirt'), 'shirt');
    assert.equal(highlight('shirt', ''), 'shirt');
  });

  it('merge popular phrases before catalog phrases, lower-cased, distinct, capped', () => {
    const catalog = Array.from({ length: 10 }, (_, i) => `shoe ${i}`);
    const merged = phraseSuggestions(['shoe 3', 'shoes'], ['Shoes', ...catalog], 'sho');
    assert.deepStrictEqual(merged.slice(0, 3), [
      { q: 'shoe 3', highlighted: '{{sho}}e 3' },
      { q: 'shoes', highlighted: '{{sho}}es' },
      { q: 'shoe 0', highlighted: '{{sho}}e 0' },
    ]);
    assert.equal(merged.length, MAX_PHRASE_SUGGESTIONS);
  });

  it('read completion options and group totals', () => {
    const r = response({
      suggest: { [COMPLETION]: [{ text: 'ru', offset: 0, length: 2, options: [{ text: 'Running Sock', _index: 'i', _id: '1', _score: 1 }] }] } as never,
      aggregations: counted(8, 2, 1) as never,
      hits: { hits: [], total: { value: 9, relation: 'eq' } },
    });
    const { aggregations, ...uncounted } = r;
    assert.deepStrictEqual([catalogPhrases(r), suggestionTotal(r), suggestionTotal(uncounted), suggestionTotal(undefined)], [['running sock'], 7, 9, 0]);
    assert.ok(aggregations);
  });

  it('rank short-prefix candidates one per collapse key (its in-stock product preferred), in stock first, capped', () => {
    const doc = (productKey: string, collapseKey: string, stock: number) => ({
      productKey,
      productGroupKey: collapseKey,
      collapseKey,
      variants: [{ key: `${productKey}-v`, stock }],
    });
    const options = [
      doc('a1', 'A', 0),
      doc('a2', 'A', 5),
      doc('b', 'b', 0),
      doc('c', 'c', 3),
      ...Array.from({ length: 8 }, (_, i) => doc(`z${i}`, `z${i}`, 1)),
    ].map((d, i) => ({ text: 'x', _index: 'i', _id: String(i), _score: 1, _source: d }));
    const r = response({ suggest: { [PRODUCT_COMPLETION]: [{ text: 's', offset: 0, length: 1, options }] } as never });
    assert.deepStrictEqual(
      suggestedProducts(r, request({ q: 's' })).map((d) => d.productKey),
      ['a2', 'c', 'z0', 'z1', 'z2', 'z3'],
    );
    const fewer = response({ suggest: { [PRODUCT_COMPLETION]: [{ text: 's', offset: 0, length: 1, options: options.slice(0, 4) }] } as never });
    assert.deepStrictEqual(
      suggestedProducts(fewer, request({ q: 's' })).map((d) => d.productKey),
      ['a2', 'c', 'b'],
    );
    assert.deepStrictEqual(
      suggestedProducts(fewer, { ...request({ q: 's' }), collapse: false }).map((d) => d.productKey),
      ['a2', 'c', 'a1', 'b'],
    );
  });

  it('redirect to the variant link on a variant key, else to the product link', () => {
    const hit = (source: unknown) => response({ hits: { hits: [{ _index: 'i', _id: '1', _source: source }] } });
    const doc = { productKey: 'P1', url: '/p/1', variantKeys: ['P1-a', 'P1-b'] };
    assert.equal(redirectLink(hit(doc), 'p1-b'), '/p/1?variant=P1-b');
    assert.equal(redirectLink(hit(doc), 'P1'), '/p/1');
    assert.equal(redirectLink(hit(doc), 'G1'), '/p/1');
    assert.equal(redirectLink(response({}), 'P1'), undefined);
  });
});

describe('autocomplete fuzzy fallback (pure)', () => {
  it('is asked from four typed characters, never for a short prefix', () => {
    assert.deepStrictEqual(
      ['jac', 'jakc', 'a b', 'ab cd'].map((q) => usesFuzzyFallback(request({ q }))),
      [false, true, false, true],
    );
  });

  it('matches every word fuzzily in a main field, the last also as a prefix; same listing, no catalog phrases', () => {
    const must = (fuzzyMatch('rian jakc') as { bool: { must: estypes.QueryDslQueryContainer[] } }).bool.must;
    assert.deepStrictEqual([must[0].multi_match?.query, must[0].multi_match?.fuzziness, must[0].multi_match?.prefix_length], ['rian', 'AUTO', 1]);
    const last = must[1].bool!.should as estypes.QueryDslQueryContainer[];
    assert.deepStrictEqual([last[0].multi_match?.fuzziness, last[1].multi_match?.type, last[1].multi_match?.query], ['AUTO', 'bool_prefix', 'jakc']);
    const body = fuzzySuggestionSearch(request({ q: 'jakcet' }));
    assert.deepStrictEqual([body.size, body.collapse, body.suggest, body.track_total_hits], [6, { field: 'collapseKey' }, undefined, true]);
    assert.ok(body.aggs?.groupCount);
  });

  it('is shown, with its count, only when the phrase as typed matched nothing', () => {
    const hit = (key: string) => ({ _index: 'p', _id: key, _source: { productKey: key } });
    const exact = response({ hits: { hits: [hit('a')], total: { value: 1, relation: 'eq' } } });
    const none = response({});
    const fuzzy = response({ hits: { hits: [hit('b'), hit('c')], total: { value: 2, relation: 'eq' } } });
    assert.equal(productListing(exact, fuzzy), exact);
    assert.equal(productListing(none, fuzzy), fuzzy);
    assert.equal(productListing(none, undefined), none);
    assert.equal(suggestionTotal(productListing(none, fuzzy)), 2);
  });
});
