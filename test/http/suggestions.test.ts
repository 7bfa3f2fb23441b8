/**
 * Suggestions from behaviour (issue 43, docs/merchandising.md "Suggestions from behaviour"), over HTTP against
 * the real node:
 * - journeys made through the storefront and the notifications (a phrase clicked nowhere, then another clicked
 *   at once) in three sessions propose the synonym; applying it (the synonyms import) makes it disappear;
 * - the sample shop's generated history (src/sample/sampleBehaviour.ts) puts the planted pairs, the category
 *   redirect and the pin among the suggestions, loading it again replaces it, and a published phrase rule makes
 *   its suggestion disappear while a preview-only one does not;
 * - bad parameters answer 400 naming the parameter, and the analyst key may read.
 */
import assert from 'node:assert/strict';
import { sampleBehaviourDeps } from '../../src/app';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import {
  loadSampleBehaviour,
  PLANTED_CATEGORY,
  PLANTED_PIN,
  PLANTED_PIN_POSITION,
  PLANTED_SYNONYMS,
  SAMPLE_KEY_PREFIX,
} from '../../src/sample/sampleBehaviour';
import type { Suggestion, SuggestionsAnswer } from '../../src/contract/suggestions';
import { group, product } from '../fixtures/catalog';
import { jsonBody, startService, type TestService } from './harness';

const Q = '/api/storefront/v3/queries';
const NOTIFY = '/api/storefront/v3/notifications';

async function suggestionsOf(service: TestService, query: string): Promise<SuggestionsAnswer> {
  const res = await service.admin('GET', `/api/admin/v4/suggestions?${query}`);
  assert.equal(res.status, 200, await res.clone().text());
  return jsonBody(res) as Promise<SuggestionsAnswer>;
}
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

describe('suggestions from behaviour: journeys through the storefront', function () {
  let service: TestService;
  before(async () => {
    service = await startService({ analystApiKeys: ['analyst-key'] });
    await service.configure();
    const shoe = (key: string) =>
      group(key, { [`${key}-p`]: product(`${key}-p`, { defaults: { title: `Sneaker ${key}`, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'] } }) });
    const res = await service.importCatalog([shoe('A'), shoe('B'), shoe('C')]);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  const search = async (session: string, q: string) => {
    const res = await service.request(
      'GET',
      `${Q}/search-page?q=${encodeURIComponent(q)}&market=SE&locale=en-GB&touchpoint=DESKTOP&customerKey=${session}&sessionKey=${session}`,
    );
    assert.equal(res.status, 200, await res.clone().text());
    return (await jsonBody(res)) as { primaryList: { totalHits: number; productGroups: { products: { ticket: string }[] }[] } };
  };

  it('proposes the pair three sessions made, and drops it once the synonym exists', async () => {
    for (const session of ['s1', 's2', 's3']) {
      const nothing = await search(session, 'kicks');
      assert.equal(nothing.primaryList.totalHits, 0);
      const found = await search(session, 'sneaker');
      const ticket = found.primaryList.productGroups[0]!.products[0]!.ticket;
      const click = await service.request('POST', `${NOTIFY}/click?market=SE&customerKey=${session}&sessionKey=${session}`, {
        body: JSON.stringify({ ticket }),
      });
      assert.equal(click.status, 204, await click.text());
      await service.context.behaviour.flush();
    }
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });

    const answer = await suggestionsOf(service, 'market=SE');
    const synonym = answer.suggestions.find((s) => s.kind === 'synonym' && s.phrase === 'kicks');
    assert.ok(synonym, JSON.stringify(answer));
    assert.equal(synonym.kind === 'synonym' && synonym.replacement, 'sneaker');
    assert.equal(synonym.locale, 'en-GB');
    assert.equal(synonym.sessions, 3);
    assert.ok(synonym.score > 0 && synonym.score <= 100);
    assert.deepEqual(
      synonym.examples[0]!.steps.map((s) => [s.phrase, s.totalHits, s.clicks]),
      [
        ['kicks', 0, 0],
        ['sneaker', 3, 1],
      ],
    );

    // The analyst (read-only) key reads them too.
    const analyst = await service.request('GET', '/api/admin/v4/suggestions?market=SE', { headers: { 'Api-Key': 'analyst-key' } });
    assert.equal(analyst.status, 200);

    const applied = await service.admin('PUT', '/api/admin/v4/import/synonyms', json({ locales: { 'en-GB': [{ terms: ['kicks', 'sneaker'] }] } }));
    assert.equal(applied.status, 204, await applied.text());
    const after = await suggestionsOf(service, 'market=SE');
    assert.equal(
      after.suggestions.find((s) => s.kind === 'synonym' && s.phrase === 'kicks'),
      undefined,
    );
  });

  it('answers 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['', /market/],
      ['market=XX', /market/],
      ['market=SE&locale=nb-NO', /locale/],
      ['market=SE&days=0', /days/],
      ['market=SE&days=91', /days/],
      ['market=SE&limit=201', /limit/],
      ['market=SE&limit=x', /limit/],
      ['market=SE&kind=banner', /kind/],
      ['market=SE&minScore=101', /minScore/],
      ['market=SE&market=NO', /market/],
    ];
    for (const [query, named] of cases) {
      const res = await service.admin('GET', `/api/admin/v4/suggestions?${query}`);
      assert.equal(res.status, 400, query);
      assert.match(((await jsonBody(res)) as { message: string }).message, named, query);
    }
    assert.equal((await service.request('GET', '/api/admin/v4/suggestions?market=SE')).status, 403);
  });
});

describe("suggestions from behaviour: the sample shop's generated history", function () {
  this.timeout(240_000);
  let service: TestService;
  const sampleEvents = () =>
    service.context.es.count({ index: `${service.prefix}-events`, query: { prefix: { sessionKey: SAMPLE_KEY_PREFIX } } }).then((r) => r.count);
  before(async () => {
    service = await startService();
    await loadSampleCatalogIfEmpty(service.context);
    await loadSampleBehaviour(sampleBehaviourDeps(service.context));
  });
  after(async () => service?.close());

  it('holds 30 days of searches, clicks, carts and purchases, and loading again replaces them', async () => {
    const first = await sampleEvents();
    assert.ok(first > 5000, `${first} events`);
    const daily = await jsonBody(
      await service.admin('GET', '/api/admin/v4/analytics/searches?market=UK&from=' + new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)),
    );
    assert.ok(
      daily.totals.searches > 300 &&
        daily.totals.clickThroughRate > 0.3 &&
        daily.totals.addToCartRate > 0 &&
        daily.totals.conversionRate > 0 &&
        daily.totals.revenue > 0,
      JSON.stringify(daily.totals),
    );
    assert.ok(daily.totals.refinements > 0 && daily.totals.zeroResultSearches > 0, JSON.stringify(daily.totals));
    await loadSampleBehaviour(sampleBehaviourDeps(service.context));
    assert.equal(await sampleEvents(), first);
  });

  it('puts the planted pairs, the category and the pin among the top suggestions', async () => {
    const answer = await suggestionsOf(service, 'market=UK&limit=30');
    const top = answer.suggestions;
    for (const [phrase, replacement] of PLANTED_SYNONYMS[0]) {
      assert.ok(
        top.some((s) => s.kind === 'synonym' && s.phrase === phrase && s.replacement === replacement),
        `${phrase} → ${replacement} in ${top.map((s) => s.id).join(', ')}`,
      );
    }
    const category = top.find((s) => (s.kind === 'redirect' || s.kind === 'boost') && s.phrase === PLANTED_CATEGORY[0]);
    assert.ok(category?.kind === 'redirect', JSON.stringify(top.map((s) => s.id)));
    assert.equal(category.redirect, '/home/kitchen/knives');
    const pin = top.find((s): s is Extract<Suggestion, { kind: 'pin' }> => s.kind === 'pin' && s.phrase === PLANTED_PIN[0]);
    assert.ok(pin, JSON.stringify(top.map((s) => s.id)));
    assert.equal(pin.clickedAt, PLANTED_PIN_POSITION);
    // The planted pairs are the best synonyms: most sessions, most consistent.
    const synonyms = top.filter((s) => s.kind === 'synonym').slice(0, PLANTED_SYNONYMS[0].length);
    assert.deepEqual(
      new Set(synonyms.map((s) => s.phrase)),
      new Set(PLANTED_SYNONYMS[0].map(([phrase]) => phrase)),
      top.map((s) => `${s.id} ${s.score}`).join('\n'),
    );
  });

  it('drops a redirect once a published phrase rule redirects the phrase, not while it is in preview', async () => {
    const rule = { id: 'knives', phrases: [PLANTED_CATEGORY[0]], redirect: '/home/kitchen/knives' };
    const has = async () => (await suggestionsOf(service, 'market=UK&kind=redirect')).suggestions.some((s) => s.phrase === PLANTED_CATEGORY[0]);
    assert.equal(await has(), true);
    const preview = await service.admin('PUT', '/api/admin/v4/import/phrase-rules?previewOnly=true', json({ markets: { UK: [rule] } }));
    assert.equal(preview.status, 204, await preview.text());
    assert.equal(await has(), true);
    const published = await service.admin('PUT', '/api/admin/v4/import/phrase-rules', json({ markets: { UK: [rule] } }));
    assert.equal(published.status, 204, await published.text());
    assert.equal(await has(), false);
  });
});
