/**
 * Word forms and general synonyms (issue 30, docs/language.md "General synonyms", "Word forms the stemmers
 * miss", "Joined and split words"), over HTTP on a node with the elevate-analysis plugin: a British word finds
 * its American synonym and a shop's synonyms import overrides the shipped rule; English plurals KStem leaves
 * apart find their singular and back; words joined or split as the catalog writes them; definite forms of
 * compounds and "-el" nouns in sv, nb and da. Every answer without auto-correct.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';
import { loadConfig } from '../../src/kernel/config';

const CONFIGURATION: CatalogConfiguration = {
  markets: { UK: { locales: ['en-GB'] }, SE: { locales: ['sv-SE'] }, NO: { locales: ['nb-NO'] }, DK: { locales: ['da-DK'] } },
};
const LOCALE_OF: Record<string, string> = { UK: 'en-GB', SE: 'sv-SE', NO: 'nb-NO', DK: 'da-DK' };

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

const CATALOG: ReplaceEntity[] = [
  // American words only: "trainers", "jumper" and "hoodie" are in no title.
  product('en-sneakers', 'Canvas Sneakers', 'UK', 'Shoes'),
  product('en-sweater', 'Wool Sweater', 'UK', 'Knitwear'),
  product('en-hooded', 'Hooded Sweatshirt', 'UK', 'Tops'),
  // KStem keeps "games" and "lights" as words of their own, apart from "game" and "light".
  product('en-games', 'Board Games Collection', 'UK', 'Toys'),
  product('en-game', 'Card Game Classic', 'UK', 'Toys'),
  product('en-lights', 'Fairy Lights Warm', 'UK', 'Home'),
  product('en-light', 'Desk Light LED', 'UK', 'Home'),
  // The catalog writes both "smartwatch" and "smart watch"; "headset" only joined.
  product('en-smartwatch', 'Smartwatch Sport', 'UK', 'Wearables'),
  product('en-smart-watch', 'Smart Watch Classic', 'UK', 'Wearables'),
  product('en-headset', 'Gaming Headset', 'UK', 'Audio'),
  product('en-smart', 'Smart Plug', 'UK', 'Home'),
  product('sv-gummistovlar', 'Gummistövlar barn', 'SE', 'Skor'),
  product('sv-loparskor', 'Löparskor dam', 'SE', 'Skor'),
  product('nb-tofler', 'Tøfler i ull', 'NO', 'Sko'),
  product('nb-sykler', 'Sykler for barn', 'NO', 'Sport'),
  product('da-hat', 'Hat i uld', 'DK', 'Accessories'),
];

describe('word forms, joined words and general synonyms (HTTP, elevate-analysis plugin)', function () {
  this.timeout(120_000);
  let service: TestService;

  /** The primary list's product keys, and that the answer was no auto-correction. */
  const search = async (market: string, q: string): Promise<string[]> => {
    const query = new URLSearchParams({ customerKey: 'c', sessionKey: 's', market, locale: LOCALE_OF[market], touchpoint: 'desktop', notify: 'false', q });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    const page = (await jsonBody(res)) as SearchPage;
    assert.equal(res.status, 200, JSON.stringify(page));
    assert.equal(page.autoCorrect, undefined, `"${q}" was auto-corrected to "${page.autoCorrect?.q}"`);
    return page.primaryList.productGroups.map((g) => g.products[0].key).sort();
  };
  const synonyms = (body: unknown) =>
    service.admin('PUT', '/api/admin/v4/import/synonyms', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  before(async function () {
    const dir = loadConfig(process.env, { adminApiKeys: ['k'] }).lexiconDir;
    for (const language of ['sv', 'nb', 'da']) {
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

  it("finds the American word for a British one, and a shop's synonyms import overrides the shipped rule", async () => {
    assert.deepStrictEqual(await search('UK', 'trainers'), ['en-sneakers']);
    assert.deepStrictEqual(await search('UK', 'jumper'), ['en-sweater']);
    assert.ok((await search('UK', 'hoodie')).includes('en-hooded'), 'hoodie finds the hooded sweatshirt');
    assert.deepStrictEqual(await search('UK', 'sneakers'), ['en-sneakers'], 'the American word keeps its own');
    const shipped = await service.admin('GET', '/api/admin/v4/export/synonyms?shipped=true&locale=en-GB', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(shipped.status, 200);
    assert.ok(
      ((await jsonBody(shipped)).locales['en-GB'] as { terms?: string[] }[]).some((r) => r.terms?.includes('trainers')),
      'the console lists the shipped rules',
    );

    assert.equal((await synonyms({ locales: { 'en-GB': [{ from: ['trainers'], to: ['trainers'] }, { terms: ['jumper', 'sneakers'] }] } })).status, 204);
    assert.deepStrictEqual(await search('UK', 'trainers'), [], 'the shop switched the shipped "trainers" off');
    assert.deepStrictEqual(await search('UK', 'jumper'), ['en-sneakers'], 'the shop\'s rule of "jumper" replaces the shipped one');
    assert.equal((await synonyms({ locales: { 'en-GB': [] } })).status, 204);
    assert.deepStrictEqual(await search('UK', 'trainers'), ['en-sneakers'], "without the shop's rules the shipped ones apply again");
  });

  it('finds English singulars and plurals the stemmer leaves apart', async () => {
    // KStem also makes "gaming" a game: the gaming headset may come along.
    for (const q of ['games', 'game'])
      assert.deepStrictEqual(
        (await search('UK', q)).filter((k) => k !== 'en-headset'),
        ['en-game', 'en-games'],
        q,
      );
    assert.deepStrictEqual(await search('UK', 'lights'), ['en-light', 'en-lights']);
  });

  it('finds words joined or split as the catalog writes them', async () => {
    assert.deepStrictEqual(await search('UK', 'smartwatch'), ['en-smart-watch', 'en-smartwatch']);
    assert.deepStrictEqual(await search('UK', 'smart watch'), ['en-smart-watch', 'en-smartwatch']);
    assert.deepStrictEqual(await search('UK', 'head set'), ['en-headset']);
    assert.deepStrictEqual(await search('UK', 'smart'), ['en-smart', 'en-smart-watch'], 'a word alone is not joined to anything');
  });

  it('finds definite forms of compounds and "-el" nouns: sv, nb, da', async () => {
    assert.deepStrictEqual(await search('SE', 'gummistöveln'), ['sv-gummistovlar']);
    assert.deepStrictEqual(await search('SE', 'löparskon'), ['sv-loparskor']);
    assert.deepStrictEqual(await search('NO', 'tøflene'), ['nb-tofler']);
    assert.deepStrictEqual(await search('NO', 'sykkelen'), ['nb-sykler']);
    assert.deepStrictEqual(await search('DK', 'hatten'), ['da-hat']);
  });
});
