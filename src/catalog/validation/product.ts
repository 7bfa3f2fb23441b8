/**
 * Product groups, products and variants, plus the rules that span the variants of one product
 * (label/size, order, measurement level). Those rules need the whole product, so they run on full
 * payloads only; an edit is checked again by them once merged into the current entity.
 */
import { MEASUREMENTS, colours, productData, variantData, variantPriceOrder } from './attributes';
import { type Obj, type Scope, at, bool, isObject, map, mapKey, obj, required } from './checks';
import { image } from './image';
import { marketList, overrides } from './markets';

const PRODUCT_ATTRIBUTE_FIELDS = ['defaults', 'overrides', 'colorInitial', 'colorOverride'];
const PRODUCT_FIELDS = ['markets', ...PRODUCT_ATTRIBUTE_FIELDS, 'variants', 'images'];
const VARIANT_FIELDS = ['defaults', 'overrides'];
const STRUCTURAL = 'not allowed in editAttributes, which changes attributes only: use edit or replace';

export function productGroup(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, ['products', 'suppressDuplicates']);
  if (!o) return;
  required(s, path, o, 'products');
  map(s, at(path, 'products'), o.products, { min: 1, key: (k, p) => mapKey(s, p, k), value: (pr, p) => product(s, p, pr) });
  bool(s, at(path, 'suppressDuplicates'), o.suppressDuplicates);
}

function product(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, PRODUCT_FIELDS);
  if (!o) return;
  required(s, path, o, 'markets', 'defaults', 'variants');
  if (o.markets !== undefined) marketList(s, at(path, 'markets'), o.markets);
  productAttributes(s, path, o);
  const variants = map(s, at(path, 'variants'), o.variants, { min: 1, key: (k, p) => mapKey(s, p, k), value: (x, p) => variant(s, p, x) });
  map(s, at(path, 'images'), o.images, { key: (k, p) => mapKey(s, p, k), value: (img, p) => image(s, p, img, { content: false }) });
  if (!s.partial && variants) variantRules(s, path, o, variants);
}

function productAttributes(s: Scope, path: string, o: Obj): void {
  if (o.defaults !== undefined) productData(s, at(path, 'defaults'), o.defaults, !s.partial);
  overrides(s, at(path, 'overrides'), o.overrides, (data, p) => productData(s, p, data, false));
  colours(s, at(path, 'colorInitial'), o.colorInitial);
  colours(s, at(path, 'colorOverride'), o.colorOverride);
}

function variant(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, VARIANT_FIELDS);
  if (o) variantAttributes(s, path, o);
}

function variantAttributes(s: Scope, path: string, o: Obj): void {
  required(s, path, o, 'defaults');
  if (o.defaults !== undefined) variantData(s, at(path, 'defaults'), o.defaults, !s.partial);
  overrides(s, at(path, 'overrides'), o.overrides, (data, p) => variantData(s, p, data, false));
  variantPriceOrder(s, path, o);
}

/** The `product` of an editAttributes line: attributes, no markets, variants or images. */
export function productAttributesEdit(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, PRODUCT_ATTRIBUTE_FIELDS, { markets: STRUCTURAL, variants: STRUCTURAL, images: STRUCTURAL });
  if (o) productAttributes(s, path, o);
}

/** The `variant` of an editAttributes line. */
export function variantAttributesEdit(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, VARIANT_FIELDS);
  if (o) variantAttributes(s, path, o);
}

/** An attribute object (defaults or one override) and where it is. */
interface Located {
  path: string;
  data: Obj;
}
interface VariantView {
  key: string;
  path: string;
  /** Undefined when missing or not an object (reported already). */
  defaults: Obj | undefined;
  /** Defaults and every override. */
  all: Located[];
}

function locatedData(path: string, o: Obj): Located[] {
  const all: Located[] = isObject(o.defaults) ? [{ path: at(path, 'defaults'), data: o.defaults }] : [];
  if (isObject(o.overrides)) {
    for (const [k, data] of Object.entries(o.overrides)) if (isObject(data)) all.push({ path: at(at(path, 'overrides'), k), data });
  }
  return all;
}

function variantRules(s: Scope, path: string, productObj: Obj, variantMap: Obj): void {
  const variants: VariantView[] = [];
  for (const [key, v] of Object.entries(variantMap)) {
    if (!isObject(v)) continue;
    const vPath = at(at(path, 'variants'), key);
    variants.push({ key, path: vPath, defaults: isObject(v.defaults) ? v.defaults : undefined, all: locatedData(vPath, v) });
  }
  labelRule(s, variants);
  orderRule(s, variants);
  measurementLevelRule(s, locatedData(path, productObj), variants);
}

/**
 * Several variants: each needs `label` or `size`. One variant: neither, but only as a warning: the spec
 * advises "do not use label or sizes with only one variant", and Elevate accepts such a product.
 */
function labelRule(s: Scope, variants: VariantView[]): void {
  if (variants.length > 1) {
    for (const v of variants) {
      if (v.defaults && v.defaults.label === undefined && v.defaults.size === undefined) {
        s.problems.add(at(at(v.path, 'defaults'), 'label'), 'required (or size): the product has more than one variant, so each needs a label or a size');
      }
    }
    return;
  }
  for (const { path, data } of variants[0]?.all ?? []) {
    for (const f of ['label', 'size']) {
      if (data[f] !== undefined)
        s.warnings.push({ path: at(path, f), message: 'not advised: the product has only one variant (label and size tell variants apart); accepted' });
    }
  }
}

/** `order` on all variants of a product, or on none. */
function orderRule(s: Scope, variants: VariantView[]): void {
  const ordered = variants.find((v) => v.defaults?.order !== undefined);
  if (!ordered) return;
  for (const v of variants) {
    if (v.defaults && v.defaults.order === undefined) {
      s.problems.add(at(at(v.path, 'defaults'), 'order'), `required: variant "${ordered.key}" of this product has order, so every variant needs it`);
    }
  }
}

/** A measurement lives at product level or at variant level; at variant level, every variant has it in defaults. */
function measurementLevelRule(s: Scope, productData: Located[], variants: VariantView[]): void {
  for (const m of MEASUREMENTS) {
    const withIt = variants.find((v) => v.all.some((d) => d.data[m] !== undefined));
    if (!withIt) continue;
    const atProduct = productData.find((d) => d.data[m] !== undefined);
    if (atProduct) {
      s.problems.add(at(atProduct.path, m), `also given at variant level (variant "${withIt.key}"): give ${m} at product level or at variant level, not both`);
      continue;
    }
    for (const v of variants) {
      if (v.defaults && v.defaults[m] === undefined) {
        s.problems.add(at(at(v.path, 'defaults'), m), `required: variant "${withIt.key}" has ${m}, and at variant level every variant of the product needs it`);
      }
    }
  }
}
