/**
 * Baskets and what goes together in them: the input of the co-occurrence job (../coOccurrenceJob.ts).
 *
 * A basket is the set of products a session added to cart or bought within `historyDays`. A composite
 * aggregation walks (market, sessionKey, productKey, variantKey) buckets in key order, so each session's
 * products arrive together and pages stay bounded however many events there are. BasketCounts counts, per
 * market, the baskets, the baskets holding each product, and the baskets holding each pair of products;
 * relatedProducts() turns those counts into each product's "bought together" list.
 *
 * The score is JLH, the default of Elasticsearch's significant_terms, over baskets: for product B in the
 * baskets of A, fg = together(A, B) / baskets(A) and bg = baskets(B) / baskets; score = (fg − bg) · fg / bg
 * when fg > bg, else 0. A product every basket holds does not win just by being common; products that were
 * bought with A but not more than usual follow with score 0, by baskets shared.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOnly, exists, ofTypes, readCompositePage, since, type QueryScope } from './common';

export interface BasketBucket {
  key: { market: string; sessionKey: string; productKey: string; variantKey: string | null };
  doc_count: number;
}
export type BasketsAfterKey = Record<string, string | number | null>;

/** One product's "bought together" answer. */
export interface CoOccurringProduct {
  productKey: string;
  score: number;
  sessions: number;
}

/** A product's co-occurrence as the job stores it (one document per market and product). */
export interface CoOccurrenceEntry {
  market: string;
  productKey: string;
  /** Variant keys of the product seen in baskets: a cart of variant keys finds the product by them. */
  variantKeys: string[];
  /** Baskets holding the product. */
  sessions: number;
  related: CoOccurringProduct[];
}

export const BASKETS_PAGE = 5000;
/**
 * Baskets with more distinct products than this count as baskets but add no pairs: pairs grow with the
 * square of a basket, and crawlers and wholesale orders say little about what goes together.
 */
export const MAX_BASKET_PRODUCTS = 50;
/** Related products kept per product (a list asks for at most 200 with room for filtering; see cart.ts). */
export const RELATED_KEPT = 100;
const AGG = 'baskets';

export function basketsSearch(scope: QueryScope, after?: BasketsAfterKey): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    { bool: { filter: [ofTypes('add-to-cart', 'purchase'), since(scope.now, scope.historyDays), exists('productKey'), exists('sessionKey')] } },
    {
      [AGG]: {
        composite: {
          size: BASKETS_PAGE,
          sources: [
            { market: { terms: { field: 'market' } } },
            { sessionKey: { terms: { field: 'sessionKey' } } },
            { productKey: { terms: { field: 'productKey' } } },
            { variantKey: { terms: { field: 'variantKey', missing_bucket: true } } },
          ],
          ...(after ? { after } : {}),
        },
      },
    },
  );
}

export const readBasketsPage = (response: estypes.SearchResponse<unknown>) => readCompositePage<BasketBucket, BasketsAfterKey>(response, AGG);

/**
 * One market's counts. Products are numbered as they first appear, so pair counts are small-integer maps
 * (a string key per pair would keep a copy of each product key per row, and the job runs in the API process).
 */
interface MarketCounts {
  baskets: number;
  keys: string[];
  indexOf: Map<string, number>;
  /** Baskets per product, by number. */
  productBaskets: number[];
  /** Baskets per pair, both ways, by number: together[a].get(b) = together[b].get(a). */
  together: (Map<number, number> | undefined)[];
  variants: (Set<string> | undefined)[];
}

/** Counts baskets from buckets given in composite order (market, session, product, variant). */
export class BasketCounts {
  private readonly markets = new Map<string, MarketCounts>();
  private current?: { market: MarketCounts; sessionKey: string; products: Set<number> };

  add(buckets: readonly BasketBucket[]): void {
    for (const { key } of buckets) {
      const market = this.counts(key.market);
      if (!this.current || this.current.market !== market || this.current.sessionKey !== key.sessionKey) {
        this.closeBasket();
        this.current = { market, sessionKey: key.sessionKey, products: new Set() };
      }
      const product = numberOf(market, key.productKey);
      this.current.products.add(product);
      if (key.variantKey !== null) (market.variants[product] ??= new Set()).add(key.variantKey);
    }
  }

  /** Every product's entry, per market, once every page is added; one at a time, so they can be written as they come. */
  *entries(): Generator<CoOccurrenceEntry> {
    this.closeBasket();
    for (const [market, counts] of this.markets) {
      for (let product = 0; product < counts.keys.length; product++) {
        yield {
          market,
          productKey: counts.keys[product],
          sessions: counts.productBaskets[product],
          variantKeys: [...(counts.variants[product] ?? [])].sort(),
          related: relatedProducts(counts, product),
        };
      }
    }
  }

  private closeBasket(): void {
    const basket = this.current;
    this.current = undefined;
    if (!basket) return;
    const counts = basket.market;
    counts.baskets++;
    const products = [...basket.products];
    for (const p of products) counts.productBaskets[p]++;
    if (products.length > MAX_BASKET_PRODUCTS) return;
    for (const a of products) {
      const row = (counts.together[a] ??= new Map());
      for (const b of products) if (b !== a) row.set(b, (row.get(b) ?? 0) + 1);
    }
  }

  private counts(market: string): MarketCounts {
    let c = this.markets.get(market);
    if (!c) this.markets.set(market, (c = { baskets: 0, keys: [], indexOf: new Map(), productBaskets: [], together: [], variants: [] }));
    return c;
  }
}

function numberOf(counts: MarketCounts, productKey: string): number {
  let n = counts.indexOf.get(productKey);
  if (n === undefined) {
    n = counts.keys.length;
    counts.indexOf.set(productKey, n);
    counts.keys.push(productKey);
    counts.productBaskets.push(0);
  }
  return n;
}

/** JLH over baskets (see the top of this file); 0 when B is not in A's baskets more often than in all. */
export function jlh(together: number, basketsOfA: number, basketsOfB: number, baskets: number): number {
  const fg = together / basketsOfA;
  const bg = basketsOfB / baskets;
  return fg > bg ? (fg - bg) * (fg / bg) : 0;
}

function relatedProducts(counts: MarketCounts, a: number): CoOccurringProduct[] {
  const row = counts.together[a];
  if (!row) return [];
  const basketsOfA = counts.productBaskets[a];
  const related: CoOccurringProduct[] = [];
  for (const [b, together] of row) {
    related.push({ productKey: counts.keys[b], sessions: together, score: round(jlh(together, basketsOfA, counts.productBaskets[b], counts.baskets)) });
  }
  return related.sort(byScore).slice(0, RELATED_KEPT);
}

/** Best first: score, then baskets shared, then key (a stable order for equal answers). */
export const byScore = (a: CoOccurringProduct, b: CoOccurringProduct) =>
  b.score - a.score || b.sessions - a.sessions || a.productKey.localeCompare(b.productKey);

export const round = (n: number) => Math.round(n * 1e6) / 1e6;
