/**
 * Which parts of a product document a listing fetches (`_source` filtering), and fetching the siblings
 * of every group on a page in one `mget`. Big fields (suggest, categories; description unless a template
 * lists it) stay behind.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchGateway } from '../search/gateway';
import { productDocumentId } from '../catalog/documents';
import { MAX_SIBLINGS, siblingKeys, type ProductSource } from './productShaper';
import type { QueryContext } from './request';

const ALWAYS = [
  'productKey', 'productGroupKey', 'groupProductKeys', 'title', 'name', 'brand', 'series', 'url', 'rating', 'releaseDate',
  // An image's key, order, type and tags are not shown (presentation.ts image()): the sources are the bulk.
  'colors', 'images.alt', 'images.caption', 'images.custom', 'images.sources', 'depth', 'height', 'length', 'volume', 'weight', 'width',
  'variants.key', 'variants.label', 'variants.size', 'variants.listPrice', 'variants.sellingPrice', 'variants.stock',
  'variants.depth', 'variants.height', 'variants.length', 'variants.volume', 'variants.weight', 'variants.width',
];

const CUSTOM_FIELD = { label: 'customLabels', number: 'customNumbers', length: 'customLengths', json: 'customJson' } as const;

/** `_source` includes for a listing in this context. */
export function productSource(ctx: Pick<QueryContext, 'channels' | 'stores' | 'presentCustom' | 'presentPrices' | 'priceId' | 'presentDescription' | 'presentation'>): string[] {
  const fields = [...ALWAYS];
  if (ctx.presentDescription) fields.push('description');
  // Badges from catalog attributes read the product's custom labels (the shaper shows `custom` only when asked).
  for (const a of ctx.presentation?.attributes ?? []) fields.push(`customLabels.${a.name}`);
  if (ctx.channels.store && ctx.stores.length) fields.push('variants.storeStock');
  if (ctx.priceId !== undefined || ctx.presentPrices.length) fields.push('variants.customPrices');
  for (const p of ctx.presentCustom) {
    const prefix = p.level === 'variant' ? 'variants.' : '';
    fields.push(`${prefix}${CUSTOM_FIELD[p.kind]}.${p.name}`);
    if (p.kind === 'label') fields.push(`${prefix}customLabelIds.${p.name}`);
  }
  return [...new Set(fields)];
}

/** The documents of the siblings of `mains` (one `mget`, no call when no group has siblings). */
export async function fetchSiblings(
  search: SearchGateway,
  index: string,
  at: { market: string; locale: string },
  mains: ProductSource[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  return fetchProducts(search, index, at, [...new Set(mains.flatMap(siblingKeys))], includes);
}

/**
 * The siblings of `mains` as a search, for a caller that sends it in an msearch with other searches of
 * the same round (one round trip instead of two); undefined when no group has siblings.
 */
export function siblingsSearch(at: { market: string; locale: string }, mains: ProductSource[], includes: string[]): estypes.SearchRequest | undefined {
  const keys = [...new Set(mains.flatMap(siblingKeys))];
  if (keys.length === 0) return undefined;
  return {
    query: { ids: { values: keys.map((k) => productDocumentId(at.market, at.locale, k)) } },
    size: keys.length,
    track_total_hits: false,
    _source: { includes },
  };
}

/** The products of a siblingsSearch response, by product key. */
export function readProducts(response: estypes.SearchResponse<unknown> | undefined): Map<string, ProductSource> {
  const found = new Map<string, ProductSource>();
  for (const hit of response?.hits.hits ?? []) {
    const source = hit._source as ProductSource | undefined;
    if (source) found.set(source.productKey, source);
  }
  return found;
}

/** The documents of `keys` found in the market and locale, by product key (one mget, none without keys). */
async function fetchProducts(search: SearchGateway, index: string, at: { market: string; locale: string }, keys: string[], includes: string[]): Promise<Map<string, ProductSource>> {
  const found = new Map<string, ProductSource>();
  if (keys.length === 0) return found;
  const res = await search.mget<ProductSource>({ index, ids: keys.map((k) => productDocumentId(at.market, at.locale, k)), _source_includes: includes });
  for (const doc of res.docs) {
    const hit = doc as estypes.GetGetResult<ProductSource>;
    if (hit.found && hit._source) found.set(hit._source.productKey, hit._source);
  }
  return found;
}

/** A product chosen by key, with its group's product keys in any order (doc values sort them). */
export interface ChosenProduct { productKey: string; groupProductKeys: string[] }

/**
 * The documents of `chosen` and of their siblings, by product key, in one mget. Which siblings a group
 * shows depends on the order of `groupProductKeys` in the main document, so a group with more than
 * MAX_SIBLINGS siblings (rare) gets its siblings in a second mget once its main document is known.
 */
export async function fetchWithSiblings(
  search: SearchGateway,
  index: string,
  at: { market: string; locale: string },
  chosen: ChosenProduct[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  const { keys, large } = withSiblingKeys(chosen);
  const found = await fetchProducts(search, index, at, keys, includes);
  const mains = large.flatMap((k) => found.get(k) ?? []);
  if (mains.length) for (const [k, p] of await fetchSiblings(search, index, at, mains, includes)) found.set(k, p);
  return found;
}

/** Pure: the keys to fetch at once (chosen products, and all siblings of groups small enough), and the chosen products of larger groups. */
export function withSiblingKeys(chosen: ChosenProduct[]): { keys: string[]; large: string[] } {
  const keys = new Set<string>();
  const large: string[] = [];
  for (const c of chosen) {
    keys.add(c.productKey);
    const others = c.groupProductKeys.filter((k) => k !== c.productKey);
    if (others.length > MAX_SIBLINGS) large.push(c.productKey);
    else for (const k of others) keys.add(k);
  }
  return { keys: [...keys], large };
}
