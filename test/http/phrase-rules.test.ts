/**
 * Phrase rules (our addition: search merchandising per phrase) through the storefront's own answers: pins at a
 * position (a product the phrase does not find too), hides, boosts and buries change search-page for that phrase
 * only, at no extra Elasticsearch round trip; the redirect is search-page's and autocomplete's redirectLink; a
 * rule outside its start/end does nothing; previewOnly changes only viewId=PREVIEW; the explanation names the
 * rule; a rollback restores the previous answer; a bad body answers 400 naming the path and changes nothing.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { group, product } from '../fixtures/catalog';

const CONFIGURATION = { markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' }, NO: { locales: ['nb-NO'], currency: 'NOK' } } };
const SNEAKERS = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
const BOOTS = ['B1', 'B2', 'B3'];

describe('phrase rules (admin API → search-page and autocomplete)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await service.configure(CONFIGURATION);
    const titled = (key: string, title: string) =>
      group(key, { [`${key}-p`]: product(`${key}-p`, { defaults: { title, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'] } }) });
    const res = await service.importCatalog([...SNEAKERS.map((k) => titled(k, `Sneaker ${k}`)), ...BOOTS.map((k) => titled(k, `Boot ${k}`))]);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  const importRules = (method: 'PUT' | 'POST', body: unknown, query = '') =>
    service.admin(method, `/api/admin/v4/import/phrase-rules${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const expect204 = async (res: Response) => assert.equal(res.status, 204, await res.text());

  /** search-page's product keys in order, its redirectLink and its round trips. */
  async function search(q: string, extra: Record<string, string> = {}): Promise<{ keys: string[]; total: number; redirectLink?: string; roundTrips: number }> {
    const query = new URLSearchParams({
      q,
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'desktop',
      customerKey: 'c',
      sessionKey: 's',
      notify: 'false',
      ...extra,
    });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { redirectLink?: string; primaryList: { totalHits: number; productGroups: { products: { key: string }[] }[] } };
    return {
      keys: body.primaryList.productGroups.map((g) => g.products[0]!.key),
      total: body.primaryList.totalHits,
      ...(body.redirectLink !== undefined ? { redirectLink: body.redirectLink } : {}),
      roundTrips: Number(res.headers.get('X-Elasticsearch-Round-Trips')),
    };
  }
  async function autocompleteRedirect(q: string): Promise<string | undefined> {
    const query = new URLSearchParams({ q, market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', customerKey: 'c', sessionKey: 's', notify: 'false' });
    const res = await service.request('GET', `/api/storefront/v3/queries/autocomplete?${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { redirectLink?: string }).redirectLink;
  }

  let plain: { keys: string[]; total: number; roundTrips: number };
  let boots: string[];

  it('pins at positions (also a product the phrase does not find) and hides, for that phrase only, at no extra round trip', async () => {
    // Warm round trips: the fewer of two answers, since a cache reload (STORE_CACHE_MS) on a slow machine may
    // land in either; a rule that added a trip would add it to both.
    const warm = async (q: string) => {
      const [a, b] = [await search(q), await search(q)];
      return a.roundTrips <= b.roundTrips ? a : b;
    };
    await search('sneaker');
    plain = await warm('sneaker');
    assert.ok(plain.roundTrips > 0);
    boots = (await search('boot')).keys;
    assert.equal(plain.keys.length, 6);
    assert.equal(boots.length, 3);
    const last = plain.keys[5]!;
    const hidden = plain.keys[1]!;

    await expect204(
      await importRules('PUT', {
        markets: {
          SE: [
            {
              id: 'sneakers',
              phrases: ['  SNEAKER ', 'sneakers'],
              pinned: [
                { productKey: 'B2-p', position: 1 },
                { productKey: last, position: 3 },
              ],
              hidden: [hidden],
            },
          ],
        },
      }),
    );
    // Round trips are compared warm on both sides: the first query after an import may reload cached catalog facts.
    await search('Sneaker');
    const ruled = await warm('Sneaker');
    assert.equal(ruled.keys[0], 'B2-p', JSON.stringify(ruled.keys));
    assert.equal(ruled.keys[2], last, JSON.stringify(ruled.keys));
    assert.ok(!ruled.keys.includes(hidden), 'the hidden product is gone');
    assert.deepEqual(
      ruled.keys.filter((k) => k !== 'B2-p' && k !== last),
      plain.keys.filter((k) => k !== hidden && k !== last),
      'the others keep their order',
    );
    assert.equal(ruled.total, 6, 'six sneakers, one hidden, one boot pinned');
    assert.equal(ruled.roundTrips, plain.roundTrips, 'no extra Elasticsearch round trip');
    // Pages of the same list: pins stay at their positions.
    const paged = await search('sneaker', { skip: '1', limit: '3' });
    assert.deepEqual(paged.keys, ruled.keys.slice(1, 4));
    // Another phrase is untouched.
    assert.deepEqual((await search('boot')).keys, boots);
  });

  it('boosts and buries by product rules, for that phrase only', async () => {
    const first = plain.keys[0]!;
    const last = plain.keys[5]!;
    await expect204(
      await importRules('PUT', {
        markets: { SE: [{ id: 'sneakers', phrases: ['sneaker'], boost: `rule incl product_key { "${last}" }`, bury: `rule incl product_key { "${first}" }` }] },
      }),
    );
    const ruled = await search('sneaker');
    assert.equal(ruled.keys[0], last, JSON.stringify(ruled.keys));
    assert.equal(ruled.keys[5], first, JSON.stringify(ruled.keys));
    assert.deepEqual((await search('boot')).keys, boots);
  });

  it('redirects search-page and autocomplete for the phrase', async () => {
    assert.equal(await autocompleteRedirect('sneaker'), undefined);
    await expect204(await importRules('POST', { markets: { SE: [{ id: 'sale', phrases: ['rea'], redirect: '/kampanj/rea' }] } }));
    assert.equal((await search('REA')).redirectLink, '/kampanj/rea');
    assert.equal(await autocompleteRedirect('rea'), '/kampanj/rea');
    assert.equal((await search('sneaker')).redirectLink, undefined);
    assert.equal(await autocompleteRedirect('sneaker'), undefined);
  });

  it('a rule outside its start and end does nothing', async () => {
    const hour = 3_600_000;
    await expect204(
      await importRules('PUT', {
        markets: {
          SE: [
            { id: 'later', phrases: ['sneaker'], pinned: [{ productKey: 'B1-p', position: 1 }], start: new Date(Date.now() + hour).toISOString() },
            { id: 'over', phrases: ['boot'], hidden: [boots[0]], end: new Date(Date.now() - hour).toISOString() },
          ],
        },
      }),
    );
    assert.deepEqual((await search('sneaker')).keys, plain.keys);
    assert.deepEqual((await search('boot')).keys, boots);
    await expect204(
      await importRules('PUT', {
        markets: {
          SE: [
            {
              id: 'now',
              phrases: ['sneaker'],
              pinned: [{ productKey: 'B1-p', position: 1 }],
              start: new Date(Date.now() - hour).toISOString(),
              end: new Date(Date.now() + hour).toISOString(),
            },
          ],
        },
      }),
    );
    assert.equal((await search('sneaker')).keys[0], 'B1-p');
  });

  it('previewOnly changes only viewId=PREVIEW, and the explanation names the rule', async () => {
    const live = await search('sneaker');
    await expect204(
      await importRules(
        'PUT',
        { markets: { SE: [{ id: 'preview', phrases: ['sneaker'], pinned: [{ productKey: 'B3-p', position: 2 }] }] } },
        '?previewOnly=true',
      ),
    );
    assert.deepEqual((await search('sneaker')).keys, live.keys);
    assert.equal((await search('sneaker', { viewId: 'PREVIEW' })).keys[1], 'B3-p');
    const exported = await service.admin('GET', '/api/admin/v4/export/phrase-rules?market=SE', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(((await exported.json()) as { markets: { SE: { id: string }[] } }).markets.SE[0]!.id, 'now');

    const query = new URLSearchParams({
      q: 'sneaker',
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'desktop',
      customerKey: 'c',
      sessionKey: 's',
      viewId: 'PREVIEW',
    });
    const res = await service.admin('GET', `/api/admin/v4/explain/search-page?${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    const explained = (await res.json()) as {
      primaryList: { productGroups: { products: { key: string }[]; explanation: { kind: string; label: string; effect: unknown }[] }[] };
    };
    const second = explained.primaryList.productGroups[1]!;
    assert.equal(second.products[0]!.key, 'B3-p');
    assert.ok(
      second.explanation.some((r) => r.kind === 'pin' && r.label === "Pinned at 2 by phrase rule 'preview'"),
      JSON.stringify(second.explanation),
    );
  });

  it('keeps versions with a diff, and a rollback restores the previous answer', async () => {
    const get = async (path: string) => {
      const res = await service.admin('GET', path);
      assert.equal(res.status, 200, await res.clone().text());
      return res.json() as Promise<{ versions: { id: string }[] } & { changed: { id: string }[] }>;
    };
    const { versions } = await get('/api/admin/v4/history/phrase-rules');
    assert.ok(versions.length >= 5, 'one version per published import, none for the preview');
    const current = await search('sneaker');
    await expect204(await importRules('PUT', { markets: { SE: [{ id: 'now', phrases: ['sneaker'], hidden: plain.keys.slice(0, 3) }] } }));
    assert.deepEqual((await search('sneaker')).keys, plain.keys.slice(3));
    const after = (await get('/api/admin/v4/history/phrase-rules')).versions;
    const diff = await get(`/api/admin/v4/history/phrase-rules/diff?from=${after[1]!.id}&to=${after[0]!.id}`);
    assert.deepEqual(
      diff.changed.map((c) => c.id),
      ['SE|now'],
    );
    await expect204(await service.admin('POST', `/api/admin/v4/history/phrase-rules/${after[1]!.id}/rollback`));
    assert.deepEqual((await search('sneaker')).keys, current.keys);
  });

  it('refuses a bad body with 400 naming the path, and changes nothing', async () => {
    const before = await search('sneaker');
    const cases: [unknown, string][] = [
      [{ markets: { SE: [{ id: 'x', phrases: ['sneaker'], pinned: [{ productKey: 'S1-p', position: 0 }] }] } }, 'markets.SE[0].pinned[0].position'],
      [{ markets: { DK: [] } }, 'markets.DK'],
      [{ markets: { SE: [{ id: 'x', phrases: ['sneaker'], boost: 'rule incl colour { "red" }' }] } }, 'markets.SE[0].boost'],
      [{ markets: { SE: [{ id: 'x', phrases: [] }] } }, 'markets.SE[0].phrases'],
      [{ markets: { SE: [{ id: 'x', phrases: ['a'], redirect: 'javascript:alert(1)' }] } }, 'markets.SE[0].redirect'],
      [{ markets: { SE: [{ id: 'x', phrases: ['a'], start: '2026-12-01', end: '2026-11-01T00:00:00Z' }] } }, 'markets.SE[0].start'],
      [{ markets: { SE: [{ id: 'x', phrases: ['a'], locale: 'nb-NO' }] } }, 'markets.SE[0].locale'],
    ];
    for (const [body, path] of cases) {
      const res = await importRules('PUT', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const { errors } = (await res.json()) as { errors: { path: string }[] };
      assert.ok(
        errors.some((e) => e.path === path),
        `${path} in ${JSON.stringify(errors)}`,
      );
    }
    assert.deepEqual((await search('sneaker')).keys, before.keys);
  });
});
