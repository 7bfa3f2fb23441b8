/**
 * Replay before publishing over HTTP against the real node (issue 43, point 2): judgments round-trip through
 * import and export with 400s naming the item and field; a replay of a pending synonym change reports the
 * phrase it rescues (finds nothing live, finds products with the change), where the product shoppers clicked
 * moves, and nDCG@10 on the imported judgments, as a job any process reads, without changing anything live.
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { jsonBody, startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { ReplayJob } from '../../src/contract/replay';

function product(title: string): Product {
  return {
    markets: ['SE'],
    defaults: { title, url: `/p/${title.toLowerCase().replace(/\W+/g, '-')}` },
    variants: { [`${title}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
  };
}
const group = (key: string, title: string): ReplaceEntity => ({ key, productGroup: { products: { [`${key}-p`]: product(title) } } });
const CATALOG: ReplaceEntity[] = [
  group('red-boot', 'Red boot'),
  group('blue-boot', 'Blue boot'),
  group('green-hat', 'Green hat'),
  group('wool-scarf', 'Wool scarf'),
];

const SEARCH = '/api/storefront/v3/queries/search-page?market=SE&locale=sv-SE&touchpoint=DESKTOP';
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('replay before publishing (HTTP)', function () {
  let service: TestService;
  const keysFor = async (q: string) =>
    (await jsonBody(await service.request('GET', `${SEARCH}&customerKey=x&sessionKey=x&notify=false&q=${q}`))).primaryList.productGroups.map(
      (g: { key: string }) => g.key,
    );
  const replay = async (body: unknown): Promise<ReplayJob> => {
    const res = await service.admin('POST', '/api/admin/v4/replays', { body: JSON.stringify(body), headers: JSON_TYPE });
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await jsonBody(res);
    for (let i = 0; i < 200; i++) {
      const job: ReplayJob = await jsonBody(await service.admin('GET', `/api/admin/v4/replays/${id}`));
      if (job.status !== 'IN_PROGRESS') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('replay did not finish');
  };

  before(async function () {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
    // Shoppers: "kängor" (boots in Swedish) finds nothing, three times; "boot" twice, each time the blue boot clicked.
    for (let i = 0; i < 3; i++) await service.request('GET', `${SEARCH}&customerKey=k${i}&sessionKey=k${i}&q=kängor`);
    for (let i = 0; i < 2; i++) {
      const answer = await jsonBody(await service.request('GET', `${SEARCH}&customerKey=b${i}&sessionKey=b${i}&q=boot`));
      const blue = answer.primaryList.productGroups.find((g: { key: string }) => g.key === 'blue-boot');
      assert.ok(blue, 'the blue boot is listed');
      const click = await service.request('POST', `/api/storefront/v3/notifications/click?market=SE&customerKey=b${i}&sessionKey=b${i}`, {
        body: JSON.stringify({ ticket: blue.products[0].ticket }),
        headers: { 'Content-Type': 'text/plain' },
      });
      assert.equal(click.status, 204, await click.text());
    }
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events*` });
  });
  after(async () => service.close());

  it('round-trips judgments through import and export, and refuses a bad one naming the item and field', async () => {
    const judgments = [
      { market: 'SE', locale: 'sv-SE', phrase: 'boot', productKey: 'blue-boot', grade: 3 },
      { market: 'SE', locale: 'sv-SE', phrase: 'boot', productKey: 'red-boot', grade: 1 },
      { market: 'SE', locale: 'sv-SE', phrase: 'hat', productKey: 'green-hat', grade: 2 },
    ];
    const put = await service.admin('PUT', '/api/admin/v4/import/judgments', {
      body: gzipSync(JSON.stringify({ judgments: [{ ...judgments[0], phrase: '  Boot ' }, ...judgments.slice(1)] })),
      headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
    });
    assert.equal(put.status, 204, await put.text());
    const exported = await service.admin('GET', '/api/admin/v4/export/judgments', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(exported.status, 200);
    assert.deepEqual((await jsonBody(exported)).judgments, judgments);

    const bad = await service.admin('PUT', '/api/admin/v4/import/judgments', {
      body: JSON.stringify({ judgments: [judgments[0], { ...judgments[1], grade: 7 }, { ...judgments[2], market: 'XX' }] }),
      headers: JSON_TYPE,
    });
    assert.equal(bad.status, 400);
    const problem = await jsonBody(bad);
    assert.deepEqual(
      problem.errors.map((e: { path: string }) => e.path),
      ['judgments[1].grade', 'judgments[2].market'],
    );
    assert.match(problem.message, /judgments\[1\]\.grade/);
    // Nothing of the refused import was kept.
    assert.deepEqual(
      (await jsonBody(await service.admin('GET', '/api/admin/v4/export/judgments', { headers: { 'Accept-Encoding': 'gzip' } }))).judgments,
      judgments,
    );
    // An object key named after a built-in is refused as a field, not read.
    const proto = await service.admin('PUT', '/api/admin/v4/import/judgments', {
      body: '{"judgments": [{"market": "SE", "phrase": "a", "productKey": "b", "grade": 1, "constructor": 1}]}',
      headers: JSON_TYPE,
    });
    assert.equal(proto.status, 400);
  });

  it('reports the phrase a pending synonym change rescues, without changing anything live', async () => {
    assert.deepEqual(await keysFor('kängor'), []);
    const job = await replay({ change: { kind: 'synonyms', locales: { 'sv-SE': [{ terms: ['kängor', 'boot'] }] } } });
    assert.equal(job.status, 'SUCCESS', job.reason ?? '');
    const report = job.report!;
    assert.equal(report.window.days, 30);
    assert.ok(report.durationMs >= 0);
    assert.deepEqual(
      report.zeroResultsLost.map((p) => [p.phrase, p.searches, p.liveTotalHits]),
      [['kängor', 3, 0]],
    );
    assert.deepEqual([...report.zeroResultsLost[0].candidate].sort(), ['blue-boot', 'red-boot']);
    assert.equal(report.totals.zeroResultsLost, 1);
    assert.equal(report.totals.zeroResultsGained, 0);
    assert.deepEqual(
      report.better.map((p) => [p.phrase, p.reasons]),
      [['kängor', ['finds products now']]],
    );
    assert.deepEqual(report.worse, []);
    assert.equal(report.titles['blue-boot'], 'Blue boot');

    // Nothing live changed: no synonym stored, the phrase still finds nothing.
    assert.deepEqual(await keysFor('kängor'), []);
    const synonyms = await jsonBody(await service.admin('GET', '/api/admin/v4/export/synonyms?locale=sv-SE', { headers: { 'Accept-Encoding': 'gzip' } }));
    assert.deepEqual(synonyms.locales['sv-SE'], []);
  });

  it('reports where the product shoppers clicked moves, the estimated clicks and nDCG@10 of the preview, without publishing it', async () => {
    const rules = await service.admin('PUT', '/api/admin/v4/import/phrase-rules?previewOnly=true', {
      body: JSON.stringify({ markets: { SE: [{ id: 'hat-first', phrases: ['boot'], pinned: [{ productKey: 'green-hat-p', position: 1 }] }] } }),
      headers: JSON_TYPE,
    });
    assert.equal(rules.status, 204, await rules.text());
    const live = await keysFor('boot');
    assert.equal(live[0], 'blue-boot');
    const job = await replay({ change: { kind: 'preview' } });
    assert.equal(job.status, 'SUCCESS', job.reason ?? '');
    const report = job.report!;
    // The blue boot, clicked twice at the top, moves to second: clicks at the top fall, and so does nDCG.
    assert.deepEqual(
      report.clickedMoves.map((m) => [m.phrase, m.productKey, m.clicks, m.liveRank, m.candidateRank]),
      [['boot', 'blue-boot', 2, 1, 2]],
    );
    assert.deepEqual(
      report.firstThreeChanged.map((p) => p.phrase),
      ['boot'],
    );
    assert.deepEqual(
      report.worse.map((p) => p.phrase),
      ['boot'],
    );
    assert.ok(report.totals.candidateClicks < report.totals.liveClicks, JSON.stringify(report.totals));
    // Two clicks at rank 1 in two searches: α̂ = 1, so live expects 2 clicks and the preview 2 × θ₂ = 1.
    assert.equal(report.totals.liveClicks, 2);
    assert.equal(report.totals.candidateClicks, 1);
    assert.ok(report.ndcg.judged, JSON.stringify(report.ndcg));
    assert.ok(report.ndcg.judged.candidate < report.ndcg.judged.live, JSON.stringify(report.ndcg));
    // The preview is still a preview.
    assert.deepEqual(await keysFor('boot'), live);
  });

  it('replays the preview and an experiment variant, and refuses a bad request naming the field', async () => {
    const preview = await replay({ change: { kind: 'preview' }, phrases: 10, days: 7 });
    assert.equal(preview.status, 'SUCCESS');
    assert.equal(preview.report!.totals.zeroResultsLost, 0);

    const experiment = {
      id: 'strict',
      name: 'Strict',
      start: '2020-01-01T00:00:00Z',
      end: '2100-01-01T00:00:00Z',
      markets: ['SE'],
      variants: [
        { id: 'control', share: 50, overrides: {} },
        { id: 'B', share: 50, overrides: { relevance: { relaxedMatching: false } } },
      ],
    };
    const saved = await service.admin('PUT', '/api/admin/v4/import/experiments', { body: JSON.stringify({ experiments: [experiment] }), headers: JSON_TYPE });
    assert.equal(saved.status, 204, await saved.text());
    const variant = await replay({ change: { kind: 'experiment', experimentId: 'strict', variantId: 'B' } });
    assert.equal(variant.status, 'SUCCESS', variant.reason ?? '');
    assert.deepEqual(variant.report!.change, { kind: 'experiment', experimentId: 'strict', variantId: 'B' });
    assert.ok(variant.report!.totals.phrases >= 2);
    const unknownVariant = await service.admin('POST', '/api/admin/v4/replays', {
      body: JSON.stringify({ change: { kind: 'experiment', experimentId: 'strict', variantId: 'C' } }),
      headers: JSON_TYPE,
    });
    assert.equal(unknownVariant.status, 400);
    assert.match((await jsonBody(unknownVariant)).message, /change\.variantId/);

    for (const [body, field] of [
      [{ change: { kind: 'sideways' } }, 'change.kind'],
      [{ change: { kind: 'preview' }, phrases: 5000 }, 'phrases'],
      [{ change: { kind: 'experiment', experimentId: 'nope', variantId: 'b' } }, 'change.experimentId'],
      [{ change: { kind: 'synonyms', locales: { 'xx-XX': [] } } }, 'change.locales'],
      [{}, 'change'],
    ] as const) {
      const res = await service.admin('POST', '/api/admin/v4/replays', { body: JSON.stringify(body), headers: JSON_TYPE });
      assert.equal(res.status, 400, JSON.stringify(body));
      const problem = await jsonBody(res);
      assert.ok(
        problem.errors.some((e: { path: string }) => e.path.startsWith(field)),
        `${JSON.stringify(body)}: ${JSON.stringify(problem)}`,
      );
    }
    assert.equal((await service.admin('GET', '/api/admin/v4/replays/12345')).status, 404);
    assert.equal((await service.admin('GET', '/api/admin/v4/replays/constructor')).status, 404);
  });
});
