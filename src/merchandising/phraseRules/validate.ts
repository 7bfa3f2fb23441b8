/**
 * Validation of a phrase-rules import body `{"markets": {"SE": [rule, ...]}}`. Pure; paths like
 * `markets.SE[2].pinned[0].position`.
 */
import type { CatalogConfiguration } from '../../catalog/types';
import { Problems, own, array, field, integer, map, object, requireFields, string, stringArray, stripNulls, type Validated } from '../../kernel/validation';
import { validateRuleText } from '../rules';
import { normalisePhrase } from './normalise';
import {
  MAX_HIDDEN,
  MAX_PHRASE_LENGTH,
  MAX_PHRASE_RULES_PER_MARKET,
  MAX_PHRASES_PER_RULE,
  MAX_PINNED,
  MAX_REDIRECT_LENGTH,
  type PhraseRule,
  type PhraseRuleSets,
  type PinnedProduct,
} from './types';
import { OWN_DOMAIN_PATH_PATTERN } from '../../kernel/urls';

const RULE_FIELDS = ['id', 'phrases', 'locale', 'pinned', 'hidden', 'boost', 'bury', 'redirect', 'start', 'end'] as const;
const ID = { id: true, min: 1, max: 200, pattern: /^\S(.*\S)?$/, patternText: 'must not start or end with whitespace' };
const KEY = { id: true, min: 1, max: 200 };
const PHRASE = { min: 1, max: MAX_PHRASE_LENGTH, pattern: /\S/, patternText: 'must hold a word' };
/**
 * A page path or an absolute http(s) URL: never `javascript:` or another scheme a storefront would follow
 * blindly, and never `//host` or `/\host` posing as a page path (kernel/urls.ts).
 */
const REDIRECT = {
  min: 1,
  max: MAX_REDIRECT_LENGTH,
  pattern: new RegExp(`^(${OWN_DOMAIN_PATH_PATTERN}|https?:\\/\\/[^\\s/]+[^\\s]*)$`),
  patternText: 'must be a page path starting with / or an http(s) URL (one /: // and /\\ lead to another site)',
};
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function validatePhraseRules(raw: unknown, configuration: CatalogConfiguration): Validated<PhraseRuleSets> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw), ['markets']);
  if (!body) {
    if (!p.any) p.add('', 'must be an object {"markets": {"<market>": [rules]}}');
    return { ok: false, problems: p };
  }
  requireFields(p, '', body, 'markets');
  const sets: PhraseRuleSets = {};
  map(p, 'markets', body.markets, (rules, at, market) => {
    const locales = own(configuration.markets, market)?.locales;
    if (!locales) p.add(at, `market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
    const out: PhraseRule[] = [];
    const ids = new Set<string>();
    array(p, at, rules, {
      max: MAX_PHRASE_RULES_PER_MARKET,
      each: (entry, path) => {
        const r = rule(p, path, entry, locales);
        if (!r) return;
        if (ids.has(r.id)) p.add(field(path, 'id'), `"${r.id}" is repeated in this market`);
        ids.add(r.id);
        out.push(r);
      },
    });
    sets[market] = out;
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: sets };
}

function rule(p: Problems, path: string, v: unknown, locales: string[] | undefined): PhraseRule | undefined {
  const o = object(p, path, v, RULE_FIELDS);
  if (!o) return undefined;
  requireFields(p, path, o, 'id', 'phrases');
  const id = string(p, field(path, 'id'), o.id, ID);
  const phrases = stringArray(p, field(path, 'phrases'), o.phrases, { min: 1, max: MAX_PHRASES_PER_RULE, rule: PHRASE });
  const locale = string(p, field(path, 'locale'), o.locale, { min: 1, id: true });
  if (locale !== undefined && locales && !locales.includes(locale))
    p.add(field(path, 'locale'), `locale "${locale}" is not configured for this market (configured: ${locales.join(', ')})`);
  const pinned: PinnedProduct[] = [];
  const pinnedKeys = new Set<string>();
  const positions = new Set<number>();
  array(p, field(path, 'pinned'), o.pinned, {
    max: MAX_PINNED,
    each: (pin, at) => {
      const po = object(p, at, pin, ['productKey', 'position']);
      if (!po) return;
      requireFields(p, at, po, 'productKey', 'position');
      const productKey = string(p, field(at, 'productKey'), po.productKey, KEY);
      const position = integer(p, field(at, 'position'), po.position, { min: 1, max: 10_000 });
      if (productKey !== undefined && pinnedKeys.has(productKey)) p.add(field(at, 'productKey'), `"${productKey}" is pinned twice`);
      if (position !== undefined && positions.has(position)) p.add(field(at, 'position'), `position ${position} holds another pinned product`);
      if (productKey === undefined || position === undefined) return;
      pinnedKeys.add(productKey);
      positions.add(position);
      pinned.push({ productKey, position });
    },
  });
  const hidden = stringArray(p, field(path, 'hidden'), o.hidden, { max: MAX_HIDDEN, unique: true, rule: KEY });
  hidden?.forEach((key, i) => {
    if (pinnedKeys.has(key)) p.add(`${field(path, 'hidden')}[${i}]`, `"${key}" is pinned by this rule too`);
  });
  const ruleText = (name: 'boost' | 'bury') => {
    const text = string(p, field(path, name), o[name]);
    const problem = text !== undefined ? validateRuleText(text, { handpickedFirst: false }) : undefined;
    if (problem) p.add(field(path, name), problem.message);
    return text?.trim() ? text : undefined;
  };
  const boost = ruleText('boost');
  const bury = ruleText('bury');
  const redirect = string(p, field(path, 'redirect'), o.redirect, REDIRECT);
  const time = (name: 'start' | 'end') => {
    const t = string(p, field(path, name), o[name]);
    if (t !== undefined && (!ISO_TIME.test(t) || Number.isNaN(Date.parse(t)))) {
      p.add(field(path, name), `must be an ISO 8601 time with its offset, like 2026-12-01T08:00:00Z (got "${t.slice(0, 60)}")`);
      return undefined;
    }
    return t;
  };
  const start = time('start');
  const end = time('end');
  if (start !== undefined && end !== undefined && Date.parse(end) <= Date.parse(start)) p.add(field(path, 'end'), `must be after start (${start})`);
  if (id === undefined || !phrases) return undefined;
  return {
    id,
    // Kept normalised, so an export shows what is matched.
    phrases: [...new Set(phrases.map(normalisePhrase))],
    ...(locale !== undefined ? { locale } : {}),
    ...(pinned.length ? { pinned: pinned.sort((a, b) => a.position - b.position) } : {}),
    ...(hidden?.length ? { hidden } : {}),
    ...(boost !== undefined ? { boost } : {}),
    ...(bury !== undefined ? { bury } : {}),
    ...(redirect !== undefined ? { redirect } : {}),
    ...(start !== undefined ? { start } : {}),
    ...(end !== undefined ? { end } : {}),
  };
}
