/**
 * Response shapes of the storefront query interface, mirroring the official client's models
 * (`@apptus/esales-api` src/models). Optional fields are omitted when undefined, never sent as null;
 * so is `brand` when the product has none (the client types it as always present).
 * test/unit/storefront-shaper.test.ts checks at compile time that these are assignable to the client's types.
 */
import type { SortId } from '../merchandising/sortOrders';
import type { NavigationResult } from './navigation/shape';

export interface Price {
  min: number;
  max: number;
}
export interface MeasurementResult {
  amount: number;
  unit: string;
}
export interface CustomAttributeResult {
  id: string;
  label: string;
}
export type CustomAttributes = Record<string, CustomAttributeResult[]>;
export interface TypedCustomResult {
  lengths: Record<string, MeasurementResult>;
  numbers: Record<string, number>;
  json: Record<string, unknown>;
}
export interface PriceResult {
  id: string;
  listPrice: number;
  sellingPrice: number;
}

export type BadgeTheme = 'NONE' | 'SALE' | 'DISCOUNT' | 'NEW' | 'THEME_1' | 'THEME_2' | 'THEME_3';
export interface Badge {
  label: string;
  theme: BadgeTheme;
  attribute?: string;
}

export interface ImageSourceResult {
  url: string;
  width?: number;
  height?: number;
}
export interface ImageResult {
  alt?: string;
  caption?: string;
  custom?: Record<string, string>;
  sources: ImageSourceResult[];
}
export interface ImageInfo {
  effect: 'NONE' | 'SWAP' | 'GALLERY';
  images: ImageResult[];
  thumbnail?: string;
}

export type SwatchType = 'MISSING_COLORS' | 'COLORS' | 'SILVER' | 'GOLD' | 'MULTI';
export interface Swatch {
  type: SwatchType;
  colors: string[];
}

export interface AvailabilityResult {
  channel: 'ONLINE' | 'STORE';
  key?: string;
  stockNumber: number;
}

type Measurements = Partial<Record<'depth' | 'height' | 'length' | 'volume' | 'weight' | 'width', MeasurementResult>>;

export interface VariantResult extends Measurements {
  key: string;
  ticket: string;
  label?: string;
  size?: string;
  stockNumber: number;
  inStock: boolean;
  link: string;
  listPrice: number;
  sellingPrice: number;
  prices: PriceResult[];
  availability: AvailabilityResult[];
  custom?: CustomAttributes;
  typedCustom?: TypedCustomResult;
}

export interface ProductResult extends Measurements {
  key: string;
  title: string;
  name?: string;
  brand?: string;
  series?: string;
  description?: string;
  link: string;
  ticket: string;
  rating?: number;
  inStock: boolean;
  listPrice: Price;
  sellingPrice: Price;
  variants: VariantResult[];
  badges: { primary: Badge[]; secondary: Badge[] };
  imageInfo: ImageInfo;
  swatch: Swatch;
  custom?: CustomAttributes;
  typedCustom?: TypedCustomResult;
}

export interface ProductGroupResult {
  key: string;
  products: ProductResult[];
  remaining: number;
}

export interface FacetValueResult {
  id: string;
  label: string;
  selected: boolean;
  count: number;
}
export interface TextFacetResult {
  id: string;
  label: string;
  type: 'TEXT';
  sort: 'ALPHABETICAL' | 'RELEVANCE' | 'NATURAL';
  selectedCount: number;
  values: FacetValueResult[];
}
export interface ColorFacetResult {
  id: string;
  label: string;
  type: 'COLOR';
  selectedCount: number;
  values: (FacetValueResult & { color: string })[];
}
export interface RangeFacetResult {
  id: string;
  label: string;
  type: 'RANGE';
  unit?: string;
  min?: number;
  max?: number;
  minSelected?: number;
  maxSelected?: number;
}
export interface SizeFacetResult {
  id: string;
  label: string;
  type: 'SIZE';
  selectedCount: number;
  sizeTypes: { label: string; formats: { format: string; values: FacetValueResult[] }[] }[];
}
export interface CheckboxFacetResult {
  id: string;
  label: string;
  type: 'CHECKBOX';
  selected: boolean;
  count?: number;
}
export type FacetResult = TextFacetResult | ColorFacetResult | RangeFacetResult | SizeFacetResult | CheckboxFacetResult;

export interface SortResult<T extends string = string> {
  selected: T;
  options: { id: T; label: string }[];
}

/** A slice's products in a primary list: 0-based positions in the whole list, `from` inclusive, `to` exclusive. */
export interface SliceRange {
  id: string;
  from: number;
  to: number;
}
/** The spec's PrimaryList (the client's model lacks `sliceRanges`): empty on search-page, which has no page slices. */
export interface PrimaryListResult {
  sort: SortResult<SortId>;
  productGroups: ProductGroupResult[];
  totalHits: number;
  facets: FacetResult[];
  sliceRanges: SliceRange[];
}
export interface SecondaryListResult {
  productGroups: ProductGroupResult[];
  totalHits: number;
}

export interface ContentItemResult {
  key: string;
  type: string;
  title: string;
  link: string;
  ticket: string;
  description?: string;
  releaseDate?: string;
  image?: ImageResult;
  custom: CustomAttributes;
}
export interface ContentListResult {
  id: string;
  items: ContentItemResult[];
  totalHits: number;
}

/** content-information: the asked items of the market-locale, in the order asked. */
export interface ContentInformationResult {
  items: ContentItemResult[];
}

export type ContentSortId = 'RELEVANCE' | 'NEWEST_FIRST';
export interface ContentSearchPageResult {
  q: string;
  autoCorrect?: { q: string; originalTotalHits: number };
  didYouMean: { q: string }[];
  primaryList: { sort: SortResult<ContentSortId>; items: ContentItemResult[]; totalHits: number };
}

export interface SearchPageResult {
  q: string;
  autoCorrect?: { q: string; originalTotalHits: number };
  didYouMean: { q: string }[];
  primaryList: PrimaryListResult;
  navigation?: NavigationResult;
  secondaryList: SecondaryListResult;
  relatedSearches: { q: string }[];
  contentLists: ContentListResult[];
  /** Our addition (the official models have none on search-page): the phrase rule's redirect, a page path or URL. */
  redirectLink?: string;
  /**
   * Our addition (search by meaning, semantic.ts): true when no product matches the phrase's words and the primary
   * list holds the products closest in meaning instead, so that a storefront can say so. Absent otherwise.
   */
  similarInMeaning?: true;
}

export interface RecommendationListResult {
  id: string;
  algorithm: string;
  label?: string;
  showMoreLink?: string;
  visualization: 'CAROUSEL' | 'GRID';
  visible: boolean;
  productGroups: ProductGroupResult[];
}
