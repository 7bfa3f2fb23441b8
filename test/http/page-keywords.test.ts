/**
 * Page keywords (`primaryList.keywords` of the page import) over HTTP: autocomplete answers the page's
 * link as `redirectLink` when the phrase is one of its keywords in the market and locale, in the request's
 * view; a product key match comes first. Pages stored by an earlier version (no keyword keys in their
 * documents, an index without the fields) get them at start-up.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';
import { prepareContext } from '../../src/app';
import { indexDefinition } from '../../src/search/mappings';

describe('page keywords (autocomplete redirectLink)', function () {
  let service: TestService;
  const importPages = async (body: unknown) => {
    const res = await service.admin('POST', '/api/admin/v3/import/pages', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 204, await res.text());
  };
  const redirect = async (q: string, at: { market?: string; locale?: string; viewId?: string } = {}) => {
    const params = new URLSearchParams({
      market: at.market ?? 'SE',
      locale: at.locale ?? 'sv-SE',
      touchpoint: 'DESKTOP',
      customerKey: 'c',
      sessionKey: 's',
      q,
      notify: 'false',
      ...(at.viewId ? { viewId: at.viewId } : {}),
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/autocomplete?${params}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body.redirectLink as string | undefined;
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const catalog = await service.importCatalog([
      group('G1', { outlet: product('outlet', { defaults: { title: 'Outlet bag', url: '/p/outlet', brand: 'Acme', category: ['bags'] } }) }),
    ]);
    assert.equal(catalog.status, 204, await catalog.text());
    await importPages({
      market: 'SE',
      type: 'FULL',
      addOrUpdate: [
        {
          id: '/campaigns/summer',
          paths: { 'sv-SE': '/kampanj/sommar', 'en-GB': '/campaign/summer' },
          headings: { 'sv-SE': 'Sommarrea', 'en-GB': 'Summer sale' },
          primaryList: { keywords: { additional: { 'sv-SE': ['Rea', 'sommar  rea'], 'en-GB': ['sale'] } } },
        },
        { id: 'brand-nike', headings: { 'sv-SE': 'Nike' }, primaryList: { keywords: { additional: { 'sv-SE': ['nike kampanj'] }, headingAsKeyword: true } } },
        { id: '/heading-only', paths: { 'sv-SE': '/h' }, headings: { 'sv-SE': 'Vinter' }, primaryList: { keywords: { additional: { 'sv-SE': ['snö'] } } } },
        { id: '/off', paths: { 'sv-SE': '/off' }, primaryList: { keywords: { additional: { 'sv-SE': ['gratis'] }, enabled: false } } },
        { id: '/bags', paths: { 'sv-SE': '/vaskor' }, primaryList: { keywords: { additional: { 'sv-SE': ['outlet'] } } } },
      ],
    });
    await importPages({
      market: 'NO',
      type: 'FULL',
      addOrUpdate: [{ id: '/salg', paths: { 'nb-NO': '/salg' }, primaryList: { keywords: { additional: { 'nb-NO': ['rea'] } } } }],
    });
  });
  after(async () => service.close());

  it("redirects a phrase that is one of a page's keywords to the page's localized path, compared trimmed and in any case", async () => {
    assert.equal(await redirect('rea'), '/kampanj/sommar');
    assert.equal(await redirect('  REA '), '/kampanj/sommar');
    assert.equal(await redirect('Sommar rea'), '/kampanj/sommar');
    assert.equal(await redirect('snö'), '/h');
  });

  it('does not redirect other phrases: a prefix, a longer phrase, a heading not used as keyword, disabled keywords', async () => {
    assert.equal(await redirect('re'), undefined);
    assert.equal(await redirect('rea skor'), undefined);
    assert.equal(await redirect('sommar'), undefined);
    assert.equal(await redirect('vinter'), undefined);
    assert.equal(await redirect('gratis'), undefined);
  });

  it('takes keywords per market and locale', async () => {
    assert.equal(await redirect('sale', { locale: 'en-GB' }), '/campaign/summer');
    assert.equal(await redirect('sale'), undefined);
    assert.equal(await redirect('rea', { locale: 'en-GB' }), undefined);
    assert.equal(await redirect('rea', { market: 'NO', locale: 'nb-NO' }), '/salg');
    assert.equal(await redirect('sale', { market: 'NO', locale: 'nb-NO' }), undefined);
  });

  it('uses the heading as a keyword when headingAsKeyword is true, and the page id as link without a path', async () => {
    assert.equal(await redirect('nike'), 'brand-nike');
    assert.equal(await redirect('Nike kampanj'), 'brand-nike');
  });

  it('lets an exact product key win over a keyword', async () => {
    assert.equal(await redirect('outlet'), '/p/outlet');
  });

  it('follows the view: preview keywords only with viewId=PREVIEW; a removed page no longer redirects', async () => {
    await importPages({
      market: 'SE',
      type: 'PARTIAL',
      previewOnly: true,
      addOrUpdate: [{ id: '/campaigns/summer', primaryList: { keywords: { additional: { 'sv-SE': ['kampanj'] } } } }],
    });
    assert.equal(await redirect('kampanj'), undefined);
    assert.equal(await redirect('kampanj', { viewId: 'PREVIEW' }), '/kampanj/sommar');
    assert.equal(await redirect('rea', { viewId: 'PREVIEW' }), undefined);
    assert.equal(await redirect('rea'), '/kampanj/sommar');
    await importPages({ market: 'SE', type: 'PARTIAL', remove: ['/campaigns/summer'] });
    assert.equal(await redirect('rea'), undefined);
    assert.equal(await redirect('kampanj', { viewId: 'PREVIEW' }), undefined);
  });

  it('gives pages stored by an earlier version (index without keyword fields) their keywords at start-up', async () => {
    const es = service.context.es;
    const index = `${service.prefix}-pages`;
    assert.equal(service.context.names.pages, index);
    await es.indices.delete({ index });
    // the mapping and document of the version before keywords were indexed
    await es.indices.create({
      index,
      settings: indexDefinition('pages.json', 'core').settings,
      mappings: {
        dynamic: 'strict',
        properties: {
          market: { type: 'keyword' },
          id: { type: 'keyword' },
          state: { type: 'keyword' },
          publishedPaths: { type: 'keyword' },
          previewPaths: { type: 'keyword' },
          published: { type: 'flattened', ignore_above: 1024, depth_limit: 10 },
          preview: { type: 'flattened', ignore_above: 1024, depth_limit: 10 },
          updatedAt: { type: 'date' },
        },
      },
    });
    const old = { id: '/old', paths: { 'sv-SE': '/gammal' }, primaryList: { keywords: { additional: { 'sv-SE': ['gammal rea'] } } } };
    await es.index({
      index,
      id: 'SE|/old',
      refresh: true,
      document: {
        market: 'SE',
        id: '/old',
        state: 'PUBLISHED',
        publishedPaths: ['sv-SE|/gammal'],
        previewPaths: ['sv-SE|/gammal'],
        published: old,
        updatedAt: new Date().toISOString(),
      },
    });
    assert.equal(await redirect('gammal rea'), undefined);

    await prepareContext(service.context);
    assert.equal(await redirect('gammal rea'), '/gammal');
    // imports write the new fields into the upgraded index
    await importPages({
      market: 'SE',
      type: 'PARTIAL',
      addOrUpdate: [{ id: '/new', paths: { 'sv-SE': '/ny' }, primaryList: { keywords: { additional: { 'sv-SE': ['ny rea'] } } } }],
    });
    assert.equal(await redirect('ny rea'), '/ny');
    assert.equal(await redirect('gammal rea'), '/gammal');
  });
});
