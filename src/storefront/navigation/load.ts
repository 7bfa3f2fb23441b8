/**
 * The navigation of a market-locale, shared by navigation-tree and landing-page: loading the tree with the
 * pages its nodes show (one navigation scan and one page `mget`), then counting the products of every
 * PAGE node in one size-0 search (counts.ts); both cached per process (see below).
 */
import type { NavigationTreeNode } from '../../merchandising/navigation/types';
import { ancestorIds, type PageView } from '../../merchandising/pages/types';
import type { FoundPage } from '../../merchandising/pageStore';
import type { SearchGateway } from '../../search/gateway';
import type { Logger } from '../../kernel/log';
import type { MerchandisingStores } from '../../merchandising';
import type { CatalogFactsCache } from '../catalogFacts';
import { groupTotal } from '../groupCount';
import { pageProducts, type PageProducts } from '../pageProducts';
import { Cache } from '../../kernel/cache';
import { nodeCountSearch, nodeCounts } from './counts';
import { allNodes, type NodeFacts } from './shape';

/**
 * What navigation loading reads of the storefront's services: owned here, below the service bundle that
 * fills it (services.ts), so no import points up (dependency-cruiser: storefront-shared-below-composing).
 */
export interface NavigationServices {
  search: SearchGateway;
  log: Logger;
  facts: Pick<CatalogFactsCache, 'get'>;
  /** STORE_CACHE_MS: how long the navigation caches serve what they read. */
  cacheMs: number;
  index: { products(locale: string): string };
  merchandising: Pick<MerchandisingStores, 'navigation' | 'pages'>;
  catalogVersion?: string;
}

export interface LoadedNavigation {
  roots: NavigationTreeNode[];
  /** The pages PAGE nodes name, with their ancestors, by page id (those that exist in the view). */
  pages: Map<string, FoundPage>;
}

export interface NavigationPlace {
  market: string;
  locale: string;
  view: PageView;
}

/** The tree of a market-locale (app nodes included: visitors see them) and the pages it shows. */
export async function loadNavigation(s: NavigationServices, at: NavigationPlace): Promise<LoadedNavigation> {
  const roots = await s.merchandising.navigation.tree({ market: at.market, locale: at.locale, includeAppNodes: true });
  const pageIds = allNodes(roots).flatMap((n) => (n.type === 'PAGE' && n.pageId !== undefined ? [n.pageId] : []));
  const pages = pageIds.length ? await s.merchandising.pages.findPagesWithAncestors(at, pageIds) : new Map<string, FoundPage>();
  return { roots, pages };
}

/** What each PAGE node's page lists, by node id (pure). Nodes whose page is missing are left out. */
export function nodeProducts(
  nodes: readonly NavigationTreeNode[],
  pages: ReadonlyMap<string, FoundPage>,
  priceId: string | undefined,
): Map<string, PageProducts> {
  const out = new Map<string, PageProducts>();
  for (const n of nodes) {
    const found = n.pageId !== undefined ? pages.get(n.pageId) : undefined;
    if (n.type !== 'PAGE' || !found) continue;
    const ancestors = ancestorIds(found.page.id).flatMap((id) => pages.get(id)?.page ?? []);
    out.set(n.id, pageProducts({ page: found.page, ancestors }, priceId));
  }
  return out;
}

/** Product groups per PAGE node id, and of the whole market-locale (the root). */
export interface TreeCounts {
  nodes: Map<string, number>;
  root: number;
}

/** Facts for shaping (pure). */
export function nodeFacts(loaded: LoadedNavigation, locale: string, counts: TreeCounts): NodeFacts {
  const pagePaths = new Map([...loaded.pages].map(([id, p]) => [id, p.page.paths?.[locale]]));
  return { locale, pagePaths, counts: counts.nodes, rootCount: counts.root };
}

/** Counts every PAGE node of the tree with one size-0 search. */
export async function countNodes(
  s: NavigationServices,
  at: NavigationPlace,
  loaded: LoadedNavigation,
  priceId: string | undefined,
  collapse: boolean,
): Promise<TreeCounts> {
  const products = nodeProducts(allNodes(loaded.roots), loaded.pages, priceId);
  const [response] = await s.search.msearch([{ index: s.index.products(at.locale), body: nodeCountSearch(at, products, collapse) }]);
  return { nodes: nodeCounts(response, collapse), root: groupTotal(response, collapse) };
}

/**
 * Every page view with navigation needs the tree and its counts, which only imports change: both are
 * cached per process (kernel/cache.ts), stale-while-revalidate: after STORE_CACHE_MS they are reloaded in the
 * background while the cached value is served, so a reload never lands on a visitor's request; a value
 * older than STALE_MS is not served. Keyed by market, locale and view (and price id for the counts), with the
 * revisions of this process's navigation and page stores (an import through this process is seen at once)
 * and, for the counts, the catalog version the query reads.
 */
const STALE_MS = 60_000;

const caches = new WeakMap<object, { navigation: Cache<LoadedNavigation>; counts: Cache<TreeCounts> }>();

function cachesOf(s: NavigationServices) {
  let found = caches.get(s.merchandising);
  if (!found) {
    const onRefreshFailed = (err: unknown) => s.log.warn('background reload of cached navigation data failed; serving the previous value', { err });
    found = {
      navigation: new Cache<LoadedNavigation>({ name: 'navigation', ttlMs: s.cacheMs, staleMs: STALE_MS, maxKeys: 500, onRefreshFailed }),
      counts: new Cache<TreeCounts>({ name: 'navigation-counts', ttlMs: s.cacheMs, staleMs: STALE_MS, maxKeys: 2000, onRefreshFailed }),
    };
    caches.set(s.merchandising, found);
  }
  return found;
}

const revisions = (s: NavigationServices) => `${s.merchandising.navigation.revision}|${s.merchandising.pages.revision}`;

export function cachedNavigation(s: NavigationServices, at: NavigationPlace): Promise<LoadedNavigation> {
  return cachesOf(s).navigation.get(`${at.market}|${at.locale}|${at.view}`, () => loadNavigation(s, at), { version: revisions(s) });
}

export async function cachedCounts(
  s: NavigationServices,
  at: NavigationPlace,
  loaded: LoadedNavigation,
  priceId: string | undefined,
  collapse: boolean,
): Promise<TreeCounts> {
  // The version this query reads: counts of an older one must not be served to it (the facts' version may lag).
  const catalog = s.catalogVersion ?? (await s.facts.get())?.version ?? '';
  const slot = `${at.market}|${at.locale}|${at.view}|${priceId ?? ''}`;
  return cachesOf(s).counts.get(slot, () => countNodes(s, at, loaded, priceId, collapse), { version: `${revisions(s)}|${catalog}|${collapse}` });
}

/** The tree with its counts. */
export async function navigationWithCounts(
  s: NavigationServices,
  at: NavigationPlace,
  priceId: string | undefined,
  collapse: boolean,
): Promise<LoadedNavigation & { counts: TreeCounts }> {
  const loaded = await cachedNavigation(s, at);
  return { ...loaded, counts: await cachedCounts(s, at, loaded, priceId, collapse) };
}
