/**
 * Which parts of a product document a listing fetches (`_source` filtering), and fetching the siblings
 * of every group on a page in one `mget`. Big fields (description, suggest, categories) stay behind.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { productDocumentId } from '../catalog/documents';
import { siblingKeys, type ProductSource } from './productShaper';
import type { QueryContext } from './request';

const ALWAYS = [
  'productKey', 'productGroupKey', 'groupProductKeys', 'title', 'name', 'brand', 'series', 'url', 'rating', 'releaseDate',
  'colors', 'images', 'depth', 'height', 'length', 'volume', 'weight', 'width',
  'variants.key', 'variants.label', 'variants.size', 'variants.listPrice', 'variants.sellingPrice', 'variants.stock',
  'variants.depth', 'variants.height', 'variants.length', 'variants.volume', 'variants.weight', 'variants.width',
];

/** `_source` includes for a listing in this context. */
export function productSource(ctx: Pick<QueryContext, 'channels' | 'stores' | 'presentCustom' | 'presentPrices' | 'priceId'>): string[] {
  const fields = [...ALWAYS];
  if (ctx.channels.store && ctx.stores.length) fields.push('variants.storeStock');
  if (ctx.priceId !== undefined || ctx.presentPrices.length) fields.push('variants.customPrices');
  for (const p of ctx.presentCustom) {
    const prefix = p.level === 'variant' ? 'variants.' : '';
    const group = p.kind === 'label' ? 'customLabels' : p.kind === 'number' ? 'customNumbers' : 'customLengths';
    fields.push(`${prefix}${group}.${p.name}`);
  }
  return [...new Set(fields)];
}

/** The documents of the siblings of `mains` (one `mget`, no call when no group has siblings). */
export async function fetchSiblings(
  es: Client,
  index: string,
  at: { market: string; locale: string },
  mains: ProductSource[],
  includes: string[],
): Promise<Map<string, ProductSource>> {
  const wanted = new Set(mains.flatMap(siblingKeys));
  const found = new Map<string, ProductSource>();
  if (wanted.size === 0) return found;
  const res = await es.mget<ProductSource>({
    index,
    ids: [...wanted].map((k) => productDocumentId(at.market, at.locale, k)),
    _source_includes: includes,
  });
  for (const doc of res.docs) {
    const hit = doc as estypes.GetGetResult<ProductSource>;
    if (hit.found && hit._source) found.set(hit._source.productKey, hit._source);
  }
  return found;
}
