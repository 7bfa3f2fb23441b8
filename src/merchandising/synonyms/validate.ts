/** Validation of a synonyms import body `{"locales": {"sv-SE": [rule, ...]}}`. Pure; paths like `locales.sv-SE[3].to[0]`. */
import type { CatalogConfiguration } from '../../catalog/types';
import { Problems, array, field, map, object, requireFields, string, stripNulls, type Validated } from '../../kernel/validation';
import { MAX_RULES_PER_LOCALE, MAX_TERMS_PER_RULE, MAX_TERM_LENGTH, type SynonymRule, type SynonymSets } from './types';

const TERM = { min: 1, max: MAX_TERM_LENGTH, pattern: /\S/, patternText: 'must hold a word' };

export function validateSynonyms(raw: unknown, configuration: CatalogConfiguration): Validated<SynonymSets> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw), ['locales']);
  if (!body) {
    if (!p.any) p.add('', 'must be an object {"locales": {"<locale>": [rules]}}');
    return { ok: false, problems: p };
  }
  requireFields(p, '', body, 'locales');
  const configured = new Set(Object.values(configuration.markets).flatMap((m) => m.locales));
  const sets: SynonymSets = {};
  map(p, 'locales', body.locales, (rules, at, locale) => {
    if (!configured.has(locale)) p.add(at, `locale "${locale}" is not configured for any market (configured: ${[...configured].join(', ')})`);
    const out: SynonymRule[] = [];
    array(p, at, rules, { max: MAX_RULES_PER_LOCALE, each: (entry, path) => { const r = rule(p, path, entry); if (r) out.push(r); } });
    sets[locale] = out;
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: sets };
}

function rule(p: Problems, path: string, v: unknown): SynonymRule | undefined {
  const o = object(p, path, v, ['terms', 'from', 'to']);
  if (!o) return undefined;
  const terms = (name: string, min: number) => {
    const list: string[] = [];
    array(p, field(path, name), o[name], { min, max: MAX_TERMS_PER_RULE, each: (t, at) => { const s = string(p, at, t, TERM); if (s !== undefined) list.push(s.trim()); } });
    return list;
  };
  if (o.terms !== undefined) {
    if (o.from !== undefined || o.to !== undefined) p.add(path, 'either terms (two-way), or from and to (one-way), not both');
    const list = terms('terms', 2);
    return list.length >= 2 ? { terms: list } : undefined;
  }
  if (o.from === undefined && o.to === undefined) {
    p.add(path, 'needs terms (two-way equivalents), or from and to (one-way replacement)');
    return undefined;
  }
  requireFields(p, path, o, 'from', 'to');
  const from = terms('from', 1);
  const to = terms('to', 1);
  return from.length && to.length ? { from, to } : undefined;
}
