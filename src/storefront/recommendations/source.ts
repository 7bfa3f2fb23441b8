/**
 * The products lists are about (page product, popup variant, cart items), looked up by product or variant
 * key in the request's market and locale: one search for every key of every list of a request.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ProductDocument } from '../../catalog/documentTypes';
import type { SourceProduct } from './types';

/** The fields sourceProductOf reads. */
export const SOURCE_FIELDS = [
  'productKey',
  'productGroupKey',
  'variantKeys',
  'title',
  'brand',
  'series',
  'category',
  'categoryIds',
  'gender',
  'age',
  'productType',
  'styleWith',
  'price.selling.min',
];

export type Found = Partial<
  Pick<ProductDocument, 'variantKeys' | 'title' | 'brand' | 'series' | 'category' | 'categoryIds' | 'gender' | 'age' | 'productType' | 'styleWith'>
> &
  Pick<ProductDocument, 'productKey' | 'productGroupKey'> & { price?: { selling?: { min?: number } } };

export function sourceProductsSearch(at: { market: string; locale: string }, keys: string[]): estypes.SearchRequest {
  return {
    query: {
      bool: {
        filter: [
          { term: { market: at.market } },
          { term: { locale: at.locale } },
          { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }], minimum_should_match: 1 } },
        ],
      },
    },
    size: keys.length,
    _source: SOURCE_FIELDS,
    track_total_hits: false,
  };
}

/** Each asked key that exists, product keys and variant keys alike, to its product. */
export function readSourceProducts(response: estypes.SearchResponse<unknown>, keys: string[]): Map<string, SourceProduct> {
  const wanted = new Set(keys);
  const found = new Map<string, SourceProduct>();
  for (const hit of response.hits.hits) {
    const s = hit._source as Found | undefined;
    if (!s) continue;
    const product = sourceProductOf(s);
    if (wanted.has(s.productKey)) found.set(s.productKey, product);
    for (const v of s.variantKeys ?? []) if (wanted.has(v)) found.set(v, { ...product, variantKey: v });
  }
  return found;
}

/** What a list needs of a product document (`SOURCE_FIELDS` of it, or the whole document a page fetched). */
export function sourceProductOf(s: Found): SourceProduct {
  return {
    productKey: s.productKey,
    productGroupKey: s.productGroupKey,
    ...(s.title ? { title: s.title } : {}),
    ...(s.brand ? { brand: s.brand } : {}),
    ...(s.series ? { series: s.series } : {}),
    categoryIds: s.categoryIds ?? [],
    categories: s.category ?? [],
    gender: s.gender ?? [],
    age: s.age ?? [],
    productType: s.productType ?? [],
    styleWith: s.styleWith ?? [],
    ...(s.price?.selling?.min !== undefined ? { price: s.price.selling.min } : {}),
  };
}
