/** The products a history diff names, gathered for one lookup and named by title where they are shown. */
import assert from 'node:assert/strict';
import { diffVersions } from '../../src/admin/historyDiff';
import { productKeysOf, productsOfChange, productsOfEntry } from '../../web/console/diffProducts';

const titles = { a: 'Ankle boot', c: 'Chelsea boot', h: 'Hidden hat', p: 'Pinned scarf' };

describe('history diff: products by title (pure)', () => {
  it('gathers the keys of page pins, blocked products and slices, changed or in entries added whole, once each', () => {
    const from = {
      addOrUpdate: [
        { id: '/shoes', primaryList: { pinned: ['a', 'b'], rules: 'rule incl brand { "Acme" }' } },
        { id: '/gone', primaryList: { blocked: ['x'] } },
      ],
    };
    const to = {
      addOrUpdate: [
        {
          id: '/shoes',
          primaryList: { pinned: ['c', 'b'], rules: 'rule incl brand { "Bolt" }', pageSliceInfo: { slices: [{ productSetId: 's', pinnedProducts: ['a'] }] } },
        },
        { id: '/new', recommendationLists: [{ id: 'r', pinned: ['n'] }] },
      ],
    };
    const diff = diffVersions('pages', from, to);
    assert.deepEqual(productKeysOf(diff).sort(), ['a', 'c', 'n', 'x']);
    const shoes = diff.changed.find((c) => c.id === '/shoes')!;
    const pin = shoes.fields.find((f) => f.path === 'primaryList.pinned[0]')!;
    assert.deepEqual(productsOfChange(pin.path, pin.from, titles), [{ key: 'a', title: 'Ankle boot' }]);
    assert.deepEqual(productsOfChange(pin.path, pin.to, titles), [{ key: 'c', title: 'Chelsea boot' }]);
    const slices = shoes.fields.find((f) => f.path === 'primaryList.pageSliceInfo')!;
    assert.deepEqual(productsOfChange(slices.path, slices.to, titles), [{ key: 'a', title: 'Ankle boot' }]);
    assert.equal(productsOfChange(slices.path, slices.from, titles), undefined, 'nothing there before: shown as it is');
    const rules = shoes.fields.find((f) => f.path === 'primaryList.rules')!;
    assert.equal(productsOfChange(rules.path, rules.to, titles), undefined, 'a rule is not a product key');
    assert.deepEqual(productsOfEntry(diff.added[0]!.entry, titles), [{ key: 'n' }], 'a key the lookup did not find keeps its key only');
  });

  it("names phrase rules' pins with their positions and hidden products", () => {
    const from = { markets: { SE: [{ id: 'r', phrases: ['boot'], pinned: [{ productKey: 'a', position: 1 }] }] } };
    const to = {
      markets: {
        SE: [
          {
            id: 'r',
            phrases: ['boot'],
            pinned: [
              { productKey: 'a', position: 1 },
              { productKey: 'p', position: 3 },
            ],
            hidden: ['h'],
          },
        ],
      },
    };
    const diff = diffVersions('phrase-rules', from, to);
    assert.deepEqual(productKeysOf(diff).sort(), ['h', 'p']);
    const fields = diff.changed[0]!.fields;
    const pinned = fields.find((f) => f.path === 'pinned[1]')!;
    assert.deepEqual(productsOfChange(pinned.path, pinned.to, titles), [{ key: 'p', position: 3, title: 'Pinned scarf' }]);
    const hidden = fields.find((f) => f.path === 'hidden')!;
    assert.deepEqual(productsOfChange(hidden.path, hidden.to, titles), [{ key: 'h', title: 'Hidden hat' }]);
    assert.deepEqual(
      productsOfEntry(to.markets.SE[0], titles).map((p) => p.key),
      ['a', 'p', 'h'],
    );
  });

  it("leaves kinds without product keys as they are (a facet's hidden flag is no key)", () => {
    const diff = diffVersions(
      'facets',
      { markets: { SE: { facets: [{ attribute: 'brand', hidden: false }] } } },
      { markets: { SE: { facets: [{ attribute: 'brand', hidden: true }] } } },
    );
    assert.deepEqual(productKeysOf(diff), []);
    const f = diff.changed[0]!.fields[0]!;
    assert.equal(productsOfChange(f.path, f.to, titles), undefined);
  });
});
