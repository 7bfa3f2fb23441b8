/**
 * Pure edits of catalog entities, as the operations import applies them: `edit` deep-merges a partial
 * entity, `editAttributes` changes one product's or variant's data, `removePartial` drops one market.
 */
import type { EditAttributes, EditEntity, Product, ProductGroup, ReplaceEntity, Content } from './types';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key (maps of products, variants, images, overrides included); arrays and scalars replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out as T;
}

export function applyEdit(current: ReplaceEntity | undefined, edit: EditEntity): ReplaceEntity {
  if ('productGroup' in edit) {
    const base = current && 'productGroup' in current ? current.productGroup : ({ products: {} } as ProductGroup);
    return { key: edit.key, productGroup: deepMerge(base, edit.productGroup) };
  }
  const base = current && 'content' in current ? current.content : ({} as Content);
  return { key: edit.key, content: deepMerge(base, edit.content) };
}

/** Field-level: each given field replaces the current one; override maps merge per override key. */
function editData<D extends object>(defaults: D | undefined, overrides: Record<string, D> | undefined, patch: { defaults?: D; overrides?: Record<string, D> }) {
  const nextOverrides = { ...(overrides ?? {}) };
  for (const [k, v] of Object.entries(patch.overrides ?? {})) nextOverrides[k] = { ...(nextOverrides[k] ?? {}), ...v };
  return { defaults: { ...(defaults ?? {}), ...(patch.defaults ?? {}) } as D, overrides: Object.keys(nextOverrides).length ? nextOverrides : undefined };
}

/** Applies editAttributes to the group holding the product or variant; undefined when the key is not in the group. */
export function applyEditAttributes(group: ProductGroup, edit: EditAttributes): ProductGroup | undefined {
  const products = { ...group.products };
  if ('product' in edit) {
    const product = products[edit.key];
    if (!product) return undefined;
    const data = editData(product.defaults, product.overrides, edit.product);
    products[edit.key] = dropUndefined({
      ...product,
      defaults: data.defaults,
      overrides: data.overrides,
      colorInitial: edit.product.colorInitial ?? product.colorInitial,
      colorOverride: edit.product.colorOverride ?? product.colorOverride,
    });
    return { ...group, products };
  }
  for (const [productKey, product] of Object.entries(products)) {
    const variant = product.variants[edit.key];
    if (!variant) continue;
    const data = editData(variant.defaults, variant.overrides, edit.variant);
    products[productKey] = {
      ...product,
      variants: { ...product.variants, [edit.key]: dropUndefined({ ...variant, defaults: data.defaults, overrides: data.overrides }) },
    };
    return { ...group, products };
  }
  return undefined;
}

/** Removes every trace of one market; undefined when nothing is left of the entity. */
export function removeMarket(entity: ReplaceEntity, market: string): ReplaceEntity | undefined {
  if ('productGroup' in entity) {
    const products: Record<string, Product> = {};
    for (const [key, product] of Object.entries(entity.productGroup.products)) {
      const markets = product.markets.filter((m) => m !== market);
      if (!markets.length) continue;
      const overrides = product.overrides && Object.fromEntries(Object.entries(product.overrides).filter(([k]) => k.split('|')[0] !== market));
      products[key] = dropUndefined({ ...product, markets, overrides: overrides && Object.keys(overrides).length ? overrides : undefined });
    }
    return Object.keys(products).length ? { key: entity.key, productGroup: { ...entity.productGroup, products } } : undefined;
  }
  if ('content' in entity) {
    const markets = entity.content.markets.filter((m) => m !== market);
    return markets.length ? { key: entity.key, content: { ...entity.content, markets } } : undefined;
  }
  return entity;
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
