/**
 * ALTERNATIVES: products to buy instead of the product: in stock, sharing a category with it, ranked by
 * text similarity (Elasticsearch more_like_this on the product's title, product type and brand against
 * title, product type, brand and description), popularity breaking ties. Fill-up: popular in-stock
 * products of the same categories, then of the same product type. Not behaviour-based, so cold start
 * only loses the popularity tie-break.
 */
import { inStockQuery } from '../../stock';
import { anyOf, defined, popularityOrder, popularStage } from '../query';
import type { AlgorithmInput, AlgorithmModule, Query, SourceProduct, Stage } from '../types';

export const SIMILAR_FIELDS = ['title', 'productType.text', 'brand.text', 'description'];

/** The text a product is like: title, product types and brand. */
export function likeText(p: SourceProduct): string {
  return [p.title, ...p.productType, p.brand].filter(Boolean).join(' ');
}

export function similarTo(p: SourceProduct): Query {
  return { more_like_this: { fields: SIMILAR_FIELDS, like: likeText(p), min_term_freq: 1, min_doc_freq: 1, max_query_terms: 25, minimum_should_match: '30%' } };
}

export function alternativesStages({ list, context }: AlgorithmInput): Stage[] {
  const p = list.product;
  if (!p) return [];
  const categories = anyOf('categoryIds', p.categoryIds);
  const types = anyOf('productType', p.productType);
  const stages: Stage[] = [];
  if (likeText(p)) {
    stages.push({
      kind: 'search',
      query: { bool: { must: [similarTo(p)], filter: defined([categories ?? types, inStockQuery(context)]) } },
      sort: popularityOrder(),
    });
  }
  for (const similar of defined([categories, types])) stages.push(popularStage(context, [similar], true));
  return stages;
}

export const alternatives: AlgorithmModule<undefined> = {
  algorithm: 'ALTERNATIVES',
  softDedupe: true,
  needsProduct: true,
  coldSignals: undefined,
  signals: async () => undefined,
  stages: (input) => alternativesStages(input),
};
