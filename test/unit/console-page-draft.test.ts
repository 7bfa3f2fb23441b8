/** The console page editor's draft and the PARTIAL page import it saves as (web/console/pageDraft.ts). */
import assert from 'node:assert/strict';
import { draftChanged, draftOf, forImport, pinFirst, type Page } from '../../web/console/pageDraft';
import { validatePageImport } from '../../src/merchandising/pages/validate';
import { amendPage } from '../../src/merchandising/pages/apply';
import type { CatalogConfiguration } from '../../src/catalog/types';

const configuration = { markets: { SE: { locales: ['sv-SE'] } } } as unknown as CatalogConfiguration;

describe('console page draft', () => {
  const page: Page = {
    id: 'skor',
    paths: { 'sv-SE': '/skor' },
    primaryList: { rules: 'rule incl brand { "Acme" }', pinned: ['a'], keywords: { enabled: true } },
  };

  it('sends nothing new for an untouched page, and leaves out overrides the page does not have', () => {
    const draft = draftOf(page);
    assert.equal(draftChanged(page, draft), false);
    assert.deepEqual(JSON.parse(JSON.stringify(forImport(page, draft))), {
      id: 'skor',
      primaryList: { rules: 'rule incl brand { "Acme" }', pinned: ['a'], blocked: [], keywords: { enabled: true } },
    });
    // Rows added and removed again leave no empty override behind.
    const emptied = { ...draft, facetsOverride: { facets: [] }, sortOrderOverride: { sortOrders: [] } };
    assert.equal(draftChanged(page, emptied), false);
  });

  it('writes facets, sort orders and product lists as the page import takes them', () => {
    const draft = {
      ...draftOf(page),
      facetsOverride: {
        facets: [
          { attribute: 'price', unit: '' },
          { attribute: 'brand', sortOrder: 'ALPHABETIC' as const },
        ],
      },
      sortOrderOverride: { sortOrders: ['PRICE_ASCENDING' as const, 'RELEVANCE' as const] },
      recLists: [{ id: 'top', algorithm: 'NEWEST_PRODUCTS' as const, limit: 4, rules: ' ', pinned: 'x, y ,', blocked: '' }],
    };
    assert.equal(draftChanged(page, draft), true);
    const body = forImport(page, draft);
    assert.deepEqual(body.primaryList!.facetsOverride, { facets: [{ attribute: 'price' }, { attribute: 'brand', sortOrder: 'ALPHABETIC' }] });
    assert.deepEqual(body.primaryList!.sortOrderOverride, { sortOrders: ['PRICE_ASCENDING', 'RELEVANCE'] });
    assert.deepEqual(body.recLists, [{ id: 'top', algorithm: 'NEWEST_PRODUCTS', limit: 4, pinned: ['x', 'y'] }]);
    const checked = validatePageImport({ market: 'SE', type: 'PARTIAL', addOrUpdate: [JSON.parse(JSON.stringify(body))] }, configuration);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.problems));
    // Saved and loaded again, the draft is unchanged.
    const stored = amendPage(page as never, JSON.parse(JSON.stringify(body)) as never) as unknown as Page;
    assert.equal(draftChanged(stored, draftOf(stored)), false);
    assert.deepEqual(draftOf(stored).recLists, [{ id: 'top', algorithm: 'NEWEST_PRODUCTS', limit: 4, rules: undefined, pinned: 'x, y', blocked: '' }]);
  });

  it('clears the rules with an empty text, which a PARTIAL import stores, instead of leaving them out, which it keeps', () => {
    assert.equal(forImport(page, { ...draftOf(page), rules: '  ' }).primaryList!.rules, '');
    assert.equal(forImport({ id: 'x' }, draftOf({ id: 'x' })).primaryList!.rules, undefined);
    assert.ok(validatePageImport({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'skor', primaryList: { rules: '' } }] }, configuration).ok);
  });

  it('switches an override off with enabled: false, since a PARTIAL import cannot delete a part', () => {
    const withSorts: Page = { ...page, primaryList: { ...page.primaryList, sortOrderOverride: { sortOrders: ['NAME'] } } };
    const off = forImport(withSorts, { ...draftOf(withSorts), sortOrderOverride: { enabled: false, sortOrders: ['NAME'] } });
    assert.deepEqual(off.primaryList!.sortOrderOverride, { enabled: false, sortOrders: ['NAME'] });
    // Every row removed: still sent, so the import refuses it at its path rather than silently keeping the old list.
    assert.deepEqual(forImport(withSorts, { ...draftOf(withSorts), sortOrderOverride: { sortOrders: [] } }).primaryList!.sortOrderOverride, { sortOrders: [] });
  });

  it("pins a product first in one import, the page's other pins after it", () => {
    assert.deepEqual(pinFirst({ id: 'p', primaryList: { pinned: ['a', 'b', 'c'], rules: 'x' } }, 'b'), { id: 'p', primaryList: { pinned: ['b', 'a', 'c'] } });
    assert.deepEqual(pinFirst({ id: 'p' }, 'z'), { id: 'p', primaryList: { pinned: ['z'] } });
  });
});
