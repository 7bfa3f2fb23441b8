/**
 * The sort orders a product listing offers: the storefront's `sort` values, which pages also name
 * (`sortOrderOverride`). How each one sorts is the storefront's business (src/storefront/sorts.ts).
 */
export const SORT_IDS = [
  'RELEVANCE',
  'NEWEST_FIRST',
  'PRICE_ASCENDING',
  'PRICE_DESCENDING',
  'DISCOUNT',
  'RATING',
  'NAME',
  'LENGTH_INCREASING',
  'LENGTH_DECREASING',
  'WIDTH_INCREASING',
  'WIDTH_DECREASING',
  'HEIGHT_INCREASING',
  'HEIGHT_DECREASING',
  'DEPTH_INCREASING',
  'DEPTH_DECREASING',
  'VOLUME_INCREASING',
  'VOLUME_DECREASING',
  'WEIGHT_INCREASING',
  'WEIGHT_DECREASING',
  'TITLE',
] as const;
export type SortId = (typeof SORT_IDS)[number];
