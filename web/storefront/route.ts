/**
 * The page's state lives in its URL, so a link can be shared and back and forward work:
 *
 *   /search?q=…&sort=…&page=…&origin=…&f.<facet>=a|b&f.<facet>.min=…   search results
 *   <product link>?pk=<product key>&variant=<variant key>              product page (the catalog's link, plus its key)
 *   <content link>?ck=<content key>                                     an article (the content item's link, plus its key)
 *   /cart, /checkout, /thanks                                           cart and the demo checkout
 *   any other path                                                      a landing or category page of that path
 *
 * and every URL carries `market` and `locale`. Facet selections use the storefront API's own parameter
 * names, so the URL reads like the query it makes.
 */
import type { FacetParams, NavigationNode, SearchOrigin, SortType } from '@apptus/esales-api';
import { own } from '../shared/lookup';

export type Route =
  | { kind: 'search'; q: string; sort?: SortType; page: number; origin?: SearchOrigin; facets: FacetParams }
  | { kind: 'landing'; path: string; sort?: SortType; page: number; facets: FacetParams }
  | { kind: 'product'; productKey: string; variantKey?: string }
  | { kind: 'article'; contentKey: string }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'thanks'; order?: string };

export interface Locator {
  market: string;
  locale: string;
}

export interface Location {
  route: Route;
  locator: Partial<Locator>;
}

/** Facet selections of a URL's `f.` parameters, as the client's `facets` option takes them. */
export function facetsOf(params: URLSearchParams): FacetParams {
  const facets: FacetParams = {};
  for (const [name, value] of params) {
    // `f.__proto__` would set the object's prototype, not a selection: no facet has that id.
    if (!name.startsWith('f.') || value === '' || /^f\.__proto__(\.(min|max))?$/.test(name)) continue;
    const range = /^f\.(.+)\.(min|max)$/.exec(name);
    if (range) {
      const n = Number(value);
      if (!Number.isFinite(n)) continue;
      const current = own(facets, range[1]!);
      const bounds = typeof current === 'object' && !Array.isArray(current) ? current : undefined;
      facets[range[1]!] = range[2] === 'min' ? { ...bounds, min: n } : { ...bounds, max: n };
    } else if (value === 'true') facets[name.slice(2)] = true;
    else facets[name.slice(2)] = value.split('|');
  }
  return facets;
}

/** The sort orders the client knows; any other `sort` in a URL (a typo, an old link) falls back to relevance. */
export const SORT_TYPES: readonly SortType[] = [
  'RELEVANCE',
  'NEWEST_FIRST',
  'PRICE_ASCENDING',
  'PRICE_DESCENDING',
  'DISCOUNT',
  'RATING',
  'NAME',
  'TITLE',
  'LENGTH_INCREASING',
  'LENGTH_DECREASING',
  'WIDTH_INCREASING',
  'WIDTH_DECREASING',
  'HEIGHT_INCREASING',
  'HEIGHT_DECREASING',
  'DEPTH_INCREASING',
  'DEPTH_DECREASING',
  'VOLUME_INCREASING',
  'VOLUME_DECREASING',
  'WEIGHT_INCREASING',
  'WEIGHT_DECREASING',
];

function sortOf(params: URLSearchParams): SortType | undefined {
  const sort = params.get('sort')?.trim().toUpperCase();
  return SORT_TYPES.find((s) => s === sort);
}

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 50 ? page : 1;
}

export function parseLocation(url: URL): Location {
  const p = url.searchParams;
  const locator = { market: p.get('market') ?? undefined, locale: p.get('locale') ?? undefined };
  const sort = sortOf(p);
  const path = url.pathname;
  if (path === '/search') {
    return {
      locator,
      route: { kind: 'search', q: p.get('q') ?? '', sort, page: pageOf(p), origin: (p.get('origin') as SearchOrigin | null) ?? undefined, facets: facetsOf(p) },
    };
  }
  // Product links are the catalog's own (`/product/<slug>`, `/en/product/<slug>`): the key rides along as `pk`.
  if (p.get('pk')) return { locator, route: { kind: 'product', productKey: p.get('pk') ?? '', variantKey: p.get('variant') ?? undefined } };
  if (p.get('ck')) return { locator, route: { kind: 'article', contentKey: p.get('ck') ?? '' } };
  if (path === '/cart') return { locator, route: { kind: 'cart' } };
  if (path === '/checkout') return { locator, route: { kind: 'checkout' } };
  if (path === '/thanks') return { locator, route: { kind: 'thanks', order: p.get('order') ?? undefined } };
  return { locator, route: { kind: 'landing', path: path === '' ? '/' : path, sort, page: pageOf(p), facets: facetsOf(p) } };
}

function facetParams(params: URLSearchParams, facets: FacetParams): void {
  for (const [id, value] of Object.entries(facets)) {
    if (value === true) params.set(`f.${id}`, 'true');
    else if (Array.isArray(value)) {
      if (value.length) params.set(`f.${id}`, value.join('|'));
    } else if (value && typeof value === 'object') {
      if (value.min !== undefined) params.set(`f.${id}.min`, String(value.min));
      if (value.max !== undefined) params.set(`f.${id}.max`, String(value.max));
    }
  }
}

/** The URL of a route in a market and locale. */
export function hrefOf(route: Route, locator: Locator, productLink?: string): string {
  const params = new URLSearchParams();
  let path: string;
  switch (route.kind) {
    case 'search':
      path = '/search';
      params.set('q', route.q);
      if (route.origin && route.origin !== 'ORGANIC') params.set('origin', route.origin);
      if (route.sort) params.set('sort', route.sort);
      facetParams(params, route.facets);
      if (route.page > 1) params.set('page', String(route.page));
      break;
    case 'landing':
      path = route.path;
      if (route.sort) params.set('sort', route.sort);
      facetParams(params, route.facets);
      if (route.page > 1) params.set('page', String(route.page));
      break;
    case 'product': {
      // The catalog's own product link (`/product/<slug>`), with the key the product page asks for.
      const link = new URL(productLink ?? `/product/${encodeURIComponent(route.productKey.toLowerCase())}`, 'http://x');
      path = link.pathname;
      params.set('pk', route.productKey);
      if (route.variantKey) params.set('variant', route.variantKey);
      break;
    }
    case 'article':
      // The content item's own link (its article in the shop), with the key content-information asks for.
      path = new URL(productLink ?? `/content/${encodeURIComponent(route.contentKey.toLowerCase())}`, 'http://x').pathname;
      params.set('ck', route.contentKey);
      break;
    case 'cart':
      path = '/cart';
      break;
    case 'checkout':
      path = '/checkout';
      break;
    case 'thanks':
      path = '/thanks';
      if (route.order) params.set('order', route.order);
      break;
  }
  params.set('market', locator.market);
  params.set('locale', locator.locale);
  return `${path}?${params.toString()}`;
}

/*
 * A market's navigation trees have one shape in all its locales: a category page is found in another locale
 * at the same position (see navigation.ts).
 */
const pathOf = (node: NavigationNode): string | undefined => (node.type === 'PAGE_LINK' ? node.link : node.type === 'PRODUCT' ? node.path : undefined);

/** Where a path is in a tree: the child index at each level, or undefined. Pure. */
export function positionOf(tree: NavigationNode, path: string): number[] | undefined {
  const wanted = path.replace(/\/+$/, '') || '/';
  const children = 'children' in tree ? tree.children : [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (pathOf(child)?.replace(/\/+$/, '') === wanted) return [i];
    const below = positionOf(child, path);
    if (below) return [i, ...below];
  }
  return undefined;
}

/** The page at a position of a tree, if the tree has a page there. Pure. */
export function pathAt(tree: NavigationNode, position: number[]): string | undefined {
  let node: NavigationNode | undefined = tree;
  for (const i of position) node = node && 'children' in node ? node.children[i] : undefined;
  return node ? pathOf(node) : undefined;
}
