/**
 * Validation of a body's `recommendationLists` (pure). Every broken rule is a 400 naming the field as
 * `recommendationLists[i].field`, so a front-end developer sees which list and which setting is wrong.
 * Rules and the deprecated productFilter are parsed here too (their own 400s carry the same prefix).
 */
import { invalid } from '../../kernel/errors';
import { parseProductFilter } from '../../rules/productFilter';
import { parseRules } from '../../rules/parser';
import type { Algorithm, RecommendationListRequest } from './types';
import { MAX_KEY_LENGTH } from '../keys';
import { isOwnDomainPath } from '../../kernel/urls';

export const ALGORITHMS: readonly Algorithm[] = [
  'TOP_PRODUCTS',
  'PERSONAL',
  'CART',
  'FAVORITES',
  'UPSELL',
  'STYLE_WITH',
  'ALTERNATIVES',
  'NEWEST_PRODUCTS',
  'MORE_FROM_SERIES',
  'RECENTLY_VIEWED',
  'ADD_TO_CART_RECS',
];
export const MAX_LISTS = 10;
export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 4;
export const MAX_CART_KEYS = 250;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
/** An absolute link ("//host" included); anything else must be a path of the shop's own domain (kernel/urls.ts). */
const ABSOLUTE_LINK = /^(https?:)?\/\//i;
const KNOWN_FIELDS = new Set(['id', 'algorithm', 'label', 'limit', 'params', 'productFilter', 'productRules', 'showMoreLink', 'visualization']);

type Fail = (field: string, problem: string) => Error;

export function parseRecommendationListsStrict(value: unknown): RecommendationListRequest[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('recommendationLists must be an array');
  if (value.length > MAX_LISTS) throw invalid(`recommendationLists: at most ${MAX_LISTS} lists (got ${value.length})`);
  const seen = new Set<string>();
  return value.map((raw, i) => {
    const fail: Fail = (field, problem) => invalid(`recommendationLists[${i}]${field ? `.${field}` : ''} ${problem}`);
    const list = parseList(raw, i, fail);
    if (seen.has(list.id)) throw fail('id', `"${list.id}" is used by an earlier list; ids must be unique`);
    seen.add(list.id);
    return list;
  });
}

function parseList(raw: unknown, i: number, fail: Fail): RecommendationListRequest {
  if (!isObject(raw)) throw fail('', 'must be an object');
  const unknown = Object.keys(raw).find((k) => !KNOWN_FIELDS.has(k));
  if (unknown !== undefined) throw fail(unknown, 'is not a recommendation list setting');
  const id = raw.id;
  if (typeof id !== 'string' || id.length === 0) throw fail('id', 'is required');
  if (!ID_PATTERN.test(id)) throw fail('id', 'must be 1 to 20 letters, digits, _ or -');
  const algorithm = raw.algorithm ?? 'TOP_PRODUCTS';
  if (typeof algorithm !== 'string' || !ALGORITHMS.includes(algorithm as Algorithm)) throw fail('algorithm', `must be one of ${ALGORITHMS.join(', ')}`);
  const list: RecommendationListRequest = { id, algorithm: algorithm as Algorithm };
  if (raw.label !== undefined) list.label = boundedString(raw.label, 'label', 200, fail);
  if (raw.showMoreLink !== undefined) {
    const link = boundedString(raw.showMoreLink, 'showMoreLink', 1000, fail);
    if (!ABSOLUTE_LINK.test(link) && !isOwnDomainPath(link)) throw fail('showMoreLink', 'must start with //, a single / (not /\\), http:// or https://');
    list.showMoreLink = link;
  }
  if (raw.visualization !== undefined) {
    if (raw.visualization !== 'CAROUSEL' && raw.visualization !== 'GRID') throw fail('visualization', 'must be CAROUSEL or GRID');
    list.visualization = raw.visualization;
  }
  if (raw.limit !== undefined) {
    if (typeof raw.limit !== 'number' || !Number.isInteger(raw.limit) || raw.limit < 1 || raw.limit > MAX_LIMIT) {
      throw fail('limit', `must be an integer from 1 to ${MAX_LIMIT}`);
    }
    list.limit = raw.limit;
  }
  if (raw.productRules !== undefined && raw.productFilter !== undefined) throw fail('productRules', 'and productFilter cannot both be given');
  if (raw.productRules !== undefined) {
    if (typeof raw.productRules !== 'string') throw fail('productRules', 'must be a string');
    parseRules(raw.productRules, { parameter: `recommendationLists[${i}].productRules` });
    list.productRules = raw.productRules;
  }
  if (raw.productFilter !== undefined) {
    parseProductFilter(raw.productFilter, { parameter: `recommendationLists[${i}].productFilter` });
    list.productFilter = raw.productFilter;
  }
  if (raw.params !== undefined) list.params = parseParams(raw.params, fail);
  return list;
}

function parseParams(raw: unknown, fail: Fail): NonNullable<RecommendationListRequest['params']> {
  if (!isObject(raw)) throw fail('params', 'must be an object');
  const params: NonNullable<RecommendationListRequest['params']> = {};
  for (const name of ['productKey', 'variantKey'] as const) {
    const v = raw[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.trim() === '') throw fail(`params.${name}`, 'must be a non-empty string');
    if (v.length > MAX_KEY_LENGTH) throw fail(`params.${name}`, `must be at most ${MAX_KEY_LENGTH} characters (got ${v.length})`);
    params[name] = v;
  }
  if (raw.cart !== undefined) {
    if (!Array.isArray(raw.cart) || raw.cart.some((k) => typeof k !== 'string' || k.trim() === ''))
      throw fail('params.cart', 'must be an array of product or variant keys');
    if (raw.cart.length > MAX_CART_KEYS) throw fail('params.cart', `holds at most ${MAX_CART_KEYS} keys (got ${raw.cart.length})`);
    const long = (raw.cart as string[]).findIndex((k) => k.length > MAX_KEY_LENGTH);
    if (long >= 0) throw fail(`params.cart[${long}]`, `must be at most ${MAX_KEY_LENGTH} characters (got ${(raw.cart as string[])[long].length})`);
    params.cart = raw.cart as string[];
  }
  const unknown = Object.keys(raw).find((k) => k !== 'productKey' && k !== 'variantKey' && k !== 'cart');
  if (unknown !== undefined) throw fail(`params.${unknown}`, 'is not a recommendation parameter');
  return params;
}

function boundedString(v: unknown, field: string, max: number, fail: Fail): string {
  if (typeof v !== 'string') throw fail(field, 'must be a string');
  if (v.length < 1 || v.length > max) throw fail(field, `must be 1 to ${max} characters long`);
  return v;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
