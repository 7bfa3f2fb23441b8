/**
 * Response templates (`templateId`): which fields a product list returns. Templates are imported through
 * the admin interface (src/merchandising/templateStore.ts); this module resolves an id and shapes lists.
 *
 * Semantics (admin spec "Template body", elevate-notes section 9):
 * - `products.all` applies to every product of a group; `first` to the main product (the one the card is
 *   about, first in `products`) and `rest` to its siblings. Variants likewise: `all`, or `first` (the first
 *   variant shown) and `rest`.
 * - `key` and `ticket` are always kept (a product without them cannot be linked or notified); every other
 *   ProductResult / VariantResult field is kept only when listed. `custom.<name>` keeps that attribute of
 *   `custom`, `custom.*` all of them; `typedCustom` is a field of its own.
 * - `maxVariants` keeps the first n variants (0: none) and sets `remainingVariants` to the number left out.
 *   Without `maxVariants` every variant is kept.
 * - A template makes `presentCustom` unnecessary: `withTemplateFields` widens the context so the
 *   documents fetched hold the custom attributes the template names (labels in `custom`; numbers, lengths
 *   and JSON in `typedCustom`, shown where the template lists `typedCustom`) and the description where it
 *   lists `description`.
 */
import { invalid } from '../kernel/errors';
import {
  ALL_CUSTOM,
  customAttributeOf,
  PRODUCT_FIELDS,
  VARIANT_FIELDS,
  type ProductTemplate,
  type TemplateMapping,
  type TemplateSettings,
  type VariantTemplate,
} from '../merchandising/templates/types';
import type { PresentCustom, QueryContext } from './request';
import type { CustomAttributes, ProductGroupResult, ProductResult, VariantResult } from './responseTypes';
import type { MerchandisingStores } from '../merchandising';

/** A product as a template leaves it: fewer fields, and `remainingVariants` when `maxVariants` applies. */
export type TemplatedProduct = ProductResult & { remainingVariants?: number };

/** Fields every templated product and variant keeps. */
const ALWAYS_KEPT = new Set(['key', 'ticket']);

/**
 * The field names templates accept (merchandising, below the storefront, lists them) must be ProductResult
 * and VariantResult properties: this fails to compile when a result type loses one.
 */
type Holds<T extends true> = T;
type _TemplateFieldsAreResultFields = Holds<
  (typeof PRODUCT_FIELDS)[number] extends keyof ProductResult ? ((typeof VARIANT_FIELDS)[number] extends keyof VariantResult ? true : false) : false
>;

/** The template a request names, undefined when it names none; 400 for an unknown id. */
export async function resolveTemplate(
  s: { merchandising: Pick<MerchandisingStores, 'templates'> },
  templateId: string | undefined,
): Promise<TemplateSettings | undefined> {
  if (templateId === undefined) return undefined;
  const template = await s.merchandising.templates.getTemplate(templateId);
  if (!template) throw invalid(`Query parameter templateId: unknown template "${templateId}"`);
  return template;
}

/** Shapes a list's product groups by a template (pure). Without a template the groups are unchanged. */
export function applyTemplate(groups: ProductGroupResult[], template: TemplateSettings | undefined): ProductGroupResult[] {
  if (!template) return groups;
  return groups.map((g) => ({
    key: g.key,
    products: g.products.map((p, i) => templateProduct(p, pick(template.products, i))),
    remaining: g.remaining,
  }));
}

/** `all`, or `first` for position 0 and `rest` after it. */
function pick<T>(mapping: TemplateMapping<T>, position: number): T {
  return 'all' in mapping ? mapping.all : position === 0 ? mapping.first : mapping.rest;
}

function templateProduct(product: ProductResult, t: ProductTemplate): TemplatedProduct {
  const kept = keepFields(product, t.fields) as TemplatedProduct;
  if (t.maxVariants === 0) {
    kept.variants = [];
  } else if (t.variants) {
    const variants = t.maxVariants === undefined ? product.variants : product.variants.slice(0, t.maxVariants);
    const variantTemplates = t.variants;
    kept.variants = variants.map((v, i) => keepFields(v, pick<VariantTemplate>(variantTemplates, i).fields) as VariantResult);
  } else {
    kept.variants = product.variants;
  }
  if (t.maxVariants !== undefined) kept.remainingVariants = Math.max(0, product.variants.length - t.maxVariants);
  return kept;
}

/** The listed fields of a product or variant, plus key and ticket; `custom` narrowed to the named attributes. */
function keepFields<T extends ProductResult | VariantResult>(source: T, fields: readonly string[]): Partial<T> {
  const wanted = new Set(fields);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source)) {
    if (name === 'custom' || name === 'variants') continue;
    if (ALWAYS_KEPT.has(name) || wanted.has(name)) out[name] = value;
  }
  const custom = narrowCustom(source.custom, fields);
  if (custom) out.custom = custom;
  return out as Partial<T>;
}

function narrowCustom(custom: CustomAttributes | undefined, fields: readonly string[]): CustomAttributes | undefined {
  const names = fields.map(customAttributeOf).filter((n): n is string => n !== undefined);
  if (names.length === 0) return undefined;
  if (names.includes('*')) return custom ?? {};
  return Object.fromEntries(names.flatMap((n) => (custom?.[n] ? [[n, custom[n]]] : [])));
}

/**
 * The query context widened by what the template shows: every custom attribute it names, at product or
 * variant level, as a label, a number, a length and JSON (a template does not say which kind it is; the
 * shaper shows only what the document has), and the description. `custom.*` becomes the wildcard name `*`.
 */
export function withTemplateFields<C extends Pick<QueryContext, 'presentCustom' | 'presentDescription'>>(
  context: C,
  template: TemplateSettings | undefined,
): C {
  if (!template) return context;
  const products = templatesOf(template.products);
  // Listings fetch the description only for a template that shows it (a large field).
  const description = products.some((p) => p.fields.includes('description'));
  const widened = description && !context.presentDescription ? { ...context, presentDescription: true } : context;
  const wanted: PresentCustom[] = [];
  const add = (level: PresentCustom['level'], fields: readonly string[]) => {
    for (const f of fields) {
      const name = f === ALL_CUSTOM ? '*' : customAttributeOf(f);
      if (name === undefined) continue;
      for (const kind of ['label', 'number', 'length', 'json'] as const) wanted.push({ level, kind, name });
    }
  };
  for (const product of products) {
    add('product', product.fields);
    for (const variant of product.variants ? templatesOf(product.variants) : []) add('variant', variant.fields);
  }
  const seen = new Set(context.presentCustom.map(customId));
  const extra = wanted.filter((c) => !seen.has(customId(c)) && seen.add(customId(c)));
  return extra.length ? { ...widened, presentCustom: [...context.presentCustom, ...extra] } : widened;
}

const customId = (c: PresentCustom) => `${c.level}:${c.kind}:${c.name}`;
const templatesOf = <T>(m: TemplateMapping<T>): T[] => ('all' in m ? [m.all] : [m.first, m.rest]);
