/**
 * Resolution of `defaults` plus `overrides` for one request context (market, locale).
 * Override keys are `*|<locale>`, `<market>|*` and `<market>|<locale>`; the more specific key wins, field by field.
 * The spec does not state the precedence (elevate-notes §8); exact > market-only > locale-only > defaults is our choice.
 */

export function overrideKeys(market: string, locale: string): string[] {
  return [`*|${locale}`, `${market}|*`, `${market}|${locale}`];
}

/** Shallow merge: defaults, then each matching override from least to most specific. Undefined fields do not clear. */
export function resolve<T>(defaults: T | undefined, overrides: Record<string, T> | undefined, market: string, locale: string): T {
  let result: Record<string, unknown> = { ...(defaults ?? {}) };
  for (const key of overrides ? overrideKeys(market, locale) : []) {
    const override = overrides![key] as Record<string, unknown> | undefined;
    if (!override) continue;
    // Spread (not assignment) so a `__proto__` field from JSON stays a plain property.
    result = { ...result, ...Object.fromEntries(Object.entries(override).filter(([, v]) => v !== undefined)) };
  }
  return result as T;
}
