import assert from 'node:assert/strict';
import { amendPage, applyPageImport, dangerousRemoval } from '../../src/merchandising/pages/apply';
import { pageContainer } from '../../src/merchandising/pages/export';
import { ancestorIds, isPathId, pageState, storefrontSortOf, type Page, type PageImport, type StoredPage } from '../../src/merchandising/pages/types';
import { validateRuleText } from '../../src/merchandising/rules';

const published = (page: Page): StoredPage => ({ market: 'SE', id: page.id, published: page });
const market = (...pages: StoredPage[]) => new Map(pages.map((p) => [p.id, p]));
const request = (type: PageImport['type'], addOrUpdate: Page[], extra: Partial<PageImport> = {}): PageImport => ({
  market: 'SE',
  type,
  addOrUpdate,
  remove: [],
  previewOnly: false,
  ...extra,
});

function apply(existing: Map<string, StoredPage>, req: PageImport, force = false) {
  const result = applyPageImport(existing, req, { force });
  if (!result.ok) assert.fail(`unexpected problems: ${JSON.stringify(result.problems.errors)}`);
  return result.changes;
}
function problems(existing: Map<string, StoredPage>, req: PageImport) {
  const result = applyPageImport(existing, req, { force: false });
  if (result.ok) assert.fail('expected problems');
  return result.problems.errors;
}

const shoes: Page = {
  id: '/shoes',
  paths: { 'sv-SE': '/skor' },
  headings: { 'sv-SE': 'Skor' },
  primaryList: { pinned: ['p1'], rules: 'rule incl brand { "A" }' },
};

describe('page import: FULL', () => {
  it('publishes the imported pages and deletes the others', () => {
    const existing = market(published({ id: 'a' }), published({ id: 'b' }), published({ id: 'c' }));
    const changes = apply(existing, request('FULL', [shoes, { id: 'a' }, { id: 'b' }]));
    assert.deepEqual(changes, { write: [published(shoes)], remove: ['c'] });
  });

  it('refuses to delete more than half of the market pages unless forced', () => {
    const existing = market(published({ id: 'a' }), published({ id: 'b' }), published({ id: 'c' }));
    const errors = problems(existing, request('FULL', [{ id: 'a' }]));
    assert.equal(errors.length, 1);
    assert.equal(errors[0].path, 'type');
    assert.match(errors[0].message, /delete 2 of the 3 pages of market SE \(67%\); a FULL import may delete at most half.*force=true/);
    assert.deepEqual(apply(existing, request('FULL', [{ id: 'a' }]), true).remove, ['b', 'c']);
  });

  it('allows deleting exactly half, and anything on a market without pages', () => {
    assert.equal(dangerousRemoval('SE', 4, 2), undefined);
    assert.match(dangerousRemoval('SE', 4, 3)!, /3 of the 4/);
    assert.equal(dangerousRemoval('SE', 0, 0), undefined);
  });
});

describe('page import: PARTIAL', () => {
  it('amends: fields given replace, primaryList parts given replace, omitted parts stay', () => {
    const next = amendPage(shoes, { id: '/shoes', headings: { 'en-GB': 'Shoes' }, primaryList: { blocked: ['p9'] } });
    assert.deepEqual(next, {
      id: '/shoes',
      paths: { 'sv-SE': '/skor' },
      headings: { 'en-GB': 'Shoes' },
      primaryList: { pinned: ['p1'], rules: 'rule incl brand { "A" }', blocked: ['p9'] },
    });
  });

  it('writes only pages that change and removes existing ids, ignoring unknown ones', () => {
    const existing = market(published(shoes), published({ id: 'x' }));
    assert.deepEqual(apply(existing, request('PARTIAL', [shoes], { remove: ['x', 'nope'] })), { write: [], remove: ['x'] });
  });

  it('previewOnly puts a new page in preview only', () => {
    const changes = apply(market(), request('PARTIAL', [shoes], { previewOnly: true }));
    assert.deepEqual(changes.write, [{ market: 'SE', id: '/shoes', preview: shoes }]);
    assert.equal(pageState(changes.write[0]), 'PREVIEW_ONLY');
  });

  it('previewOnly keeps the published version and stores the amended one as preview; a normal import publishes it', () => {
    const existing = market(published(shoes));
    const preview = apply(existing, request('PARTIAL', [{ id: '/shoes', headings: { 'sv-SE': 'Nya skor' } }], { previewOnly: true })).write[0];
    assert.deepEqual(preview, { market: 'SE', id: '/shoes', published: shoes, preview: { ...shoes, headings: { 'sv-SE': 'Nya skor' } } });
    assert.equal(pageState(preview), 'UNPUBLISHED_CHANGES');
    const publish = apply(market(preview), request('PARTIAL', [{ id: '/shoes', primaryList: { pinned: [] } }])).write[0];
    assert.deepEqual(publish, {
      market: 'SE',
      id: '/shoes',
      published: { ...shoes, headings: { 'sv-SE': 'Nya skor' }, primaryList: { ...shoes.primaryList, pinned: [] } },
    });
  });

  it('a preview equal to the published version is no unpublished change', () => {
    assert.deepEqual(apply(market(published(shoes)), request('PARTIAL', [shoes], { previewOnly: true })).write, []);
  });
});

describe('page import: unique paths', () => {
  it('refuses a path another page of the market has in the same locale', () => {
    const errors = problems(market(published(shoes)), request('PARTIAL', [{ id: 'b', paths: { 'sv-SE': '/skor', 'en-GB': '/skor' } }]));
    assert.deepEqual(errors, [
      { path: 'addOrUpdate[0].paths.sv-SE', message: 'path "/skor" is already the sv-SE path of page "/shoes"; paths are unique per market and locale' },
    ]);
  });
  it('refuses two imported pages with one path, reported at the later one', () => {
    const errors = problems(
      market(),
      request('FULL', [
        { id: 'a', paths: { 'sv-SE': '/x' } },
        { id: 'b', paths: { 'sv-SE': '/x' } },
      ]),
    );
    assert.deepEqual(
      errors.map((e) => e.path),
      ['addOrUpdate[1].paths.sv-SE'],
    );
  });
  it('checks the preview view too', () => {
    const existing = market({ market: 'SE', id: 'a', preview: { id: 'a', paths: { 'sv-SE': '/x' } } });
    assert.equal(problems(existing, request('PARTIAL', [{ id: 'b', paths: { 'sv-SE': '/x' } }])).length, 1);
  });
  it('allows two pages to swap paths in one import', () => {
    const existing = market(published({ id: 'a', paths: { 'sv-SE': '/x' } }), published({ id: 'b', paths: { 'sv-SE': '/y' } }));
    assert.equal(
      apply(
        existing,
        request('PARTIAL', [
          { id: 'a', paths: { 'sv-SE': '/y' } },
          { id: 'b', paths: { 'sv-SE': '/x' } },
        ]),
      ).write.length,
      2,
    );
  });
});

describe('page export shaping', () => {
  const pages: StoredPage[] = [
    published({ id: 'b' }),
    { market: 'SE', id: 'a', published: { id: 'a', headings: { 'sv-SE': 'Old' } }, preview: { id: 'a', headings: { 'sv-SE': 'New' } } },
    { market: 'SE', id: 'c', preview: { id: 'c' } },
  ];
  it('PUBLISHED_ONLY gives published versions, ordered by id, in a FULL container', () => {
    assert.deepEqual(pageContainer({ market: 'SE', outputFilter: 'PUBLISHED_ONLY' }, pages), {
      market: 'SE',
      type: 'FULL',
      addOrUpdate: [{ id: 'a', headings: { 'sv-SE': 'Old' } }, { id: 'b' }],
    });
  });
  it('INCLUDE_UNPUBLISHED gives preview versions where they exist', () => {
    assert.deepEqual(pageContainer({ market: 'SE', outputFilter: 'INCLUDE_UNPUBLISHED' }, pages).addOrUpdate, [
      { id: 'a', headings: { 'sv-SE': 'New' } },
      { id: 'b' },
      { id: 'c' },
    ]);
  });
  it('idFilter makes a PARTIAL container; GENERATED_ONLY has no pages', () => {
    assert.deepEqual(pageContainer({ market: 'SE', idFilter: ['b', 'zz'], outputFilter: 'PUBLISHED_ONLY' }, pages), {
      market: 'SE',
      type: 'PARTIAL',
      addOrUpdate: [{ id: 'b' }],
    });
    assert.deepEqual(pageContainer({ market: 'SE', outputFilter: 'GENERATED_ONLY' }, pages), { market: 'SE', type: 'FULL', addOrUpdate: [] });
  });
});

describe('page ids, sort orders and rule text', () => {
  it('knows path-style ids and their ancestors', () => {
    assert.deepEqual(ancestorIds('/a/b/c'), ['/a/b', '/a']);
    assert.deepEqual(ancestorIds('/a'), []);
    assert.deepEqual(ancestorIds('shoes'), []);
    assert.equal(isPathId('/a/b'), true);
    assert.equal(isPathId('/a//b'), false);
    assert.equal(isPathId('a/b'), false);
  });
  it('maps the page-import price sort names to the storefront ones', () => {
    assert.equal(storefrontSortOf('PRICE_DECREASING'), 'PRICE_DESCENDING');
    assert.equal(storefrontSortOf('PRICE_INCREASING'), 'PRICE_ASCENDING');
    assert.equal(storefrontSortOf('RATING'), 'RATING');
  });
  it('accepts empty rules and valid expressions, and points at what is wrong', () => {
    assert.equal(validateRuleText('', { handpickedFirst: true }), undefined);
    assert.equal(validateRuleText('  rule incl newness 10d ', { handpickedFirst: true }), undefined);
    assert.deepEqual(validateRuleText('  incl brand {"A"}', { handpickedFirst: false }), {
      position: 2,
      message: 'Unexpected "incl" at position 2: expected "rule"',
    });
    assert.equal(validateRuleText('rule'.padEnd(100_001, ' '), { handpickedFirst: false })?.position, 100_000);
  });
  it('requires the handpicked rule first only where asked (landing-page primary lists)', () => {
    const text = 'rule incl brand { "A" } rule incl product_key { "p1" }';
    assert.equal(validateRuleText(text, { handpickedFirst: false }), undefined);
    assert.equal(validateRuleText(text, { handpickedFirst: true })?.position, 34);
  });
});
