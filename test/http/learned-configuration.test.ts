/**
 * A new catalog without a preceding configuration import: the full import learns the markets and locales
 * from the file (a shop moving from Elevate has no configuration step in its feed pipeline). Once a
 * configuration exists, it controls: nothing more is learned.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { startService, jsonBody, type TestService } from './harness';
import { content, group, product, translation } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

/** SE written in Swedish with English overrides, NO in Norwegian; an article with an SE|en-GB override. */
const FEED: ReplaceEntity[] = [
  translation('t-shoes-sv', { attribute: 'category', id: 'cat_shoes', locale: 'sv-SE', value: 'Skor' }),
  translation('t-shoes-en', { attribute: 'category', id: 'cat_shoes', locale: 'en-GB', value: 'Shoes' }),
  group('G1', {
    'G1-p': product('G1-p', {
      markets: ['SE'],
      defaults: { title: 'Löparsko', url: '/p/G1', category: ['cat_shoes'], dataLocale: 'sv-SE' },
      overrides: { '*|en-GB': { title: 'Running shoe', dataLocale: 'en-GB' } },
    }),
  }),
  group('G2', { 'G2-p': product('G2-p', { markets: ['NO'], defaults: { title: 'Joggesko', url: '/p/G2', dataLocale: 'nb-NO' } }) }),
  content('C1', { overrides: { 'SE|en-GB': { title: 'Care guide' } } }),
];
const LEARNED = { markets: { NO: { locales: ['nb-NO'] }, SE: { locales: ['en-GB', 'sv-SE'] } } };

describe('configuration learned from the first catalog import', () => {
  let service: TestService;
  const exportConfiguration = async () =>
    jsonBody(await service.admin('GET', '/api/admin/v4/export/configuration', { headers: { 'Accept-Encoding': 'gzip' } }));
  const search = (market: string, locale: string, q: string) =>
    service.request(
      'GET',
      `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=${market}&locale=${locale}&customerKey=c1&sessionKey=s1&touchpoint=desktop&notify=false`,
    );
  const titles = async (res: Response) => {
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as SearchPage).primaryList.productGroups.map((g) => g.products[0].title);
  };

  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  it('refuses a file that names no locale, saying to import the configuration, and stores nothing', async () => {
    const res = await service.importCatalog([group('X1')]);
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /none could be learned from the file: the file names no locale.*import\/configuration/);
    assert.deepEqual(await exportConfiguration(), { markets: {} });
  });

  it('validates without storing anything under validationOnly=true', async () => {
    assert.equal((await service.importCatalog(FEED, '?validationOnly=true')).status, 204);
    assert.deepEqual(await exportConfiguration(), { markets: {} });
  });

  it('rejects a bad line as usual, and keeps no configuration', async () => {
    const bad = [...FEED, group('G9', { 'G9-p': product('G9-p', { markets: ['SE'], defaults: { title: 'x', url: 'no-slash' } }) })];
    const res = await service.importCatalog(bad);
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /defaults\.url/);
    assert.deepEqual(await exportConfiguration(), { markets: {} });
  });

  it('imports a full catalog with no configuration, learning its markets and locales (no currency: prices have none)', async () => {
    const res = await service.importCatalog(FEED);
    assert.equal(res.status, 204, await res.clone().text());
    assert.deepEqual(await exportConfiguration(), LEARNED);
  });

  it('answers the storefront in every learned market and locale', async () => {
    assert.deepEqual(await titles(await search('SE', 'sv-SE', 'löparsko')), ['Löparsko']);
    assert.deepEqual(await titles(await search('SE', 'en-GB', 'running shoe')), ['Running shoe']);
    assert.deepEqual(await titles(await search('NO', 'nb-NO', 'joggesko')), ['Joggesko']);
    const res = await search('NO', 'sv-SE', 'löparsko');
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /locale/);
  });

  it('learns nothing once a configuration exists: a market it lacks stays a 400', async () => {
    const withDenmark = [
      ...FEED,
      group('G3', { 'G3-p': product('G3-p', { markets: ['DK'], defaults: { title: 'Løbesko', url: '/p/G3', dataLocale: 'da-DK' } }) }),
    ];
    const res = await service.importCatalog(withDenmark);
    assert.equal(res.status, 400);
    assert.match((await jsonBody(res)).message, /unknown market "DK"/);
    assert.deepEqual(await exportConfiguration(), LEARNED);
  });

  it('lets the explicit configuration import change what was learned', async () => {
    const configuration = { markets: { ...LEARNED.markets, DK: { locales: ['da-DK'], currency: 'DKK' } } };
    const post = await service.admin('POST', '/api/admin/v4/import/configuration', {
      body: JSON.stringify(configuration),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(post.status, 204);
    const withDenmark = [
      ...FEED,
      group('G3', { 'G3-p': product('G3-p', { markets: ['DK'], defaults: { title: 'Løbesko', url: '/p/G3', dataLocale: 'da-DK' } }) }),
    ];
    assert.equal((await service.importCatalog(withDenmark)).status, 204);
    assert.deepEqual(await titles(await search('DK', 'da-DK', 'løbesko')), ['Løbesko']);
    assert.deepEqual(await exportConfiguration(), configuration);
  });
});
