/**
 * The opening both per-locale imports (synonyms, compounds) share: `{"locales": {"<locale>": ...}}`, each
 * locale one the configuration has. Pure; the problems name `locales.<locale>`.
 */
import type { CatalogConfiguration } from '../catalog/types';
import { Problems, map, requiredBody } from '../kernel/validation';

/**
 * Calls `each` for every locale entry of the body (unconfigured ones too, with the problem added, so their
 * contents are checked as well); false when the body itself is not `{"locales": {...}}`.
 */
export function eachLocale(
  p: Problems,
  raw: unknown,
  configuration: CatalogConfiguration,
  shape: string,
  each: (value: unknown, at: string, locale: string) => void,
): boolean {
  const body = requiredBody(p, raw, 'locales', shape);
  if (!body) return false;
  const configured = new Set(Object.values(configuration.markets).flatMap((m) => m.locales));
  map(p, 'locales', body.locales, (value, at, locale) => {
    if (!configured.has(locale)) p.add(at, `locale "${locale}" is not configured for any market (configured: ${[...configured].join(', ')})`);
    each(value, at, locale);
  });
  return true;
}
