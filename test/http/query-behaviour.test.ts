/**
 * What landing-page and autocomplete register as visitor behaviour, over HTTP: a landing page answered
 * is a page view (the stored page's id, else the reference as sent) unless notify=false; autocomplete
 * registers nothing, with or without notify. Events are read from the events index, as an analyst would.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';

describe('behaviour registered by landing-page and autocomplete', function () {
  let service: TestService;
  const query = async (endpoint: string, customerKey: string, params: Record<string, string>) => {
    const q = new URLSearchParams({ market: 'SE', locale: 'sv-SE', touchpoint: 'MOBILE', customerKey, sessionKey: `${customerKey}-s`, ...params });
    const res = await service.request('GET', `/api/storefront/v3/queries/${endpoint}?${q}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  };
  const eventsOf = async (customerKey: string) => {
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-*` });
    const res = await service.context.es.search<{ type: string; pageId?: string; locale?: string; touchpoint?: string; sessionKey?: string }>({
      index: `${service.prefix}-events`,
      query: { term: { customerKey } },
      sort: [{ '@timestamp': 'asc' }],
      size: 100,
    });
    return res.hits.hits.map((h) => h._source!);
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const catalog = await service.importCatalog([
      group('G1', { shoe: product('shoe', { defaults: { title: 'Trail shoe', url: '/p/shoe', brand: 'Acme', category: ['shoes'] } }) }),
    ]);
    assert.equal(catalog.status, 204, await catalog.text());
    const pages = await service.admin('POST', '/api/admin/v3/import/pages', {
      body: JSON.stringify({
        market: 'SE',
        type: 'FULL',
        addOrUpdate: [{ id: '/shoes', paths: { 'sv-SE': '/skor' }, primaryList: { keywords: { additional: { 'sv-SE': ['skor'] } } } }],
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(pages.status, 204, await pages.text());
  });
  after(async () => service.close());

  it('landing-page registers a page view of the stored page (by id or localized path), else of the reference sent', async () => {
    await query('landing-page', 'lander', { pageReference: '/skor' });
    await query('landing-page', 'lander', { pageReference: '/shoes' });
    await query('landing-page', 'lander', { pageReference: '/not-imported' });
    const events = await eventsOf('lander');
    assert.deepEqual(events.map((e) => [e.type, e.pageId]).sort(), [
      ['page-view', '/not-imported'],
      ['page-view', '/shoes'],
      ['page-view', '/shoes'],
    ]);
    assert.deepEqual([events[0].locale, events[0].touchpoint, events[0].sessionKey], ['sv-SE', 'MOBILE', 'lander-s']);
  });

  it('landing-page registers nothing with notify=false', async () => {
    await query('landing-page', 'quiet', { pageReference: '/skor', notify: 'false' });
    await query('landing-page', 'quiet', { pageReference: '/shoes' });
    assert.deepEqual(
      (await eventsOf('quiet')).map((e) => [e.type, e.pageId]),
      [['page-view', '/shoes']],
    );
  });

  it('autocomplete registers nothing, whether notify is true, false or absent (a keystroke is not a search)', async () => {
    await query('autocomplete', 'typist', { q: 'tra' });
    await query('autocomplete', 'typist', { q: 'trail', notify: 'true' });
    await query('autocomplete', 'typist', { q: 'skor' });
    await query('autocomplete', 'typist', { q: '', notify: 'false' });
    // the search the visitor then runs is registered, by search-page
    await query('search-page', 'typist', { q: 'trail', origin: 'PHRASE_SUGGEST' });
    assert.deepEqual(
      (await eventsOf('typist')).map((e) => e.type),
      ['search'],
    );
  });
});
