/** Validation of a synonyms import body `{"locales": {"sv-SE": [rule, ...]}}`. Pure; paths like `locales.sv-SE[3].to[0]`. */
import type { CatalogConfiguration } from '../../catalog/types';
import { Problems, array, field, object, requireFields, string, type Validated } from '../../kernel/validation';
import { eachLocale } from '../localeSets';
import { MAX_RULES_PER_LOCALE, MAX_TERMS_PER_RULE, MAX_TERM_LENGTH, type SynonymRule, type SynonymSets } from './types';

const TERM = { min: 1, max: MAX_TERM_LENGTH, pattern: /\S/, patternText: 'must hold a word' };

export function validateSynonyms(raw: unknown, configuration: CatalogConfiguration): Validated<SynonymSets> {
  const p = new Problems();
  const sets: SynonymSets = {};
  const read = eachLocale(p, raw, configuration, '{"locales": {"<locale>": [rules]}}', (rules, at, locale) => {
    const out: SynonymRule[] = [];
    array(p, at, rules, {
      max: MAX_RULES_PER_LOCALE,
      each: (entry, path) => {
        const r = rule(p, path, entry);
        if (r) out.push(r);
      },
    });
    sets[locale] = out;
  });
  return !read || p.any ? { ok: false, problems: p } : { ok: true, value: sets };
}

function rule(p: Problems, path: string, v: unknown): SynonymRule | undefined {
  const o = object(p, path, v, ['terms', 'from', 'to']);
  if (!o) return undefined;
  const terms = (name: string, min: number) => {
    const list: string[] = [];
    array(p, field(path, name), o[name], {
      min,
      max: MAX_TERMS_PER_RULE,
      each: (t, at) => {
        const s = string(p, at, t, TERM);
        if (s !== undefined) list.push(s.trim());
      },
    });
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
