/**
 * Which parts of a product document a listing fetches (`_source` filtering), the siblings of every group on
 * a page from the listing copies the hits carry (ProductDocument.siblings), and fetching them in one `mget`
 * where a document has none (a catalog imported before the copies existed). Big fields (suggest, categories;
 * description unless a template lists it) stay behind.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchGateway } from '../search/gateway';
import { productDocumentId } from '../catalog/documents';
import { siblingKeys, type ProductSource } from './productShaper';
import type { QueryContext } from './request';

const ALWAYS = [
  // market and locale: whether a hit's sibling copies are the request's (carriedSiblings).
  'market',
  'locale',
  'productKey',
  'productGroupKey',
  'groupProductKeys',
  'title',
  'name',
  'brand',
  'series',
  'url',
  'rating',
  'releaseDate',
  // An image's key, order, type and tags are not shown (presentation.ts image()): the sources are the bulk.
  'colors',
  'images.alt',
  'images.caption',
  'images.custom',
  'images.sources',
  'depth',
  'height',
  'length',
  'volume',
  'weight',
  'width',
  'variants.key',
  'variants.label',
  'variants.size',
  'variants.listPrice',
  'variants.sellingPrice',
  'variants.stock',
  'variants.depth',
  'variants.height',
  'variants.length',
  'variants.volume',
  'variants.weight',
  'variants.width',
];

const CUSTOM_FIELD = { label: 'customLabels', number: 'customNumbers', length: 'customLengths', json: 'customJson' } as const;

/** `_source` includes for a listing in this context. */
export function productSource(
  ctx: Pick<QueryContext, 'channels' | 'stores' | 'presentCustom' | 'presentPrices' | 'priceId' | 'presentDescription' | 'presentation'>,
): string[] {
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
  const own = [...new Set(fields)];
  // The siblings' copies filtered by the same paths: each sibling arrives as its own fetch would return it.
  return [...own, ...own.filter((f) => f !== 'groupProductKeys' && f !== 'market' && f !== 'locale').map((f) => `siblings.${f}`)];
}

/**
 * The siblings of `mains` from the copies their documents carry, by product key, and the mains whose
 * siblings must still be fetched: documents with siblings but no copies (imported before they existed), and
 * documents of another market or locale than `at` (none from autocomplete, whose completion asks the market
 * context alone, but kept for any other source), whose siblings are shown as `at`'s documents of those keys.
 */
export function carriedSiblings(
  at: { market: string; locale: string },
  mains: readonly ProductSource[],
): { siblings: Map<string, ProductSource>; fetch: ProductSource[] } {
  const siblings = new Map<string, ProductSource>();
  const fetch: ProductSource[] = [];
  for (const main of mains) {
    const own = main.market === at.market && main.locale === at.locale;
    // A copy's images lack key, order, type and tags as every listing fetch's do (`_source` filtering): the type's gap only.
    if (main.siblings && own) for (const s of main.siblings) siblings.set(s.productKey, s as ProductSource);
    else if (siblingKeys(main).length) fetch.push(main);
  }
  return { siblings, fetch };
}

/**
 * The documents of the siblings of `mains`: the copies they carry, and one `mget` only for mains without
 * copies (none on a catalog imported since they exist).
 */
export async function fetchSiblings(
  search: SearchGateway,
  index: string,
  at: { market: string; locale: string },
  mains: ProductSource[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  const { siblings, fetch } = carriedSiblings(at, mains);
  if (fetch.length) for (const [k, p] of await fetchProducts(search, index, at, [...new Set(fetch.flatMap(siblingKeys))], includes)) siblings.set(k, p);
  return siblings;
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
async function fetchProducts(
  search: SearchGateway,
  index: string,
  at: { market: string; locale: string },
  keys: string[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  const found = new Map<string, ProductSource>();
  if (keys.length === 0) return found;
  const res = await search.mget<ProductSource>({ index, ids: keys.map((k) => productDocumentId(at.market, at.locale, k)), _source_includes: includes });
  for (const doc of res.docs) {
    const hit = doc as estypes.GetGetResult<ProductSource>;
    if (hit.found && hit._source) found.set(hit._source.productKey, hit._source);
  }
  return found;
}

/** A product chosen by key. */
export interface ChosenProduct {
  productKey: string;
}

/**
 * The documents of `chosen` and of their siblings, by product key: one mget of the chosen products, whose
 * documents carry their siblings (a second mget only for documents without the copies). A chosen product wins
 * over a sibling copy of the same key: it is a main, whose groupProductKeys and copies the shaper reads.
 */
export async function fetchWithSiblings(
  search: SearchGateway,
  index: string,
  at: { market: string; locale: string },
  chosen: ChosenProduct[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  const found = await fetchProducts(search, index, at, [...new Set(chosen.map((c) => c.productKey))], includes);
  const documents = await fetchSiblings(search, index, at, [...found.values()], includes);
  for (const [k, p] of found) documents.set(k, p);
  return documents;
}
