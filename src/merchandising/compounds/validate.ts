/** Validation of a compounds import body `{"locales": {"de-DE": {"excluded": ["handschuhe"]}}}`. Pure; paths like `locales.de-DE.excluded[2]`. */
import type { CatalogConfiguration } from '../../catalog/types';
import { Problems, array, field, object, requireFields, string, type Validated } from '../../kernel/validation';
import { eachLocale } from '../localeSets';
import { MAX_COMPOUND_LENGTH, MAX_EXCLUDED_PER_LOCALE, type CompoundSets } from './types';

/** One word: letters and digits, as the catalog's vocabulary reads words. */
const WORD = { min: 1, max: MAX_COMPOUND_LENGTH, pattern: /^[\p{L}\p{N}]+$/u, patternText: 'must be one word of letters and digits' };

export function validateCompounds(raw: unknown, configuration: CatalogConfiguration): Validated<CompoundSets> {
  const p = new Problems();
  const sets: CompoundSets = {};
  const read = eachLocale(p, raw, configuration, '{"locales": {"<locale>": {"excluded": [words]}}}', (value, at, locale) => {
    const o = object(p, at, value, ['excluded']);
    if (!o) return;
    requireFields(p, at, o, 'excluded');
    const excluded: string[] = [];
    array(p, field(at, 'excluded'), o.excluded, {
      max: MAX_EXCLUDED_PER_LOCALE,
      each: (w, path) => {
        const s = string(p, path, w, WORD);
        if (s !== undefined) excluded.push(s.toLocaleLowerCase());
      },
    });
    sets[locale] = { excluded: [...new Set(excluded)] };
  });
  return !read || p.any ? { ok: false, problems: p } : { ok: true, value: sets };
}
