/**
 * Validation of catalog import lines against the spec's rules and limits (admin spec "Catalog entities",
 * "Limits"). Pure: a parsed JSON line in, a typed entity or operation plus field-level errors out.
 * Cross-line limits (distinct content types, variant custom attributes per market-locale, duplicate keys)
 * are checked by CatalogLimits, which the import feeds line by line.
 *
 * The checks per object kind live in ./validation/ (product, image, content, attributes, markets), on a
 * small shared toolkit (./validation/checks). Unknown fields are errors everywhere: operators want typos caught.
 */
import type { CatalogConfiguration, CatalogOperation, EditAttributes, EditEntity, EntityType, ProductGroup, ReplaceEntity, Variant } from './types';
import { entityTypeOf } from './types';
import { CUSTOM_ATTRIBUTES } from './validation/attributes';
import { MAX_ERRORS_PER_LINE, lineProblems, type Obj, type Scope, at, isObject, key, kindOf, obj, quoted, str } from './validation/checks';
import { content, translation } from './validation/content';
import { locale, market, overrideApplies } from './validation/markets';
import { productAttributesEdit, productGroup, variantAttributesEdit } from './validation/product';

import type { Problems, Validated } from '../kernel/validation';
import type { FieldError } from './validation/checks';
export type { FieldError } from './validation/checks';
export type { Validated } from '../kernel/validation';

export interface ValidationContext {
  configuration: CatalogConfiguration;
  /**
   * The locales lines may name, when not those of the configuration's markets: a full import learning its
   * configuration (configuration/learn.ts) knows a translation's locale before any market.
   */
  locales?: ReadonlySet<string>;
}

const ENTITY_TYPES = ['productGroup', 'content', 'translation'] as const;
const EDITABLE_TYPES = ['productGroup', 'content'] as const;
const OPERATIONS = ['replace', 'edit', 'editAttributes', 'remove', 'removePartial', 'clearProductGroups', 'clearContent', 'clearTranslations'] as const;
type OperationName = (typeof OPERATIONS)[number];

const ENTITY_CHECKS: Readonly<Record<EntityType, (s: Scope, path: string, v: unknown) => void>> = { productGroup, content, translation };

/** A line of a full (PUT) import: `{"replace": {...}}` only. */
export function validateReplaceLine(line: unknown, ctx: ValidationContext): Validated<ReplaceEntity> {
  const s = scope(ctx, false);
  if (!isObject(line)) return failure('', `must be a JSON object like {"replace": {...}} (got ${kindOf(line)})`);
  for (const name of Object.keys(line)) if (name !== 'replace') s.problems.add(name, 'only replace operations are allowed in a full import');
  if (line.replace === undefined)
    s.problems.add('', 'must be a replace operation: {"replace": {"key": ..., "productGroup" or "content" or "translation": {...}}}');
  else if (replaceEntity(s, 'replace', line.replace)) return result(s, line.replace);
  return result<ReplaceEntity>(s, undefined);
}

/** A line of an operations (POST) import: exactly one operation. */
export function validateOperationLine(line: unknown, ctx: ValidationContext): Validated<CatalogOperation> {
  const allowed = `allowed: ${OPERATIONS.join(', ')}`;
  if (!isObject(line)) return failure('', `must be a JSON object holding one operation (got ${kindOf(line)}); ${allowed}`);
  const names = Object.keys(line);
  if (names.length !== 1) return failure('', `must hold exactly one operation (got ${names.length === 0 ? 'none' : names.join(', ')}); ${allowed}`);
  const name = names[0];
  if (!isOperationName(name)) return failure(name, `unknown operation; ${allowed}`);
  const s = scope(ctx, name === 'edit' || name === 'editAttributes');
  return result(s, operation(s, name, line[name]));
}

/** Full validation of one entity (used for replace lines and for the result of merging an edit); `warnings` gets the entity's warnings. */
export function validateEntity(entity: ReplaceEntity, ctx: ValidationContext, pathPrefix: string, warnings?: FieldError[]): FieldError[] {
  const s = scope(ctx, false);
  replaceEntity(s, pathPrefix, entity);
  warnings?.push(...s.warnings);
  return s.problems.errors;
}

function operation(s: Scope, name: OperationName, v: unknown): CatalogOperation | undefined {
  switch (name) {
    case 'replace':
      return replaceEntity(s, name, v) ? { op: name, entity: v } : undefined;
    case 'edit':
      return editEntity(s, name, v) ? { op: name, entity: v } : undefined;
    case 'editAttributes':
      return editAttributes(s, name, v) ? { op: name, entity: v } : undefined;
    case 'remove':
    case 'removePartial':
      return removal(s, name, v);
    case 'clearProductGroups':
    case 'clearContent': {
      const o = obj(s, name, v, ['market']);
      const m = o && marketField(s, name, o);
      return m === undefined ? undefined : { op: name, market: m };
    }
    case 'clearTranslations': {
      const o = obj(s, name, v, ['locale']);
      const l = o && localeField(s, name, o);
      return l === undefined ? undefined : { op: name, locale: l };
    }
    default:
      return unreachable(name);
  }
}

/**
 * The checks below are type guards: `v` is the entity exactly when its checks added no problem (they cover
 * every field of the type), so callers get a typed value without a cast.
 */
function checked(s: Scope, check: () => void): boolean {
  const before = s.problems.count;
  check();
  return s.problems.count === before;
}

/** `{key, productGroup | content | translation}` with the entity checked in full. */
function replaceEntity(s: Scope, path: string, v: unknown): v is ReplaceEntity {
  return checked(s, () => {
    const o = obj(s, path, v, ['key', ...ENTITY_TYPES]);
    if (!o) return;
    key(s, at(path, 'key'), o.key);
    const type = oneOf(s, path, o, ENTITY_TYPES);
    if (type) ENTITY_CHECKS[type](s, at(path, type), o[type]);
  });
}

/** `{key, productGroup | content}` with a partial entity (the scope is partial). */
function editEntity(s: Scope, path: string, v: unknown): v is EditEntity {
  return checked(s, () => {
    const o = obj(s, path, v, ['key', ...EDITABLE_TYPES], { translation: 'edit is not available for translations: use replace' });
    if (!o) return;
    key(s, at(path, 'key'), o.key);
    if (o.translation !== undefined) return;
    const type = oneOf(s, path, o, EDITABLE_TYPES);
    if (type) ENTITY_CHECKS[type](s, at(path, type), o[type]);
  });
}

/** `{key, product: {...}}` or `{key, variant: {...}}`: attributes of one product or variant. */
function editAttributes(s: Scope, path: string, v: unknown): v is EditAttributes {
  return checked(s, () => {
    const o = obj(s, path, v, ['key', 'product', 'variant']);
    if (!o) return;
    key(s, at(path, 'key'), o.key);
    const target = oneOf(s, path, o, ['product', 'variant'] as const);
    if (target === 'product') productAttributesEdit(s, at(path, target), o.product);
    if (target === 'variant') variantAttributesEdit(s, at(path, target), o.variant);
  });
}

/** remove `{productGroup | content: key}`; removePartial also `{market}`. */
function removal(s: Scope, name: 'remove' | 'removePartial', v: unknown): CatalogOperation | undefined {
  const partial = name === 'removePartial';
  const o = obj(s, name, v, partial ? ['market', ...EDITABLE_TYPES] : EDITABLE_TYPES, {
    translation: `${name} takes "productGroup" or "content": translations are removed with clearTranslations`,
  });
  if (!o || o.translation !== undefined) return undefined;
  const m = partial ? marketField(s, name, o) : undefined;
  const entityType = oneOf(s, name, o, EDITABLE_TYPES);
  const k = entityType && key(s, at(name, entityType), o[entityType]);
  if (!entityType || k === undefined) return undefined;
  if (!partial) return { op: name, entityType, key: k };
  return m === undefined ? undefined : { op: name, entityType, key: k, market: m };
}

function marketField(s: Scope, path: string, o: Obj): string | undefined {
  if (o.market === undefined) s.problems.add(at(path, 'market'), 'required');
  const m = str(s, at(path, 'market'), o.market);
  if (m !== undefined) market(s, at(path, 'market'), m);
  return m;
}

function localeField(s: Scope, path: string, o: Obj): string | undefined {
  if (o.locale === undefined) s.problems.add(at(path, 'locale'), 'required');
  const l = str(s, at(path, 'locale'), o.locale);
  if (l !== undefined) locale(s, at(path, 'locale'), l);
  return l;
}

/** The one field of `names` that `o` has; reports none or several at `path`. */
function oneOf<T extends string>(s: Scope, path: string, o: Obj, names: readonly T[]): T | undefined {
  const given = names.filter((n) => o[n] !== undefined);
  if (given.length === 1) return given[0];
  const list = names.map((n) => `"${n}"`).join(', ');
  s.problems.add(path, given.length === 0 ? `must have one of ${list}` : `must have exactly one of ${list} (got ${given.join(', ')})`);
  return undefined;
}

const isOperationName = (name: string): name is OperationName => (OPERATIONS as readonly string[]).includes(name);

function unreachable(name: never): never {
  throw new Error(`unhandled operation ${String(name)}`);
}

/** Market → locales lookups, built once per configuration object. */
const lookups = new WeakMap<CatalogConfiguration, Pick<Scope, 'markets' | 'locales'>>();

function scope(ctx: ValidationContext, partial: boolean): Scope {
  let found = lookups.get(ctx.configuration);
  if (!found) {
    const markets = new Map(Object.entries(ctx.configuration.markets).map(([m, c]) => [m, new Set(c.locales)] as const));
    found = { markets, locales: new Set([...markets.values()].flatMap((l) => [...l])) };
    lookups.set(ctx.configuration, found);
  }
  return { problems: lineProblems(), ...found, ...(ctx.locales ? { locales: ctx.locales } : {}), partial, warnings: [] };
}

function result<T>(s: Scope, value: T | undefined): Validated<T> {
  if (s.problems.any) return { ok: false, problems: s.problems };
  if (value === undefined) return failure('', 'invalid line');
  return s.warnings.length ? { ok: true, value, warnings: s.warnings } : { ok: true, value };
}

function failure(path: string, message: string): { ok: false; problems: Problems } {
  const problems = lineProblems();
  problems.add(path, message);
  return { ok: false, problems };
}

export const MAX_CONTENT_TYPES = 25;
export const MAX_VARIANT_CUSTOM_ATTRIBUTES = 1000;

export interface CatalogLimitsOptions {
  /** A full (PUT) import holds each key once per entity type; an operations import may repeat keys. Default true. */
  fullImport?: boolean;
  /**
   * Lets variant custom attribute names be counted per market-locale, as the spec states. Without it they
   * are counted per market (every locale's overrides together): an approximation that can only overcount.
   */
  configuration?: CatalogConfiguration;
}

/**
 * Limits that span lines of one import. Memory: the keys seen, the content types (at most 25) and the
 * variant custom attribute names per market-locale (at most 1000 each). An entity that breaks a limit
 * is not recorded.
 */
export class CatalogLimits {
  private readonly keys: Record<EntityType, Set<string>> = { productGroup: new Set(), content: new Set(), translation: new Set() };
  private readonly contentTypes = new Set<string>();
  /** `market|locale` (or `market|*` without configuration) → `customLabels.name` etc. */
  private readonly variantAttributes = new Map<string, Set<string>>();

  constructor(private readonly options: CatalogLimitsOptions = {}) {}

  /** Records an accepted entity; returns errors for limits it breaks. */
  add(entity: ReplaceEntity, pathPrefix: string): FieldError[] {
    const type = entityTypeOf(entity);
    if (this.options.fullImport !== false && this.keys[type].has(entity.key)) {
      return [{ path: at(pathPrefix, 'key'), message: `duplicate key "${entity.key}", first seen on an earlier line: a full import holds each ${type} once` }];
    }
    const errors: FieldError[] = [];
    const newType = 'content' in entity && !this.contentTypes.has(entity.content.type) ? entity.content.type : undefined;
    if (newType !== undefined && this.contentTypes.size >= MAX_CONTENT_TYPES) {
      errors.push({
        path: at(pathPrefix, 'content.type'),
        message: `at most ${MAX_CONTENT_TYPES} distinct content types; "${newType}" would be one more than ${quoted(this.contentTypes, 25)}`,
      });
    }
    const newNames =
      'productGroup' in entity ? this.newVariantAttributes(entity.productGroup, at(pathPrefix, 'productGroup'), errors) : new Map<string, Set<string>>();
    if (errors.length > 0) return errors.slice(0, MAX_ERRORS_PER_LINE);
    this.keys[type].add(entity.key);
    if (newType !== undefined) this.contentTypes.add(newType);
    for (const [context, names] of newNames) for (const name of names) getOrAdd(this.variantAttributes, context).add(name);
    return [];
  }

  /** Variant custom attribute names of `group` not yet seen, per context; reports contexts that would exceed the limit. */
  private newVariantAttributes(group: ProductGroup, path: string, errors: FieldError[]): Map<string, Set<string>> {
    const fresh = new Map<string, Set<string>>();
    const firstProduct = new Map<string, string>();
    for (const [productKey, product] of Object.entries(group.products)) {
      const contexts = this.contexts(product.markets);
      for (const variant of Object.values(product.variants)) {
        // The defaults' names hold in every context: listed once per variant (hot path of an import).
        const common = customAttributeNames(variant.defaults);
        const overrides = variant.overrides ? Object.entries(variant.overrides) : [];
        for (const [m, l] of contexts) {
          const context = `${m}|${l}`;
          const seen = this.variantAttributes.get(context);
          const note = (name: string) => {
            if (seen?.has(name)) return;
            getOrAdd(fresh, context).add(name);
            if (!firstProduct.has(context)) firstProduct.set(context, productKey);
          };
          for (const name of common) note(name);
          for (const [k, data] of overrides) if (overrideApplies(k, m, l)) for (const name of customAttributeNames(data)) note(name);
        }
      }
    }
    for (const [context, names] of fresh) {
      const total = (this.variantAttributes.get(context)?.size ?? 0) + names.size;
      if (total <= MAX_VARIANT_CUSTOM_ATTRIBUTES) continue;
      errors.push({
        path: at(at(at(path, 'products'), firstProduct.get(context) ?? ''), 'variants'),
        message: `at most ${MAX_VARIANT_CUSTOM_ATTRIBUTES} distinct variant custom attribute names (customLabels, customNumbers, customLengths, customJson together) in ${context}; this product group brings the count to ${total}`,
      });
    }
    return fresh;
  }

  private contexts(markets: string[]): [string, string][] {
    const configured = this.options.configuration?.markets;
    return markets.flatMap((m): [string, string][] => (configured ? (configured[m]?.locales ?? []).map((l): [string, string] => [m, l]) : [[m, '*']]));
  }
}

/** `customLabels.size` etc. of one variant data object (defaults or one override). */
function customAttributeNames(data: Variant['defaults'] | undefined): string[] {
  const names: string[] = [];
  if (!data) return names;
  for (const kind of CUSTOM_ATTRIBUTES) {
    const attributes = data[kind];
    if (attributes) for (const name in attributes) if (Object.hasOwn(attributes, name)) names.push(`${kind}.${name}`);
  }
  return names;
}

function getOrAdd<K, V>(m: Map<K, Set<V>>, k: K): Set<V> {
  let set = m.get(k);
  if (!set) m.set(k, (set = new Set()));
  return set;
}
