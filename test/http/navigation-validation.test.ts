import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';

type Body = Record<string, unknown> & { addOrUpdate: Record<string, unknown>[] };

/** a (PAGE) > c (PAGE); b (LABEL); d (PAGE) — addOrUpdate[3] is d. */
const valid = (): Body => ({
  market: 'SE',
  locale: 'sv-SE',
  type: 'PARTIAL',
  addOrUpdate: [
    { id: 'a', title: 'A', type: 'PAGE', pageId: '/a' },
    { id: 'b', title: 'B', type: 'LABEL' },
    { id: 'c', title: 'C', type: 'PAGE', pageId: '/a/c', parentId: 'a' },
    { id: 'd', title: 'D', type: 'PAGE', pageId: '/d' },
  ],
});

const long = (n: number) => 'x'.repeat(n);
const manyKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

/** [what, change to the valid body, path of the one expected error, its message]. */
const cases: [string, (b: Body) => void, string, RegExp][] = [
  [
    'market missing',
    (b) => {
      delete b.market;
    },
    'market',
    /^required$/,
  ],
  [
    'market too long',
    (b) => {
      b.market = long(21);
    },
    'market',
    /at most 20 characters/,
  ],
  [
    'market not configured',
    (b) => {
      b.market = 'DK';
    },
    'market',
    /market "DK" is not configured/,
  ],
  [
    'locale missing',
    (b) => {
      delete b.locale;
    },
    'locale',
    /^required$/,
  ],
  [
    'locale not of the market',
    (b) => {
      b.locale = 'nb-NO';
    },
    'locale',
    /locale "nb-NO" is not configured for market SE/,
  ],
  [
    'type missing',
    (b) => {
      delete b.type;
    },
    'type',
    /^required$/,
  ],
  [
    'type unknown',
    (b) => {
      b.type = 'MERGE';
    },
    'type',
    /must be one of PARTIAL, FULL, FORCE/,
  ],
  [
    'unknown container field',
    (b) => {
      b.nodes = [];
    },
    'nodes',
    /unknown field/,
  ],
  [
    'addOrUpdate not an array',
    (b) => {
      (b as Record<string, unknown>).addOrUpdate = {};
    },
    'addOrUpdate',
    /must be an array/,
  ],
  [
    'node not an object',
    (b) => {
      (b.addOrUpdate as unknown[])[3] = 'd';
    },
    'addOrUpdate[3]',
    /must be an object/,
  ],
  [
    'unknown node field',
    (b) => {
      b.addOrUpdate[3].name = 'D';
    },
    'addOrUpdate[3].name',
    /unknown field/,
  ],
  [
    'id missing',
    (b) => {
      delete b.addOrUpdate[3].id;
    },
    'addOrUpdate[3].id',
    /^required$/,
  ],
  [
    'id too long',
    (b) => {
      b.addOrUpdate[3].id = long(201);
    },
    'addOrUpdate[3].id',
    /at most 200 characters/,
  ],
  [
    'id with a space',
    (b) => {
      b.addOrUpdate[3].id = 'd e';
    },
    'addOrUpdate[3].id',
    /only letters, digits, "\/", "_" and "-"/,
  ],
  [
    'id with a dot',
    (b) => {
      b.addOrUpdate[3].id = 'd.e';
    },
    'addOrUpdate[3].id',
    /only letters, digits/,
  ],
  [
    'id repeated',
    (b) => {
      b.addOrUpdate[3].id = 'a';
    },
    'addOrUpdate[3].id',
    /also used by addOrUpdate\[0\]/,
  ],
  [
    'title missing',
    (b) => {
      delete b.addOrUpdate[3].title;
    },
    'addOrUpdate[3].title',
    /^required$/,
  ],
  [
    'title empty',
    (b) => {
      b.addOrUpdate[3].title = '';
    },
    'addOrUpdate[3].title',
    /must not be empty/,
  ],
  [
    'title too long',
    (b) => {
      b.addOrUpdate[3].title = long(201);
    },
    'addOrUpdate[3].title',
    /at most 200 characters/,
  ],
  [
    'type of node missing',
    (b) => {
      delete b.addOrUpdate[3].type;
    },
    'addOrUpdate[3].type',
    /^required$/,
  ],
  [
    'type of node unknown',
    (b) => {
      b.addOrUpdate[3].type = 'FOLDER';
    },
    'addOrUpdate[3].type',
    /must be one of PAGE, LABEL, LINK/,
  ],
  [
    'PAGE without pageId',
    (b) => {
      delete b.addOrUpdate[3].pageId;
    },
    'addOrUpdate[3].pageId',
    /required for PAGE nodes/,
  ],
  [
    'pageId too long',
    (b) => {
      b.addOrUpdate[3].pageId = long(201);
    },
    'addOrUpdate[3].pageId',
    /at most 200 characters/,
  ],
  [
    'pageId on a LABEL',
    (b) => {
      b.addOrUpdate[1].pageId = '/b';
    },
    'addOrUpdate[1].pageId',
    /only PAGE nodes have a pageId/,
  ],
  [
    'LINK without url',
    (b) => {
      b.addOrUpdate[3] = { id: 'd', title: 'D', type: 'LINK' };
    },
    'addOrUpdate[3].url',
    /required for LINK nodes/,
  ],
  [
    'url neither a path nor a full URL',
    (b) => {
      b.addOrUpdate[3] = { id: 'd', title: 'D', type: 'LINK', url: 'example.com/x' };
    },
    'addOrUpdate[3].url',
    /starting with "\/" or a full http/,
  ],
  [
    'url protocol-relative',
    (b) => {
      b.addOrUpdate[3] = { id: 'd', title: 'D', type: 'LINK', url: '//example.com/x' };
    },
    'addOrUpdate[3].url',
    /starting with "\/" or a full http/,
  ],
  [
    'url of another scheme',
    (b) => {
      b.addOrUpdate[3] = { id: 'd', title: 'D', type: 'LINK', url: 'ftp://example.com' };
    },
    'addOrUpdate[3].url',
    /full http/,
  ],
  [
    'url too long',
    (b) => {
      b.addOrUpdate[3] = { id: 'd', title: 'D', type: 'LINK', url: '/' + long(200) };
    },
    'addOrUpdate[3].url',
    /at most 200 characters/,
  ],
  [
    'url on a PAGE',
    (b) => {
      b.addOrUpdate[3].url = '/d';
    },
    'addOrUpdate[3].url',
    /only LINK nodes have a url/,
  ],
  [
    'customData with 51 keys',
    (b) => {
      b.addOrUpdate[3].customData = manyKeys(51);
    },
    'addOrUpdate[3].customData',
    /at most 50 keys \(got 51\)/,
  ],
  [
    'customData over 1000 characters',
    (b) => {
      b.addOrUpdate[3].customData = { k: long(1000) };
    },
    'addOrUpdate[3].customData',
    /at most 1000 characters .* \(got 1001\)/,
  ],
  [
    'customData key with a dot',
    (b) => {
      b.addOrUpdate[3].customData = { 'a.b': 'v' };
    },
    'addOrUpdate[3].customData.a.b',
    /key may hold only letters, digits, "-" and "_"/,
  ],
  [
    'customData value not a string',
    (b) => {
      b.addOrUpdate[3].customData = { k: 1 };
    },
    'addOrUpdate[3].customData.k',
    /must be a string/,
  ],
  [
    'customData not a map',
    (b) => {
      b.addOrUpdate[3].customData = ['v'];
    },
    'addOrUpdate[3].customData',
    /must be an object/,
  ],
  [
    'iconPath empty',
    (b) => {
      b.addOrUpdate[3].iconPath = '';
    },
    'addOrUpdate[3].iconPath',
    /must not be empty/,
  ],
  [
    'iconPath too long',
    (b) => {
      b.addOrUpdate[3].iconPath = long(501);
    },
    'addOrUpdate[3].iconPath',
    /at most 500 characters/,
  ],
  [
    'parentId with bad characters',
    (b) => {
      b.addOrUpdate[3].parentId = 'a?';
    },
    'addOrUpdate[3].parentId',
    /only letters, digits/,
  ],
  [
    'parentId too long',
    (b) => {
      b.addOrUpdate[3].parentId = long(201);
    },
    'addOrUpdate[3].parentId',
    /at most 200 characters/,
  ],
  [
    'own parent',
    (b) => {
      b.addOrUpdate[3].parentId = 'd';
    },
    'addOrUpdate[3].parentId',
    /cannot be its own parent/,
  ],
  [
    'parent nowhere',
    (b) => {
      b.addOrUpdate[3].parentId = 'zz';
    },
    'addOrUpdate[3].parentId',
    /no node "zz" in this import or in the navigation of SE\/sv-SE/,
  ],
  [
    'parent a LABEL',
    (b) => {
      b.addOrUpdate[3].parentId = 'b';
    },
    'addOrUpdate[3].parentId',
    /node "b" is a LABEL; only PAGE nodes can have children/,
  ],
  [
    'parent a LINK',
    (b) => {
      b.addOrUpdate.push({ id: 'l', title: 'L', type: 'LINK', url: '/l' });
      b.addOrUpdate[3].parentId = 'l';
    },
    'addOrUpdate[3].parentId',
    /node "l" is a LINK/,
  ],
  [
    'cycle',
    (b) => {
      b.addOrUpdate[0].parentId = 'c';
    },
    'addOrUpdate[0].parentId',
    /would make a cycle: a → c → a/,
  ],
  [
    'remove in a FULL import',
    (b) => {
      b.type = 'FULL';
      b.remove = ['x'];
    },
    'remove',
    /only PARTIAL imports remove nodes/,
  ],
  [
    'remove of a node also added',
    (b) => {
      b.remove = ['d'];
    },
    'remove[0]',
    /node "d" is also in addOrUpdate\[3\]/,
  ],
  [
    'remove not strings',
    (b) => {
      b.remove = [1];
    },
    'remove[0]',
    /must be a string/,
  ],
  [
    'remove of a malformed id',
    (b) => {
      b.remove = ['x y'];
    },
    'remove[0]',
    /only letters, digits/,
  ],
  [
    'parent removed by the import',
    (b) => {
      b.remove = ['zz'];
      b.addOrUpdate.splice(0, 3);
      b.addOrUpdate[0].parentId = 'a';
      b.remove = ['a'];
    },
    'addOrUpdate[0].parentId',
    /"a" is removed by this import/,
  ],
];

describe('navigation import validation (admin API)', function () {
  let service: TestService;
  const post = (body: unknown) =>
    service.admin('POST', '/api/admin/v4/import/navigation', {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
  const exportIds = async () => {
    const res = await service.admin('GET', '/api/admin/v3/export/navigation?market=SE&locale=sv-SE&includeAppNodes=true', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    return ((await jsonBody(res)).addOrUpdate as { id: string }[]).map((n) => n.id);
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await post({ ...valid(), type: 'FULL' });
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('accepts the valid body, with null meaning "not given"', async () => {
    const body = valid();
    body.addOrUpdate[3] = { ...body.addOrUpdate[3], parentId: null, iconPath: null, customData: null };
    assert.equal((await post(body)).status, 204);
  });

  for (const [what, change, path, message] of cases) {
    it(`answers 400 naming ${path}: ${what}`, async () => {
      const body = valid();
      change(body);
      const res = await post(body);
      assert.equal(res.status, 400);
      const answer = await jsonBody(res);
      assert.match(answer.message, /^Navigation import rejected: 1 error\(s\); nothing was imported\. First: /);
      assert.equal(answer.errors.length, 1, JSON.stringify(answer.errors));
      assert.equal(answer.errors[0].path, path);
      assert.match(answer.errors[0].message, message);
    });
  }

  it('answers 400 to a body that is not JSON', async () => {
    const res = await post('{"market": ');
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /not valid JSON/);
  });

  it('answers 400 to a body nested deeper than 64 levels (20,000 nested objects once overflowed the stack: 500)', async () => {
    const res = await post('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000));
    assert.equal(res.status, 400);
    assert.equal((await jsonBody(res)).message, 'Body nests deeper than 64 levels of objects and arrays');
  });

  it('imported nothing from the refused bodies', async () => {
    assert.deepEqual(await exportIds(), ['a', 'c', 'b', 'd']);
  });

  it('answers 400 while no markets are configured', async () => {
    const bare = await startService();
    try {
      const res = await bare.admin('POST', '/api/admin/v4/import/navigation', { body: JSON.stringify(valid()) });
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /No markets are configured/);
    } finally {
      await bare.close();
    }
  });
});
