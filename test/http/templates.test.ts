import assert from 'node:assert/strict';
import { startService, jsonBody, gzipSync, type TestService } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The official example's shape: first with all its variants, rest without variants. */
const card = (): Json => ({
  products: {
    first: {
      fields: ['brand', 'title', 'link', 'sellingPrice', 'listPrice', 'inStock', 'custom.material', 'swatch'],
      variants: { all: { fields: ['label', 'inStock', 'sellingPrice', 'listPrice', 'custom.campaign'] } },
    },
    rest: { fields: ['link', 'swatch'], maxVariants: 0 },
  },
});
const list = (): Json => ({
  products: { all: { fields: ['title', 'custom.*'], maxVariants: 3, variants: { first: { fields: ['key'] }, rest: { fields: ['size', 'custom.*'] } } } },
});

/** [what, body, path of the one expected error, its message]. */
const cases: [string, () => Json, string, RegExp][] = [
  ['body not an object', () => [card()], '', /must be an object mapping template ids/],
  ['six templates', () => Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [id, card()])), '', /at most 5 templates per import \(got 6\)/],
  ['id of 26 characters', () => ({ ['t'.repeat(26)]: card() }), 't'.repeat(26), /1 to 25 letters/],
  ['id with an underscore', () => ({ my_card: card() }), 'my_card', /1 to 25 letters a-z, A-Z or digits/],
  ['settings not an object', () => ({ card: 'x' }), 'card', /must be an object/],
  ['products missing', () => ({ card: {} }), 'card.products', /^required$/],
  ['unknown settings field', () => ({ card: { ...card(), content: {} } }), 'card.content', /unknown field/],
  [
    'all with first and rest',
    () => {
      const t = card();
      t.products.all = t.products.rest;
      return { card: t };
    },
    'card.products',
    /either all, or first and rest, not both/,
  ],
  [
    'first without rest',
    () => {
      const t = card();
      delete t.products.rest;
      return { card: t };
    },
    'card.products.rest',
    /required when first is used/,
  ],
  [
    'rest without first',
    () => {
      const t = card();
      delete t.products.first;
      return { card: t };
    },
    'card.products.first',
    /required when rest is used/,
  ],
  ['products empty', () => ({ card: { products: {} } }), 'card.products', /must have all, or first and rest/],
  [
    'fields missing',
    () => {
      const t = list();
      delete t.products.all.fields;
      return { list: t };
    },
    'list.products.all.fields',
    /^required$/,
  ],
  [
    'fields not a list',
    () => {
      const t = list();
      t.products.all.fields = 'title';
      return { list: t };
    },
    'list.products.all.fields',
    /must be an array/,
  ],
  [
    'unknown product field',
    () => {
      const t = list();
      t.products.all.fields.push('price');
      return { list: t };
    },
    'list.products.all.fields[2]',
    /unknown field "price" \(allowed: key, ticket, title/,
  ],
  [
    'bare custom',
    () => {
      const t = list();
      t.products.all.fields.push('custom');
      return { list: t };
    },
    'list.products.all.fields[2]',
    /custom\.<name>, or custom\.\* for all/,
  ],
  [
    'empty custom name',
    () => {
      const t = list();
      t.products.all.fields.push('custom.');
      return { list: t };
    },
    'list.products.all.fields[2]',
    /unknown field "custom\."/,
  ],
  [
    'field repeated',
    () => {
      const t = list();
      t.products.all.fields.push('title');
      return { list: t };
    },
    'list.products.all.fields[2]',
    /repeated/,
  ],
  [
    'maxVariants negative',
    () => {
      const t = list();
      t.products.all.maxVariants = -1;
      return { list: t };
    },
    'list.products.all.maxVariants',
    /at least 0/,
  ],
  [
    'maxVariants fractional',
    () => {
      const t = list();
      t.products.all.maxVariants = 1.5;
      return { list: t };
    },
    'list.products.all.maxVariants',
    /must be an integer/,
  ],
  [
    'variants missing',
    () => {
      const t = list();
      delete t.products.all.variants;
      delete t.products.all.maxVariants;
      return { list: t };
    },
    'list.products.all.variants',
    /required unless maxVariants is 0/,
  ],
  [
    'variants missing with maxVariants 2',
    () => {
      const t = list();
      delete t.products.all.variants;
      t.products.all.maxVariants = 2;
      return { list: t };
    },
    'list.products.all.variants',
    /required unless maxVariants is 0/,
  ],
  [
    'variant fields missing',
    () => {
      const t = list();
      t.products.all.variants.first = {};
      return { list: t };
    },
    'list.products.all.variants.first.fields',
    /^required$/,
  ],
  [
    'product field on a variant',
    () => {
      const t = list();
      t.products.all.variants.rest.fields.push('title');
      return { list: t };
    },
    'list.products.all.variants.rest.fields[2]',
    /unknown field "title"/,
  ],
  [
    'variants first without rest',
    () => {
      const t = list();
      delete t.products.all.variants.rest;
      return { list: t };
    },
    'list.products.all.variants.rest',
    /required when first is used/,
  ],
  [
    'unknown product template field',
    () => {
      const t = list();
      t.products.all.limit = 3;
      return { list: t };
    },
    'list.products.all.limit',
    /unknown field/,
  ],
  [
    'unknown variant template field',
    () => {
      const t = list();
      t.products.all.variants.first.maxVariants = 1;
      return { list: t };
    },
    'list.products.all.variants.first.maxVariants',
    /unknown field/,
  ],
];

describe('template import and export (admin API)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  const send = (method: 'PUT' | 'POST', body: unknown, query = '') =>
    service.admin(method, `/api/admin/v4/import/templates${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const exported = async () => {
    const res = await service.admin('GET', '/api/admin/v4/export/templates', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    return jsonBody(res);
  };
  const expect204 = async (res: Response) => assert.equal(res.status, 204, await res.text());

  it('refuses requests without the Api-Key with 403', async () => {
    assert.equal((await service.request('PUT', '/api/admin/v4/import/templates', { body: JSON.stringify({ card: card() }) })).status, 403);
    assert.equal((await service.request('GET', '/api/admin/v4/export/templates')).status, 403);
  });

  it('PUT stores the templates (gzip body); the export and the store give them back', async () => {
    const res = await service.admin('PUT', '/api/admin/v4/import/templates?name=t1', {
      body: gzipSync(JSON.stringify({ card: card(), list: list() })),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    await expect204(res);
    assert.deepEqual(await exported(), { card: card(), list: list() });
    const store = service.context.merchandising.templates;
    assert.deepEqual(await store.getTemplate('card'), card());
    assert.equal(await store.getTemplate('nope'), undefined);
    assert.equal(await store.getTemplate('constructor'), undefined);
  });

  it('POST adds or replaces only the templates given', async () => {
    const smaller = { products: { all: { fields: ['title'], maxVariants: 0 } } };
    await expect204(await send('POST', { list: smaller, extra: card() }));
    assert.deepEqual(await exported(), { card: card(), extra: card(), list: smaller });
  });

  it('PUT refuses to delete existing templates unless force=true', async () => {
    const res = await send('PUT', { card: card() });
    assert.equal(res.status, 400);
    const answer = await jsonBody(res);
    assert.match(answer.message, /would delete the templates extra, list, .*force=true/);
    assert.deepEqual(answer.removed, ['extra', 'list']);
    assert.deepEqual(Object.keys(await exported()), ['card', 'extra', 'list']);

    await expect204(await send('PUT', { card: card(), extra: card(), list: list() }));
    await expect204(await send('PUT', { card: card() }, '?force=true'));
    assert.deepEqual(await exported(), { card: card() });
    assert.equal(await service.context.merchandising.templates.getTemplate('list'), undefined);
  });

  it('refuses an import while another import holds the lock (409)', async () => {
    const es = service.context.es;
    const lock = `${service.prefix}-import-lock`;
    await es.index({
      index: lock,
      id: 'import',
      document: { holder: 'other', importId: 'x', kind: 'pages', acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() },
      refresh: true,
    });
    try {
      assert.equal((await send('POST', { other: card() })).status, 409);
      assert.equal((await send('PUT', { card: card() })).status, 409);
    } finally {
      await es.delete({ index: lock, id: 'import', refresh: true });
    }
    assert.deepEqual(Object.keys(await exported()), ['card']);
  });

  it('answers 406 to an export when gzip is not accepted', async () => {
    assert.equal((await service.admin('GET', '/api/admin/v4/export/templates', { headers: { 'Accept-Encoding': 'identity' } })).status, 406);
  });

  it('accepts custom.<name>, custom.* and maxVariants 0 without variants', async () => {
    await expect204(await send('POST', { lean: { products: { all: { fields: ['custom.material', 'custom.*', 'typedCustom'], maxVariants: 0 } } } }));
  });

  for (const [what, body, path, message] of cases) {
    it(`answers 400 naming "${path.slice(0, 40)}": ${what}`, async () => {
      for (const method of ['PUT', 'POST'] as const) {
        const res = await send(method, body(), '?force=true');
        assert.equal(res.status, 400);
        const answer = await jsonBody(res);
        assert.match(answer.message, /^Template import rejected: 1 error\(s\)/);
        assert.equal(answer.errors.length, 1, JSON.stringify(answer.errors));
        assert.equal(answer.errors[0].path, path);
        assert.match(answer.errors[0].message, message);
      }
    });
  }
});
