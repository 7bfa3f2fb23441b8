/**
 * Pure DSL pieces every algorithm composes: the filters of a list (market, locale, rules, blocked keys),
 * stock handling, the popularity order, and a stage as one search request.
 * Every search collapses on the product group, so a group never takes two slots of a stage. Stages answer
 * candidates only (keys from doc values, no `_source`): every stage of every list runs in one msearch and
 * most candidates are never shown, so the documents of the chosen ones are fetched afterwards, in one mget
 * with their siblings (productSource.ts).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { QueryContext } from '../request';
import { inStockQuery } from '../stock';
import type { AlgorithmInput, Candidate, Query, ResolvedList, SourceProduct, Stage } from './types';

/** Keyword fields with doc values a stage answers per hit (see readCandidates). */
const CANDIDATE_FIELDS = ['productKey', 'productGroupKey', 'groupProductKeys'];

/** Scores 2 in stock and 1 out of stock under the context: in-stock products come first, none is dropped. */
export function stockFirst(ctx: QueryContext): Query {
  return { bool: { must: [{ match_all: {} }], should: [{ constant_score: { filter: inStockQuery(ctx), boost: 1 } }] } };
}

/** Missing values sort last; unmapped types keep an empty index answerable. */
const field = (name: string, order: estypes.SortOrder, unmapped_type: estypes.MappingFieldType): estypes.SortCombinations => ({
  [name]: { order, missing: '_last', unmapped_type },
});

/**
 * Score (stock tier or relevance), then popularity, then what the feed says of popularity (rating, then
 * online stock), then newest, then key for a stable order. Without behaviour every popularity is 0: rating
 * and stock keep "popular" apart from "newest" (NEWEST_PRODUCTS) on a fresh catalog.
 */
export function popularityOrder(): estypes.SortCombinations[] {
  return [
    { _score: { order: 'desc' } },
    field('popularity', 'desc', 'float'),
    field('rating', 'desc', 'double'),
    field('stock', 'desc', 'long'),
    field('releaseDate', 'desc', 'date'),
    { productKey: { order: 'asc' } },
  ];
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

/**
 * The product groups a list is about: its product and the cart's products never appear in it. They are
 * left out when the list is filled (merge.ts), not in the stage searches: a fallback stage (popular in the
 * product's category, say) then reads the same for every product it could be about, so Elasticsearch's
 * request cache answers it from the second page on.
 */
export function aboutGroups(list: ResolvedList): string[] {
  const products: SourceProduct[] = [...(list.product ? [list.product] : []), ...list.cart];
  return [...new Set(products.map((p) => p.productGroupKey))];
}

/** What every stage of a list shares: market, locale, rules, and the blocked products. */
export function listFilters(input: AlgorithmInput): { filter: Query[]; mustNot: Query[] } {
  const { list, context } = input;
  return {
    filter: [{ term: { market: context.market } }, { term: { locale: context.locale } }, ...(list.rules ? [list.rules] : [])],
    mustNot: list.blocked.length ? [{ terms: { productKey: list.blocked } }] : [],
  };
}

/** One stage as a search request of `size` product groups. */
export function stageSearch(stage: Stage, input: AlgorithmInput, size: number): estypes.SearchRequest {
  const { filter, mustNot } = listFilters(input);
  if (stage.kind === 'keys') {
    return {
      query: {
        bool: {
          filter: [{ terms: { productKey: stage.keys } }, ...filter, ...(stage.inStockOnly ? [inStockQuery(input.context)] : [])],
          ...(mustNot.length ? { must_not: mustNot } : {}),
        },
      },
      size: stage.keys.length,
      _source: false,
      docvalue_fields: CANDIDATE_FIELDS,
      track_total_hits: false,
    };
  }
  return {
    query: { bool: { must: [stage.query], filter, ...(mustNot.length ? { must_not: mustNot } : {}) } },
    sort: stage.sort,
    collapse: { field: 'productGroupKey' },
    size,
    _source: false,
    docvalue_fields: CANDIDATE_FIELDS,
    track_total_hits: false,
  };
}

/** The candidates of a stage's answer (hits without a product or group key are skipped). */
export function readCandidates(response: Pick<estypes.SearchResponse<unknown>, 'hits'> | undefined): Candidate[] {
  return (response?.hits.hits ?? []).flatMap((h) => {
    const fields = (h.fields ?? {}) as Record<string, unknown[] | undefined>;
    const [productKey] = fields.productKey ?? [];
    const [productGroupKey] = fields.productGroupKey ?? [];
    if (typeof productKey !== 'string' || typeof productGroupKey !== 'string') return [];
    return [{ productKey, productGroupKey, groupProductKeys: (fields.groupProductKeys ?? []).filter((k): k is string => typeof k === 'string') }];
  });
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
