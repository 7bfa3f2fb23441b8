/**
 * Where prices live for the query context: the standard prices, or the custom price named by `priceId`
 * ("all prices, price filtering and price sorting use that custom price").
 * A price interval matches a product when one of its variants sells within it (nested query, exact);
 * custom prices are only indexed per product (`customPrice.<id>.selling.min/max`), so with `priceId` a
 * product matches when its selling price range overlaps the interval.
 */
import type { estypes } from '@elastic/elasticsearch';

export interface PriceInterval {
  min?: number;
  max?: number;
}

export interface PriceFields {
  min: string;
  max: string;
}

/** The product-level fields holding the lowest and highest selling price. */
export function sellingPriceFields(priceId: string | undefined): PriceFields {
  const base = priceId === undefined ? 'price.selling' : `customPrice.${priceId}.selling`;
  return { min: `${base}.min`, max: `${base}.max` };
}

export function priceIntervalQuery(interval: PriceInterval, priceId: string | undefined): estypes.QueryDslQueryContainer {
  const bounds = { ...(interval.min !== undefined ? { gte: interval.min } : {}), ...(interval.max !== undefined ? { lte: interval.max } : {}) };
  if (priceId === undefined) {
    return { nested: { path: 'variants', query: { range: { 'variants.sellingPrice': bounds } } } };
  }
  const fields = sellingPriceFields(priceId);
  const filter: estypes.QueryDslQueryContainer[] = [];
  if (interval.min !== undefined) filter.push({ range: { [fields.max]: { gte: interval.min } } });
  if (interval.max !== undefined) filter.push({ range: { [fields.min]: { lte: interval.max } } });
  return { bool: { filter } };
}
