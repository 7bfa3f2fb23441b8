/**
 * Which attributes can be facets, and as which facet types. One table for the facet configuration import,
 * pages' `facetsOverride` and the storefront, which builds each facet from it.
 *
 * | attribute | facet types |
 * |---|---|
 * | `brand`, `category`, `series`, `department`, `gender`, `age`, `pattern`, `product_type` | TEXT |
 * | `color` | COLOR (or TEXT) · `size`: SIZE · `onlyInStock`: CHECKBOX · `price`: RANGE |
 * | `rating`, `discount` | RANGE |
 * | `length`, `width`, `height`, `depth`, `volume`, `weight` | RANGE, in `unit` (default mm, ml, g) |
 * | `custom.<name>` | TEXT over the label; RANGE over the number, or the length when a `unit` is given; CHECKBOX: the label is set and not "false" |
 */
import type { MeasureKind } from '../../catalog/units';

export const FACET_TYPES = ['TEXT', 'COLOR', 'RANGE', 'SIZE', 'CHECKBOX'] as const;
export type FacetType = (typeof FACET_TYPES)[number];

export const CUSTOM_PREFIX = 'custom.';

/** Product-level keyword fields of the TEXT attributes. */
export const TEXT_ATTRIBUTES: Readonly<Record<string, string>> = {
  brand: 'brand',
  category: 'categoryPaths',
  series: 'series',
  department: 'department',
  gender: 'gender',
  age: 'age',
  pattern: 'pattern',
  product_type: 'productType',
};
export const MEASURE_ATTRIBUTES: Readonly<Record<string, MeasureKind>> = {
  length: 'length',
  width: 'length',
  height: 'length',
  depth: 'length',
  volume: 'volume',
  weight: 'weight',
};
export const NUMBER_ATTRIBUTES: Readonly<Record<string, string>> = { rating: 'rating', discount: 'discount' };

/** What an attribute name refers to. */
export type FacetAttribute =
  | { kind: 'text'; field: string }
  | { kind: 'color' }
  | { kind: 'size' }
  | { kind: 'stock' }
  | { kind: 'price' }
  | { kind: 'number'; field: string }
  | { kind: 'measure'; measure: MeasureKind; field: string }
  | { kind: 'custom'; name: string };

/** The attribute an id names, undefined when it is none of the table's. */
export function facetAttribute(attribute: string): FacetAttribute | undefined {
  if (Object.hasOwn(TEXT_ATTRIBUTES, attribute)) return { kind: 'text', field: TEXT_ATTRIBUTES[attribute] };
  if (Object.hasOwn(NUMBER_ATTRIBUTES, attribute)) return { kind: 'number', field: NUMBER_ATTRIBUTES[attribute] };
  if (Object.hasOwn(MEASURE_ATTRIBUTES, attribute)) return { kind: 'measure', measure: MEASURE_ATTRIBUTES[attribute], field: `${attribute}.base` };
  switch (attribute) {
    case 'color':
      return { kind: 'color' };
    case 'size':
      return { kind: 'size' };
    case 'onlyInStock':
      return { kind: 'stock' };
    case 'price':
      return { kind: 'price' };
    default:
      break;
  }
  if (attribute.startsWith(CUSTOM_PREFIX) && attribute.length > CUSTOM_PREFIX.length) return { kind: 'custom', name: attribute.slice(CUSTOM_PREFIX.length) };
  return undefined;
}

/** The facet types an attribute can be shown as, the first being its default. */
export function facetTypesOf(a: FacetAttribute): readonly FacetType[] {
  switch (a.kind) {
    case 'text':
      return ['TEXT'];
    case 'color':
      return ['COLOR', 'TEXT'];
    case 'size':
      return ['SIZE'];
    case 'stock':
      return ['CHECKBOX'];
    case 'price':
    case 'number':
    case 'measure':
      return ['RANGE'];
    case 'custom':
      return ['TEXT', 'RANGE', 'CHECKBOX'];
    default: {
      const never: never = a;
      throw new Error(`unhandled facet attribute ${JSON.stringify(never)}`);
    }
  }
}

/** Built-in facet labels (English; a configuration's `labels` give them per locale). */
export const DEFAULT_LABELS: Readonly<Record<string, string>> = {
  brand: 'Brand',
  category: 'Category',
  series: 'Series',
  department: 'Department',
  gender: 'Gender',
  age: 'Age',
  pattern: 'Pattern',
  product_type: 'Product type',
  color: 'Color',
  size: 'Size',
  onlyInStock: 'In stock',
  price: 'Price',
  rating: 'Rating',
  discount: 'Discount',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  depth: 'Depth',
  volume: 'Volume',
  weight: 'Weight',
};

/** The label of an attribute without a configured one: the built-in label, else the custom attribute's name humanised. */
export function defaultLabel(attribute: string): string {
  if (Object.hasOwn(DEFAULT_LABELS, attribute)) return DEFAULT_LABELS[attribute];
  return attribute.startsWith(CUSTOM_PREFIX) ? humaniseAttributeName(attribute.slice(CUSTOM_PREFIX.length)) : attribute;
}

/** Abbreviations feeds spell in lower case that a shopper reads in capitals. */
const ACRONYMS = new Set([
  'ac',
  'dc',
  'usb',
  'hdmi',
  'dvi',
  'vga',
  'led',
  'lcd',
  'oled',
  'qled',
  'hdr',
  'cpu',
  'gpu',
  'ram',
  'rom',
  'ssd',
  'hdd',
  'dvd',
  'cd',
  'tv',
  'pc',
  'nfc',
  'gps',
  'lan',
  'wlan',
  'wifi',
  'uv',
  'id',
  'ean',
  'upc',
  'sku',
  'isbn',
  'os',
  'pdf',
  'ip',
  'rgb',
  'dpi',
  'ppm',
  'lte',
  'sim',
]);

/**
 * A readable label from an attribute name as feeds spell it (snake, kebab or camel case, dotted paths):
 * words split and lower-cased (mixed-case units such as "dB" or "mAh", and capitals, stay as written), the
 * first capitalised, known abbreviations in capitals, and a part that a
 * feed's export wrapped as `__..._` (spreadsheet "(...)") put back in parentheses with single letters in
 * capitals: `notebook_compartment_dimensions__w_x_d_x_h_` → "Notebook compartment dimensions (W x D x H)",
 * `operating_temperature__t_t_` → "Operating temperature (T-T)", `connector_2` → "Connector 2",
 * `refreshRate` → "Refresh rate", `specs.display.size` → "Display size".
 */
export function humaniseAttributeName(name: string): string {
  const dotted = name.split('.').filter(Boolean);
  const path = dotted.length > 1 && dotted[0].toLowerCase() === 'specs' ? dotted.slice(1) : dotted;
  const text = path.join(' ');
  const [head, ...wrapped] = text.split(/__/);
  const words = (part: string) =>
    part
      .replace(/([a-z\d])([A-Z][a-z])/g, '$1 $2')
      .split(/[\s_-]+/)
      .filter(Boolean)
      .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : /^[A-Z]?[a-z\d]*$/.test(w) ? w.toLowerCase() : w));
  const main = words(head);
  const inner = wrapped
    .map((part) => {
      const ws = words(part).map((w) => (w.length === 1 && w !== 'x' ? w.toUpperCase() : w));
      // Single letters only ("t t"): a range such as "(T-T)"; with "x" between them, dimensions ("W x D x H").
      const letters = ws.length > 1 && ws.every((w) => w.length === 1) && !ws.includes('x');
      return ws.length ? `(${ws.join(letters ? '-' : ' ')})` : '';
    })
    .filter(Boolean);
  const all = [...main, ...inner];
  if (all.length === 0) return name;
  const first = all[0];
  all[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return all.join(' ');
}
