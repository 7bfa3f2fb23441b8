import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** addOrUpdate[1] is the page the cases change (`/a`, path-style). */
const valid = (): Json => ({
  market: 'SE',
  type: 'PARTIAL',
  addOrUpdate: [
    { id: 'other', paths: { 'sv-SE': '/other' } },
    {
      id: '/a',
      paths: { 'sv-SE': '/a' },
      headings: { 'sv-SE': 'A' },
      customData: { 'sv-SE': { k: 'v' } },
      primaryList: {
        pinned: ['p1'],
        blocked: ['p2'],
        rules: 'rule incl brand { "A" }',
        restrictChildRules: true,
        facetsOverride: { enabled: true, facets: [{ attribute: 'brand', sortOrder: 'RELEVANCE' }] },
        keywords: { additional: { 'sv-SE': ['a'] }, enabled: true, headingAsKeyword: true },
        pageSliceInfo: { inherit: true, slices: [{ productSetId: 'S1', pinnedProducts: ['p3'] }] },
        sortOrderOverride: { enabled: true, sortOrders: ['RELEVANCE'] },
      },
      recLists: [{ id: 'r1', algorithm: 'PERSONAL', limit: 10, pinned: ['p4'], rules: 'rule incl brand { "B" }' }],
    },
  ],
});

const keys = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const manyKeys = (n: number) => Object.fromEntries(keys(n, 'k').map((k) => [k, 'v']));
const recLists = (n: number) => keys(n, 'r').map((id) => ({ id, algorithm: 'TOP_PRODUCTS' }));
const slices = (n: number) => keys(n, 's').map((productSetId) => ({ productSetId }));

/** [what, change to addOrUpdate[1] (or the body), path of the one expected error, its message]. */
const cases: [string, (page: Json, body: Json) => void, string, RegExp][] = [
  [
    'market missing',
    (_, b) => {
      delete b.market;
    },
    'market',
    /^required$/,
  ],
  [
    'market not configured',
    (_, b) => {
      b.market = 'DK';
    },
    'market',
    /not configured/,
  ],
  [
    'type unknown',
    (_, b) => {
      b.type = 'FORCE';
    },
    'type',
    /must be one of FULL, PARTIAL/,
  ],
  [
    'previewOnly not a boolean',
    (_, b) => {
      b.previewOnly = 'yes';
    },
    'previewOnly',
    /true or false/,
  ],
  [
    'previewOnly with FULL',
    (_, b) => {
      b.previewOnly = true;
      b.type = 'FULL';
    },
    'previewOnly',
    /must be PARTIAL/,
  ],
  [
    'remove in a FULL import',
    (_, b) => {
      b.type = 'FULL';
      b.remove = ['x'];
    },
    'remove',
    /remove pages with a PARTIAL import/,
  ],
  [
    'remove with previewOnly',
    (_, b) => {
      b.previewOnly = true;
      b.remove = ['x'];
    },
    'remove',
    /cannot remove/,
  ],
  [
    'remove of a page also added',
    (_, b) => {
      b.remove = ['other'];
    },
    'remove[0]',
    /also in addOrUpdate\[0\]/,
  ],
  [
    'unknown container field',
    (_, b) => {
      b.pages = [];
    },
    'pages',
    /unknown field/,
  ],
  [
    '3001 pages',
    (_, b) => {
      b.addOrUpdate = keys(3001).map((id) => ({ id }));
    },
    'addOrUpdate',
    /at most 3000 pages per market per import/,
  ],
  [
    'id missing',
    (p) => {
      delete p.id;
      p.primaryList.restrictChildRules = false;
      p.primaryList.pageSliceInfo.inherit = false;
    },
    'addOrUpdate[1].id',
    /^required$/,
  ],
  [
    'id of 201 characters',
    (p) => {
      p.id = '/' + 'a'.repeat(200);
    },
    'addOrUpdate[1].id',
    /at most 200 characters/,
  ],
  [
    'id with an underscore',
    (p) => {
      p.id = '/a_b';
    },
    'addOrUpdate[1].id',
    /only letters, digits, "\/" and "-"/,
  ],
  [
    'id repeated',
    (p) => {
      p.id = 'other';
      p.paths = {};
      p.primaryList.restrictChildRules = false;
      p.primaryList.pageSliceInfo.inherit = false;
    },
    'addOrUpdate[1].id',
    /also in addOrUpdate\[0\]/,
  ],
  [
    'unknown page field',
    (p) => {
      p.title = 'A';
    },
    'addOrUpdate[1].title',
    /unknown field/,
  ],
  [
    'path of an unconfigured locale',
    (p) => {
      p.paths['nb-NO'] = '/a';
    },
    'addOrUpdate[1].paths.nb-NO',
    /locale "nb-NO" is not configured for this market/,
  ],
  [
    'path without a leading slash',
    (p) => {
      p.paths['sv-SE'] = 'a';
    },
    'addOrUpdate[1].paths.sv-SE',
    /must be a path starting with "\/"/,
  ],
  [
    'path used by another page',
    (p) => {
      p.paths['sv-SE'] = '/other';
    },
    'addOrUpdate[1].paths.sv-SE',
    /already the sv-SE path of page "other"/,
  ],
  [
    'heading of 201 characters',
    (p) => {
      p.headings['sv-SE'] = 'h'.repeat(201);
    },
    'addOrUpdate[1].headings.sv-SE',
    /at most 200 characters/,
  ],
  [
    'heading of an unconfigured locale',
    (p) => {
      p.headings['de-DE'] = 'A';
    },
    'addOrUpdate[1].headings.de-DE',
    /not configured/,
  ],
  [
    'customData with 201 keys',
    (p) => {
      p.customData['sv-SE'] = manyKeys(201);
    },
    'addOrUpdate[1].customData.sv-SE',
    /at most 200 keys/,
  ],
  [
    'customData over 3000 characters',
    (p) => {
      p.customData['sv-SE'] = { k: 'v'.repeat(3000) };
    },
    'addOrUpdate[1].customData.sv-SE',
    /at most 3000 characters .*\(got 3001\)/,
  ],
  [
    'customData key with a space',
    (p) => {
      p.customData['sv-SE'] = { 'a b': 'v' };
    },
    'addOrUpdate[1].customData.sv-SE.a b',
    /key may hold only/,
  ],
  [
    'customData of an unconfigured locale',
    (p) => {
      p.customData['nb-NO'] = {};
    },
    'addOrUpdate[1].customData.nb-NO',
    /not configured/,
  ],
  [
    'primaryList unknown field',
    (p) => {
      p.primaryList.productRules = 'x';
    },
    'addOrUpdate[1].primaryList.productRules',
    /unknown field/,
  ],
  [
    '101 pinned',
    (p) => {
      p.primaryList.pinned = keys(101);
    },
    'addOrUpdate[1].primaryList.pinned',
    /at most 100 items \(got 101\)/,
  ],
  [
    'pinned repeated',
    (p) => {
      p.primaryList.pinned = ['p1', 'p1'];
    },
    'addOrUpdate[1].primaryList.pinned[1]',
    /repeated/,
  ],
  [
    'blocked not strings',
    (p) => {
      p.primaryList.blocked = [1];
    },
    'addOrUpdate[1].primaryList.blocked[0]',
    /must be a string/,
  ],
  [
    'rules not starting with rule',
    (p) => {
      p.primaryList.rules = ' incl brand {"A"}';
    },
    'addOrUpdate[1].primaryList.rules',
    /^page \/a: invalid rules: Unexpected "incl" at position 1: expected "rule"$/,
  ],
  [
    'rules with an unknown attribute',
    (p) => {
      p.primaryList.rules = 'rule incl colour { "red" }';
    },
    'addOrUpdate[1].primaryList.rules',
    /^page \/a: invalid rules: Unknown attribute "colour" at position 10/,
  ],
  [
    'handpicked rule not first',
    (p) => {
      p.primaryList.rules = 'rule incl brand { "A" } rule incl product_key { "p1" }';
    },
    'addOrUpdate[1].primaryList.rules',
    /position 34: handpicked product keys must be in the first rule/,
  ],
  [
    'restrictChildRules not a boolean',
    (p) => {
      p.primaryList.restrictChildRules = 'yes';
    },
    'addOrUpdate[1].primaryList.restrictChildRules',
    /true or false/,
  ],
  [
    'rules not a string',
    (p) => {
      p.primaryList.rules = ['rule'];
    },
    'addOrUpdate[1].primaryList.rules',
    /must be a string/,
  ],
  [
    'facet without attribute',
    (p) => {
      p.primaryList.facetsOverride.facets = [{ sortOrder: 'NATURAL' }];
    },
    'addOrUpdate[1].primaryList.facetsOverride.facets[0].attribute',
    /^required$/,
  ],
  [
    'facet sortOrder unknown',
    (p) => {
      p.primaryList.facetsOverride.facets[0].sortOrder = 'ALPHABETICAL';
    },
    'addOrUpdate[1].primaryList.facetsOverride.facets[0].sortOrder',
    /RELEVANCE, ALPHABETIC, NATURAL/,
  ],
  [
    'facet visualization unknown',
    (p) => {
      p.primaryList.facetsOverride.facets = [{ attribute: 'custom.w', visualization: 'SLIDER' }];
    },
    'addOrUpdate[1].primaryList.facetsOverride.facets[0].visualization',
    /RANGE, VALUES/,
  ],
  [
    'facet visualization on a built-in attribute',
    (p) => {
      p.primaryList.facetsOverride.facets[0].visualization = 'RANGE';
    },
    'addOrUpdate[1].primaryList.facetsOverride.facets[0].visualization',
    /only for custom number attributes/,
  ],
  [
    'facet repeated',
    (p) => {
      p.primaryList.facetsOverride.facets.push({ attribute: 'brand' });
    },
    'addOrUpdate[1].primaryList.facetsOverride.facets[1].attribute',
    /repeated/,
  ],
  [
    'facetsOverride enabled not boolean',
    (p) => {
      p.primaryList.facetsOverride.enabled = 1;
    },
    'addOrUpdate[1].primaryList.facetsOverride.enabled',
    /true or false/,
  ],
  [
    'keywords of an unconfigured locale',
    (p) => {
      p.primaryList.keywords.additional['nb-NO'] = ['x'];
    },
    'addOrUpdate[1].primaryList.keywords.additional.nb-NO',
    /not configured/,
  ],
  [
    'keywords not a list',
    (p) => {
      p.primaryList.keywords.additional['sv-SE'] = 'a';
    },
    'addOrUpdate[1].primaryList.keywords.additional.sv-SE',
    /must be an array/,
  ],
  [
    'keywords not an object',
    (p) => {
      p.primaryList.keywords = ['a'];
    },
    'addOrUpdate[1].primaryList.keywords',
    /must be an object/,
  ],
  [
    'keywords unknown field',
    (p) => {
      p.primaryList.keywords.phrases = ['a'];
    },
    'addOrUpdate[1].primaryList.keywords.phrases',
    /unknown field/,
  ],
  [
    'keywords additional not a map',
    (p) => {
      p.primaryList.keywords.additional = ['a'];
    },
    'addOrUpdate[1].primaryList.keywords.additional',
    /must be an object/,
  ],
  [
    'keyword not a string',
    (p) => {
      p.primaryList.keywords.additional['sv-SE'] = ['a', 7];
    },
    'addOrUpdate[1].primaryList.keywords.additional.sv-SE[1]',
    /must be a string/,
  ],
  [
    'keyword empty',
    (p) => {
      p.primaryList.keywords.additional['sv-SE'] = [''];
    },
    'addOrUpdate[1].primaryList.keywords.additional.sv-SE[0]',
    /must not be empty/,
  ],
  [
    'keyword blank',
    (p) => {
      p.primaryList.keywords.additional['sv-SE'] = ['a', '  \t'];
    },
    'addOrUpdate[1].primaryList.keywords.additional.sv-SE[1]',
    /must not be blank/,
  ],
  [
    'keyword of 201 characters',
    (p) => {
      p.primaryList.keywords.additional['sv-SE'] = ['k'.repeat(201)];
    },
    'addOrUpdate[1].primaryList.keywords.additional.sv-SE[0]',
    /at most 200 characters/,
  ],
  [
    'keywords enabled not boolean',
    (p) => {
      p.primaryList.keywords.enabled = 'yes';
    },
    'addOrUpdate[1].primaryList.keywords.enabled',
    /true or false/,
  ],
  [
    'headingAsKeyword not boolean',
    (p) => {
      p.primaryList.keywords.headingAsKeyword = 'no';
    },
    'addOrUpdate[1].primaryList.keywords.headingAsKeyword',
    /true or false/,
  ],
  [
    '101 slices',
    (p) => {
      p.primaryList.pageSliceInfo.slices = slices(101);
    },
    'addOrUpdate[1].primaryList.pageSliceInfo.slices',
    /at most 100 items/,
  ],
  [
    '51 slice pins',
    (p) => {
      p.primaryList.pageSliceInfo.slices[0].pinnedProducts = keys(51);
    },
    'addOrUpdate[1].primaryList.pageSliceInfo.slices[0].pinnedProducts',
    /at most 50 items/,
  ],
  [
    'slice without productSetId',
    (p) => {
      p.primaryList.pageSliceInfo.slices = [{}];
    },
    'addOrUpdate[1].primaryList.pageSliceInfo.slices[0].productSetId',
    /^required$/,
  ],
  [
    'slice productSetId empty',
    (p) => {
      p.primaryList.pageSliceInfo.slices = [{ productSetId: '' }];
    },
    'addOrUpdate[1].primaryList.pageSliceInfo.slices[0].productSetId',
    /must not be empty/,
  ],
  [
    'inherit not a boolean',
    (p) => {
      p.primaryList.pageSliceInfo.inherit = 1;
    },
    'addOrUpdate[1].primaryList.pageSliceInfo.inherit',
    /true or false/,
  ],
  [
    'sortOrders empty',
    (p) => {
      p.primaryList.sortOrderOverride.sortOrders = [];
    },
    'addOrUpdate[1].primaryList.sortOrderOverride.sortOrders',
    /at least one item/,
  ],
  [
    'sortOrders missing',
    (p) => {
      delete p.primaryList.sortOrderOverride.sortOrders;
    },
    'addOrUpdate[1].primaryList.sortOrderOverride.sortOrders',
    /^required$/,
  ],
  [
    'sortOrder unknown',
    (p) => {
      p.primaryList.sortOrderOverride.sortOrders = ['CHEAPEST'];
    },
    'addOrUpdate[1].primaryList.sortOrderOverride.sortOrders[0]',
    /must be one of RELEVANCE, NEWEST_FIRST/,
  ],
  [
    'sortOrder repeated',
    (p) => {
      p.primaryList.sortOrderOverride.sortOrders = ['RATING', 'RATING'];
    },
    'addOrUpdate[1].primaryList.sortOrderOverride.sortOrders[1]',
    /repeated/,
  ],
  [
    '11 recommendation lists',
    (p) => {
      p.recLists = recLists(11);
    },
    'addOrUpdate[1].recLists',
    /at most 10 items/,
  ],
  [
    'list without id',
    (p) => {
      delete p.recLists[0].id;
    },
    'addOrUpdate[1].recLists[0].id',
    /^required$/,
  ],
  [
    'list id of 21 characters',
    (p) => {
      p.recLists[0].id = 'r'.repeat(21);
    },
    'addOrUpdate[1].recLists[0].id',
    /at most 20 characters/,
  ],
  [
    'list id with a slash',
    (p) => {
      p.recLists[0].id = 'r/1';
    },
    'addOrUpdate[1].recLists[0].id',
    /only letters, digits, "_" and "-"/,
  ],
  [
    'list id repeated',
    (p) => {
      p.recLists.push({ id: 'r1' });
    },
    'addOrUpdate[1].recLists[1].id',
    /also used by recLists\[0\]/,
  ],
  [
    'list algorithm unknown',
    (p) => {
      p.recLists[0].algorithm = 'BEST';
    },
    'addOrUpdate[1].recLists[0].algorithm',
    /TOP_PRODUCTS, PERSONAL, NEWEST_PRODUCTS, FAVORITES, RECENTLY_VIEWED/,
  ],
  [
    'list limit 0',
    (p) => {
      p.recLists[0].limit = 0;
    },
    'addOrUpdate[1].recLists[0].limit',
    /between 1 and 100/,
  ],
  [
    'list limit 101',
    (p) => {
      p.recLists[0].limit = 101;
    },
    'addOrUpdate[1].recLists[0].limit',
    /between 1 and 100/,
  ],
  [
    'list limit fractional',
    (p) => {
      p.recLists[0].limit = 2.5;
    },
    'addOrUpdate[1].recLists[0].limit',
    /must be an integer/,
  ],
  [
    'list with 101 pinned',
    (p) => {
      p.recLists[0].pinned = keys(101);
    },
    'addOrUpdate[1].recLists[0].pinned',
    /at most 100 items/,
  ],
  [
    'list rules invalid',
    (p) => {
      p.recLists[0].rules = 'brand';
    },
    'addOrUpdate[1].recLists[0].rules',
    /^page \/a: invalid rules: Unexpected "brand" at position 0/,
  ],
  [
    'list unknown field',
    (p) => {
      p.recLists[0].size = 3;
    },
    'addOrUpdate[1].recLists[0].size',
    /unknown field/,
  ],
];

describe('page import validation and limits (admin API)', function () {
  let service: TestService;
  const post = (body: unknown) =>
    service.admin('POST', '/api/admin/v3/import/pages', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const ids = async (market: string) => {
    const res = await service.admin('GET', `/api/admin/v4/export/pages?market=${market}&outputFilter=INCLUDE_UNPUBLISHED`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    return ((await jsonBody(res)).addOrUpdate as { id: string }[]).map((p) => p.id);
  };

  before(async () => {
    service = await startService();
    await service.configure();
  });
  after(async () => service.close());

  it('accepts a page at every limit', async () => {
    const body = valid();
    const page = body.addOrUpdate[1];
    page.headings['sv-SE'] = 'h'.repeat(200);
    page.customData['sv-SE'] = { ...manyKeys(199), x: 'v'.repeat(3000 - 199 * 5 - 1) };
    page.primaryList.pinned = keys(100);
    page.primaryList.pageSliceInfo.slices = [...slices(99), { productSetId: 'last', pinnedProducts: keys(50) }];
    page.recLists = [...recLists(9), { id: 'r'.repeat(20), limit: 100, pinned: keys(100) }];
    const res = await post(body);
    assert.equal(res.status, 204, await res.text());
  });

  it('accepts handpicked keys after the first rule in recommendation lists only', async () => {
    const body = valid();
    body.addOrUpdate[1].recLists[0].rules = 'rule incl brand { "A" } rule incl product_key { "p1" }';
    const res = await post(body);
    assert.equal(res.status, 204, await res.text());
  });

  it('accepts 3000 pages in one import', async () => {
    const res = await post({ market: 'NO', type: 'FULL', addOrUpdate: keys(3000).map((id) => ({ id, paths: { 'nb-NO': `/${id}` } })) });
    assert.equal(res.status, 204, await res.text());
    assert.equal((await ids('NO')).length, 3000);
  });

  for (const [what, change, path, message] of cases) {
    it(`answers 400 naming ${path}: ${what}`, async () => {
      const body = valid();
      change(body.addOrUpdate[1], body);
      const res = await post(body);
      assert.equal(res.status, 400);
      const answer = await jsonBody(res);
      assert.match(answer.message, /^Page import rejected: 1 error\(s\); nothing was imported\. First: /);
      assert.equal(answer.errors.length, 1, JSON.stringify(answer.errors).slice(0, 500));
      assert.equal(answer.errors[0].path, path);
      assert.match(answer.errors[0].message, message);
    });
  }

  it('imported nothing from the refused bodies', async () => {
    assert.deepEqual(await ids('SE'), ['/a', 'other']);
  });
});
