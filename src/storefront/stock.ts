/**
 * Stock as the query context sees it (`channels` and `stores`), for display and for filtering/ranking:
 * - ONLINE counts the online stock;
 * - STORE counts the sum over the requested stores (no stores requested: nothing);
 * - both (the default) count online stock plus the requested stores.
 * A variant is in stock when that number is above zero; a product when any variant is.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { StoreStock } from '../catalog/documentTypes';
import type { QueryContext } from './request';

export type StockContext = Pick<QueryContext, 'channels' | 'stores'>;

export interface Availability {
  channel: 'ONLINE' | 'STORE';
  /** Store key; omitted for ONLINE (the API never sends null). */
  key?: string;
  stockNumber: number;
}

/** Availability per channel: one ONLINE entry when online counts, one entry per requested store. */
export function availability(variant: { stock: number; storeStock?: StoreStock[] }, ctx: StockContext): Availability[] {
  const out: Availability[] = [];
  if (ctx.channels.online) out.push({ channel: 'ONLINE', stockNumber: variant.stock });
  if (ctx.channels.store) {
    for (const store of ctx.stores) {
      out.push({ channel: 'STORE', key: store, stockNumber: variant.storeStock?.find((s) => s.store === store)?.stock ?? 0 });
    }
  }
  return out;
}

export function stockNumber(entries: Availability[]): number {
  return entries.reduce((sum, a) => sum + Math.max(0, a.stockNumber), 0);
}

/** A filter matching products in stock under the context (used by ranking and the in-stock facet). */
export function inStockQuery(ctx: StockContext): estypes.QueryDslQueryContainer {
  const clauses: estypes.QueryDslQueryContainer[] = [];
  if (ctx.channels.online) clauses.push({ term: { inStock: true } });
  if (ctx.channels.store && ctx.stores.length) clauses.push({ terms: { inStockStores: ctx.stores } });
  if (clauses.length === 0) return { match_none: {} };
  return clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } };
}
