/**
 * The seeded storefront request mix of `bench:search` (docs/benchmarks.md): search-page, autocomplete and
 * landing-page requests over a generated catalog, as a UK/en-GB visitor sends them, and the landing pages and
 * navigation it imports. Shared by the benchmark and the round-trip guard (test/http/round-trips.test.ts), so
 * the guard counts round trips on the very mix the benchmark times.
 */
import { generateCatalogLines, mulberry32, type GeneratorOptions } from './generator';
import type { CatalogConfiguration } from '../catalog/types';

export const MARKET = 'UK';
export const LOCALE = 'en-GB';

export type Endpoint = 'search-page' | 'autocomplete' | 'landing-page';
export const ENDPOINTS: Endpoint[] = ['search-page', 'autocomplete', 'landing-page'];
/** Share of each endpoint in the mix: a storefront searches and types more than it browses. */
const SHARE: Record<Endpoint, number> = { 'search-page': 0.4, autocomplete: 0.4, 'landing-page': 0.2 };

export interface StorefrontRequest {
  endpoint: Endpoint;
  path: string;
  body?: string;
}

export interface MixOptions {
  /** Product groups of the generated catalog, its configuration and shape. */
  groups: number;
  configuration: CatalogConfiguration;
  generator: Pick<GeneratorOptions, 'attributes' | 'profile'>;
  seed: number;
  /** search-pages register their search (`notify=true`). */
  notify?: boolean;
}

// ------------------------------------------------------------------------------------------------
// Seeded choices

export class Choice {
  private readonly next: () => number;
  constructor(s: number) {
    this.next = mulberry32(s);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

// ------------------------------------------------------------------------------------------------
// The catalog's vocabulary, as a visitor of the UK market (en-GB) sees it

interface GroupWords {
  brand: string;
  title: string;
  category: string;
  productKey: string;
}
interface Vocabulary {
  groups: GroupWords[];
  brands: string[];
  categories: string[];
  titleWords: string[];
}

/** Reads the first product groups of the same generated catalog (the generator is deterministic per line). */
function vocabularyOf(o: MixOptions, sample: number): Vocabulary {
  const found: GroupWords[] = [];
  for (const line of generateCatalogLines({ productGroups: o.groups, markets: o.configuration, ...o.generator })) {
    if (!('productGroup' in line)) continue;
    const [productKey, product] = Object.entries(line.productGroup.products)[0];
    if (!product.markets?.includes(MARKET)) continue;
    const defaults = product.defaults ?? {};
    const title = product.overrides?.[`*|${LOCALE}`]?.title ?? defaults.title ?? '';
    const category = (defaults.ontology ?? '').split(' > ').at(-1) ?? '';
    found.push({ brand: defaults.brand ?? '', title, category, productKey });
    if (found.length >= sample) break;
  }
  const words = (list: string[]) => [...new Set(list.filter((w) => w.length >= 3))].sort();
  return {
    groups: found,
    brands: words(found.map((g) => g.brand)),
    categories: words(found.map((g) => g.category.toLowerCase())),
    titleWords: words(found.flatMap((g) => g.title.toLowerCase().split(/\s+/))),
  };
}

/** Swaps two neighbouring letters in the middle of a word: "jacket" → "jakcet". */
function misspell(word: string, c: Choice): string {
  const i = c.int(1, Math.max(1, word.length - 3));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

// ------------------------------------------------------------------------------------------------
// The request mix

const SORTS = ['PRICE_ASCENDING', 'PRICE_DESCENDING', 'NEWEST_FIRST', 'RATING', 'TITLE', 'DISCOUNT'];

function visitorParams(n: number): Record<string, string> {
  return { market: MARKET, locale: LOCALE, touchpoint: n % 3 === 0 ? 'MOBILE' : 'DESKTOP', customerKey: `bench-c${n % 97}`, sessionKey: `bench-s${n % 251}` };
}

function searchPhrase(v: Vocabulary, c: Choice): { q: string; group: GroupWords } {
  const group = c.pick(v.groups);
  const r = c.int(1, 100);
  const titleWords = group.title.toLowerCase().split(/\s+/);
  if (r <= 25) return { q: group.category.toLowerCase(), group };
  if (r <= 45) return { q: group.brand, group };
  if (r <= 62) return { q: group.title.toLowerCase(), group };
  if (r <= 80) return { q: titleWords.slice(-2).join(' '), group };
  if (r <= 87) return { q: `${group.brand} ${group.category}`.toLowerCase(), group };
  if (r <= 92) return { q: group.productKey, group };
  // A few misspellings: these take the slower path (phrase suggester, auto-correct).
  const word = [...titleWords, group.category.toLowerCase()].filter((w) => w.length >= 5);
  return { q: misspell(word.length ? c.pick(word) : 'jacket', c), group };
}

function searchPageRequest(v: Vocabulary, c: Choice, n: number, notify: boolean): StorefrontRequest {
  const { q, group } = searchPhrase(v, c);
  const params: Record<string, string> = { ...visitorParams(n), q, notify: notify ? 'true' : 'false' };
  if (c.chance(0.1)) params['f.brand'] = group.brand;
  if (c.chance(0.06)) {
    params['f.price.min'] = String(c.pick([100, 300, 500]));
    params['f.price.max'] = String(c.pick([1000, 2000, 5000]));
  }
  if (c.chance(0.15)) params.sort = c.pick(SORTS);
  if (c.chance(0.08)) params.skip = '60';
  return { endpoint: 'search-page', path: `/api/storefront/v3/queries/search-page?${new URLSearchParams(params).toString()}` };
}

function autocompleteRequest(v: Vocabulary, c: Choice, n: number): StorefrontRequest {
  const pool = c.pick([v.brands.map((b) => b.toLowerCase()), v.categories, v.titleWords]);
  const word = c.pick(pool);
  const q = word.slice(0, c.int(1, Math.min(6, word.length)));
  return { endpoint: 'autocomplete', path: `/api/storefront/v3/queries/autocomplete?${new URLSearchParams({ ...visitorParams(n), q }).toString()}` };
}

/** The landing pages imported for the benchmark: id (= en-GB path), heading, rules, parent. */
export const PAGES: { id: string; heading: string; rules: string; parent?: string; restrictChildRules?: boolean }[] = [
  { id: '/women', heading: 'Women', rules: 'rule incl department { "Women" }', restrictChildRules: true },
  { id: '/women/shoes', heading: "Women's shoes", rules: 'rule incl product_type { "Sneakers" "Boots" "Heels" "Sandals" }', parent: '/women' },
  { id: '/women/clothing', heading: "Women's clothing", rules: 'rule incl product_type { "Dresses" "Jackets" "Knitwear" "Jeans" }', parent: '/women' },
  { id: '/men', heading: 'Men', rules: 'rule incl department { "Men" }', restrictChildRules: true },
  { id: '/men/jackets', heading: "Men's jackets", rules: 'rule incl product_type { "Jackets" }', parent: '/men' },
  { id: '/home', heading: 'Home', rules: 'rule incl department { "Home" }' },
  { id: '/home/kitchen', heading: 'Kitchen', rules: 'rule incl product_type { "Knives" "Cookware" }', parent: '/home' },
  { id: '/sports', heading: 'Sports', rules: 'rule incl department { "Sports" }' },
  { id: '/accessories', heading: 'Accessories', rules: 'rule incl department { "Accessories" } excl price [ -infinity, 300 ]' },
];

export const LANDING_BODY = JSON.stringify({
  navigation: { include: true },
  recommendationLists: [
    { id: 'bench-top', algorithm: 'TOP_PRODUCTS', limit: 8 },
    { id: 'bench-new', algorithm: 'NEWEST_PRODUCTS', limit: 8 },
  ],
});

function landingPageRequest(c: Choice, n: number): StorefrontRequest {
  const params: Record<string, string> = { ...visitorParams(n), pageReference: c.pick(PAGES).id, notify: 'false' };
  if (c.chance(0.15)) params.sort = c.pick(SORTS);
  if (c.chance(0.1)) params.skip = '60';
  return { endpoint: 'landing-page', path: `/api/storefront/v3/queries/landing-page?${new URLSearchParams(params).toString()}`, body: LANDING_BODY };
}

/** The mix of `total` requests over the catalog `o` describes (the same list for the same options). */
export function requestMix(o: MixOptions, total: number): StorefrontRequest[] {
  const v = vocabularyOf(o, 3000);
  const c = new Choice(o.seed);
  const mix: StorefrontRequest[] = [];
  for (let n = 0; n < total; n++) {
    const r = c.int(1, 1000) / 1000;
    if (r <= SHARE['search-page']) mix.push(searchPageRequest(v, c, n, o.notify ?? false));
    else if (r <= SHARE['search-page'] + SHARE.autocomplete) mix.push(autocompleteRequest(v, c, n));
    else mix.push(landingPageRequest(c, n));
  }
  return mix;
}

/** The admin import bodies of the mix's landing pages and navigation tree (market UK, locale en-GB). */
export function merchandisingImports(): { pages: string; navigation: string } {
  const pages = PAGES.map((p) => ({
    id: p.id,
    headings: { [LOCALE]: p.heading },
    paths: { [LOCALE]: p.id },
    primaryList: { rules: p.rules, ...(p.restrictChildRules ? { restrictChildRules: true } : {}) },
  }));
  const nodes = PAGES.map((p) => ({
    id: p.id.slice(1).replace(/\//g, '-'),
    title: p.heading,
    type: 'PAGE',
    pageId: p.id,
    ...(p.parent ? { parentId: p.parent.slice(1).replace(/\//g, '-') } : {}),
  }));
  return {
    pages: JSON.stringify({ market: MARKET, type: 'FULL', addOrUpdate: pages }),
    navigation: JSON.stringify({ market: MARKET, locale: LOCALE, type: 'FORCE', addOrUpdate: nodes }),
  };
}
