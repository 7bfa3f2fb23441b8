/**
 * The catalog as the admin import speaks it (Elevate 4 JSON lines), typed.
 * These are the shapes after JSON parsing and validation; validation (validate.ts) is what
 * makes the casts from `unknown` safe.
 */

export interface Length {
  amount: number;
  unit: string;
}
/** The spec leaves Volume and Weight unshown; we take the same shape as Length. */
export type Volume = Length;
export type Weight = Length;

export interface Price {
  listPrice: number;
  sellingPrice: number;
}

/** Custom attributes, on products and on variants alike. */
export interface CustomAttributes {
  customLabels?: Record<string, string[]>;
  customJson?: Record<string, unknown>;
  customLengths?: Record<string, Length>;
  customNumbers?: Record<string, number>;
}

/** Physical measurements, on products and on variants alike. */
export interface Measurements {
  depth?: Length;
  height?: Length;
  length?: Length;
  width?: Length;
  volume?: Volume;
  weight?: Weight;
}

export interface ProductData extends CustomAttributes, Measurements {
  title?: string;
  url?: string;
  brand?: string;
  name?: string;
  series?: string;
  description?: string;
  ontology?: string;
  sizeType?: string;
  dataLocale?: string;
  age?: string[];
  department?: string[];
  gender?: string[];
  pattern?: string[];
  productType?: string[];
  styleWith?: string[];
  category?: string[];
  rating?: number;
  releaseDate?: string;
}

export interface VariantData extends CustomAttributes, Measurements {
  listPrice?: number;
  sellingPrice?: number;
  cost?: number;
  label?: string;
  size?: string[];
  order?: number;
  /** Online stock of the variant. */
  stock?: number;
  /** Stock per store key. The spec does not name the field; this is our choice (docs/admin-api.md "Catalog import and export"). */
  storeStock?: Record<string, number>;
  customPrices?: Record<string, Price>;
  dataLocale?: string;
}

/** Map keyed by `market|locale`, `market|*` or `*|locale`. */
export type Overrides<T> = Record<string, T>;

export interface Variant {
  defaults?: VariantData;
  overrides?: Overrides<VariantData>;
}

/** `heightInitial` is ours (the spec's UrlMeta has only `widthInitial`): the source's `height` in answers. */
export interface UrlMeta {
  url: string;
  widthInitial?: number;
  heightInitial?: number;
}

export interface ImageData {
  urls?: UrlMeta[];
  alt?: string;
  caption?: string;
  customData?: Record<string, string>;
  tags?: string[];
}

export type ImageType = 'model' | 'cutout' | 'misc';

export interface Image {
  defaults?: ImageData;
  overrides?: Overrides<ImageData>;
  limitedLocales?: string[];
  limitedMarkets?: string[];
  order?: number;
  typeInitial?: ImageType;
  typeOverride?: ImageType;
}

export interface Product {
  markets: string[];
  defaults?: ProductData;
  overrides?: Overrides<ProductData>;
  variants: Record<string, Variant>;
  images?: Record<string, Image>;
  colorInitial?: string[];
  colorOverride?: string[];
}

export interface ProductGroup {
  products: Record<string, Product>;
  suppressDuplicates?: boolean;
}

export interface ContentData {
  title?: string;
  url?: string;
  description?: string;
  releaseDate?: string;
  dataLocale?: string;
  customLabels?: Record<string, string[]>;
}

export interface Content {
  markets: string[];
  type: string;
  defaults?: ContentData;
  overrides?: Overrides<ContentData>;
  image?: Image;
  limitedLocales?: string[];
}

/** `attribute` is `category`, `age`, `gender` or `customLabels.<name>`. */
export interface Translation {
  attribute: string;
  id: string;
  locale: string;
  value: string;
}

export type EntityType = 'productGroup' | 'content' | 'translation';

/** A Replace line's payload: `key` plus exactly one entity. Also the export line shape. */
export type ReplaceEntity = { key: string; productGroup: ProductGroup } | { key: string; content: Content } | { key: string; translation: Translation };

/** Partial entities as `edit` carries them: every field optional, merged into the current entity. */
export type EditEntity = { key: string; productGroup: DeepPartial<ProductGroup> } | { key: string; content: DeepPartial<Content> };

/** `editAttributes`: attributes of one product or one variant; no structural change. */
export type EditAttributes =
  | { key: string; product: { defaults?: ProductData; overrides?: Overrides<ProductData>; colorInitial?: string[]; colorOverride?: string[] } }
  | { key: string; variant: { defaults?: VariantData; overrides?: Overrides<VariantData> } };

/** One line of an operations import (POST). */
export type CatalogOperation =
  | { op: 'replace'; entity: ReplaceEntity }
  | { op: 'edit'; entity: EditEntity }
  | { op: 'editAttributes'; entity: EditAttributes }
  | { op: 'remove'; entityType: 'productGroup' | 'content'; key: string }
  | { op: 'removePartial'; entityType: 'productGroup' | 'content'; key: string; market: string }
  | { op: 'clearProductGroups'; market: string }
  | { op: 'clearContent'; market: string }
  | { op: 'clearTranslations'; locale: string };

export type DeepPartial<T> = T extends (infer U)[] ? U[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** Themes of the badges a catalog attribute gives (the client's BadgeType). */
export type AttributeBadgeTheme = 'THEME_1' | 'THEME_2' | 'THEME_3';

/**
 * How a market presents products, all optional (configuration/presentation.ts has the defaults): the
 * listings' image effect, the fixed badge rules, and badges from catalog attributes.
 */
export interface MarketPresentation {
  imageEffect?: 'NONE' | 'SWAP' | 'GALLERY';
  badges?: {
    SALE?: { enabled?: boolean };
    NEW?: { enabled?: boolean; days?: number };
    DISCOUNT?: { enabled?: boolean; minPercent?: number };
    /** A badge per value of a product's custom label `custom.<name>`, labelled with the value's text. */
    attributes?: { attribute: string; theme: AttributeBadgeTheme; placement?: 'primary' | 'secondary' }[];
  };
}

/** Markets and their locales, from the configuration import (see docs/admin-api.md "Markets and locales"). */
export interface MarketConfig {
  locales: string[];
  currency?: string;
  presentation?: MarketPresentation;
}
export interface CatalogConfiguration {
  markets: Record<string, MarketConfig>;
}

export function entityTypeOf(entity: ReplaceEntity | EditEntity): EntityType {
  if ('productGroup' in entity) return 'productGroup';
  if ('content' in entity) return 'content';
  return 'translation';
}
