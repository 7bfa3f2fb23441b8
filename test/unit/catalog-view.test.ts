/** One catalog version per storefront query: the view of the aliases, and the run once more when it was deleted. */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { CatalogVersionGone, catalogViewOf, lostToDeletion, UNPINNED, type CatalogView } from '../../src/search/catalogView';
import { indexNames } from '../../src/search/indexNames';
import type { SearchGateway } from '../../src/search/gateway';
import { noHooks, storefrontServices, type StorefrontServices } from '../../src/storefront/services';

const names = indexNames('shop');

describe('catalog view (the aliases a query reads, resolved once)', () => {
  const aliases = {
    'shop-catalog-products-v1-sv-se': { aliases: { 'shop-catalog-products': {}, 'shop-catalog-products-sv-se': {} } },
    'shop-catalog-products-v1-en-gb': { aliases: { 'shop-catalog-products': {}, 'shop-catalog-products-en-gb': {} } },
    'shop-catalog-content-v1-sv-se': { aliases: { 'shop-catalog-content': {}, 'shop-catalog-content-sv-se': {} } },
    'shop-catalog-entities-v1': { aliases: { 'shop-catalog-entities': {} } },
    'shop-catalog-products-v1-xx': { aliases: { 'shop-catalog-products-archive': {}, 'other-alias': {} } },
  } as unknown as estypes.IndicesGetAliasResponse;

  it('reads each locale alias as its one concrete index, and a part alias as every index behind it', () => {
    const view = catalogViewOf(aliases, names);
    assert.equal(view.concrete('shop-catalog-products-sv-se'), 'shop-catalog-products-v1-sv-se');
    assert.equal(view.concrete('shop-catalog-content-sv-se'), 'shop-catalog-content-v1-sv-se');
    assert.equal(view.concrete('shop-catalog-entities'), 'shop-catalog-entities-v1');
    assert.equal(view.concrete('shop-catalog-products'), 'shop-catalog-products-v1-en-gb,shop-catalog-products-v1-sv-se');
  });

  it('names the version it reads (what caches of catalog answers are keyed by)', () => {
    assert.equal(catalogViewOf(aliases, names).version, '1', 'as CatalogIndices.liveVersion names it');
    assert.equal(UNPINNED.version, undefined);
  });

  it('leaves every other name as it is: a locale without an index, other aliases, other prefixes', () => {
    const view = catalogViewOf(aliases, names);
    assert.equal(view.concrete('shop-catalog-products-nb-no'), undefined);
    assert.equal(view.concrete('other-alias'), undefined);
    assert.equal(view.concrete('shop-events'), undefined);
    assert.equal(UNPINNED.concrete('shop-catalog-products-sv-se'), undefined);
  });

  it('tells shards lost to a deleted index from other shard failures', () => {
    const failed = (type: string) =>
      ({ _shards: { total: 2, successful: 1, failed: 1, failures: [{ shard: 0, index: 'i', reason: { type } }] } }) as { _shards: estypes.ShardStatistics };
    assert.equal(lostToDeletion(failed('index_not_found_exception')), true);
    assert.equal(lostToDeletion(failed('already_closed_exception')), true);
    assert.equal(lostToDeletion(failed('query_shard_exception')), false);
    assert.equal(lostToDeletion({ _shards: { total: 1, successful: 1, failed: 0 } }), false);
  });
});

describe('onOneCatalogVersion (a storefront query on one version)', () => {
  const view = (version: string): CatalogView => ({ concrete: (alias) => `${alias}@${version}`, version });

  /** A gateway whose pinned copies record the version they read and fail while it is `deleted`. */
  function gateway(deleted: Set<string>): SearchGateway & { reads: string[] } {
    const reads: string[] = [];
    const base = (pinnedTo?: CatalogView): SearchGateway => ({
      msearch: async (searches) => {
        const index = pinnedTo?.concrete(searches[0].index) ?? searches[0].index;
        reads.push(index);
        if ([...deleted].some((v) => index.endsWith(`@${v}`))) throw new CatalogVersionGone(`${index}: index_not_found_exception`);
        return [];
      },
      search: async () => {
        throw new Error('not used');
      },
      mget: async () => {
        throw new Error('not used');
      },
      mapping: async () => {
        throw new Error('not used');
      },
      pinned: (v) => base(v),
    });
    return Object.assign(base(), { reads });
  }

  function services(search: SearchGateway, views: CatalogView[]): { s: StorefrontServices; asked: boolean[] } {
    const asked: boolean[] = [];
    const s = storefrontServices(
      {
        search,
        log: { debug() {}, info() {}, warn() {}, error() {} },
        indices: { liveVersion: async () => 'v1', names },
        configuration: undefined as never,
        merchandising: { facets: undefined, labels: undefined, synonyms: undefined } as never,
        behaviour: undefined as never,
        dynamicFacets: 0,
        cacheMs: 2000,
        vocabulary: undefined as never,
        views: {
          current: async (fresh = false) => {
            asked.push(fresh);
            return views[Math.min(asked.length - 1, views.length - 1)];
          },
        },
      },
      noHooks,
    );
    return { s, asked };
  }

  const query = (s: StorefrontServices) =>
    s.search.msearch([
      { index: 'shop-catalog-products-sv-se', body: {} },
      { index: 'shop-catalog-products-sv-se', body: {} },
    ]);

  it('reads every search of a query from the version it resolved first', async () => {
    const search = gateway(new Set());
    const { s } = services(search, [view('v1')]);
    await s.onOneCatalogVersion(async (q) => {
      await query(q);
      await query(q);
    });
    assert.deepEqual(search.reads, ['shop-catalog-products-sv-se@v1', 'shop-catalog-products-sv-se@v1']);
  });

  it('runs the query once more on a freshly resolved version when its version was deleted under it', async () => {
    const search = gateway(new Set(['v1']));
    const { s, asked } = services(search, [view('v1'), view('v2')]);
    const versions: (string | undefined)[] = [];
    await s.onOneCatalogVersion(async (q) => {
      versions.push(q.catalogVersion);
      await query(q);
    });
    assert.deepEqual(versions, ['v1', 'v2'], 'each run is told the version it reads');
    assert.deepEqual(search.reads, ['shop-catalog-products-sv-se@v1', 'shop-catalog-products-sv-se@v2']);
    assert.deepEqual(asked, [false, true], 'the second view is resolved afresh, not read from the cache');
  });

  it('gives up after one more run (503 through the error mapping: CatalogVersionGone is Unavailable)', async () => {
    const search = gateway(new Set(['v1', 'v2']));
    const { s } = services(search, [view('v1'), view('v2')]);
    await assert.rejects(
      s.onOneCatalogVersion(query),
      (err: unknown) => err instanceof CatalogVersionGone && (err as CatalogVersionGone).code === 'unavailable',
    );
    assert.equal(search.reads.length, 2);
  });

  it('does not run again for other failures', async () => {
    const search = gateway(new Set());
    const { s } = services(search, [view('v1')]);
    let runs = 0;
    await assert.rejects(
      s.onOneCatalogVersion(async () => {
        runs++;
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(runs, 1);
  });
});
