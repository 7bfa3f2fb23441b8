/**
 * TOP_CONTENT content lists rank by clicks on every endpoint that takes content lists (issue 21, item 10):
 * search-page and autocomplete as landing-page (whose test is in content.test.ts).
 */
import assert from 'node:assert/strict';
import type { Autocomplete, SearchPage } from '@apptus/esales-api';
import type { ReplaceEntity } from '../../src/catalog/types';
import { startService, type TestService } from './harness';

const article = (key: string, title: string, releaseDate: string): ReplaceEntity => ({
  key,
  content: { markets: ['SE'], type: 'article', defaults: { title, url: `/c/${key}`, releaseDate } },
});

const CATALOG: ReplaceEntity[] = [
  {
    key: 'G-1',
    productGroup: {
      products: {
        p1: {
          markets: ['SE'],
          defaults: { title: 'Walking shoe', url: '/p/p1' },
          variants: { 'p1-v': { defaults: { listPrice: 10, sellingPrice: 10, stock: 1 } } },
        },
      },
    },
  },
  article('guide-running', 'Running guide', '2025-06-01T00:00:00Z'),
  article('guide-care', 'Shoe care guide', '2026-05-01T00:00:00Z'),
];

describe('TOP_CONTENT on search-page and autocomplete (HTTP)', function () {
  let service: TestService;
  const session = (visitor: string) => ({
    clusterId: service.url,
    market: 'SE',
    locale: 'sv-SE',
    touchpoint: 'desktop' as const,
    session: () => ({ customerKey: visitor, sessionKey: visitor }),
  });
  const lists = (algorithm: 'TOP_CONTENT' | 'NEWEST_CONTENT') => ({ contentLists: [{ id: 'guides', algorithm, contentFilter: { type: 'article' } }] });

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  it('ranks by clicks, newest first before any click', async () => {
    const { elevate } = await import('@apptus/esales-api');
    const api = elevate(session('c1'));
    const orders = async (algorithm: 'TOP_CONTENT' | 'NEWEST_CONTENT') => {
      const search: SearchPage = await api.query.searchPage({ q: 'guide', notify: false }, lists(algorithm));
      const typing: Autocomplete = await api.query.autocomplete({ q: 'guide', notify: false }, lists(algorithm));
      const focus: Autocomplete = await api.query.autocomplete({ q: '', notify: false }, lists(algorithm));
      return [search, typing, focus].map((r) => r.contentLists[0].items.map((i) => i.key));
    };
    const newest = ['guide-care', 'guide-running'];
    assert.deepStrictEqual(await orders('TOP_CONTENT'), [newest, newest, newest]);

    const [running] = (await api.query.contentInformation({ contentKeys: ['guide-running'], notify: false })).items;
    for (const visitor of ['v1', 'v2']) await elevate(session(visitor)).notify.click(running.ticket);
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-*` });

    const clicked = ['guide-running', 'guide-care'];
    assert.deepStrictEqual(await orders('TOP_CONTENT'), [clicked, clicked, clicked]);
    // NEWEST_CONTENT is unchanged by clicks (with a phrase it ranks by relevance first)
    assert.deepStrictEqual((await orders('NEWEST_CONTENT'))[2], newest);
  });
});
