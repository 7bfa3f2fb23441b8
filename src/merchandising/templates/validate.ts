/** Validation of a template import body (admin spec "Template body", "Limits"). Pure. */
import {
  isPrototypeKey,
  prototypeKeyProblem,
  Problems,
  field,
  integer,
  item,
  isObject,
  kindOf,
  object,
  requireFields,
  stringArray,
  stripNulls,
  type Obj,
  type Validated,
} from '../../kernel/validation';
import {
  MAX_TEMPLATES_PER_BODY,
  PRODUCT_FIELDS,
  TEMPLATE_ID,
  VARIANT_FIELDS,
  type ProductTemplate,
  type TemplateMapping,
  type Templates,
  type VariantTemplate,
} from './types';

const CUSTOM_FIELD = /^custom\.(\*|[^\s*]+)$/;

export function validateTemplates(raw: unknown): Validated<Templates> {
  const p = new Problems();
  const body = stripNulls(raw);
  if (!isObject(body)) {
    p.add('', `must be an object mapping template ids to template settings (got ${kindOf(body)})`);
    return { ok: false, problems: p };
  }
  const ids = Object.keys(body);
  if (ids.length > MAX_TEMPLATES_PER_BODY) p.add('', `at most ${MAX_TEMPLATES_PER_BODY} templates per import (got ${ids.length})`);
  const templates: Templates = {};
  for (const id of ids) {
    if (!TEMPLATE_ID.test(id)) p.add(id, 'template id must be 1 to 25 letters a-z, A-Z or digits');
    else if (isPrototypeKey(id)) {
      p.add(id, prototypeKeyProblem(id));
      continue;
    }
    const settings = object(p, id, body[id], ['products']);
    if (!settings) continue;
    requireFields(p, id, settings, 'products');
    const products = mapping(p, field(id, 'products'), settings.products, (at, v) => productTemplate(p, at, v));
    if (products) templates[id] = { products };
  }
  return p.any ? { ok: false, problems: p } : { ok: true, value: templates };
}

/** `{all}` or `{first, rest}`, each read by `each`; undefined when absent or not one of the two forms. */
function mapping<T>(p: Problems, path: string, v: unknown, each: (path: string, v: unknown) => T | undefined): TemplateMapping<T> | undefined {
  const o = object(p, path, v, ['all', 'first', 'rest']);
  if (!o) return undefined;
  if (o.all !== undefined && (o.first !== undefined || o.rest !== undefined)) p.add(path, 'either all, or first and rest, not both');
  else if (o.all === undefined && o.first === undefined && o.rest === undefined) p.add(path, 'must have all, or first and rest');
  else if (o.first !== undefined && o.rest === undefined) p.add(field(path, 'rest'), 'required when first is used');
  else if (o.rest !== undefined && o.first === undefined) p.add(field(path, 'first'), 'required when rest is used');
  const read = (name: string) => (o[name] === undefined ? undefined : each(field(path, name), o[name]));
  const [all, first, rest] = [read('all'), read('first'), read('rest')];
  if (all !== undefined) return { all };
  return first !== undefined && rest !== undefined ? { first, rest } : undefined;
}

function productTemplate(p: Problems, path: string, v: unknown): ProductTemplate | undefined {
  const t = object(p, path, v, ['fields', 'maxVariants', 'variants']);
  if (!t) return undefined;
  requireFields(p, path, t, 'fields');
  const names = fields(p, path, t, PRODUCT_FIELDS);
  const maxVariants = integer(p, field(path, 'maxVariants'), t.maxVariants, { min: 0 });
  if (t.variants === undefined && t.maxVariants !== 0) p.add(field(path, 'variants'), 'required unless maxVariants is 0');
  const variants = mapping(p, field(path, 'variants'), t.variants, (at, variant): VariantTemplate | undefined => {
    const vt = object(p, at, variant, ['fields']);
    if (!vt) return undefined;
    requireFields(p, at, vt, 'fields');
    const variantFields = fields(p, at, vt, VARIANT_FIELDS);
    return variantFields && { fields: variantFields };
  });
  return names && { fields: names, ...(maxVariants !== undefined && { maxVariants }), ...(variants && { variants }) };
}

function fields(p: Problems, path: string, template: Obj, known: readonly string[]): string[] | undefined {
  const list = stringArray(p, field(path, 'fields'), template.fields, { unique: true, rule: { min: 1, max: 200 } });
  list?.forEach((name, i) => {
    if (known.includes(name) || CUSTOM_FIELD.test(name)) return;
    const hint = name === 'custom' ? 'name custom attributes as custom.<name>, or custom.* for all' : `allowed: ${known.join(', ')}, custom.<name>, custom.*`;
    p.add(item(field(path, 'fields'), i), `unknown field "${name}" (${hint})`);
  });
  return list;
}
