/**
 * What an entity becomes in Elasticsearch. One ProductDocument per product × market × locale that the
 * product is sold in, with defaults, overrides and translations already resolved for that market-locale,
 * so a storefront query filters on `market` and `locale` and never resolves anything at query time.
 * Field names follow the feed so an analyst recognises them in Kibana. Mapping: mappings/catalog-products.json.
 */
import type { Length } from './types';

export interface PriceRange {
  min: number;
  max: number;
}
export interface PriceRanges {
  selling: PriceRange;
  list: PriceRange;
}

/** Measurement as imported plus its value in a base unit (mm, ml, g) for sorting and ranges. */
export interface Measurement extends Length {
  base?: number;
}

/** The measurements a product or variant may carry. */
export type MeasureName = 'depth' | 'height' | 'length' | 'width' | 'volume' | 'weight';

export interface StoreStock {
  store: string;
  stock: number;
}

/**
 * A custom number or length as a name/value pair (nested in the mapping): ranges, facets and sorting on any
 * attribute name without a mapped field per name. Lengths carry their value in mm.
 */
export interface NamedValue {
  name: string;
  value: number;
}
export interface NamedLength {
  name: string;
  base: number;
}

/** The custom attributes of a product or a variant, as stored (see mappings/catalog-products.json). */
export interface CustomAttributeFields {
  /** Translated custom label values by attribute name (a `flattened` field). */
  customLabels: Record<string, string[]>;
  /** The feed's ids (translation ids) of the attributes a translation changed, index for index; not indexed. */
  customLabelIds?: Record<string, string[]>;
  /** The same ids, searchable (a `flattened` field): rules and facet selections name a value by its feed id in every locale. */
  customLabelFeedIds?: Record<string, string[]>;
  customNumbers: Record<string, number>;
  customLengths: Record<string, Measurement>;
  customNumberValues: NamedValue[];
  customLengthValues: NamedLength[];
  customJson: Record<string, unknown>;
}

export interface VariantDocument extends CustomAttributeFields {
  key: string;
  label?: string;
  size?: string[];
  order?: number;
  listPrice: number;
  sellingPrice: number;
  /** Online stock. */
  stock: number;
  inStock: boolean;
  /** Stores with stock > 0. */
  inStockStores: string[];
  /** Every store key the variant has a stock figure for (display and `stores` validation). */
  storeStock: StoreStock[];
  customPrices: { id: string; listPrice: number; sellingPrice: number }[];
  depth?: Measurement;
  height?: Measurement;
  length?: Measurement;
  width?: Measurement;
  volume?: Measurement;
  weight?: Measurement;
}

export interface ImageDocument {
  key: string;
  order?: number;
  type?: string;
  alt?: string;
  caption?: string;
  custom?: Record<string, string>;
  tags?: string[];
  sources: { url: string; width?: number; height?: number }[];
}

export interface ProductDocument extends CustomAttributeFields {
  market: string;
  locale: string;
  productGroupKey: string;
  productKey: string;
  /** Position of this product in its group (feed order), 0 = main. */
  groupPosition: number;
  /** Keys of all products of the group sold in this market-locale, feed order. */
  groupProductKeys: string[];
  suppressDuplicates: boolean;
  /** Listings collapse on this: the group key when the group suppresses duplicates, else the product key. */
  collapseKey: string;
  variantKeys: string[];

  title: string;
  url: string;
  name?: string;
  brand?: string;
  series?: string;
  description?: string;
  /**
   * The vector of the product's text (productVectors.ts), set by the import where search by meaning is on; never
   * in `_source` (the mapping excludes it), so never in what a search reads back.
   */
  embedding?: number[];
  ontology?: string;
  sizeType?: string;
  /** The size type in the document's locale, where a translation names it (the size facet's group label). */
  sizeTypeLabel?: string;
  /** Translated category values as given (hierarchy with ` > `). */
  category: string[];
  /** Every ancestor path of every category, for hierarchical facets and rules: `A`, `A > B`, ... */
  categoryPaths: string[];
  /** Untranslated category ids (translation ids), for rules. */
  categoryIds: string[];
  age: string[];
  department: string[];
  gender: string[];
  pattern: string[];
  productType: string[];
  /** What the product is, as lookup keys (productTypes.ts): the head noun of its product type or leaf categories. */
  productTypeKeys: string[];
  styleWith: string[];
  /** Names of the product's custom labels: which attributes cover a result set (dynamic facets). */
  customLabelNames: string[];
  /** Every custom label value, searched as one text field. */
  customText: string[];
  rating?: number;
  releaseDate?: string;
  depth?: Measurement;
  height?: Measurement;
  length?: Measurement;
  width?: Measurement;
  volume?: Measurement;
  weight?: Measurement;
  /**
   * Every base value of each measurement, the product's and its variants' (the spec allows either level), so
   * rules and measurement sorts see variant-level ones; absent when nothing is measured.
   */
  measureValues?: Partial<Record<MeasureName, number[]>>;

  /** colorOverride if given, else colorInitial. */
  colors: string[];
  /** The colours' names in the document's locale, searched (catalog/colourNames.ts). */
  colorNames: string[];
  /** Distinct variant sizes (or labels) for the size facet. */
  sizes: string[];
  price: PriceRanges;
  /** Per custom price id. */
  customPrice: Record<string, PriceRanges>;
  /** Highest discount of any variant in percent, 0..100. */
  discount: number;
  /** Any variant in stock online. */
  inStock: boolean;
  /** Union of variants' in-stock stores. */
  inStockStores: string[];
  /** Every store key any variant has a stock figure for (validation of the storefront `stores` parameter). */
  storeKeys: string[];
  /** Sum of online stock. */
  stock: number;
  /** Behaviour-derived popularity (0 until the behaviour work writes it). */
  popularity: number;

  variants: VariantDocument[];
  images: ImageDocument[];

  /** Completion input for autocomplete phrase suggestions (contexts market and locale). */
  suggest: { input: string[]; contexts: { market: string[]; locale: string[] } };
  /**
   * What a listing shows of the siblings this product's group shows after it (groupProductKeys order, at most
   * MAX_SIBLINGS, same market and locale), so a listing shapes the group from the hit alone instead of
   * fetching the siblings in a second round trip. Not indexed; absent without siblings.
   */
  siblings?: SiblingListing[];
}

/**
 * The fields of a variant a sibling is shaped with (productShaper.ts), trimmed where the shaper reads the
 * absence the same: empty lists and maps, stores without stock, sizes after the first, a label equal to the
 * size, measurements' base (see documents.ts siblingListing).
 */
export type SiblingVariant = Pick<VariantDocument, 'key' | 'listPrice' | 'sellingPrice' | 'stock'> &
  Partial<
    Pick<
      VariantDocument,
      'label' | 'size' | 'storeStock' | 'customPrices' | 'customLabels' | 'customLabelIds' | 'customNumbers' | 'customLengths' | 'customJson' | MeasureName
    >
  >;

/** The listing fields of a product (see ProductDocument.siblings), trimmed as its variants; images with sources only, without key, order, type and tags. */
export type SiblingListing = Pick<
  ProductDocument,
  'productKey' | 'productGroupKey' | 'title' | 'url' | 'name' | 'brand' | 'series' | 'description' | 'rating' | 'releaseDate'
> &
  Partial<Pick<ProductDocument, 'colors' | 'customLabels' | 'customLabelIds' | 'customNumbers' | 'customLengths' | 'customJson' | MeasureName>> & {
    images?: Pick<ImageDocument, 'alt' | 'caption' | 'custom' | 'sources'>[];
    variants: SiblingVariant[];
  };

export interface ContentDocument {
  market: string;
  locale: string;
  key: string;
  type: string;
  title: string;
  url: string;
  description?: string;
  releaseDate?: string;
  customLabels: Record<string, string[]>;
  customLabelIds?: Record<string, string[]>;
  customText: string[];
  image?: ImageDocument;
}
