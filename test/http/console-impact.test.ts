/**
 * The impact report of a full catalog import over HTTP against the real node (issue 25, section 4): the most
 * searched phrases run on the live catalog and on the candidate; a candidate that removes a product searched
 * for shows its phrase finding nothing and the product leaving, nothing live changes and the candidate is deleted;
 * without validationOnly the candidate is published on request after its report.
 */
import assert from 'node:assert/strict';
import { jsonBody, replaceLines, startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';

function product(title: string): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}` },
    variants: { [`${title}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
  };
}
const group = (key: string, title: string): ReplaceEntity => ({ key, productGroup: { products: { [`${key}-p`]: product(title) } } });

const LIVE: ReplaceEntity[] = [
  group('red-boot', 'Red boot'),
  group('blue-boot', 'Blue boot'),
  group('green-hat', 'Green hat'),
  group('wool-scarf', 'Wool scarf'),
];
/** The scarf and the red boot are gone, a black boot comes. */
const CANDIDATE: ReplaceEntity[] = [group('blue-boot', 'Blue boot'), group('green-hat', 'Green hat'), group('black-boot', 'Black boot')];

const SEARCH = '/api/storefront/v3/queries/search-page?market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s';
const JSON_LINES = { 'Content-Type': 'application/jsonlines' };

interface Report {
  window: { days: number; from: string; to: string };
  lines: number;
  dangerous: string[];
  totals: Record<string, number>;
  titles: Record<string, string>;
  findNothing: { market: string; locale: string; phrase: string; searches: number; liveTotalHits: number; leaving: string[] }[];
  topChanged: { phrase: string; searches: number; leaving: string[]; entering: string[]; live: string[]; candidate: string[] }[];
}

describe('catalog import impact report (HTTP)', function () {
  let service: TestService;
  const keysFor = async (q: string) =>
    (await jsonBody(await service.request('GET', `${SEARCH}&notify=false&q=${q}`))).primaryList.productGroups.map((g: { key: string }) => g.key).sort();
  const catalogVersions = async () => Object.keys(await service.context.es.indices.get({ index: `${service.prefix}-catalog-entities-v*` }));
  const report = (query: string, entities = CANDIDATE) =>
    service.admin('PUT', `/api/admin/v4/import/catalog?validationOnly=true&impactReport=true${query}`, { body: replaceLines(entities), headers: JSON_LINES });

  before(async function () {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(LIVE);
    assert.equal(res.status, 204, await res.text());
    // Searches visitors made: boot three times, scarf twice, hat once.
    for (const q of ['boot', 'boot', 'boot', 'scarf', 'scarf', 'hat']) {
      const search = await service.request('GET', `${SEARCH}&q=${q}`);
      assert.equal(search.status, 200, await search.text());
    }
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events*` });
  });
  after(async () => service.close());

  it('lists the phrase of a removed product as finding nothing, and the boots leaving and entering, without changing anything live', async () => {
    const live = await catalogVersions();
    const res = await report('');
    assert.equal(res.status, 200, await res.clone().text());
    const body: Report = await jsonBody(res);

    assert.equal(body.window.days, 7);
    assert.equal(body.lines, CANDIDATE.length);
    assert.deepEqual(body.findNothing, [{ market: 'SE', locale: 'sv-SE', phrase: 'scarf', searches: 2, liveTotalHits: 1, leaving: ['wool-scarf'] }]);
    assert.equal(body.topChanged.length, 1);
    const boot = body.topChanged[0];
    assert.equal(boot.phrase, 'boot');
    assert.equal(boot.searches, 3);
    assert.deepEqual(boot.leaving, ['red-boot']);
    assert.deepEqual(boot.entering, ['black-boot']);
    assert.deepEqual([...boot.live].sort(), ['blue-boot', 'red-boot']);
    assert.deepEqual([...boot.candidate].sort(), ['black-boot', 'blue-boot']);
    assert.deepEqual(body.totals, {
      phrases: 3,
      findNothing: 1,
      newlyFindNothing: 1,
      topChanged: 1,
      firstProductChanged: 1,
      unchanged: 1,
      productsLeaving: 2,
      productsEntering: 1,
      skipped: 0,
    });
    // The products the lists name, by the titles the storefront shows.
    assert.deepEqual(Object.keys(body.titles).sort(), ['black-boot', 'blue-boot', 'red-boot', 'wool-scarf']);
    assert.equal(body.titles['red-boot'], 'Red boot');
    assert.ok(Array.isArray(body.dangerous));

    // Nothing live changed, and the candidate is gone.
    assert.deepEqual(await keysFor('scarf'), ['wool-scarf']);
    assert.deepEqual(await keysFor('boot'), ['blue-boot', 'red-boot']);
    assert.deepEqual(await catalogVersions(), live);
  });

  it('takes the most searched phrases first, impactPhrases of them', async () => {
    const body: Report = await jsonBody(await report('&impactPhrases=1'));
    assert.equal(body.totals.phrases, 1);
    assert.deepEqual(
      body.topChanged.map((p) => p.phrase),
      ['boot'],
    );
    assert.deepEqual(body.findNothing, []);
  });

  it('gives the candidate the kept popularity, as the popularity job gives a published version', async () => {
    const es = service.context.es;
    const index = `${service.prefix}-popularity`;
    const forget = (favourite: string) => es.delete({ index, id: `SE|${favourite}-p`, refresh: true }, { ignore: [404] });
    // Each boot in turn is the only one with a kept score: it leads the candidate's answer only if the score was copied.
    for (const favourite of ['blue-boot', 'black-boot']) {
      await es.index({
        index,
        id: `SE|${favourite}-p`,
        document: { market: 'SE', productKey: `${favourite}-p`, popularity: 1000, updatedAt: new Date().toISOString() },
        refresh: true,
      });
      try {
        const body: Report = await jsonBody(await report(''));
        assert.equal(body.topChanged.find((p) => p.phrase === 'boot')?.candidate[0], favourite);
      } finally {
        await forget(favourite);
      }
    }
  });

  it('answers 202 past blockingTimeout, with the report in the import status', async () => {
    const res = await report('&blockingTimeout=PT0S');
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await jsonBody(res);
    let status: { status: string; impactReport?: Report } = { status: 'IN_PROGRESS' };
    for (let i = 0; i < 300 && status.status === 'IN_PROGRESS'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = await jsonBody(await service.admin('GET', `/api/admin/v4/import/status?id=${id}`));
    }
    assert.equal(status.status, 'SUCCESS');
    assert.deepEqual(
      status.impactReport?.findNothing.map((p) => p.phrase),
      ['scarf'],
    );
  });

  it('names the parameter of a request it cannot run, and a candidate with errors is rejected like any import', async () => {
    const operations = await service.admin('POST', '/api/admin/v4/import/catalog?validationOnly=true&impactReport=true', {
      body: replaceLines(CANDIDATE),
      headers: JSON_LINES,
    });
    assert.equal(operations.status, 400);
    assert.match((await jsonBody(operations)).message, /impactReport/);
    const tooMany = await report('&impactPhrases=0');
    assert.equal(tooMany.status, 400);
    assert.match((await jsonBody(tooMany)).message, /impactPhrases/);
    const live = await catalogVersions();
    const broken = await service.admin('PUT', '/api/admin/v4/import/catalog?validationOnly=true&impactReport=true', {
      body: '{"replace": {"key": "x"}}\n',
      headers: JSON_LINES,
    });
    assert.equal(broken.status, 400);
    assert.deepEqual(await catalogVersions(), live);
  });

  // Last: it changes the live catalog.
  it('publishes the candidate on request (impactReport without validationOnly): the report comes back and the candidate is live', async () => {
    const live = await catalogVersions();
    const res = await service.admin('PUT', '/api/admin/v4/import/catalog?impactReport=true&force=true', { body: replaceLines(CANDIDATE), headers: JSON_LINES });
    assert.equal(res.status, 200, await res.clone().text());
    const body: Report = await jsonBody(res);
    assert.deepEqual(
      body.findNothing.map((p) => p.phrase),
      ['scarf'],
      'the report compares the live catalog with the candidate before publishing it',
    );
    assert.deepEqual(
      body.topChanged.map((p) => p.phrase),
      ['boot'],
    );
    assert.deepEqual(await keysFor('scarf'), []);
    assert.deepEqual(await keysFor('boot'), ['black-boot', 'blue-boot']);
    const now = await catalogVersions();
    assert.equal(now.length, 1, `one version left: ${now.join(', ')}`);
    assert.ok(!live.includes(now[0]), 'the published version is the candidate, not the old one');
  });
});
