/**
 * Validation of a page's product lists: `primaryList` and `recLists` (admin spec "PagePrimaryList",
 * "PageRecList", "Limits"). Rule strings are checked through the one switch-on point, validateRuleText.
 */
import { Problems, array, boolean, field, integer, map, object, oneOf, requireFields, string, stringArray, type StringRule } from '../../kernel/validation';
import { validateRuleText } from '../rules';
import type { AttributeKind } from '../../catalog/attributeQueries';
import { FACET_SORT_ORDERS, FACET_VISUALIZATIONS, PAGE_SORT_ORDERS, REC_LIST_ALGORITHMS } from './types';

export const MAX_PINNED = 100;
export const MAX_SLICES = 100;
export const MAX_SLICE_PINS = 50;
export const MAX_REC_LISTS = 10;

const PRODUCT_KEY: StringRule = { id: true, min: 1, max: 200 };
const REC_LIST_ID: StringRule = { id: true, min: 1, max: 20, pattern: /^[A-Za-z0-9_-]+$/, patternText: 'may hold only letters, digits, "_" and "-"' };
const PRIMARY_LIST_FIELDS = ['blocked', 'pinned', 'rules', 'restrictChildRules', 'facetsOverride', 'keywords', 'pageSliceInfo', 'sortOrderOverride'];
const REC_LIST_FIELDS = ['id', 'algorithm', 'blocked', 'pinned', 'limit', 'rules'];

/** Where a page is checked: its id (for messages) and the locales of its market (unknown when the market is invalid). */
export interface PageScope {
  pageId: string | undefined;
  locales: readonly string[] | undefined;
  /** The live catalog's custom attributes by kind; undefined before the first catalog (not judged then). */
  customAttributes?: ReadonlyMap<string, AttributeKind>;
}

export function validatePrimaryList(p: Problems, path: string, v: unknown, scope: PageScope): void {
  const list = object(p, path, v, PRIMARY_LIST_FIELDS);
  if (!list) return;
  stringArray(p, field(path, 'blocked'), list.blocked, { rule: PRODUCT_KEY });
  stringArray(p, field(path, 'pinned'), list.pinned, { max: MAX_PINNED, unique: true, rule: PRODUCT_KEY });
  rules(p, field(path, 'rules'), list.rules, scope, true);
  // restrictChildRules and pageSliceInfo.inherit act only between path-style ids (`/a`, `/a/b`), but Elevate's own
  // export carries them on every page (inherit defaults to true): on other ids they are kept and change nothing.
  boolean(p, field(path, 'restrictChildRules'), list.restrictChildRules);
  facetsOverride(p, field(path, 'facetsOverride'), list.facetsOverride, scope);
  keywords(p, field(path, 'keywords'), list.keywords, scope);
  sliceInfo(p, field(path, 'pageSliceInfo'), list.pageSliceInfo);
  const sort = object(p, field(path, 'sortOrderOverride'), list.sortOrderOverride, ['enabled', 'sortOrders']);
  if (sort) {
    // sortOrders may be left out only to switch the override off.
    if (boolean(p, field(path, 'sortOrderOverride.enabled'), sort.enabled) !== false) requireFields(p, field(path, 'sortOrderOverride'), sort, 'sortOrders');
    const seen = new Set<unknown>();
    array(p, field(path, 'sortOrderOverride.sortOrders'), sort.sortOrders, {
      min: 1,
      each: (order, at) => {
        if (oneOf(p, at, order, PAGE_SORT_ORDERS) && seen.has(order)) p.add(at, `${String(order)} is repeated`);
        seen.add(order);
      },
    });
  }
}

export function validateRecLists(p: Problems, path: string, v: unknown, scope: PageScope): void {
  const ids = new Map<string, number>();
  array(p, path, v, {
    max: MAX_REC_LISTS,
    each: (entry, at, i) => {
      const list = object(p, at, entry, REC_LIST_FIELDS);
      if (!list) return;
      requireFields(p, at, list, 'id');
      const id = string(p, field(at, 'id'), list.id, REC_LIST_ID);
      if (id !== undefined && ids.has(id)) p.add(field(at, 'id'), `id "${id}" is also used by recLists[${ids.get(id)}]; list ids are unique per page`);
      else if (id !== undefined) ids.set(id, i);
      oneOf(p, field(at, 'algorithm'), list.algorithm, REC_LIST_ALGORITHMS);
      stringArray(p, field(at, 'blocked'), list.blocked, { rule: PRODUCT_KEY });
      stringArray(p, field(at, 'pinned'), list.pinned, { max: MAX_PINNED, unique: true, rule: PRODUCT_KEY });
      integer(p, field(at, 'limit'), list.limit, { min: 1, max: 100 });
      rules(p, field(at, 'rules'), list.rules, scope, false);
    },
  });
}

function rules(p: Problems, path: string, v: unknown, scope: PageScope, handpickedFirst: boolean): void {
  const text = string(p, path, v);
  if (text === undefined) return;
  const problem = validateRuleText(text, { handpickedFirst });
  if (problem) p.add(path, `page ${scope.pageId ?? '(no id)'}: invalid rules: ${problem.message}`);
}

function facetsOverride(p: Problems, path: string, v: unknown, scope: PageScope): void {
  const o = object(p, path, v, ['enabled', 'facets']);
  if (!o) return;
  boolean(p, field(path, 'enabled'), o.enabled);
  const attributes = new Set<string>();
  array(p, field(path, 'facets'), o.facets, {
    each: (entry, at) => {
      const facet = object(p, at, entry, ['attribute', 'sortOrder', 'unit', 'visualization']);
      if (!facet) return;
      requireFields(p, at, facet, 'attribute');
      const attribute = string(p, field(at, 'attribute'), facet.attribute, { min: 1, max: 200 });
      if (attribute !== undefined && attributes.has(attribute)) p.add(field(at, 'attribute'), `facet "${attribute}" is repeated`);
      if (attribute !== undefined) attributes.add(attribute);
      oneOf(p, field(at, 'sortOrder'), facet.sortOrder, FACET_SORT_ORDERS);
      string(p, field(at, 'unit'), facet.unit, { min: 1, max: 50 });
      const visualization = oneOf(p, field(at, 'visualization'), facet.visualization, FACET_VISUALIZATIONS);
      if (visualization && attribute !== undefined && !attribute.startsWith('custom.')) {
        p.add(field(at, 'visualization'), 'only for custom number attributes (custom.<name>)');
      } else if (visualization && attribute !== undefined && scope.customAttributes) {
        // The spec allows it on typed number attributes only; on a label it would answer an empty RANGE facet.
        const kind = scope.customAttributes.get(attribute.slice('custom.'.length));
        if (kind === 'label') p.add(field(at, 'visualization'), `only for custom number attributes: ${attribute} is a label in the catalog`);
        else if (kind === undefined) p.add(field(at, 'visualization'), `only for custom number attributes: no product in the catalog has ${attribute}`);
      }
    },
  });
}

function keywords(p: Problems, path: string, v: unknown, scope: PageScope): void {
  const o = object(p, path, v, ['additional', 'enabled', 'headingAsKeyword']);
  if (!o) return;
  boolean(p, field(path, 'enabled'), o.enabled);
  boolean(p, field(path, 'headingAsKeyword'), o.headingAsKeyword);
  map(p, field(path, 'additional'), o.additional, (words, at, locale) => {
    localeOfMarket(p, at, locale, scope);
    const phrases = stringArray(p, at, words, { rule: { min: 1, max: 200 } });
    // a keyword is compared trimmed (pages/keywords.ts): one of only spaces could never match a search
    phrases?.forEach((phrase, i) => {
      if (typeof phrase === 'string' && phrase.length > 0 && phrase.trim() === '') p.add(`${at}[${i}]`, 'must not be blank: a keyword is a search phrase');
    });
  });
}

function sliceInfo(p: Problems, path: string, v: unknown): void {
  const o = object(p, path, v, ['inherit', 'slices']);
  if (!o) return;
  boolean(p, field(path, 'inherit'), o.inherit);
  array(p, field(path, 'slices'), o.slices, {
    max: MAX_SLICES,
    each: (entry, at) => {
      const slice = object(p, at, entry, ['productSetId', 'pinnedProducts']);
      if (!slice) return;
      requireFields(p, at, slice, 'productSetId');
      string(p, field(at, 'productSetId'), slice.productSetId, { min: 1, max: 200 });
      stringArray(p, field(at, 'pinnedProducts'), slice.pinnedProducts, { max: MAX_SLICE_PINS, unique: true, rule: PRODUCT_KEY });
    },
  });
}

/** A map key that must be one of the market's locales. */
export function localeOfMarket(p: Problems, path: string, locale: string, scope: PageScope): void {
  if (scope.locales && !scope.locales.includes(locale))
    p.add(path, `locale "${locale}" is not configured for this market (configured: ${scope.locales.join(', ')})`);
}
