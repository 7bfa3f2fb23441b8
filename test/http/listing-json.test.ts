/**
 * search-page's listing JSON kept per document version (src/storefront/listingJson.ts): two API processes
 * on one catalog, one keeping it (the default) and one shaping every group per request
 * (LISTING_JSON_CACHE_MB=0), must answer byte for byte alike, the second time from the cache as the first;
 * tickets are the answer's own; an operations import inside the catalog version is never served stale.
 */
import assert from 'node:assert/strict';
import { jsonLines, startService, type TestService } from './harness';
import { defaultConfiguration, generateCatalogLines, GENERATED_STORES } from '../../src/sample/generator';
import { requestMix } from '../../src/sample/benchmarkMix';
import { decodeTicket } from '../../src/events/tickets';
import type { Templates } from '../../src/merchandising/templates/types';

const GROUPS = 300;

const TEMPLATES: Templates = {
  card: {
    products: {
      first: { fields: ['title', 'link', 'sellingPrice', 'badges', 'custom.material'], maxVariants: 1, variants: { all: { fields: ['label', 'inStock'] } } },
      rest: { fields: ['swatch'], maxVariants: 0 },
    },
  },
};

/** The mix's search-pages, some in other shaping contexts: custom attributes, a custom price, stores, a template. */
function searchPages(): string[] {
  const mix = requestMix({ groups: GROUPS, configuration: defaultConfiguration(), generator: {}, seed: 7 }, 160).filter((r) => r.endpoint === 'search-page');
  return mix.map((r, i) => {
    const extra = [
      i % 5 === 1 ? { presentCustom: 'material|fit|variant.size' } : {},
      i % 7 === 2 ? { priceId: 'member', presentPrices: 'member' } : {},
      i % 9 === 3 ? { channels: 'ONLINE|STORE', stores: GENERATED_STORES[0] } : {},
      i % 6 === 4 ? { templateId: 'card' } : {},
    ];
    const params = new URLSearchParams(Object.assign({}, ...extra) as Record<string, string>).toString();
    return params ? `${r.path}&${params}` : r.path;
  });
}

describe('search-page listing JSON per document version (HTTP)', function () {
  let kept: TestService;
  let shaped: TestService;

  before(async () => {
    kept = await startService({ storeCacheMs: 60_000 });
    const configuration = defaultConfiguration();
    await kept.configure(configuration);
    const res = await kept.importCatalog([...generateCatalogLines({ productGroups: GROUPS, markets: configuration })]);
    assert.equal(res.status, 204, await res.text());
    const templates = await kept.admin('POST', '/api/admin/v4/import/templates', {
      body: JSON.stringify(TEMPLATES),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(templates.status, 204, await templates.text());
    shaped = await startService({ storeCacheMs: 60_000, listingJsonCacheBytes: 0 }, { prefix: kept.prefix });
  });
  after(async () => {
    await shaped?.close();
    await kept?.close();
  });

  const text = async (service: TestService, path: string): Promise<string> => {
    const res = await service.request('GET', path);
    const body = await res.text();
    assert.equal(res.status, 200, `${path}: ${body.slice(0, 300)}`);
    return body;
  };
  const cache = () => kept.context.storefront.listingJson!;

  it('answers the benchmark mix byte for byte as shaping per request does, from the cache the second time', async () => {
    const paths = searchPages();
    assert.ok(paths.length >= 40, `${paths.length} search-pages`);
    assert.equal(shaped.context.storefront.listingJson, undefined, 'LISTING_JSON_CACHE_MB=0 keeps none');
    for (const pass of [1, 2]) {
      const before = { ...cache().counts };
      for (const path of paths) assert.equal(await text(kept, path), await text(shaped, path), `pass ${pass}: ${path}`);
      const served = cache().counts.served - before.served;
      const fresh = cache().counts.shaped - before.shaped;
      if (pass === 1) assert.ok(fresh > 100, `${fresh} groups shaped on the first pass`);
      // The second pass repeats the first: every group comes from the cache (none shaped again).
      else assert.deepEqual({ served: served > 100, shaped: fresh }, { served: true, shaped: 0 });
    }
    assert.ok(cache().bytes > 0);
  });

  /** A search-page of the mix listing at least three groups, without a template (whose cards keep every ticket). */
  const listing = async (): Promise<URLSearchParams> => {
    for (const path of searchPages()) {
      if (path.includes('templateId')) continue;
      if (JSON.parse(await text(shaped, path)).primaryList.productGroups.length >= 3) return new URLSearchParams(path.slice(path.indexOf('?') + 1));
    }
    throw new Error('no search-page of the mix lists three groups');
  };
  const searchPage = (params: URLSearchParams, set: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(set)) p.set(k, v);
    return `/api/storefront/v3/queries/search-page?${p.toString()}`;
  };

  it('encodes each answer’s own tickets: position, list and query id', async () => {
    const params = await listing();
    const at = (session: string, skip: number) =>
      searchPage(params, { sessionKey: session, customerKey: `c-${session}`, touchpoint: 'MOBILE', notify: 'true', skip: String(skip), limit: '5' });
    const first = JSON.parse(await text(kept, at('ticket-a', 0)));
    const again = JSON.parse(await text(kept, at('ticket-b', 1)));
    const ids = new Set<string | undefined>();
    for (const [answer, skip] of [
      [first, 0],
      [again, 1],
    ] as const) {
      const groups = answer.primaryList.productGroups as { products: { ticket: string; variants: { ticket: string }[] }[] }[];
      assert.ok(groups.length >= 2, 'a list to compare');
      const queryIds = new Set<string | undefined>();
      groups.forEach((g, i) => {
        for (const p of g.products) {
          for (const ticket of [p.ticket, ...p.variants.map((v) => v.ticket)]) {
            const t = decodeTicket(ticket);
            assert.equal(t.position, skip + i);
            assert.equal(t.listId, 'PRIMARY_LIST');
            assert.equal(t.touchpoint, 'MOBILE');
            queryIds.add(t.queryId);
          }
        }
      });
      assert.equal(queryIds.size, 1, 'one query id per answer');
      ids.add([...queryIds][0]);
    }
    assert.equal(ids.size, 2, 'each answer its own query id');
    assert.ok(![...ids].includes(undefined), 'registered answers carry their query id');
  });

  it('shows an operations import’s change at once (the document changed within the catalog version)', async () => {
    const path = searchPage(await listing(), {});
    const before = await text(kept, path);
    assert.equal(await text(kept, path), before, 'from the cache');
    const variant = JSON.parse(before).primaryList.productGroups[0].products[0].variants[0] as { key: string; stockNumber: number };
    // Stock: the generated catalog's prices differ by market (overrides), its stock does not.
    const res = await kept.admin('POST', '/api/admin/v4/import/catalog', {
      body: jsonLines([{ editAttributes: { key: variant.key, variant: { defaults: { stock: 777 } } } }]),
      headers: { 'Content-Type': 'application/jsonlines' },
    });
    assert.equal(res.status, 204, await res.text());
    const after = await text(kept, path);
    assert.notEqual(after, before);
    assert.equal(after, await text(shaped, path), 'as shaped per request');
    const changed = JSON.parse(after).primaryList.productGroups[0].products[0].variants.find((v: { key: string }) => v.key === variant.key);
    assert.ok(changed.stockNumber >= 777, `stockNumber ${changed.stockNumber}`);
  });
});
