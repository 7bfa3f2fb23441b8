/**
 * Language analysis per locale over HTTP, on a node with the elevate-analysis plugin (docs/language.md "Language
 * analysis"): stemming in sv, nb, da, fi, de and en, accent folding, compounds found by query-time expansion
 * from the catalog's vocabulary, synonyms imported, exported and applied to the next query without
 * reindexing, and autocomplete completing a folded prefix. A node without the plugin skips these tests.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';
import type { AutocompleteResult } from '../../src/storefront/autocomplete/shape';

const CONFIGURATION: CatalogConfiguration = {
  markets: {
    SE: { locales: ['sv-SE'] },
    NO: { locales: ['nb-NO'] },
    DK: { locales: ['da-DK'] },
    FI: { locales: ['fi-FI'] },
    DE: { locales: ['de-DE'] },
    GB: { locales: ['en-GB'] },
  },
};

function product(key: string, title: string, market: string, category = 'Kläder'): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets: [market],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category] },
          variants: { [`${key}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
        },
      },
    },
  };
}

const CATALOG: ReplaceEntity[] = [
  product('sv-jacka', 'Jacka i ull', 'SE'),
  product('sv-vinterjacka', 'Vinterjacka dun', 'SE'),
  product('sv-regnjacka', 'Regnjacka gul', 'SE'),
  product('sv-troja', 'Röd tröja', 'SE'),
  product('sv-byxor', 'Byxor blå', 'SE'),
  product('nb-jakke', 'Jakke ull', 'NO'),
  product('nb-bukse', 'Bukse blå', 'NO'),
  product('da-jakke', 'Jakke uld', 'DK'),
  product('da-bukser', 'Bukser blå', 'DK'),
  product('fi-kello', 'Kello teräs', 'FI'),
  product('fi-laukku', 'Laukku nahka', 'FI'),
  product('de-schuh', 'Schuh Classic', 'DE', 'Schuhe'),
  product('de-laufschuhe', 'Laufschuhe Pro', 'DE', 'Sport'),
  product('de-schuhcreme', 'Schuhcreme schwarz', 'DE', 'Pflege'),
  product('de-jacke', 'Jacke Winter', 'DE', 'Jacken'),
  product('en-shoe', 'Running shoe', 'GB', 'Shoes'),
  product('en-sock', 'Wool sock', 'GB', 'Socks'),
];

const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', NO: 'nb-NO', DK: 'da-DK', FI: 'fi-FI', DE: 'de-DE', GB: 'en-GB' };

describe('language analysis per locale (HTTP, elevate-analysis plugin)', function () {
  this.timeout(120_000);
  let service: TestService;

  const search = async (market: string, q: string): Promise<string[]> => {
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market, locale: LOCALE_OF[market], touchpoint: 'desktop', notify: 'false', q });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return (body as SearchPage).primaryList.productGroups.map((g) => g.products[0].key).sort();
  };
  const synonyms = (method: 'PUT' | 'POST', body: unknown) =>
    service.admin(method, '/api/admin/v4/import/synonyms', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const exportSynonyms = async (query = '') => {
    const res = await service.admin('GET', `/api/admin/v4/export/synonyms${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200, await res.clone().text());
    return jsonBody(res);
  };

  before(async function () {
    service = await startService();
    const plugins = await service.context.es.cat.plugins({ format: 'json', h: 'component' });
    if (!plugins.some((p) => p.component === 'elevate-analysis')) {
      console.warn('      (skipped: the node lacks the elevate-analysis plugin; start one with scripts/elasticsearch.sh start)');
      this.skip();
    }
    await service.configure(CONFIGURATION);
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('gives each locale its own products index, analysed in its language, behind a locale alias', async () => {
    const es = service.context.es;
    const aliases = await es.indices.getAlias({ name: `${service.prefix}-catalog-products-sv-se` });
    const [index] = Object.keys(aliases);
    assert.match(index, /-catalog-products-v[0-9t]+-sv-se$/);
    assert.equal(
      service.context.names.versionOf(index),
      service.context.names.versionOf(Object.keys(await es.indices.getAlias({ name: `${service.prefix}-catalog-entities` }))[0]),
    );
    const tokens = async (locale: string, text: string) =>
      (await es.indices.analyze({ index: `${service.prefix}-catalog-products-${locale}`, analyzer: 'catalog_text', text })).tokens!.map((t) => t.token);
    assert.deepStrictEqual(await tokens('sv-se', 'jackor'), ['jack']);
    assert.deepStrictEqual(await tokens('de-de', 'Schuhe'), ['schuh']);
    assert.deepStrictEqual(await tokens('en-gb', 'shoes'), ['shoe']);
    // The part alias spans every locale (catalog facts, jobs): one index per locale of the configuration.
    assert.equal(Object.keys(await es.indices.getAlias({ name: `${service.prefix}-catalog-products` })).length, 6);
  });

  it('stems per locale: sv, nb, da, fi, de, en', async () => {
    // The plural of a head also finds its compounds (form keys: "jackor" and "jacka" share one).
    assert.deepStrictEqual(await search('SE', 'jackor'), ['sv-jacka', 'sv-regnjacka', 'sv-vinterjacka']);
    assert.deepStrictEqual(await search('SE', 'byxa'), ['sv-byxor']);
    assert.deepStrictEqual(await search('NO', 'jakker'), ['nb-jakke']);
    assert.deepStrictEqual(await search('DK', 'jakkerne'), ['da-jakke']);
    assert.deepStrictEqual(await search('FI', 'kellot'), ['fi-kello']);
    assert.deepStrictEqual(await search('DE', 'Schuh'), ['de-laufschuhe', 'de-schuh'], 'the singular of the head "schuhe" finds its compound too');
    assert.deepStrictEqual(await search('GB', 'shoes'), ['en-shoe']);
    assert.deepStrictEqual(await search('GB', 'socks'), ['en-sock']);
  });

  it('folds accents: "rod" and "röd" meet, "troja" finds "tröja"', async () => {
    assert.deepStrictEqual(await search('SE', 'rod'), ['sv-troja']);
    assert.deepStrictEqual(await search('SE', 'röd'), ['sv-troja']);
    assert.deepStrictEqual(await search('SE', 'troja'), ['sv-troja']);
  });

  it('finds compounds by their head: "jacka" → Vinterjacka, "schuhe" → Laufschuhe, not Schuhcreme', async () => {
    assert.deepStrictEqual(await search('SE', 'jacka'), ['sv-jacka', 'sv-regnjacka', 'sv-vinterjacka']);
    const schuhe = await search('DE', 'schuhe');
    assert.ok(schuhe.includes('de-laufschuhe') && schuhe.includes('de-schuh'), schuhe.join(', '));
    assert.ok(!schuhe.includes('de-schuhcreme'), 'Schuhcreme is no shoe');
    // A compound typed whole finds itself only: nothing is decompounded.
    assert.deepStrictEqual(await search('SE', 'vinterjacka'), ['sv-vinterjacka']);
    // English does not compound: no expansion.
    assert.deepStrictEqual(await search('GB', 'shoe'), ['en-shoe']);
  });

  it('completes a folded prefix to accented words in autocomplete', async () => {
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', notify: 'false', q: 'rod' });
    const res = await service.request('GET', `/api/storefront/v3/queries/autocomplete?${query}`);
    const body = (await jsonBody(res)) as AutocompleteResult;
    assert.equal(res.status, 200, JSON.stringify(body));
    const phrases = body.phraseSuggestions.map((p) => p.q);
    assert.ok(
      phrases.some((p) => p.startsWith('röd')),
      phrases.join(', '),
    );
    assert.deepStrictEqual(
      body.productSuggestions.map((g) => g.products[0].key),
      ['sv-troja'],
    );
  });

  describe('synonyms', () => {
    it('rejects invalid rules with 400 and every problem by path', async () => {
      const res = await synonyms('PUT', { locales: { 'sv-SE': [{ terms: ['tröja'] }, { from: ['mobil'] }], 'xx-XX': [] } });
      assert.equal(res.status, 400);
      const body = await jsonBody(res);
      const paths = (body.errors as { path: string }[]).map((e) => e.path);
      for (const p of ['locales.sv-SE[0].terms', 'locales.sv-SE[1]', 'locales.xx-XX'])
        assert.ok(
          paths.some((x) => x.startsWith(p)),
          `${p} in ${paths.join(', ')}`,
        );
    });

    it('applies imported rules to the next query without reindexing, exports them, and appends with POST', async () => {
      // "pullover" is in no shipped Swedish rule ("sweater" is: general.ts).
      assert.deepStrictEqual(await search('SE', 'pullover'), []);
      const version = await service.context.indices.liveVersion();
      assert.equal((await synonyms('PUT', { locales: { 'sv-SE': [{ terms: ['tröja', 'pullover'] }] } })).status, 204);
      assert.deepStrictEqual(await search('SE', 'pullover'), ['sv-troja']);
      assert.equal(await service.context.indices.liveVersion(), version, 'the catalog was not reindexed');
      // One-way: "anorak" searches "jacka", but "jacka" does not find anoraks.
      assert.equal(
        (await synonyms('POST', { locales: { 'sv-SE': [{ from: ['anorak'], to: ['jacka'] }], 'de-DE': [{ terms: ['sneaker', 'laufschuhe'] }] } })).status,
        204,
      );
      assert.deepStrictEqual(await search('SE', 'anorak'), ['sv-jacka', 'sv-regnjacka', 'sv-vinterjacka']);
      assert.deepStrictEqual(await search('DE', 'sneaker'), ['de-laufschuhe']);
      assert.deepStrictEqual(await search('SE', 'pullover'), ['sv-troja'], 'POST kept the earlier rules');
      assert.deepStrictEqual(await exportSynonyms(), {
        locales: { 'de-DE': [{ terms: ['sneaker', 'laufschuhe'] }], 'sv-SE': [{ terms: ['tröja', 'pullover'] }, { from: ['anorak'], to: ['jacka'] }] },
      });
      assert.deepStrictEqual(await exportSynonyms('?locale=de-DE'), { locales: { 'de-DE': [{ terms: ['sneaker', 'laufschuhe'] }] } });
      // PUT replaces the rules of the locales in the body only.
      assert.equal((await synonyms('PUT', { locales: { 'sv-SE': [] } })).status, 204);
      assert.deepStrictEqual(await search('SE', 'pullover'), []);
      assert.deepStrictEqual(await search('DE', 'sneaker'), ['de-laufschuhe']);
    });

    it('answers 406 to an export without gzip, and 409 while another import holds the lock', async () => {
      assert.equal((await service.admin('GET', '/api/admin/v4/export/synonyms', { headers: { 'Accept-Encoding': 'identity' } })).status, 406);
      const es = service.context.es;
      const lock = `${service.prefix}-import-lock`;
      await es.index({
        index: lock,
        id: 'import',
        document: {
          holder: 'other',
          importId: 'x',
          kind: 'pages',
          acquiredAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
        refresh: true,
      });
      try {
        assert.equal((await synonyms('PUT', { locales: { 'sv-SE': [] } })).status, 409);
        assert.equal((await synonyms('POST', { locales: { 'sv-SE': [] } })).status, 409);
      } finally {
        await es.delete({ index: lock, id: 'import', refresh: true });
      }
    });
  });

  it('keeps a configured locale without an index an empty catalog, not an error', async () => {
    await service.configure({ markets: { ...CONFIGURATION.markets, SE: { locales: ['sv-SE', 'fr-FR'] } } });
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'fr-FR', touchpoint: 'desktop', notify: 'false', q: 'jacka' });
    // The catalog facts (markets and their locales) are cached for a few seconds: ask until they know fr-FR.
    let res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    for (let i = 0; res.status === 400 && i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    }
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await jsonBody(res)) as SearchPage).primaryList.totalHits, 0);
  });
});
