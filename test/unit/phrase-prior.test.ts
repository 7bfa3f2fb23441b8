import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { phrasePriorSearch, readPhrasePrior } from '../../src/events/queries/phrasePrior';
import { BEHAVIOUR_PRIOR_BOOST, phraseCategoryBoost } from '../../src/storefront/relevance';

const types = (clicks: number, carts = 0) => ({ buckets: [{ key: 'click', doc_count: clicks }, ...(carts ? [{ key: 'add-to-cart', doc_count: carts }] : [])] });

describe('behaviour query → category prior', () => {
  it('asks for the clicks and add-to-carts of searched phrases per locale, phrase and category', () => {
    const search = phrasePriorSearch(30, { index: 'events', now: new Date('2026-11-27T00:00:00Z') });
    assert.match(JSON.stringify(search.query), /"click","add-to-cart"/);
    assert.match(JSON.stringify(search.query), /queryPhrase/);
    assert.deepEqual(Object.keys(search.aggs!), ['locales']);
  });

  it('keeps the categories of a phrase with enough weight and share, add-to-carts weighing 3, most likely first', () => {
    const response = {
      aggregations: {
        locales: {
          buckets: [
            {
              key: 'sv-SE',
              phrases: {
                buckets: [
                  // jacka: 2 clicks + 1 cart = 5; Ytterkläder 1 click + 1 cart = 4 (0.8), Träning 1 click (0.2: below the share).
                  {
                    key: 'jacka',
                    types: types(2, 1),
                    categories: {
                      buckets: [
                        { key: 'Ytterkläder', types: types(1, 1) },
                        { key: 'Träning', types: types(1) },
                      ],
                    },
                  },
                  // Two clicks say nothing yet.
                  { key: 'mössa', types: types(2), categories: { buckets: [{ key: 'Accessoarer', types: types(2) }] } },
                ],
              },
            },
          ],
        },
      },
    } as unknown as estypes.SearchResponse<unknown>;
    assert.deepEqual(readPhrasePrior(response), new Map([['sv-SE', new Map([['jacka', [['Ytterkläder', 0.8]]]])]]));
  });

  it('boosts the categories of the normalised phrase by their share, and nothing for a phrase without a prior', () => {
    const expansion = {
      alternatives: ['Jacka '],
      compounds: new Map(),
      phrasePrior: new Map([
        [
          'jacka',
          [
            ['Ytterkläder', 0.8],
            ['Jackor', 0.5],
          ] as [string, number][],
        ],
      ]),
    };
    assert.deepEqual(phraseCategoryBoost(' Jacka ', expansion), [
      {
        dis_max: {
          queries: [
            { constant_score: { filter: { term: { category: 'Ytterkläder' } }, boost: BEHAVIOUR_PRIOR_BOOST * 0.8 } },
            { constant_score: { filter: { term: { category: 'Jackor' } }, boost: BEHAVIOUR_PRIOR_BOOST * 0.5 } },
          ],
        },
      },
    ]);
    assert.deepEqual(phraseCategoryBoost('byxor', expansion), []);
    assert.deepEqual(phraseCategoryBoost('jacka'), []);
  });
});
