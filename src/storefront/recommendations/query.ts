/**
 * Pure DSL pieces every algorithm composes: the filters of a list (market, locale, rules, the products it
 * is about, blocked keys), stock handling, the popularity order, and a stage as one search request.
 * Every search collapses on the product group, so a group never takes two slots of a stage.
 */
import type { estypes } from '@elastic/elasticsearch';
import { productSource } from '../productSource';
import type { QueryContext } from '../request';
import { inStockQuery } from '../stock';
import type { AlgorithmInput, Query, ResolvedList, SourceProduct, Stage } from './types';

/** Scores 2 in stock and 1 out of stock under the context: in-stock products come first, none is dropped. */
export function stockFirst(ctx: QueryContext): Query {
  return { bool: { must: [{ match_all: {} }], should: [{ constant_score: { filter: inStockQuery(ctx), boost: 1 } }] } };
}

/** Missing values sort last; unmapped types keep an empty index answerable. */
const field = (name: string, order: estypes.SortOrder, unmapped_type: estypes.MappingFieldType): estypes.SortCombinations =>
  ({ [name]: { order, missing: '_last', unmapped_type } });

/** Score (stock tier or relevance), then popularity, then newest, then key for a stable order. */
export function popularityOrder(): estypes.SortCombinations[] {
  return [{ _score: { order: 'desc' } }, field('popularity', 'desc', 'float'), field('releaseDate', 'desc', 'date'), { productKey: { order: 'asc' } }];
}

export function newestOrder(): estypes.SortCombinations[] {
  return [{ _score: { order: 'desc' } }, field('releaseDate', 'desc', 'date'), field('popularity', 'desc', 'float'), { productKey: { order: 'asc' } }];
}

/** A search stage of products passing `filters`, in stock first, most popular first. */
export function popularStage(ctx: QueryContext, filters: Query[], inStockOnly = false): Stage {
  return {
    kind: 'search',
    query: { bool: { must: [stockFirst(ctx)], filter: [...filters, ...(inStockOnly ? [inStockQuery(ctx)] : [])] } },
    sort: popularityOrder(),
  };
}

/** The product groups a list is about: its product and the cart's products never appear in it. */
export function aboutGroups(list: ResolvedList): string[] {
  const products: SourceProduct[] = [...(list.product ? [list.product] : []), ...list.cart];
  return [...new Set(products.map((p) => p.productGroupKey))];
}

/** What every stage of a list shares: market, locale, rules, and the exclusions. */
export function listFilters(input: AlgorithmInput): { filter: Query[]; mustNot: Query[] } {
  const { list, context } = input;
  const groups = aboutGroups(list);
  return {
    filter: [{ term: { market: context.market } }, { term: { locale: context.locale } }, ...(list.rules ? [list.rules] : [])],
    mustNot: [
      ...(groups.length ? [{ terms: { productGroupKey: groups } }] : []),
      ...(list.blocked.length ? [{ terms: { productKey: list.blocked } }] : []),
    ],
  };
}

/** One stage as a search request of `size` product groups. */
export function stageSearch(stage: Stage, input: AlgorithmInput, size: number): estypes.SearchRequest {
  const { filter, mustNot } = listFilters(input);
  const source = { includes: productSource(input.context) };
  if (stage.kind === 'keys') {
    return {
      query: {
        bool: {
          filter: [{ terms: { productKey: stage.keys } }, ...filter, ...(stage.inStockOnly ? [inStockQuery(input.context)] : [])],
          ...(mustNot.length ? { must_not: mustNot } : {}),
        },
      },
      size: stage.keys.length,
      _source: source,
      track_total_hits: false,
    };
  }
  return {
    query: { bool: { must: [stage.query], filter, ...(mustNot.length ? { must_not: mustNot } : {}) } },
    sort: stage.sort,
    collapse: { field: 'productGroupKey' },
    size,
    _source: source,
    track_total_hits: false,
  };
}

/** Product keys of a stage's answer in stage order: keyed stages keep the order of their keys. */
export function orderHits<T extends { productKey: string }>(stage: Stage, hits: T[]): T[] {
  if (stage.kind !== 'keys') return hits;
  const rank = new Map(stage.keys.map((k, i) => [k, i]));
  return [...hits].sort((a, b) => (rank.get(a.productKey) ?? 0) - (rank.get(b.productKey) ?? 0));
}

/** A filter on any of `values` of `field`; undefined without values. */
export function anyOf(fieldName: string, values: readonly string[]): Query | undefined {
  return values.length ? { terms: { [fieldName]: [...values] } } : undefined;
}

export const defined = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined);
