/**
 * The one product response shaper: pure functions from product documents (as fetched with
 * productSource()) to ProductGroupResult / ProductResult / VariantResult, exactly as the official
 * client's models define them. Stock follows `channels`/`stores`, prices follow `priceId`, custom
 * attributes appear only when requested with `presentCustom` (or a template), the description only when a
 * template lists it, and undefined attributes are omitted.
 */
import type { Measurement, ProductDocument, VariantDocument } from '../catalog/documentTypes';
import { MAX_SIBLINGS } from '../catalog/documents';
import { badges, imageInfo, swatch } from './presentation';
import { DEFAULT_PRESENTATION } from '../configuration/presentation';
import type { PresentCustom, QueryContext } from './request';
import type { CustomAttributes, MeasurementResult, Price, ProductGroupResult, ProductResult, TypedCustomResult, VariantResult } from './responseTypes';
import { availability, stockNumber } from './stock';
import { ticketEncoder, type TicketOrigin } from '../events/tickets';

/** A product document as fetched: the fields productSource() asks for. */
export type ProductSource = Partial<Omit<ProductDocument, 'variants'>> &
  Pick<ProductDocument, 'productKey' | 'productGroupKey'> & { variants?: VariantSource[] };
export type VariantSource = Partial<VariantDocument> & Pick<VariantDocument, 'key'>;

export interface ShapeContext {
  query: Pick<
    QueryContext,
    'channels' | 'stores' | 'presentCustom' | 'presentPrices' | 'priceId' | 'locale' | 'labels' | 'presentDescription' | 'presentation'
  >;
  /** Page, list, market and touchpoint of the tickets. */
  origin: TicketOrigin;
  /** Clock for the NEW badge. */
  now: Date;
  /** Makes the tickets instead of the origin's encoder: listingJson.ts marks where they go in a group's JSON. */
  tickets?: TicketEncoder;
}

export type TicketEncoder = ReturnType<typeof ticketEncoder>;

/** What every product of one ShapeContext shares, derived once per context. */
interface Prepared {
  ticket: TicketEncoder;
  productCustom: PresentCustom[];
  variantCustom: PresentCustom[];
}
const preparedCache = new WeakMap<ShapeContext, Prepared>();

function prepared(sc: ShapeContext): Prepared {
  let p = preparedCache.get(sc);
  if (!p) {
    p = {
      ticket: sc.tickets ?? ticketEncoder(sc.origin),
      productCustom: sc.query.presentCustom.filter((c) => c.level === 'product'),
      variantCustom: sc.query.presentCustom.filter((c) => c.level === 'variant'),
    };
    preparedCache.set(sc, p);
  }
  return p;
}

/** Siblings shown after the main product of a group, at most (the copies each document carries: catalog/documents.ts). */
export { MAX_SIBLINGS };

/** Sibling product keys to fetch for a main product: its group in feed order, without itself, capped. */
export function siblingKeys(main: ProductSource): string[] {
  return (main.groupProductKeys ?? []).filter((k) => k !== main.productKey).slice(0, MAX_SIBLINGS);
}

/**
 * The main product first, then its siblings found in `siblings` (by product key, in group order).
 * `remaining` counts siblings left out by the cap.
 */
export function shapeProductGroup(main: ProductSource, siblings: ReadonlyMap<string, ProductSource>, position: number, sc: ShapeContext): ProductGroupResult {
  const others = (main.groupProductKeys ?? []).filter((k) => k !== main.productKey);
  const shown = others
    .slice(0, MAX_SIBLINGS)
    .map((k) => siblings.get(k))
    .filter((p): p is ProductSource => p !== undefined);
  return {
    key: main.productGroupKey,
    products: [main, ...shown].map((p) => shapeProduct(p, position, sc)),
    remaining: Math.max(0, others.length - MAX_SIBLINGS),
  };
}

// The shapers below assign properties one by one, in the order the answer lists them, instead of spreading
// `optional(...)` objects: a page shapes ~140 products and ~500 variants, each spread a copy and a temporary
// object (with answerJson's single encoding, 0.7 ms less API CPU per search page: docs/benchmarks.md).

export function shapeProduct(doc: ProductSource, position: number, sc: ShapeContext): ProductResult {
  const p = prepared(sc);
  const docVariants = doc.variants ?? [];
  const variants: VariantResult[] = new Array(docVariants.length);
  for (let i = 0; i < docVariants.length; i++) variants[i] = shapeVariant(doc, docVariants[i], position, sc);
  const product = { key: doc.productKey, title: doc.title ?? '' } as ProductResult;
  if (doc.name != null) product.name = doc.name;
  if (doc.brand != null) product.brand = doc.brand;
  if (doc.series != null) product.series = doc.series;
  if (sc.query.presentDescription && doc.description != null) product.description = doc.description;
  product.link = doc.url ?? '';
  product.ticket = p.ticket('product', doc.productKey, '', position);
  if (doc.rating != null) product.rating = doc.rating;
  product.inStock = variants.some((v) => v.inStock);
  product.listPrice = priceRange(variants, 'listPrice');
  product.sellingPrice = priceRange(variants, 'sellingPrice');
  addMeasurements(product, doc);
  product.variants = variants;
  const presentation = sc.query.presentation ?? DEFAULT_PRESENTATION;
  product.badges = badges({ variants, releaseDate: doc.releaseDate, customLabels: doc.customLabels, now: sc.now, labels: sc.query, rules: presentation });
  product.imageInfo = imageInfo(doc.images, presentation.imageEffect);
  product.swatch = swatch(doc.colors);
  if (p.productCustom.length) Object.assign(product, customAttributes(doc, p.productCustom));
  return product;
}

export function shapeVariant(doc: ProductSource, v: VariantSource, position: number, sc: ShapeContext): VariantResult {
  const p = prepared(sc);
  const { priceId, presentPrices } = sc.query;
  const custom = priceId !== undefined ? v.customPrices?.find((c) => c.id === priceId) : undefined;
  const entries = availability({ stock: v.stock ?? 0, storeStock: v.storeStock }, sc.query);
  const stock = stockNumber(entries);
  const size = v.size?.[0];
  const label = v.label ?? size;
  const variant = { key: v.key, ticket: p.ticket('variant', doc.productKey, v.key, position) } as VariantResult;
  if (label != null) variant.label = label;
  if (size != null) variant.size = size;
  variant.stockNumber = stock;
  variant.inStock = stock > 0;
  variant.link = variantLink(doc.url ?? '', v.key);
  variant.listPrice = custom?.listPrice ?? v.listPrice ?? 0;
  variant.sellingPrice = custom?.sellingPrice ?? v.sellingPrice ?? 0;
  variant.prices = presentPrices.length
    ? presentPrices.flatMap((id) => {
        const price = v.customPrices?.find((c) => c.id === id);
        return price ? [{ id, listPrice: price.listPrice, sellingPrice: price.sellingPrice }] : [];
      })
    : [];
  variant.availability = entries;
  addMeasurements(variant, v);
  if (p.variantCustom.length) Object.assign(variant, customAttributes(v, p.variantCustom));
  return variant;
}

export function variantLink(url: string, variantKey: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}variant=${encodeURIComponent(variantKey)}`;
}

type Customised = Partial<Pick<ProductDocument, 'customLabels' | 'customLabelIds' | 'customNumbers' | 'customLengths' | 'customJson'>>;

/**
 * A custom label's values as the client's CustomAttribute: `id` the feed's value (a translation id where the
 * feed gives one), `label` the text of the locale (the translation; the id itself when untranslated).
 */
export function labelValues(labels: readonly string[], ids: readonly string[] | undefined): CustomAttributes[string] {
  return labels.map((label, i) => ({ id: ids?.[i] ?? label, label }));
}

/** `custom` when a label was requested, `typedCustom` when a number, length or JSON was; only what was asked. */
function customAttributes(doc: Customised, requested: PresentCustom[]): { custom?: CustomAttributes; typedCustom?: TypedCustomResult } {
  const out: { custom?: CustomAttributes; typedCustom?: TypedCustomResult } = {};
  const labels = requested.filter((r) => r.kind === 'label');
  if (labels.length) {
    out.custom = {};
    for (const name of expand(labels, doc.customLabels)) {
      const values = doc.customLabels?.[name];
      if (values?.length) out.custom[name] = labelValues(values, doc.customLabelIds?.[name]);
    }
  }
  const typed = requested.filter((r) => r.kind !== 'label');
  if (typed.length) {
    const t: TypedCustomResult = { lengths: {}, numbers: {}, json: {} };
    for (const name of expand(
      typed.filter((r) => r.kind === 'number'),
      doc.customNumbers,
    )) {
      if (doc.customNumbers?.[name] !== undefined) t.numbers[name] = doc.customNumbers[name];
    }
    for (const name of expand(
      typed.filter((r) => r.kind === 'length'),
      doc.customLengths,
    )) {
      if (doc.customLengths?.[name]) t.lengths[name] = measurement(doc.customLengths[name]);
    }
    for (const name of expand(
      typed.filter((r) => r.kind === 'json'),
      doc.customJson,
    )) {
      if (doc.customJson?.[name] !== undefined) t.json[name] = doc.customJson[name];
    }
    out.typedCustom = t;
  }
  return out;
}

/** Requested names, the wildcard `*` (a template's `custom.*`) standing for every attribute the document has. */
function expand(requested: PresentCustom[], present: Record<string, unknown> | undefined): string[] {
  const names = requested.flatMap((r) => (r.name === '*' ? Object.keys(present ?? {}) : [r.name]));
  return [...new Set(names)];
}

const MEASURES = ['depth', 'height', 'length', 'volume', 'weight', 'width'] as const;

/** Copies the measurements `from` has onto `to`, in MEASURES order. */
function addMeasurements(
  to: Partial<Record<(typeof MEASURES)[number], MeasurementResult>>,
  from: Partial<Record<(typeof MEASURES)[number], Measurement>>,
): void {
  for (const m of MEASURES) {
    const value = from[m];
    if (value) to[m] = measurement(value);
  }
}

const measurement = (m: Measurement): MeasurementResult => ({ amount: m.amount, unit: m.unit });

/** Lowest and highest of a price over the variants ({0, 0} without variants). */
function priceRange(variants: readonly VariantResult[], price: 'listPrice' | 'sellingPrice'): Price {
  if (!variants.length) return { min: 0, max: 0 };
  let min = Infinity;
  let max = -Infinity;
  for (const v of variants) {
    const x = v[price];
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { min, max };
}
