/**
 * previewOnly page imports change only the preview (admin spec "States and transitions"): storefront requests
 * with viewId=PREVIEW see them, the default view does not, and the live page changes only with another import.
 * Checked through the storefront's own landing-page answer, in a market that never had a page and in one that
 * has published pages, with previewOnly in the body (the spec's place) and as a query parameter. And the headers
 * every admin answer carries.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const CONFIGURATION = { markets: { SE: { locales: ['sv-SE'], currency: 'SEK' }, NO: { locales: ['nb-NO'], currency: 'NOK' } } };

describe('previewOnly page imports (admin API → storefront views)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(smallCatalog(6));
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  const importPages = (body: unknown, query = '') =>
    service.admin('POST', `/api/admin/v4/import/pages${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const expect204 = async (res: Response) => assert.equal(res.status, 204, await res.text());

  /** The storefront's landing page: whether a stored page answered, and its product keys in order. */
  async function landing(market: string, locale: string, path: string, view?: 'PREVIEW'): Promise<{ published: boolean; keys: string[] }> {
    const query = new URLSearchParams({
      pageReference: path,
      market,
      locale,
      touchpoint: 'desktop',
      customerKey: 'c',
      sessionKey: 's',
      notify: 'false',
      ...(view ? { viewId: view } : {}),
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/landing-page?${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { published: boolean; primaryList?: { productGroups: { products: { key: string }[] }[] } };
    return { published: body.published, keys: (body.primaryList?.productGroups ?? []).map((g) => g.products[0]!.key) };
  }

  it('a previewOnly PARTIAL import in a market that never had a page leaves the live view without it', async () => {
    const page = { id: 'kampanj', paths: { 'nb-NO': '/kampanj' }, primaryList: { rules: 'rule incl brand { "Acme" }', pinned: ['G4-p'] } };
    const liveBefore = await landing('NO', 'nb-NO', '/kampanj');
    assert.equal(liveBefore.published, false);
    await expect204(await importPages({ market: 'NO', type: 'PARTIAL', previewOnly: true, addOrUpdate: [page] }));

    assert.deepEqual(await landing('NO', 'nb-NO', '/kampanj'), liveBefore);
    const preview = await landing('NO', 'nb-NO', '/kampanj', 'PREVIEW');
    assert.equal(preview.published, true);
    assert.equal(preview.keys[0], 'G4-p');
    const exported = await service.admin('GET', '/api/admin/v4/export/pages?market=NO', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.deepEqual(((await exported.json()) as { addOrUpdate: unknown[] }).addOrUpdate, []);

    // Publication: the same page imported without previewOnly.
    await expect204(await importPages({ market: 'NO', type: 'PARTIAL', addOrUpdate: [{ id: 'kampanj' }] }));
    const live = await landing('NO', 'nb-NO', '/kampanj');
    assert.equal(live.published, true);
    assert.equal(live.keys[0], 'G4-p');
  });

  it('previewOnly as a query parameter keeps a published page live as it was, too', async () => {
    await expect204(
      await importPages({
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' }, primaryList: { rules: 'rule incl brand { "Acme" }' } }],
      }),
    );
    const before = await landing('SE', 'sv-SE', '/skor');
    assert.equal(before.published, true);
    const last = before.keys[before.keys.length - 1]!;
    assert.notEqual(before.keys[0], last);

    await expect204(await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'skor', primaryList: { pinned: [last] } }] }, '?previewOnly=true'));
    assert.deepEqual(await landing('SE', 'sv-SE', '/skor'), before);
    assert.equal((await landing('SE', 'sv-SE', '/skor', 'PREVIEW')).keys[0], last);

    // A second preview amends the first; the live view still shows the published page.
    await expect204(
      await importPages({ market: 'SE', type: 'PARTIAL', previewOnly: true, addOrUpdate: [{ id: 'skor', primaryList: { blocked: [before.keys[0]!] } }] }),
    );
    assert.deepEqual(await landing('SE', 'sv-SE', '/skor'), before);
    const preview = await landing('SE', 'sv-SE', '/skor', 'PREVIEW');
    assert.equal(preview.keys[0], last);
    assert.ok(!preview.keys.includes(before.keys[0]!), JSON.stringify(preview));
  });

  it('refuses a previewOnly FULL import, and a query parameter the body contradicts, leaving both views as they were', async () => {
    const live = await landing('SE', 'sv-SE', '/skor');
    const preview = await landing('SE', 'sv-SE', '/skor', 'PREVIEW');
    const full = await importPages({ market: 'SE', type: 'FULL', previewOnly: true, addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' } }] });
    assert.equal(full.status, 400);
    assert.match(await full.text(), /previewOnly imports must be PARTIAL/);
    const fullByQuery = await importPages({ market: 'SE', type: 'FULL', addOrUpdate: [{ id: 'skor', paths: { 'sv-SE': '/skor' } }] }, '?previewOnly=true');
    assert.equal(fullByQuery.status, 400);
    const contradiction = await importPages({ market: 'SE', type: 'PARTIAL', previewOnly: false, addOrUpdate: [{ id: 'skor' }] }, '?previewOnly=true');
    assert.equal(contradiction.status, 400);
    assert.match(await contradiction.text(), /previewOnly/);
    const bad = await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'skor' }] }, '?previewOnly=maybe');
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /previewOnly/);
    assert.deepEqual(await landing('SE', 'sv-SE', '/skor'), live);
    assert.deepEqual(await landing('SE', 'sv-SE', '/skor', 'PREVIEW'), preview);
  });

  it('publishes the preview with the next import of the page', async () => {
    const preview = await landing('SE', 'sv-SE', '/skor', 'PREVIEW');
    await expect204(await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'skor' }] }));
    assert.deepEqual(await landing('SE', 'sv-SE', '/skor'), preview);
  });

  it("marks every admin answer nosniff and no-store: exports, imports, refusals, unknown paths, the console's explain and history", async () => {
    const answers: [string, Response][] = [
      ['export', await service.admin('GET', '/api/admin/v4/export/pages?market=SE', { headers: { 'Accept-Encoding': 'gzip' } })],
      ['import', await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'skor' }] })],
      ['refused import', await importPages({ market: 'XX', type: 'PARTIAL', addOrUpdate: [] })],
      ['no key', await service.request('GET', '/api/admin/v4/export/pages?market=SE')],
      ['unknown path', await service.admin('GET', '/api/admin/v4/nothing-here')],
      [
        'explain',
        await service.admin(
          'GET',
          '/api/admin/v4/explain/landing-page?pageReference=/skor&market=SE&locale=sv-SE&touchpoint=desktop&customerKey=c&sessionKey=s',
        ),
      ],
      ['history', await service.admin('GET', '/api/admin/v4/history/pages?market=SE')],
      ['synonyms export', await service.admin('GET', '/api/admin/v4/export/synonyms', { headers: { 'Accept-Encoding': 'gzip' } })],
    ];
    const statuses = answers.map(([name, res]) => `${name} ${res.status}`);
    assert.deepEqual(statuses, [
      'export 200',
      'import 204',
      'refused import 400',
      'no key 403',
      'unknown path 404',
      'explain 200',
      'history 200',
      'synonyms export 200',
    ]);
    for (const [name, res] of answers) {
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', name);
      assert.equal(res.headers.get('cache-control'), 'no-store', name);
    }
  });
});
