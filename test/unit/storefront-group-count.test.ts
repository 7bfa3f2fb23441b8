import assert from 'node:assert/strict';
import { AGG } from '../../src/storefront/aggNames';
import { groupCountAggregation, readGroupCount } from '../../src/storefront/groupCount';
import { counted } from './aggregationFixtures';

describe('storefront product-group count', () => {
  it('runs the distinct count over the products of suppressing groups only', () => {
    assert.deepStrictEqual(groupCountAggregation(3000), {
      [AGG.groupCount]: {
        filter: { match_all: {} },
        aggs: {
          [AGG.suppressing]: {
            filter: { term: { suppressDuplicates: true } },
            aggs: { [AGG.suppressedGroups]: { cardinality: { field: 'collapseKey', precision_threshold: 3000 } } },
          },
        },
      },
    });
  });

  it('counts every other product once and each suppressing group once', () => {
    // 10 matching products: 4 belong to 2 groups that suppress duplicates, 6 are listed on their own.
    assert.equal(readGroupCount(counted(10, 4, 2)), 8);
    assert.equal(readGroupCount(counted(5, 0, 0)), 5);
    assert.equal(readGroupCount({}), undefined);
    assert.equal(readGroupCount(undefined), undefined);
  });
});
