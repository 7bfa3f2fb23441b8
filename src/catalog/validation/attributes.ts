/**
 * Attribute objects: ProductData and VariantData (defaults and each override), and the value shapes they
 * share with content and images: custom attributes, Length, release dates, URLs, colours, prices.
 */
import { type Obj, type Scope, arrayOfStrings, at, isObject, map, MAX_FREE_TEXT_LENGTH, num, obj, required, str } from './checks';
import { isOwnDomainPath, OFF_SITE_START } from '../../kernel/urls';

export const MEASUREMENTS = ['depth', 'height', 'length', 'width', 'volume', 'weight'] as const;
export const CUSTOM_ATTRIBUTES = ['customLabels', 'customJson', 'customLengths', 'customNumbers'] as const;
export const MAX_CUSTOM_NAME_LENGTH = 2000;
export const MAX_VARIANT_CUSTOM_LABELS = 20;

const PRODUCT_TEXT = ['title', 'url', 'brand', 'name', 'series', 'description', 'ontology', 'sizeType', 'dataLocale'];
/** Multi-valued product attributes and their maximum number of values (spec "Limits"). */
const PRODUCT_LISTS: Readonly<Record<string, number>> = { age: 20, department: 20, gender: 20, pattern: 20, productType: 20, styleWith: 20, category: 100 };
const PRODUCT_DATA_FIELDS = [...PRODUCT_TEXT, ...Object.keys(PRODUCT_LISTS), ...CUSTOM_ATTRIBUTES, ...MEASUREMENTS, 'rating', 'releaseDate'];
const PRICES = ['listPrice', 'sellingPrice'];
const VARIANT_DATA_FIELDS = [
  ...PRICES,
  'cost',
  'label',
  'size',
  'order',
  'stock',
  'storeStock',
  'customPrices',
  ...CUSTOM_ATTRIBUTES,
  'dataLocale',
  ...MEASUREMENTS,
];

/** ProductData; `isDefaults` on a full payload requires `title` and `url`. */
export function productData(s: Scope, path: string, v: unknown, isDefaults: boolean): void {
  const o = obj(s, path, v, PRODUCT_DATA_FIELDS);
  if (!o) return;
  if (isDefaults) required(s, path, o, 'title', 'url');
  for (const f of PRODUCT_TEXT)
    if (f !== 'url') str(s, at(path, f), o[f], { nonEmpty: f === 'title', ...(f === 'description' ? { max: MAX_FREE_TEXT_LENGTH } : {}) });
  pageUrl(s, at(path, 'url'), o.url);
  for (const [f, max] of Object.entries(PRODUCT_LISTS)) arrayOfStrings(s, at(path, f), o[f], { max });
  num(s, at(path, 'rating'), o.rating, { min: 0, max: 5 });
  releaseDate(s, at(path, 'releaseDate'), o.releaseDate);
  customAttributes(s, path, o);
  for (const m of MEASUREMENTS) length(s, at(path, m), o[m], { nonNegative: true });
}

/** VariantData; `isDefaults` on a full payload requires both prices. */
export function variantData(s: Scope, path: string, v: unknown, isDefaults: boolean): void {
  const o = obj(s, path, v, VARIANT_DATA_FIELDS);
  if (!o) return;
  if (isDefaults) required(s, path, o, ...PRICES);
  for (const f of [...PRICES, 'cost']) num(s, at(path, f), o[f], { min: 0 });
  num(s, at(path, 'stock'), o.stock, { min: 0, integer: true });
  map(s, at(path, 'storeStock'), o.storeStock, {
    key: (k, p) => nonEmptyName(s, p, k, 'store key'),
    value: (n, p) => num(s, p, n, { min: 0, integer: true }),
  });
  map(s, at(path, 'customPrices'), o.customPrices, { key: (k, p) => nonEmptyName(s, p, k, 'price id'), value: (pr, p) => price(s, p, pr) });
  str(s, at(path, 'label'), o.label);
  arrayOfStrings(s, at(path, 'size'), o.size, { min: 1 });
  num(s, at(path, 'order'), o.order, { integer: true });
  str(s, at(path, 'dataLocale'), o.dataLocale);
  customAttributes(s, path, o);
  const labels = isObject(o.customLabels) ? Object.keys(o.customLabels).length : 0;
  if (labels > MAX_VARIANT_CUSTOM_LABELS) {
    s.problems.add(at(path, 'customLabels'), `at most ${MAX_VARIANT_CUSTOM_LABELS} custom labels per variant (got ${labels})`);
  }
  for (const m of MEASUREMENTS) length(s, at(path, m), o[m], { nonNegative: true });
}

/** `listPrice >= sellingPrice` in a variant's defaults and in each override merged over the defaults. */
export function variantPriceOrder(s: Scope, path: string, variant: Obj): void {
  const defaults = isObject(variant.defaults) ? variant.defaults : {};
  priceOrder(s, at(path, 'defaults'), defaults, {});
  if (!isObject(variant.overrides)) return;
  for (const [k, data] of Object.entries(variant.overrides)) if (isObject(data)) priceOrder(s, at(at(path, 'overrides'), k), data, defaults);
}

/** Compares the prices of `own` merged over `inherited`; reports at the price `own` gives. */
function priceOrder(s: Scope, path: string, own: Obj, inherited: Obj): void {
  const list = own.listPrice ?? inherited.listPrice;
  const selling = own.sellingPrice ?? inherited.sellingPrice;
  if (typeof list !== 'number' || typeof selling !== 'number' || list >= selling) return;
  if (own.sellingPrice !== undefined) {
    s.problems.add(at(path, 'sellingPrice'), `must be at most listPrice (${selling} > ${list}${own.listPrice === undefined ? ' in defaults' : ''})`);
  } else if (own.listPrice !== undefined) {
    s.problems.add(at(path, 'listPrice'), `must be at least sellingPrice (${list} < ${selling} in defaults)`);
  }
}

/** Price of `customPrices`: both prices, `listPrice >= sellingPrice`. */
function price(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, PRICES);
  if (!o) return;
  required(s, path, o, ...PRICES);
  for (const f of PRICES) num(s, at(path, f), o[f], { min: 0 });
  priceOrder(s, path, o, {});
}

function nonEmptyName(s: Scope, path: string, k: string, what: string): void {
  if (k.trim() === '') s.problems.add(path, `${what} must not be empty`);
}

/** customLabels, customJson, customLengths, customNumbers of `o`. */
function customAttributes(s: Scope, path: string, o: Obj): void {
  customLabels(s, at(path, 'customLabels'), o.customLabels);
  const name = (k: string, p: string) => customName(s, p, k);
  map(s, at(path, 'customJson'), o.customJson, { key: name, value: () => undefined });
  map(s, at(path, 'customLengths'), o.customLengths, { key: name, value: (l, p) => length(s, p, l, { nonNegative: false }) });
  map(s, at(path, 'customNumbers'), o.customNumbers, { key: name, value: (n, p) => num(s, p, n) });
}

export function customLabels(s: Scope, path: string, v: unknown): void {
  map(s, path, v, { key: (k, p) => customName(s, p, k), value: (values, p) => arrayOfStrings(s, p, values) });
}

/** XML element names as the spec requires: letter or `_` first, then letters, digits, `-`, `_`, `.`. */
const XML_NAME = /^[\p{L}_][\p{L}\p{Nd}._-]*$/u;

function customName(s: Scope, path: string, k: string): void {
  if (k.length > MAX_CUSTOM_NAME_LENGTH) {
    s.problems.add(path, `custom attribute name is at most ${MAX_CUSTOM_NAME_LENGTH} characters (got ${k.length})`);
  } else if (!XML_NAME.test(k) || /^xml/i.test(k)) {
    s.problems.add(
      path,
      'custom attribute name must be an XML name: a letter or "_" first, then letters, digits, "-", "_" or "."; no spaces; not starting with "xml"',
    );
  }
}

/** Length (also Volume, Weight): `{amount, unit}`; measurements have `amount >= 0`. */
function length(s: Scope, path: string, v: unknown, opts: { nonNegative: boolean }): void {
  if (v === undefined) return;
  const o = obj(s, path, v, ['amount', 'unit']);
  if (!o) return;
  required(s, path, o, 'amount', 'unit');
  num(s, at(path, 'amount'), o.amount, opts.nonNegative ? { min: 0 } : {});
  str(s, at(path, 'unit'), o.unit, { nonEmpty: true });
}

/**
 * ISO 8601 in extended format, day precision at least; a fraction only after the seconds, with a dot.
 * Groups: year, month, day, hour, minute, second.
 */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

export function releaseDate(s: Scope, path: string, v: unknown): void {
  const value = str(s, path, v);
  if (value === undefined) return;
  const match = ISO_8601.exec(value);
  if (match && inRange(match.slice(1, 7).map((x) => Number(x ?? 0)))) return;
  s.problems.add(
    path,
    `must be an ISO 8601 date with at least day precision, e.g. "2024-05-01" or "2024-05-01T10:00:00Z"; a decimal fraction only after the seconds, with a dot (got "${value}")`,
  );
}

function inRange([year, month, day, hour, minute, second]: number[]): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59;
}

/** Product URL: relative to the page root, on the shop's own domain (not "//host" or "/\\host": kernel/urls.ts). */
export function pageUrl(s: Scope, path: string, v: unknown): void {
  const url = str(s, path, v);
  if (url === undefined) return;
  if (OFF_SITE_START.test(url))
    s.problems.add(path, `must start with a single "/" (relative to the page root, e.g. "/shirts/blue"; "//" and "/\\" lead to another site), got "${url}"`);
  else if (!url.startsWith('/')) s.problems.add(path, `must start with "/" (relative to the page root, e.g. "/shirts/blue"), got "${url}"`);
}

const ABSOLUTE_URL = /^(https?:)?\/\//i;

/** Content URL: relative to the page root, or absolute ("//host" is absolute; "/\\host" is neither: refused). */
export function contentUrl(s: Scope, path: string, v: unknown): void {
  const url = str(s, path, v);
  if (url === undefined || isOwnDomainPath(url) || ABSOLUTE_URL.test(url)) return;
  if (OFF_SITE_START.test(url))
    s.problems.add(path, `must start with a single "/" (relative: "/\\" leads to another site) or with "http://", "https://" or "//" (absolute), got "${url}"`);
  else s.problems.add(path, `must start with "/" (relative) or with "http://", "https://" or "//" (absolute), got "${url}"`);
}

/** Image URL: absolute. */
export function absoluteUrl(s: Scope, path: string, v: unknown): void {
  const url = str(s, path, v);
  if (url === undefined || ABSOLUTE_URL.test(url)) return;
  s.problems.add(path, `must be absolute: start with "http://", "https://" or "//", got "${url}"`);
}

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAMED_COLOURS = ['Gold', 'Silver', 'Multi'];

/** colorInitial / colorOverride. */
export function colours(s: Scope, path: string, v: unknown): void {
  arrayOfStrings(s, path, v, {
    each: (c, p) => {
      if (!HEX_COLOUR.test(c) && !NAMED_COLOURS.includes(c))
        s.problems.add(p, `must be a hex colour "#rgb" or "#rrggbb", or "Gold", "Silver" or "Multi" (got "${c}")`);
    },
  });
}
