/**
 * Shaping of the product-page product group and of the cart (pure). The product-page product shows what
 * listings leave out: its description, image captions, and every custom attribute it has (labels as
 * `custom`, numbers, lengths and JSON as `typedCustom`), on the product and on its variants. Its siblings
 * are shaped as in listings.
 */
import { imageInfo } from '../presentation';
import { shapeProduct, shapeProductGroup, type ProductSource, type ShapeContext } from '../productShaper';
import type { PresentCustom } from '../request';
import type { ProductGroupResult, ProductResult } from '../responseTypes';

/** Every custom attribute a product document holds, as presentCustom entries. */
export function allCustom(doc: ProductSource): PresentCustom[] {
  const of = (level: PresentCustom['level'], d: Pick<ProductSource, 'customLabels' | 'customNumbers' | 'customLengths' | 'customJson'>): PresentCustom[] => [
    ...Object.keys(d.customLabels ?? {}).map((name) => ({ level, kind: 'label' as const, name })),
    ...Object.keys(d.customNumbers ?? {}).map((name) => ({ level, kind: 'number' as const, name })),
    ...Object.keys(d.customLengths ?? {}).map((name) => ({ level, kind: 'length' as const, name })),
    ...Object.keys(d.customJson ?? {}).map((name) => ({ level, kind: 'json' as const, name })),
  ];
  const variants = (doc.variants ?? []).flatMap((v) => of('variant', v));
  const unique = new Map([...of('product', doc), ...variants].map((c) => [`${c.level}.${c.kind}.${c.name}`, c]));
  return [...unique.values()];
}

/** The page's product in full detail. */
export function shapeProductDetail(doc: ProductSource, sc: ShapeContext): ProductResult {
  const detailed: ShapeContext = { ...sc, query: { ...sc.query, presentCustom: [...sc.query.presentCustom, ...allCustom(doc)] } };
  const product = shapeProduct(doc, 0, detailed);
  if (doc.description !== undefined) product.description = doc.description;
  product.imageInfo = imageInfo(doc.images, 'detail');
  return product;
}

/** The product group of the page: the product in detail first, its siblings as in listings. */
export function shapeProductPageGroup(doc: ProductSource, siblings: ReadonlyMap<string, ProductSource>, sc: ShapeContext): ProductGroupResult {
  const group = shapeProductGroup(doc, siblings, 0, sc);
  return { ...group, products: [shapeProductDetail(doc, sc), ...group.products.slice(1)] };
}

/** Variant key to ticket, for add-to-cart notifications when the group itself is not asked for. */
export function variantTickets(doc: ProductSource, sc: ShapeContext): Record<string, string> {
  return Object.fromEntries(shapeProduct(doc, 0, sc).variants.map((v) => [v.key, v.ticket]));
}

/** Cart products in cart order, one group per product, however many of its variants the cart holds. */
export function shapeCart(
  cart: string[],
  found: ReadonlyMap<string, ProductSource>,
  siblings: ReadonlyMap<string, ProductSource>,
  sc: ShapeContext,
): ProductGroupResult[] {
  const seen = new Set<string>();
  const groups: ProductGroupResult[] = [];
  for (const key of cart) {
    const doc = found.get(key);
    if (!doc || seen.has(doc.productKey)) continue;
    seen.add(doc.productKey);
    groups.push(shapeProductGroup(doc, siblings, groups.length, sc));
  }
  return groups;
}
