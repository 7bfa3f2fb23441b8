/**
 * Compounds and word forms without the catalog's help (docs/language.md "General lexicon"), over
 * HTTP on a node with the elevate-analysis plugin: heads that never stand alone in the catalog find their
 * compounds through the general lexicon (scripts/lexicon.sh) in sv, nb, da and de; definite and plural forms
 * the light stemmers miss find their product without auto-correct; autocomplete reaches compound heads; a
 * shop's excluded compounds (compounds configuration) stay whole.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';
import type { AutocompleteResult } from '../../src/storefront/autocomplete/shape';
import { loadConfig } from '../../src/kernel/config';

const CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE'] }, NO: { locales: ['nb-NO'] }, DK: { locales: ['da-DK'] }, DE: { locales: ['de-DE'] } },
};
const LOCALE_OF: Record<string, string> = { SE: 'sv-SE', NO: 'nb-NO', DK: 'da-DK', DE: 'de-DE' };

function product(key: string, title: string, market: string, category: string): ReplaceEntity {
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

// No head noun stands alone: "jacka", "jakke", "schirm", "topf", "klänning" occur only inside compounds.
const CATALOG: ReplaceEntity[] = [
  product('sv-vinterjacka', 'Vinterjacka dun', 'SE', 'Ytterkläder'),
  product('sv-regnjacka', 'Regnjacka gul', 'SE', 'Ytterkläder'),
  product('sv-maxi', 'Maxiklänning blommig', 'SE', 'Damkläder'),
  product('sv-omlott', 'Omlottklänning svart', 'SE', 'Damkläder'),
  product('sv-skor', 'Skor i läder', 'SE', 'Herr'),
  product('sv-troja', 'Röd tröja', 'SE', 'Herr'),
  product('sv-axelvaska', 'Axelväskor i läder', 'SE', 'Accessoarer'),
  product('nb-vinterjakke', 'Vinterjakke dun', 'NO', 'Yttertøy'),
  product('nb-sko', 'Sko i skinn', 'NO', 'Herre'),
  product('da-vinterjakke', 'Vinterjakke dun', 'DK', 'Overtøj'),
  product('da-sko', 'Sko i læder', 'DK', 'Herre'),
  product('de-regenschirm', 'Regenschirm schwarz', 'DE', 'Accessoires'),
  product('de-kochtopf', 'Kochtopf Edelstahl', 'DE', 'Küche'),
  product('de-laufschuhe', 'Laufschuhe Pro', 'DE', 'Sport'),
  product('de-handschuhe', 'Handschuhe Leder', 'DE', 'Accessoires'),
];

describe('general lexicon: compounds and word forms without the catalog (HTTP, elevate-analysis plugin)', function () {
  this.timeout(120_000);
  let service: TestService;

  const searchPage = async (market: string, q: string): Promise<SearchPage> => {
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market, locale: LOCALE_OF[market], touchpoint: 'desktop', notify: 'false', q });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as SearchPage;
  };
  /** The primary list's product keys, and that the answer was no auto-correction. */
  const search = async (market: string, q: string): Promise<string[]> => {
    const page = await searchPage(market, q);
    assert.equal(page.autoCorrect, undefined, `"${q}" was auto-corrected to "${page.autoCorrect?.q}"`);
    return page.primaryList.productGroups.map((g) => g.products[0].key).sort();
  };
  const compounds = (body: unknown) =>
    service.admin('PUT', '/api/admin/v4/import/compounds', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  before(async function () {
    const dir = loadConfig(process.env, { adminApiKeys: ['k'] }).lexiconDir;
    for (const language of ['sv', 'nb', 'da', 'de']) {
      assert.ok(existsSync(join(dir, `${language}.txt`)), `no lexicon ${join(dir, `${language}.txt`)}: run scripts/lexicon.sh install`);
    }
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

  it('finds a compound by a head that never stands alone in the catalog: sv, nb, da, de', async () => {
    assert.deepStrictEqual(await search('SE', 'jacka'), ['sv-regnjacka', 'sv-vinterjacka']);
    assert.deepStrictEqual(await search('SE', 'jackor'), ['sv-regnjacka', 'sv-vinterjacka'], 'the plural of the head');
    assert.deepStrictEqual(await search('SE', 'klänning'), ['sv-maxi', 'sv-omlott']);
    assert.deepStrictEqual(await search('NO', 'jakke'), ['nb-vinterjakke']);
    assert.deepStrictEqual(await search('NO', 'jakkene'), ['nb-vinterjakke']);
    assert.deepStrictEqual(await search('DK', 'jakke'), ['da-vinterjakke']);
    assert.deepStrictEqual(await search('DK', 'jakkerne'), ['da-vinterjakke']);
    assert.deepStrictEqual(await search('DE', 'schirm'), ['de-regenschirm']);
    assert.deepStrictEqual(await search('DE', 'topf'), ['de-kochtopf']);
  });

  it('keeps precision: the head is the longest known word ending the compound', async () => {
    assert.deepStrictEqual(await search('SE', 'skor'), ['sv-skor'], 'Axelväskor are bags ("väskor"), not shoes');
  });

  it('finds definite, plural and umlaut forms the light stemmers miss, without auto-correct', async () => {
    assert.deepStrictEqual(await search('SE', 'sko'), ['sv-skor']);
    assert.deepStrictEqual(await search('SE', 'tröjan'), ['sv-troja']);
    assert.deepStrictEqual(await search('SE', 'jackan'), ['sv-regnjacka', 'sv-vinterjacka']);
    assert.deepStrictEqual(await search('NO', 'skoene'), ['nb-sko']);
    assert.deepStrictEqual(await search('DK', 'skoene'), ['da-sko']);
    assert.deepStrictEqual(await search('DE', 'Töpfe'), ['de-kochtopf']);
  });

  it('suggests compounds while their head is typed in autocomplete', async () => {
    for (const q of ['klä', 'klän', 'klänn']) {
      const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', notify: 'false', q });
      const res = await service.request('GET', `/api/storefront/v3/queries/autocomplete?${query}`);
      const body = (await jsonBody(res)) as AutocompleteResult;
      assert.equal(res.status, 200, JSON.stringify(body));
      const keys = body.productSuggestions.map((g) => g.products[0].key).sort();
      // "klä" may also be "kläder": the jackets' category "Ytterkläder" has that head.
      if (q === 'klä') assert.ok(keys.includes('sv-maxi') && keys.includes('sv-omlott'), keys.join(', '));
      else assert.deepStrictEqual(keys, ['sv-maxi', 'sv-omlott'], q);
    }
  });

  describe('compounds configuration', () => {
    it('keeps an excluded compound whole, at once and without reindexing, and exports it', async () => {
      assert.deepStrictEqual(await search('DE', 'schuhe'), ['de-handschuhe', 'de-laufschuhe']);
      const version = await service.context.indices.liveVersion();
      assert.equal((await compounds({ locales: { 'de-DE': { excluded: ['Handschuhe'] } } })).status, 204);
      assert.deepStrictEqual(await search('DE', 'schuhe'), ['de-laufschuhe']);
      assert.deepStrictEqual(await search('DE', 'handschuhe'), ['de-handschuhe'], 'typed whole it still finds itself');
      assert.equal(await service.context.indices.liveVersion(), version, 'the catalog was not reindexed');
      const res = await service.admin('GET', '/api/admin/v4/export/compounds', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200);
      assert.deepStrictEqual(await jsonBody(res), { locales: { 'de-DE': { excluded: ['handschuhe'] } } });
      assert.equal((await compounds({ locales: { 'de-DE': { excluded: [] } } })).status, 204);
      assert.deepStrictEqual(await search('DE', 'schuhe'), ['de-handschuhe', 'de-laufschuhe']);
    });

    it('answers 400 naming the path of each problem', async () => {
      const res = await compounds({ locales: { 'de-DE': { excluded: ['hand schuhe', 3] }, 'sv-SE': {}, 'xx-XX': { excluded: [] } } });
      assert.equal(res.status, 400);
      const paths = ((await jsonBody(res)).errors as { path: string }[]).map((e) => e.path);
      for (const p of ['locales.de-DE.excluded[0]', 'locales.de-DE.excluded[1]', 'locales.sv-SE.excluded', 'locales.xx-XX'])
        assert.ok(paths.includes(p), `${p} in ${paths.join(', ')}`);
    });

    it('answers 409 while another import holds the lock', async () => {
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
        assert.equal((await compounds({ locales: { 'de-DE': { excluded: ['handschuhe'] } } })).status, 409);
      } finally {
        await es.delete({ index: lock, id: 'import', refresh: true });
      }
    });
  });
});
