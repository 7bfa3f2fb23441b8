/**
 * Response templates (admin spec "Template body", elevate-notes section 9): which product and variant
 * attributes a product list returns. Field names are the storefront's ProductResult and VariantResult
 * property names (src/storefront/templates.ts checks that at compile time); custom attributes are
 * `custom.<name>`, or `custom.*` for all of them.
 */

/** `all`, or `first` (the product the card is about) and `rest` (the other products of its group). */
export type TemplateMapping<T> = { all: T } | { first: T; rest: T };

export interface VariantTemplate {
  fields: string[];
}

export interface ProductTemplate {
  fields: string[];
  /** Variants per product; absent = all, 0 = none. */
  maxVariants?: number;
  /** Required unless maxVariants is 0. */
  variants?: TemplateMapping<VariantTemplate>;
}

export interface TemplateSettings {
  products: TemplateMapping<ProductTemplate>;
}

/** The import body and the export result: template id → settings. */
export type Templates = Record<string, TemplateSettings>;

/** Every attribute of ProductResult except `custom`, which templates name as `custom.<name>` or `custom.*`. */
export const PRODUCT_FIELDS = [
  'key',
  'ticket',
  'title',
  'name',
  'brand',
  'series',
  'description',
  'link',
  'rating',
  'inStock',
  'listPrice',
  'sellingPrice',
  'variants',
  'badges',
  'imageInfo',
  'swatch',
  'typedCustom',
  'depth',
  'height',
  'length',
  'volume',
  'weight',
  'width',
] as const;

/** Every attribute of VariantResult except `custom` (see PRODUCT_FIELDS). */
export const VARIANT_FIELDS = [
  'key',
  'ticket',
  'label',
  'size',
  'stockNumber',
  'inStock',
  'link',
  'listPrice',
  'sellingPrice',
  'prices',
  'availability',
  'typedCustom',
  'depth',
  'height',
  'length',
  'volume',
  'weight',
  'width',
] as const;

export const ALL_CUSTOM = 'custom.*';

/** The custom attribute a field names (`custom.material` → `material`), `*` for all, undefined for a built-in field. */
export function customAttributeOf(fieldName: string): string | undefined {
  return fieldName.startsWith('custom.') ? fieldName.slice('custom.'.length) : undefined;
}

export const TEMPLATE_ID = /^[a-zA-Z0-9]{1,25}$/;
export const MAX_TEMPLATES_PER_BODY = 5;
