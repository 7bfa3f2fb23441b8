import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { startService, replaceLines, jsonLines, jsonBody, type TestService } from './harness';
import { content, group, product, smallCatalog, translation } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

async function exportAll(service: TestService, query = ''): Promise<ReplaceEntity[]> {
  const res = await service.admin('GET', `/api/admin/v4/export/catalog${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get('content-type') ?? '', /application\/jsonlines/);
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).replace);
}

const keysOf = (entities: ReplaceEntity[]) => entities.map((e) => e.key).sort();

async function pollUntilDone(service: TestService, id: string): Promise<{ status: string; reason: string | null }> {
  for (let i = 0; i < 200; i++) {
    const res = await service.admin('GET', `/api/admin/v4/import/status?id=${id}`);
    assert.equal(res.status, 200);
    const body = await jsonBody(res);
    if (!['IN_PROGRESS', 'WAITING', 'BLOCKED'].includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

describe('catalog import and export (admin API)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure();
  });
  after(async () => service.close());

  describe('authentication', () => {
    it('refuses a missing Api-Key with 403 and a message', async () => {
      const res = await service.request('GET', '/api/admin/v4/export/catalog', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 403);
      assert.match((await jsonBody(res)).message, /Api-Key/);
    });
    it('refuses a wrong Api-Key with 403', async () => {
      const res = await service.request('PUT', '/api/admin/v4/import/catalog', { body: replaceLines(smallCatalog()), headers: { 'Api-Key': 'nope' } });
      assert.equal(res.status, 403);
    });
  });

  describe('before the first full import', () => {
    it('answers 405 to an operations import', async () => {
      const res = await service.admin('POST', '/api/admin/v4/import/catalog', {
        body: jsonLines([{ remove: { productGroup: 'G1' } }]),
        headers: { 'Content-Type': 'application/jsonlines' },
      });
      assert.equal(res.status, 405);
      assert.match((await jsonBody(res)).message, /full import/);
    });
    it('answers 405 to an export', async () => {
      const res = await service.admin('GET', '/api/admin/v4/export/catalog', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 405);
    });
  });

  describe('full import', () => {
    it('imports a catalog and exports the same entities (round trip)', async () => {
      const catalog = smallCatalog(5);
      const res = await service.importCatalog(catalog);
      assert.equal(res.status, 204, await res.text());
      const exported = await exportAll(service);
      assert.deepEqual(keysOf(exported), keysOf(catalog));
      for (const entity of catalog)
        assert.deepEqual(
          exported.find((e) => e.key === entity.key),
          entity,
        );
    });

    it('exports translations before product groups before content, so the file imports again as is', async () => {
      const exported = await exportAll(service);
      const kinds = exported.map((e) => ('translation' in e ? 0 : 'productGroup' in e ? 1 : 2));
      assert.deepEqual(kinds, [...kinds].sort());
      const res = await service.importCatalog(replaceLines(exported));
      assert.equal(res.status, 204);
    });

    it('filters the export by types, productGroupKeys and limit', async () => {
      assert.deepEqual(keysOf(await exportAll(service, '?types=CONTENT')), ['C1']);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS&productGroupKeys=G2|G4')), ['G2', 'G4']);
      assert.equal((await exportAll(service, '?types=PRODUCT_GROUPS&limit=2')).length, 2);
    });

    it('answers 406 to an export without Accept-Encoding: gzip', async () => {
      const res = await service.admin('GET', '/api/admin/v4/export/catalog', { headers: { 'Accept-Encoding': 'identity' } });
      assert.equal(res.status, 406);
      assert.match((await jsonBody(res)).message, /gzip/);
    });

    it('rejects more than 100 productGroupKeys and unknown types', async () => {
      const keys = Array.from({ length: 101 }, (_, i) => `K${i}`).join('|');
      let res = await service.admin('GET', `/api/admin/v4/export/catalog?productGroupKeys=${keys}`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 400);
      res = await service.admin('GET', '/api/admin/v4/export/catalog?types=PRODUCTS', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /types/);
    });

    it('accepts a gzip-compressed body (Content-Encoding: gzip) and application/x-ndjson', async () => {
      const catalog = smallCatalog(6);
      const res = await service.importCatalog(gzipSync(replaceLines(catalog)), '', { 'Content-Encoding': 'gzip', 'Content-Type': 'application/x-ndjson' });
      assert.equal(res.status, 204, await res.text());
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5', 'G6']);
    });

    it('replaces the whole catalog: what is not in the file is gone', async () => {
      const res = await service.importCatalog([...smallCatalog(5), content('C2')]);
      assert.equal(res.status, 204);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS|CONTENT')), ['C1', 'C2', 'G1', 'G2', 'G3', 'G4', 'G5']);
    });

    it('rejects a file with bad lines with 400 listing line, field and problem, and imports nothing', async () => {
      const bad = smallCatalog(5, 'NEW');
      const lines = replaceLines(bad).split('\n');
      lines[3] = JSON.stringify({ replace: group('NEWX', { p: product('p', { defaults: { title: 'x', url: 'no-slash' } }) }) });
      lines[4] = '{not json';
      const res = await service.importCatalog(lines.join('\n'));
      assert.equal(res.status, 400);
      const body = await jsonBody(res);
      assert.match(body.message, /nothing was imported/);
      assert.ok(
        body.errors.some((e: { line: number; path: string }) => e.line === 4 && /url/.test(e.path)),
        JSON.stringify(body.errors),
      );
      assert.ok(body.errors.some((e: { line: number; message: string }) => e.line === 5 && /JSON/.test(e.message)));
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5']);
    });

    it('refuses strings over 4,000 characters with 400 naming line and path (Elasticsearch would refuse such a keyword), takes long descriptions', async () => {
      const long = 'å'.repeat(10_000);
      const res = await service.importCatalog([
        group('L1', { p1: product('p1', { defaults: { title: 'ok', url: '/p1', brand: long, category: ['cat_shoes', long] } }) }),
        group('L2', {
          p2: product('p2', {
            variants: {
              'p2-1': { defaults: { listPrice: 2, sellingPrice: 1, size: [long] } },
              'p2-2': { defaults: { listPrice: 2, sellingPrice: 1, size: ['M'] } },
            },
          }),
        }),
      ]);
      const body = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 300));
      const problems = body.errors.map((e: { line: number; path: string; message: string }) => `${e.line} ${e.path}: ${e.message}`);
      assert.deepEqual(problems, [
        '1 replace.productGroup.products.p1.defaults.brand: at most 4000 characters (got 10000)',
        '1 replace.productGroup.products.p1.defaults.category.1: at most 4000 characters (got 10000)',
        '2 replace.productGroup.products.p2.variants.p2-1.defaults.size.0: at most 4000 characters (got 10000)',
      ]);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5'], 'the live catalog is untouched');
      const description = await service.importCatalog(
        [...smallCatalog(5), group('D1', { d1: product('d1', { defaults: { title: 'ok', url: '/d1', description: 'lång text '.repeat(5_000) } }) })],
        '?validationOnly=true',
      );
      assert.equal(description.status, 204, await description.text());
    });

    it('caps the error list and says how many more there are', async () => {
      const many = Array.from({ length: 150 }, (_, i) => group(`B${i}`, { p: product(`B${i}p`, { markets: [] }) }));
      const res = await service.importCatalog(many);
      assert.equal(res.status, 400);
      const body = await jsonBody(res);
      assert.equal(body.errors.length, 100);
      assert.ok(body.moreErrors >= 50);
    });

    it('rejects markets that are not configured', async () => {
      const res = await service.importCatalog([group('X1', { p: product('p', { markets: ['DK'] }) })]);
      assert.equal(res.status, 400);
      assert.match(JSON.stringify(await jsonBody(res)), /markets/);
    });

    it('validates only with validationOnly=true', async () => {
      // A harmless file (the dangerous-import check judges validationOnly too: import-parity.test.ts).
      let res = await service.importCatalog(smallCatalog(6, 'G'), '?validationOnly=true');
      assert.equal(res.status, 204);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5']);
      res = await service.importCatalog([group('X', { p: product('p', { markets: [] }) })], '?validationOnly=true');
      assert.equal(res.status, 400);
    });

    it('refuses an empty file and bad parameters with 400', async () => {
      assert.equal((await service.importCatalog('')).status, 400);
      const res = await service.importCatalog(smallCatalog(), '?blockingTimeout=5minutes');
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /blockingTimeout/);
      assert.equal((await service.importCatalog(smallCatalog(), '?force=yes')).status, 400);
    });

    it('refuses a dangerous import (most product groups removed, or a market emptied) unless force=true', async () => {
      let res = await service.importCatalog(smallCatalog(2));
      assert.equal(res.status, 400);
      const body = await jsonBody(res);
      assert.match(body.message, /dangerous/);
      assert.match(body.message, /force=true/);
      const noNorway = smallCatalog(5).map((e) => ('productGroup' in e ? group(e.key, { p: product(`${e.key}p`, { markets: ['SE'] }) }) : e));
      res = await service.importCatalog(noNorway);
      assert.equal(res.status, 400);
      assert.match((await jsonBody(res)).message, /market NO/);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5']);
      res = await service.importCatalog(smallCatalog(2), '?force=true');
      assert.equal(res.status, 204);
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2']);
      assert.equal((await service.importCatalog(smallCatalog(5))).status, 204);
    });

    it('leaves the live catalog untouched when Elasticsearch rejects documents halfway through', async () => {
      const es = service.context.es;
      const template = `${service.prefix}-poison`;
      // An index template makes the next version's products index refuse one field's value: the custom
      // price "poison" (custom price ids are the one dynamically mapped part of a product document).
      await es.indices.putIndexTemplate({
        name: template,
        index_patterns: [`${service.prefix}-catalog-products-v*`],
        priority: 500,
        template: {
          mappings: { properties: { customPrice: { type: 'object', subobjects: false, properties: { 'poison.selling.min': { type: 'boolean' } } } } },
        },
      });
      try {
        const poisoned = smallCatalog(5);
        poisoned.splice(
          4,
          0,
          group('POISON', {
            p: product('pp', {
              variants: { 'pp-1': { defaults: { listPrice: 5, sellingPrice: 5, customPrices: { poison: { listPrice: 5, sellingPrice: 5 } } } } },
            }),
          }),
        );
        const res = await service.importCatalog(poisoned);
        assert.equal(res.status, 500);
        assert.match((await jsonBody(res)).message, /poison/);
      } finally {
        await es.indices.deleteIndexTemplate({ name: template });
      }
      assert.deepEqual(keysOf(await exportAll(service, '?types=PRODUCT_GROUPS')), ['G1', 'G2', 'G3', 'G4', 'G5']);
      const versions = await es.indices.get({ index: `${service.prefix}-catalog-products-v*` });
      assert.equal(new Set(Object.keys(versions).map((i) => service.context.names.versionOf(i))).size, 1, 'the failed version was removed');
    });
  });

  describe('import control', () => {
    it('answers 202 with an id when the import outlasts blockingTimeout, and the status can be polled', async () => {
      const res = await service.importCatalog(smallCatalog(5), '?blockingTimeout=PT0S&name=nightly');
      assert.equal(res.status, 202);
      const { id } = await jsonBody(res);
      assert.ok(id);
      const done = await pollUntilDone(service, id);
      assert.equal(done.status, 'SUCCESS');
    });

    it('reports a failed background import as FAILURE with the reason', async () => {
      const res = await service.importCatalog([group('X', { p: product('p', { markets: [] }) })], '?blockingTimeout=PT0S');
      assert.equal(res.status, 202);
      const done = await pollUntilDone(service, (await jsonBody(res)).id);
      assert.equal(done.status, 'FAILURE');
      assert.match(done.reason ?? '', /markets/);
    });

    it('answers NOT_FOUND for an unknown import id and 400 without an id', async () => {
      const res = await service.admin('GET', '/api/admin/v4/import/status?id=123');
      assert.deepEqual(await jsonBody(res), { id: '123', status: 'NOT_FOUND', reason: null });
      assert.equal((await service.admin('GET', '/api/admin/v4/import/status')).status, 400);
    });

    it('lets only one of two concurrent imports run: the other gets 409', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const lines = replaceLines(smallCatalog(5));
      const slowBody = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(lines.slice(0, 100)));
          await gate;
          controller.enqueue(new TextEncoder().encode(lines.slice(100)));
          controller.close();
        },
      });
      const first = fetch(`${service.url}/api/admin/v4/import/catalog`, {
        method: 'PUT',
        body: slowBody,
        duplex: 'half',
        headers: { 'Api-Key': 'test-key', 'Content-Type': 'application/jsonlines' },
      } as RequestInit);
      await new Promise((r) => setTimeout(r, 300));
      const second = await service.importCatalog(smallCatalog(5));
      assert.equal(second.status, 409);
      assert.match((await jsonBody(second)).message, /in progress/);
      release();
      assert.equal((await first).status, 204);
    });

    it('takes over a lock whose holder crashed once it expired', async () => {
      const es = service.context.es;
      await es.index({
        index: `${service.prefix}-import-lock`,
        id: 'import',
        document: {
          holder: 'dead',
          importId: '1',
          kind: 'catalog-full',
          acquiredAt: new Date(0).toISOString(),
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
        refresh: true,
      });
      assert.equal((await service.importCatalog(smallCatalog(5))).status, 204);
      await es.index({
        index: `${service.prefix}-import-lock`,
        id: 'import',
        document: {
          holder: 'alive',
          importId: '2',
          kind: 'catalog-full',
          acquiredAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
        refresh: true,
      });
      assert.equal((await service.importCatalog(smallCatalog(5))).status, 409);
      await es.delete({ index: `${service.prefix}-import-lock`, id: 'import', refresh: true });
    });
  });

  describe('translations', () => {
    it('round-trips translations and content', async () => {
      const catalog = [...smallCatalog(5), translation('t-x', { attribute: 'customLabels.material', id: 'mat_leather', locale: 'sv-SE', value: 'Läder' })];
      assert.equal((await service.importCatalog(catalog)).status, 204);
      const exported = await exportAll(service, '?types=TRANSLATIONS');
      assert.deepEqual(keysOf(exported), ['t-shoes-nb', 't-shoes-sv', 't-x']);
    });

    it('translates series (the admin spec: series "supports translations"), keeping the value where a locale has none', async () => {
      const trail = group('GS', {
        S1: product('S1', { defaults: { title: 'Trail runner', url: '/p/S1', brand: 'Acme', category: ['cat_shoes'], series: 'ser_trail' } }),
      });
      const catalog = [
        ...smallCatalog(2),
        translation('t-trail-sv', { attribute: 'series', id: 'ser_trail', locale: 'sv-SE', value: 'Terräng' }),
        trail,
        translation('t-trail-nb', { attribute: 'series', id: 'ser_trail', locale: 'nb-NO', value: 'Terreng' }), // after the product: rebuilt at the end
      ];
      assert.equal((await service.importCatalog(catalog)).status, 204);
      const seriesIn = async (market: string, locale: string) => {
        const res = await service.request(
          'GET',
          `/api/storefront/v3/queries/search-page?q=trail+runner&market=${market}&locale=${locale}&customerKey=c&sessionKey=s&touchpoint=DESKTOP&notify=false`,
        );
        const page = await jsonBody(res);
        assert.equal(res.status, 200, JSON.stringify(page));
        return page.primaryList.productGroups[0].products[0].series;
      };
      assert.deepEqual([await seriesIn('SE', 'sv-SE'), await seriesIn('NO', 'nb-NO'), await seriesIn('SE', 'en-GB')], ['Terräng', 'Terreng', 'ser_trail']);
      const bySeries = await service.request(
        'GET',
        '/api/storefront/v3/queries/search-page?q=terr%C3%A4ng&market=SE&locale=sv-SE&customerKey=c&sessionKey=s&touchpoint=DESKTOP&notify=false',
      );
      assert.deepEqual(
        (await jsonBody(bySeries)).primaryList.productGroups.map((g: { key: string }) => g.key),
        ['GS'],
      );
    });

    it('still refuses true unknowns with the line and path named: a translation of brand, a variant field nobody documents', async () => {
      const lines = [
        ...smallCatalog(2).map((e) => JSON.stringify({ replace: e })),
        JSON.stringify({ replace: translation('t-brand', { attribute: 'brand', id: 'b', locale: 'sv-SE', value: 'x' }) }),
        JSON.stringify({
          replace: group('GU', { U1: product('U1', { variants: { 'U1-1': { defaults: { listPrice: 1, sellingPrice: 1, sizeSystem: 'EU' } as never } } }) }),
        }),
      ];
      const res = await service.importCatalog(lines.join('\n'));
      const body = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(body));
      const errors = body.errors as { line: number; path: string; message: string }[];
      assert.ok(
        errors.some((e) => e.line === lines.length - 1 && e.path === 'replace.translation.attribute' && /"series"/.test(e.message)),
        JSON.stringify(errors),
      );
      assert.ok(
        errors.some((e) => e.line === lines.length && /variants\.U1-1\.defaults\.sizeSystem$/.test(e.path)),
        JSON.stringify(errors),
      );
    });
  });
});
