/** Pure parts of the catalog import's impact report: phrase ranking, the candidate's view, the comparison. */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { compareAnswers, phrasesToAsk } from '../../src/admin/impactReport';
import { readTopPhrases, topPhrasesSearch } from '../../src/events/queries/topPhrases';
import { versionViewOf } from '../../src/search/catalogView';
import { indexNames } from '../../src/search/indexNames';

const bucket = (key: string, doc_count: number, sub: Record<string, unknown> = {}) => ({ key, doc_count, ...sub });

describe('impact report (pure)', () => {
  it('ranks the phrases of every market and locale together, most searched first, and keeps the top ones', () => {
    const request = topPhrasesSearch({ days: 7, limit: 2 }, { index: 'events', now: new Date('2026-01-08T00:00:00Z') });
    assert.deepEqual((request.query?.bool?.filter as estypes.QueryDslQueryContainer[])[1], { range: { '@timestamp': { gte: '2026-01-01T00:00:00.000Z' } } });
    const response = {
      aggregations: {
        markets: {
          buckets: [
            bucket('SE', 9, {
              locales: {
                buckets: [
                  bucket('sv-SE', 6, { phrases: { buckets: [bucket('boot', 4), bucket('hat', 2)] } }),
                  bucket('', 3, { phrases: { buckets: [bucket('scarf', 3)] } }),
                ],
              },
            }),
            bucket('NO', 5, { locales: { buckets: [bucket('nb-NO', 5, { phrases: { buckets: [bucket('støvel', 5)] } })] } }),
          ],
        },
      },
    } as unknown as estypes.SearchResponse<unknown>;
    assert.deepEqual(readTopPhrases(response, 2), [
      { market: 'NO', locale: 'nb-NO', phrase: 'støvel', searches: 5 },
      { market: 'SE', locale: 'sv-SE', phrase: 'boot', searches: 4 },
    ]);
    const configuration = { markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' } } };
    assert.deepEqual(
      phrasesToAsk(readTopPhrases(response, 10), configuration),
      [
        { market: 'SE', locale: 'sv-SE', phrase: 'boot', searches: 4 },
        { market: 'SE', locale: 'sv-SE', phrase: 'scarf', searches: 3 },
        { market: 'SE', locale: 'sv-SE', phrase: 'hat', searches: 2 },
      ],
      "an unknown market is left out, a missing locale is the market's first",
    );
  });

  it("reads every catalog alias as the candidate version's indices", () => {
    const names = indexNames('p');
    const view = versionViewOf(
      [
        { index: 'p-catalog-entities-v1', part: 'entities' },
        { index: 'p-catalog-products-v1-sv-se', part: 'products', locale: 'sv-se' },
        { index: 'p-catalog-products-v1-en-gb', part: 'products', locale: 'en-gb' },
      ],
      names,
    );
    assert.equal(view.concrete('p-catalog-products-sv-se'), 'p-catalog-products-v1-sv-se');
    assert.equal(view.concrete('p-catalog-products'), 'p-catalog-products-v1-en-gb,p-catalog-products-v1-sv-se');
    assert.equal(view.concrete('p-catalog-entities'), 'p-catalog-entities-v1');
    assert.equal(view.concrete('p-pages'), undefined);
    assert.equal(view.version, '1');
  });

  it('lists phrases finding nothing and top tens that changed, with the products leaving and entering', () => {
    const at = (phrase: string, searches: number) => ({ market: 'SE', locale: 'sv-SE', phrase, searches });
    const report = compareAnswers(
      [
        {
          phrase: at('boot', 3),
          live: { totalHits: 2, top: ['a', 'b'], titles: { a: 'Ankle boot', b: 'Boot' } },
          candidate: { totalHits: 2, top: ['b', 'c'], titles: { b: 'Boot, new name', c: 'Chelsea boot' } },
        },
        {
          phrase: at('shoe', 1),
          live: { totalHits: 1, top: ['u'], titles: { u: 'Unchanged shoe' } },
          candidate: { totalHits: 1, top: ['u'], titles: { u: 'Unchanged shoe' } },
        },
        { phrase: at('scarf', 2), live: { totalHits: 1, top: ['s'] }, candidate: { totalHits: 0, top: ['t'], autoCorrectedTo: 'scart' } },
        { phrase: at('hat', 1), live: { totalHits: 1, top: ['h'] }, candidate: { totalHits: 1, top: ['h'] } },
        { phrase: at('sock', 1), live: { totalHits: 2, top: ['x', 'y'] }, candidate: { totalHits: 2, top: ['y', 'x'] } },
        { phrase: at('zzz', 1), live: { totalHits: 0, top: [] }, candidate: { totalHits: 0, top: [] } },
      ],
      1,
    );
    assert.deepEqual(report.findNothing, [
      { ...at('scarf', 2), liveTotalHits: 1, leaving: ['s'], autoCorrectedTo: 'scart' },
      { ...at('zzz', 1), liveTotalHits: 0, leaving: [] },
    ]);
    assert.deepEqual(report.topChanged, [
      { ...at('boot', 3), liveTotalHits: 2, candidateTotalHits: 2, leaving: ['a'], entering: ['c'], live: ['a', 'b'], candidate: ['b', 'c'] },
      { ...at('sock', 1), liveTotalHits: 2, candidateTotalHits: 2, leaving: [], entering: [], live: ['x', 'y'], candidate: ['y', 'x'] },
    ]);
    // Groups the lists name get their titles (the candidate's when both have one); an unchanged phrase's are left out.
    assert.deepEqual(report.titles, { a: 'Ankle boot', b: 'Boot, new name', c: 'Chelsea boot' });
    assert.deepEqual(report.totals, {
      phrases: 6,
      findNothing: 2,
      newlyFindNothing: 1,
      topChanged: 2,
      firstProductChanged: 2,
      unchanged: 2,
      productsLeaving: 2,
      productsEntering: 2,
      skipped: 1,
    });
  });

  it('names a group the storefront lists twice once among those leaving, and counts phrases whose first product changes', () => {
    const at = { market: 'SE', locale: 'sv-SE', phrase: 'mule', searches: 1 };
    const report = compareAnswers([{ phrase: at, live: { totalHits: 3, top: ['d', 'd', 'e'] }, candidate: { totalHits: 1, top: ['e'] } }], 0);
    assert.deepEqual(report.topChanged[0]!.leaving, ['d']);
    assert.equal(report.totals.productsLeaving, 1);
    assert.equal(report.totals.firstProductChanged, 1);
  });
});
