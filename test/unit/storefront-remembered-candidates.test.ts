import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../../src/storefront/aggNames';
import { candidateAggregations, candidateFacet } from '../../src/storefront/facets/dynamic';
import { askedCandidates, dynamicFacetsStep, type DynamicFacetsStep } from '../../src/storefront/facets/dynamicRun';
import { RememberedCandidates } from '../../src/storefront/facets/rememberedCandidates';
import { facetSetup, planFacets } from '../../src/storefront/facets/registry';

const ctx = { channels: { online: true, store: false }, stores: [] as string[] };
const setup = facetSetup({ market: undefined, locale: 'sv-SE', page: 'search', defaultDynamicCount: 2 }, ctx);
const plan = planFacets(setup, {}, new Map(), ctx);
const listing = { ...plan, query: { match: { title: 'television' } }, context: ctx };
const terms = (...b: [string, number][]) => ({ buckets: b.map(([key, doc_count]) => ({ key, doc_count })) });

/** A facet response: coverage by `labels`, and when given the candidates' values (each label split 5/5). */
function response(labels: string[], values?: string[]): estypes.SearchResponse<unknown> {
  const candidates = values && {
    doc_count: 10,
    ...Object.fromEntries(values.map((name) => [`${AGG.facet(`custom.${name}`)}/${AGG.values}`, terms([`${name}-a`, 5], [`${name}-b`, 5])])),
  };
  return {
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, failed: 0 },
    hits: { hits: [] },
    aggregations: {
      [AGG.attributes]: {
        doc_count: 10,
        [AGG.attributeLabels]: terms(...labels.map((l): [string, number] => [l, 10])),
        [AGG.attributeNumbers]: { doc_count: 0, [AGG.attributeNames]: terms() },
      },
      ...(candidates ? { [AGG.candidates]: candidates } : {}),
    },
  } as unknown as estypes.SearchResponse<unknown>;
}

const search = (step: DynamicFacetsStep | undefined) => (step && 'search' in step ? step : assert.fail('a second round expected'));

describe('storefront remembered dynamic facet candidates', () => {
  it('ask the values of the candidates a listing had on the version in round 1, and answer from it', () => {
    const memory = new RememberedCandidates();
    const first = askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!;
    assert.deepStrictEqual([first.asked.candidates, first.aggs], [[], {}], 'nothing remembered yet: only the coverage is asked');
    const second = search(dynamicFacetsStep('products-sv-se', { ...listing, response: response(['panel', 'hdr']), asked: first.asked }));
    const expected = second.read(response([], ['panel', 'hdr']));
    assert.deepStrictEqual(
      expected.map((f) => f.id),
      ['custom.hdr', 'custom.panel'],
    );

    const again = askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!;
    const asked = ['hdr', 'panel'].map((name) => ({ name, kind: 'label' as const, facet: candidateFacet({ name, kind: 'label' }, ctx)! }));
    assert.deepStrictEqual(JSON.stringify(again.aggs), JSON.stringify(candidateAggregations(asked, plan.selections, plan.facets)));
    const answered = dynamicFacetsStep('products-sv-se', { ...listing, response: response(['panel', 'hdr'], ['panel', 'hdr']), asked: again.asked });
    assert.deepStrictEqual(answered && 'facets' in answered ? answered.facets : undefined, expected, 'the facets the second round would have given');
  });

  it('fall back to the second round when the coverage finds a candidate not asked, and remember the new set', () => {
    const memory = new RememberedCandidates();
    const first = askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!;
    dynamicFacetsStep('products-sv-se', { ...listing, response: response(['panel']), asked: first.asked });
    const stale = askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!;
    assert.deepStrictEqual(
      stale.asked.candidates.map((c) => c.name),
      ['panel'],
    );
    const step = search(dynamicFacetsStep('products-sv-se', { ...listing, response: response(['mount', 'panel'], ['panel']), asked: stale.asked }));
    assert.deepStrictEqual(
      step.read(response([], ['mount', 'panel'])).map((f) => f.id),
      ['custom.mount', 'custom.panel'],
    );
    assert.deepStrictEqual(
      askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!.asked.candidates.map((c) => c.name),
      ['mount', 'panel'],
    );
  });

  it('never use a set of another catalog version, listing or selection', () => {
    const memory = new RememberedCandidates();
    const first = askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!;
    dynamicFacetsStep('products-sv-se', { ...listing, response: response(['panel']), asked: first.asked });
    assert.equal(askedCandidates(memory, 'v1', 'products-sv-se', listing, false)!.asked.candidates.length, 1);
    assert.equal(askedCandidates(memory, 'v2', 'products-sv-se', listing, false)!.asked.candidates.length, 0);
    assert.equal(askedCandidates(memory, 'v1', 'products-sv-se', { ...listing, query: { match: { title: 'cable' } } }, false)!.asked.candidates.length, 0);
    const selected = planFacets(setup, { 'f.brand': 'Acme' }, new Map(), ctx);
    assert.equal(askedCandidates(memory, 'v1', 'products-sv-se', { ...listing, ...selected }, false)!.asked.candidates.length, 0);
    assert.equal(askedCandidates(memory, undefined, 'products-sv-se', listing, false), undefined, 'no version, no memory');
  });

  it('forget the least recently used listing past the bound', () => {
    const memory = new RememberedCandidates(2);
    memory.record('a', [{ name: 'a', kind: 'label' }]);
    memory.record('b', [{ name: 'b', kind: 'label' }]);
    memory.get('a');
    memory.record('c', [{ name: 'c', kind: 'label' }]);
    assert.deepStrictEqual([memory.get('a')?.length, memory.get('b'), memory.get('c')?.length], [1, undefined, 1]);
  });
});
