/**
 * How a catalog entity becomes Elasticsearch documents: one ProductDocument per product × market × locale
 * and one ContentDocument per content item × market × locale, with defaults, `market|locale` overrides and
 * translations resolved. Pure functions; see documentTypes.ts for the shapes.
 */
import type {
  ContentDocument,
  CustomAttributeFields,
  ImageDocument,
  MeasureName,
  Measurement,
  NamedLength,
  NamedValue,
  PriceRange,
  PriceRanges,
  ProductDocument,
  SiblingListing,
  SiblingVariant,
  VariantDocument,
} from './documentTypes';
import { colourSearchNames } from './colourNames';
import { productTypeKeys } from './productTypes';
import { resolve } from './overrides';
import type { CatalogConfiguration, Content, Image, Length, Product, ProductData, ProductGroup, VariantData } from './types';
import { measurement } from './units';

export interface BuildContext {
  configuration: CatalogConfiguration;
  /** Translated value of a translation id for a locale, if a translation is known. */
  translate(attribute: string, id: string, locale: string): string | undefined;
}

export interface Built<D> {
  /** Document id and document. */
  documents: { id: string; document: D }[];
  /** True when a translatable value had no translation yet (the import rebuilds such groups at the end). */
  missingTranslations: boolean;
}

export const productDocumentId = (market: string, locale: string, productKey: string) => `${market}|${locale}|${productKey}`;
export const contentDocumentId = (market: string, locale: string, contentKey: string) => `${market}|${locale}|${contentKey}`;

/** Siblings shown after the main product of a group, at most (listings; see ProductDocument.siblings). */
export const MAX_SIBLINGS = 10;

export function productGroupDocuments(key: string, group: ProductGroup, ctx: BuildContext): Built<ProductDocument> {
  const t = translator(ctx);
  const productKeys = Object.keys(group.products);
  const documents: Built<ProductDocument>['documents'] = [];
  productKeys.forEach((productKey, groupPosition) => {
    const product = group.products[productKey];
    for (const [market, locale] of marketLocales(product.markets, ctx.configuration)) {
      const groupProductKeys = productKeys.filter((k) => group.products[k].markets.includes(market));
      const document = productDocument({ group, groupKey: key, productKey, product, groupPosition, groupProductKeys, market, locale, t });
      documents.push({ id: productDocumentId(market, locale, productKey), document });
    }
  });
  if (productKeys.length > 1) addSiblings(documents.map((d) => d.document));
  return { documents, missingTranslations: t.missing() };
}

/**
 * Gives each document of one group the listing copies of the siblings a listing shows after it: the first
 * MAX_SIBLINGS other keys of its groupProductKeys, those with a document in its market and locale (as a fetch
 * of those keys would find them). One copy per product and market-locale, shared by the documents holding it.
 */
function addSiblings(documents: ProductDocument[]): void {
  const listings = new Map<string, SiblingListing>();
  const at = (d: Pick<ProductDocument, 'market' | 'locale'>, productKey: string) => `${d.market}|${d.locale}|${productKey}`;
  for (const d of documents) listings.set(at(d, d.productKey), siblingListing(d));
  for (const d of documents) {
    const siblings: SiblingListing[] = [];
    let others = 0;
    for (const k of d.groupProductKeys) {
      if (k === d.productKey) continue;
      if (others++ === MAX_SIBLINGS) break;
      const listing = listings.get(at(d, k));
      if (listing) siblings.push(listing);
    }
    if (siblings.length) d.siblings = siblings;
  }
}

/**
 * What a listing shows of a product as a sibling: the fields productShaper.ts shapes a product with, trimmed
 * where the shaper answers the same without them (so each listing answer stays byte for byte the one the
 * sibling's own document gives): empty lists and maps, images without sources (imageInfo skips them), store
 * stock of 0 (availability reads a missing store as 0), sizes after the first and a label equal to it (the
 * shaper shows `size[0]`, and it as the label when there is none), measurements' base (only amount and unit
 * are shown). A copy is 2.9 KB of a 6.4 KB document on the generated catalog untrimmed (docs/benchmarks.md).
 * Absent fields are undefined members rather than left out (the JSON is the same: JSON.stringify skips them):
 * literals of one shape each, which V8 keeps as fast objects, where `defined` would copy each into a
 * dictionary-mode object, slow to build and to serialise (most of what the copies cost an import).
 */
export function siblingListing(d: ProductDocument): SiblingListing {
  // One literal per copy, no spreads: this runs for every product of every group of an import.
  return {
    productKey: d.productKey,
    productGroupKey: d.productGroupKey,
    title: d.title,
    url: d.url,
    name: d.name,
    brand: d.brand,
    series: d.series,
    description: d.description,
    rating: d.rating,
    releaseDate: d.releaseDate,
    colors: filledList(d.colors),
    customLabels: filledMap(d.customLabels),
    customLabelIds: d.customLabelIds,
    customNumbers: filledMap(d.customNumbers),
    customLengths: shownLengths(d.customLengths),
    customJson: filledMap(d.customJson),
    depth: shown(d.depth),
    height: shown(d.height),
    length: shown(d.length),
    width: shown(d.width),
    volume: shown(d.volume),
    weight: shown(d.weight),
    images: filledList(copiedImages(d.images)),
    variants: d.variants.map(siblingVariant),
  };
}

function copiedImages(images: ImageDocument[]): SiblingListing['images'] {
  const out: NonNullable<SiblingListing['images']> = [];
  for (const i of images) if (i.sources.length) out.push({ alt: i.alt, caption: i.caption, custom: i.custom, sources: i.sources });
  return out;
}

function siblingVariant(v: VariantDocument): SiblingVariant {
  const size = v.size?.length ? [v.size[0]] : undefined;
  return {
    key: v.key,
    label: v.label === size?.[0] ? undefined : v.label,
    size,
    listPrice: v.listPrice,
    sellingPrice: v.sellingPrice,
    stock: v.stock,
    storeStock: filledList(v.storeStock.filter((s) => s.stock !== 0)),
    customPrices: filledList(v.customPrices),
    customLabels: filledMap(v.customLabels),
    customLabelIds: v.customLabelIds,
    customNumbers: filledMap(v.customNumbers),
    customLengths: shownLengths(v.customLengths),
    customJson: filledMap(v.customJson),
    depth: shown(v.depth),
    height: shown(v.height),
    length: shown(v.length),
    width: shown(v.width),
    volume: shown(v.volume),
    weight: shown(v.weight),
  };
}

function shownLengths(lengths: Record<string, Measurement>): Record<string, Measurement> | undefined {
  let out: Record<string, Measurement> | undefined;
  for (const name in lengths) (out ??= {})[name] = shown(lengths[name])!;
  return out;
}

/** A measurement as the storefront shows it: amount and unit. */
const shown = (m: Measurement | undefined): Measurement | undefined => (m ? { amount: m.amount, unit: m.unit } : undefined);
const filledList = <T>(xs: T[] | undefined): T[] | undefined => (xs?.length ? xs : undefined);
const filledMap = <T extends object>(o: T | undefined): T | undefined => {
  for (const _ in o) return o;
  return undefined;
};

/**
 * The bulk source of a product document, its sibling copies serialised once per group (a copy is shared by
 * the documents of its market and locale that show it) and spliced in after the other fields.
 */
export function productDocumentJson(document: ProductDocument): string {
  const siblings = document.siblings;
  if (!siblings) return JSON.stringify(document);
  // Left out for a moment rather than copied without it: a copy of ~50 keys (`...rest`) is a slow object
  // for JSON.stringify, an undefined key keeps the document's shape and is not written.
  document.siblings = undefined;
  let json: string;
  try {
    json = JSON.stringify(document);
  } finally {
    document.siblings = siblings;
  }
  let copies = '';
  for (const s of siblings) {
    let copy = serialisedCopies.get(s);
    if (copy === undefined) serialisedCopies.set(s, (copy = JSON.stringify(s)));
    copies += copies ? ',' + copy : copy;
  }
  return `${json.slice(0, -1)},"siblings":[${copies}]}`;
}
const serialisedCopies = new WeakMap<SiblingListing, string>();

export function contentDocuments(key: string, content: Content, ctx: BuildContext): Built<ContentDocument> {
  const t = translator(ctx);
  const limited = content.limitedLocales?.length ? content.limitedLocales : undefined;
  const documents = marketLocales(content.markets, ctx.configuration)
    .filter(([, locale]) => !limited || limited.includes(locale))
    .map(([market, locale]) => ({ id: contentDocumentId(market, locale, key), document: contentDocument(key, content, market, locale, t) }));
  return { documents, missingTranslations: t.missing() };
}

interface ProductContext {
  group: ProductGroup;
  groupKey: string;
  productKey: string;
  product: Product;
  groupPosition: number;
  groupProductKeys: string[];
  market: string;
  locale: string;
  t: Translator;
}

function productDocument(p: ProductContext): ProductDocument {
  const { product, market, locale, t } = p;
  const data = resolve(product.defaults, product.overrides, market, locale);
  const variants = variantDocuments(product, market, locale, t);
  const category = t.values('category', data.category, locale);
  // `series` is one value that may be a translation id (admin spec: "supports translations"), else text.
  const series = data.series === undefined ? undefined : t.values('series', [data.series], locale)[0];
  const title = data.title ?? '';
  const measured = measurements(data);
  const colors = product.colorOverride?.length ? product.colorOverride : (product.colorInitial ?? []);
  return defined<ProductDocument>({
    market,
    locale,
    productGroupKey: p.groupKey,
    productKey: p.productKey,
    groupPosition: p.groupPosition,
    groupProductKeys: p.groupProductKeys,
    suppressDuplicates: p.group.suppressDuplicates ?? false,
    collapseKey: p.group.suppressDuplicates ? p.groupKey : p.productKey,
    variantKeys: variants.map((v) => v.key),
    title,
    url: data.url ?? '',
    name: text(data.name),
    brand: text(data.brand),
    series: text(series),
    description: text(data.description),
    ontology: text(data.ontology),
    sizeType: text(data.sizeType),
    sizeTypeLabel: sizeTypeLabel(data.sizeType, locale, t),
    category,
    categoryPaths: categoryPaths(category),
    categoryIds: data.category ?? [],
    age: t.values('age', data.age, locale),
    department: data.department ?? [],
    gender: t.values('gender', data.gender, locale),
    pattern: data.pattern ?? [],
    productType: data.productType ?? [],
    productTypeKeys: productTypeKeys(data.productType ?? [], category, locale),
    styleWith: data.styleWith ?? [],
    ...customAttributes(data, locale, t),
    rating: data.rating,
    releaseDate: text(data.releaseDate),
    ...measured,
    measureValues: measureValues(measured, variants),
    colors,
    colorNames: colourSearchNames(colors, locale),
    ...aggregates(variants),
    popularity: 0,
    variants,
    images: imageDocuments(product.images, market, locale),
    suggest: suggest([title, data.brand, data.name, series, ...category.map(leaf)], market, locale),
  });
}

/** `resolve`, without copying when there is nothing to merge (most variants have no overrides); documents never mutate it. */
function resolved<T>(defaults: T | undefined, overrides: Record<string, T> | undefined, market: string, locale: string): T {
  return overrides ? resolve(defaults, overrides, market, locale) : (defaults ?? ({} as T));
}

/** Feed order, or by `order` when every variant has one (the spec requires it on all or none). */
function variantDocuments(product: Product, market: string, locale: string, t: Translator): VariantDocument[] {
  const docs = Object.entries(product.variants).map(([key, v]) => variantDocument(key, resolved(v.defaults, v.overrides, market, locale), locale, t));
  if (docs.every((d) => d.order !== undefined)) docs.sort((a, b) => a.order! - b.order!);
  return docs;
}

function variantDocument(key: string, data: VariantData, locale: string, t: Translator): VariantDocument {
  const stock = data.stock ?? 0;
  const storeStock = Object.entries(data.storeStock ?? {}).map(([store, s]) => ({ store, stock: s }));
  return defined<VariantDocument>({
    key,
    label: text(data.label),
    size: data.size?.length ? data.size : undefined,
    order: data.order,
    listPrice: data.listPrice ?? data.sellingPrice ?? 0,
    sellingPrice: data.sellingPrice ?? data.listPrice ?? 0,
    stock,
    inStock: stock > 0,
    inStockStores: storeStock.filter((s) => s.stock > 0).map((s) => s.store),
    storeStock,
    customPrices: Object.entries(data.customPrices ?? {}).map(([id, p]) => ({ id, listPrice: p.listPrice, sellingPrice: p.sellingPrice })),
    ...customAttributeFields(data, t.labels(data.customLabels, locale)),
    ...measurements(data),
  });
}

type Aggregates = Pick<ProductDocument, 'price' | 'customPrice' | 'discount' | 'inStock' | 'inStockStores' | 'storeKeys' | 'stock' | 'sizes'>;

/** One pass over the variants (hot path of an import: no intermediate arrays per field). */
function aggregates(variants: VariantDocument[]): Aggregates {
  const custom = new Map<string, { listPrice: number; sellingPrice: number }[]>();
  const inStockStores = new Set<string>();
  const storeKeys = new Set<string>();
  const sizes = new Set<string>();
  let discount = 0;
  let inStock = false;
  let stock = 0;
  for (const v of variants) {
    for (const c of v.customPrices) {
      const prices = custom.get(c.id);
      if (prices) prices.push(c);
      else custom.set(c.id, [c]);
    }
    discount = Math.max(discount, discountOf(v));
    inStock ||= v.inStock;
    for (const store of v.inStockStores) inStockStores.add(store);
    for (const s of v.storeStock) storeKeys.add(s.store);
    stock += v.stock;
    if (v.size) for (const size of v.size) sizes.add(size);
    else if (v.label) sizes.add(v.label);
  }
  const customPrice: Aggregates['customPrice'] = {};
  for (const [id, prices] of custom) customPrice[id] = priceRanges(prices);
  return {
    price: priceRanges(variants),
    customPrice,
    discount,
    inStock,
    inStockStores: [...inStockStores],
    storeKeys: [...storeKeys],
    stock,
    sizes: [...sizes],
  };
}

function priceRanges(prices: { listPrice: number; sellingPrice: number }[]): PriceRanges {
  if (!prices.length) return { selling: { min: 0, max: 0 }, list: { min: 0, max: 0 } };
  const selling: PriceRange = { min: Infinity, max: -Infinity };
  const list: PriceRange = { min: Infinity, max: -Infinity };
  for (const p of prices) {
    if (p.sellingPrice < selling.min) selling.min = p.sellingPrice;
    if (p.sellingPrice > selling.max) selling.max = p.sellingPrice;
    if (p.listPrice < list.min) list.min = p.listPrice;
    if (p.listPrice > list.max) list.max = p.listPrice;
  }
  return { selling, list };
}

/** Percent off list price, one decimal. */
const discountOf = (v: VariantDocument) => (v.listPrice > 0 ? Math.round(((v.listPrice - v.sellingPrice) / v.listPrice) * 1000) / 10 : 0);

function imageDocuments(images: Record<string, Image> | undefined, market: string, locale: string): ImageDocument[] {
  const order = (image: Image) => image.order ?? Number.POSITIVE_INFINITY;
  return Object.entries(images ?? {})
    .filter(([, image]) => visible(image, market, locale))
    .sort(([ka, a], [kb, b]) => order(a) - order(b) || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .map(([key, image]) => imageDocument(key, image, market, locale));
}

function imageDocument(key: string, image: Image, market: string, locale: string): ImageDocument {
  const data = resolved(image.defaults, image.overrides, market, locale);
  return defined<ImageDocument>({
    key,
    order: image.order,
    type: image.typeOverride ?? image.typeInitial,
    alt: text(data.alt),
    caption: text(data.caption),
    custom: data.customData && Object.keys(data.customData).length ? data.customData : undefined,
    tags: data.tags?.length ? data.tags : undefined,
    sources: (data.urls ?? []).map((u) => defined({ url: u.url, width: u.widthInitial, height: u.heightInitial })),
  });
}

/** An empty `limitedMarkets`/`limitedLocales` list is read as "not limited". */
function visible(image: Image, market: string, locale: string): boolean {
  const allows = (list: string[] | undefined, value: string) => !list?.length || list.includes(value);
  return allows(image.limitedMarkets, market) && allows(image.limitedLocales, locale);
}

function contentDocument(key: string, content: Content, market: string, locale: string, t: Translator): ContentDocument {
  const data = resolve(content.defaults, content.overrides, market, locale);
  const image = content.image && visible(content.image, market, locale) ? imageDocument('image', content.image, market, locale) : undefined;
  return defined<ContentDocument>({
    market,
    locale,
    key,
    type: content.type,
    title: data.title ?? '',
    url: data.url ?? '',
    description: text(data.description),
    releaseDate: text(data.releaseDate),
    ...contentLabels(data.customLabels, t.labels(data.customLabels, locale)),
    image,
  });
}

/** `A > B > C` → `A`, `A > B`, `A > B > C` for every category, deduplicated. */
export function categoryPaths(categories: string[]): string[] {
  const paths = new Set<string>();
  for (const category of categories) {
    const parts = category
      .split('>')
      .map((p) => p.trim())
      .filter(Boolean);
    parts.forEach((_, i) => paths.add(parts.slice(0, i + 1).join(' > ')));
  }
  return [...paths];
}

const leaf = (category: string) => category.split('>').pop()!.trim();

// Completion inputs may not contain the separators ES reserves (\u0000, \u001e, \u001f).
// Cut at 100 code points; the common short input skips the code-point split.
const completionText = (s: string) => {
  // eslint-disable-next-line no-control-regex -- these control characters are the point
  const cleaned = s.replace(/[\u0000\u001e\u001f]/g, ' ').trim();
  return cleaned.length <= 100 ? cleaned : [...cleaned].slice(0, 100).join('').trim();
};

function suggest(inputs: (string | undefined)[], market: string, locale: string): ProductDocument['suggest'] {
  const input = unique(inputs.map((s) => completionText(s ?? '')).filter((s) => s !== ''));
  return { input, contexts: { market: [market], locale: [locale] } };
}

interface Translator {
  values(attribute: string, ids: string[] | undefined, locale: string): string[];
  labels(labels: Record<string, string[]> | undefined, locale: string): Record<string, string[]>;
  missing(): boolean;
}

/** Translates ids through the context, keeping the id when there is no translation and remembering that. */
function translator(ctx: BuildContext): Translator {
  let missing = false;
  const values = (attribute: string, ids: string[] | undefined, locale: string) =>
    (ids ?? []).map((id) => {
      const value = ctx.translate(attribute, id, locale);
      if (value === undefined) missing = true;
      return value ?? id;
    });
  return {
    values,
    labels: (labels, locale) => Object.fromEntries(Object.entries(labels ?? {}).map(([name, ids]) => [name, values(`customLabels.${name}`, ids, locale)])),
    missing: () => missing,
  };
}

/** Configured markets of the entity × each market's locales. Unconfigured markets are skipped. */
function marketLocales(markets: string[], configuration: CatalogConfiguration): [string, string][] {
  return unique(markets).flatMap((market) =>
    Object.hasOwn(configuration.markets, market) ? configuration.markets[market].locales.map((locale): [string, string] => [market, locale]) : [],
  );
}

type Measured = Pick<ProductData, 'depth' | 'height' | 'length' | 'width' | 'volume' | 'weight'>;

function measurements(data: Measured): Pick<ProductDocument, keyof Measured> {
  return {
    depth: measurement('length', data.depth),
    height: measurement('length', data.height),
    length: measurement('length', data.length),
    width: measurement('length', data.width),
    volume: measurement('volume', data.volume),
    weight: measurement('weight', data.weight),
  };
}

/** The size type's translation in the locale; undefined when there is none (the id is its own label). */
function sizeTypeLabel(sizeType: string | undefined, locale: string, t: Translator): string | undefined {
  if (!text(sizeType)) return undefined;
  const label = t.values('sizeType', [sizeType!], locale)[0];
  return label !== sizeType ? label : undefined;
}

const MEASURES: MeasureName[] = ['depth', 'height', 'length', 'width', 'volume', 'weight'];

/** The base values of each measurement on the product or any variant (see ProductDocument.measureValues). */
function measureValues(product: Pick<ProductDocument, MeasureName>, variants: VariantDocument[]): ProductDocument['measureValues'] {
  let out: ProductDocument['measureValues'];
  for (const name of MEASURES) {
    const values: number[] = [];
    const own = product[name]?.base;
    if (own !== undefined) values.push(own);
    for (const v of variants) {
      const base = v[name]?.base;
      if (base !== undefined && !values.includes(base)) values.push(base);
    }
    if (values.length) (out ??= {})[name] = values;
  }
  return out;
}

function lengths(map: Record<string, Length> | undefined): Record<string, Measurement> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([name, m]) => [name, measurement('length', m)!]));
}

type CustomData = Pick<ProductData, 'customLabels' | 'customNumbers' | 'customLengths' | 'customJson'>;

/**
 * Custom attributes of a product or variant. Whatever names the feed uses, they add no mapped field: the maps
 * go to `flattened` fields, and numbers and lengths are repeated as nested name/value pairs for ranges.
 */
function customAttributeFields(data: CustomData, labels: Record<string, string[]>): CustomAttributeFields {
  const customLengths = lengths(data.customLengths);
  const customNumbers = data.customNumbers ?? {};
  const customNumberValues: NamedValue[] = [];
  for (const name in customNumbers) customNumberValues.push({ name, value: customNumbers[name] });
  const customLengthValues: NamedLength[] = [];
  for (const name in customLengths) {
    const base = customLengths[name].base;
    if (base !== undefined) customLengthValues.push({ name, base });
  }
  const customLabelIds = labelIds(data.customLabels, labels);
  return {
    customLabels: labels,
    ...(customLabelIds ? { customLabelIds, customLabelFeedIds: customLabelIds } : {}),
    customNumbers,
    customLengths,
    customNumberValues,
    customLengthValues,
    customJson: data.customJson ?? {},
  };
}

/**
 * The feed's ids of the attributes whose values a translation changed (`customLabelIds`), so the storefront
 * answers `{id, label}` as the client distinguishes them; undefined when every value is its own id (the
 * common untranslated feed stores nothing extra).
 */
export function labelIds(ids: Record<string, string[]> | undefined, labels: Record<string, string[]>): Record<string, string[]> | undefined {
  let out: Record<string, string[]> | undefined;
  for (const name in labels) {
    const feed = ids?.[name] ?? [];
    if (labels[name].some((value, i) => feed[i] !== undefined && feed[i] !== value)) (out ??= {})[name] = feed;
  }
  return out;
}

/** Product-level labels also give the names (which attributes cover a result set) and the searchable text. */
function customAttributes(data: CustomData, locale: string, t: Translator): CustomAttributeFields & Pick<ProductDocument, 'customLabelNames' | 'customText'> {
  const labels = t.labels(data.customLabels, locale);
  return { ...customAttributeFields(data, labels), ...labelFields(labels) };
}

function labelFields(labels: Record<string, string[]>): Pick<ProductDocument, 'customLabels' | 'customLabelNames' | 'customText'> {
  return { customLabels: labels, customLabelNames: Object.keys(labels), customText: Object.values(labels).flat() };
}

function contentLabels(
  ids: Record<string, string[]> | undefined,
  labels: Record<string, string[]>,
): Pick<ContentDocument, 'customLabels' | 'customLabelIds' | 'customText'> {
  const customLabelIds = labelIds(ids, labels);
  return { customLabels: labels, ...(customLabelIds ? { customLabelIds } : {}), customText: Object.values(labels).flat() };
}

const text = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? s : undefined);
const unique = <T>(xs: T[]) => [...new Set(xs)];

/** Drops keys whose value is undefined: the mapping is strict and the API never sends null. */
/** Drops undefined fields (hot path: a plain loop, no intermediate arrays). */
function defined<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const v = o[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}
