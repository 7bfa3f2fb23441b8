/**
 * Sort orders of product listings: one table, each entry a label (English; what a visitor reads comes
 * from the locale, sortLabel) and its Elasticsearch sort. Every
 * listing sorts on `_score` first: under RELEVANCE the score is relevance scaled by the stock tier
 * (relevance.ts), under every other order the score is the stock tier alone (1 in stock, 0 not), so
 * in-stock products always come before out-of-stock ones. Ties go to the more popular product (visitors'
 * behaviour, popularityJob.ts), then to `productKey`, for stable paging. Under RELEVANCE the type match is
 * already in the score (relevance.ts TYPE_BOOST), so equal scores are equal on it.
 * Missing values sort last. PRICE_* sort on the lowest selling price (the price a card shows first);
 * with `priceId` on the custom price, and products without that custom price come after the ones with
 * it, by their standard price (the price they show).
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../kernel/errors';
import { sellingPriceFields } from './prices';
import { SORT_IDS, type SortId } from '../merchandising/sortOrders';
import type { SortResult } from './responseTypes';
import { visitorLabel, type LabelPlace } from '../merchandising/labels';

export { SORT_IDS, type SortId };

interface SortContext {
  priceId?: string;
}

type FieldSort = (ctx: SortContext) => estypes.SortCombinations[];

const by = (field: string, order: estypes.SortOrder, unmapped_type: estypes.MappingFieldType = 'double'): estypes.SortCombinations => ({
  [field]: { order, missing: '_last', unmapped_type },
});

/**
 * A measurement's every value, the product's and its variants' (`measureValues`, multi-valued: ascending
 * sorts on the smallest, descending on the largest), then the product's own for documents written before it.
 */
const measure =
  (m: string, order: estypes.SortOrder): FieldSort =>
  () => [by(`measureValues.${m}`, order), by(`${m}.base`, order)];

const price =
  (order: estypes.SortOrder): FieldSort =>
  (c) =>
    c.priceId === undefined
      ? [by(sellingPriceFields(undefined).min, order)]
      : [by(sellingPriceFields(c.priceId).min, order), by(sellingPriceFields(undefined).min, order)];

export const SORTS: Record<SortId, { label: string; fields: FieldSort }> = {
  RELEVANCE: { label: 'Relevance', fields: () => [] },
  NEWEST_FIRST: { label: 'Newest first', fields: () => [by('releaseDate', 'desc', 'date')] },
  PRICE_ASCENDING: { label: 'Price, low to high', fields: price('asc') },
  PRICE_DESCENDING: { label: 'Price, high to low', fields: price('desc') },
  DISCOUNT: { label: 'Discount', fields: () => [by('discount', 'desc')] },
  RATING: { label: 'Rating', fields: () => [by('rating', 'desc')] },
  NAME: { label: 'Name', fields: () => [by('name.sort', 'asc', 'keyword')] },
  TITLE: { label: 'Title', fields: () => [by('title.sort', 'asc', 'keyword')] },
  LENGTH_INCREASING: { label: 'Length, increasing', fields: measure('length', 'asc') },
  LENGTH_DECREASING: { label: 'Length, decreasing', fields: measure('length', 'desc') },
  WIDTH_INCREASING: { label: 'Width, increasing', fields: measure('width', 'asc') },
  WIDTH_DECREASING: { label: 'Width, decreasing', fields: measure('width', 'desc') },
  HEIGHT_INCREASING: { label: 'Height, increasing', fields: measure('height', 'asc') },
  HEIGHT_DECREASING: { label: 'Height, decreasing', fields: measure('height', 'desc') },
  DEPTH_INCREASING: { label: 'Depth, increasing', fields: measure('depth', 'asc') },
  DEPTH_DECREASING: { label: 'Depth, decreasing', fields: measure('depth', 'desc') },
  VOLUME_INCREASING: { label: 'Volume, increasing', fields: measure('volume', 'asc') },
  VOLUME_DECREASING: { label: 'Volume, decreasing', fields: measure('volume', 'desc') },
  WEIGHT_INCREASING: { label: 'Weight, increasing', fields: measure('weight', 'asc') },
  WEIGHT_DECREASING: { label: 'Weight, decreasing', fields: measure('weight', 'desc') },
};

/** Parses `sort` among the ids an endpoint offers (400 naming the parameter), default RELEVANCE. */
export function parseSort(value: string | undefined, offered: readonly SortId[] = SORT_IDS): SortId {
  if (value === undefined || value === '') return 'RELEVANCE';
  const id = offered.find((s) => s === value.trim().toUpperCase());
  if (!id) throw invalid(`Query parameter sort: unknown sort "${value}" (${offered.join(', ')})`);
  return id;
}

/** The Elasticsearch sort of a listing: stock tier/relevance score, the order's fields, popularity, the key. */
export function listingSort(id: SortId, ctx: SortContext): estypes.SortCombinations[] {
  return [{ _score: { order: 'desc' } }, ...SORTS[id].fields(ctx), by('popularity', 'desc'), { productKey: { order: 'asc' } }];
}

/** Whether the listing's score is relevance (else the stock tier only). */
export const scoresRelevance = (id: SortId) => id === 'RELEVANCE';

/** A sort option's label as the visitor reads it: the market-locale's override, else built in for the locale. */
export function sortLabel(id: SortId, at: LabelPlace): string {
  return visitorLabel(at, `sort.${id}`) ?? SORTS[id].label;
}

export function sortResult(selected: SortId, at: LabelPlace, offered: readonly SortId[] = SORT_IDS): SortResult<SortId> {
  return { selected, options: offered.map((id) => ({ id, label: sortLabel(id, at) })) };
}
