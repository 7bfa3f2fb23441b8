/** Validation of a compounds import body `{"locales": {"de-DE": {"excluded": ["handschuhe"]}}}`. Pure; paths like `locales.de-DE.excluded[2]`. */
import type { CatalogConfiguration } from '../../catalog/types';
import { Problems, array, field, map, object, requireFields, string, stripNulls, type Validated } from '../../kernel/validation';
import { MAX_COMPOUND_LENGTH, MAX_EXCLUDED_PER_LOCALE, type CompoundSets } from './types';

/** One word: letters and digits, as the catalog's vocabulary reads words. */
const WORD = { min: 1, max: MAX_COMPOUND_LENGTH, pattern: /^[\p{L}\p{N}]+$/u, patternText: 'must be one word of letters and digits' };

export function validateCompounds(raw: unknown, configuration: CatalogConfiguration): Validated<CompoundSets> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw), ['locales']);
  if (!body) {
    if (!p.any) p.add('', 'must be an object {"locales": {"<locale>": {"excluded": [words]}}}');
    return { ok: false, problems: p };
  }
  requireFields(p, '', body, 'locales');
  const configured = new Set(Object.values(configuration.markets).flatMap((m) => m.locales));
  const sets: CompoundSets = {};
  map(p, 'locales', body.locales, (value, at, locale) => {
    if (!configured.has(locale)) p.add(at, `locale "${locale}" is not configured for any market (configured: ${[...configured].join(', ')})`);
    const o = object(p, at, value, ['excluded']);
    if (!o) return;
    requireFields(p, at, o, 'excluded');
    const excluded: string[] = [];
    array(p, field(at, 'excluded'), o.excluded, { max: MAX_EXCLUDED_PER_LOCALE, each: (w, path) => { const s = string(p, path, w, WORD); if (s !== undefined) excluded.push(s.toLocaleLowerCase()); } });
    sets[locale] = { excluded: [...new Set(excluded)] };
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: sets };
}
