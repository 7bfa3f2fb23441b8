/**
 * Label overrides per market and locale (our `PUT /api/admin/v4/import/labels`): the texts a visitor reads
 * (facet labels, sort option labels, badges) where a shop wants its own words instead of the built-in ones
 * (labels.ts). Body and export: `{"markets": {"SE": {"sv-SE": {"sort.PRICE_ASCENDING": "Billigast först"}}}}`.
 * A facet's own configured `labels` (facets/types.ts) keep precedence over these.
 */
import type { CatalogConfiguration } from '../catalog/types';
import { Problems, own, map, requiredBody, string, type Validated } from '../kernel/validation';
import { isLabelKey } from './labels';

/** Market → locale → label key → text. */
export interface LabelConfiguration {
  markets: Record<string, Record<string, Record<string, string>>>;
}

export const MAX_LABEL_LENGTH = 200;
/** The discount badge's pattern must show the percent somewhere. */
export const DISCOUNT_PLACEHOLDER = '{n}';

/** The overrides of one market-locale, empty when it has none. */
export function labelsOf(configuration: LabelConfiguration, market: string, locale: string): Readonly<Record<string, string>> {
  const locales = Object.hasOwn(configuration.markets, market) ? configuration.markets[market] : undefined;
  return (locales && Object.hasOwn(locales, locale) ? locales[locale] : undefined) ?? {};
}

/** Pure: paths name the field, e.g. `markets.SE.sv-SE.sort.CHEAPEST`. */
export function validateLabelConfiguration(raw: unknown, configuration: CatalogConfiguration): Validated<LabelConfiguration> {
  const p = new Problems();
  const body = requiredBody(p, raw, 'markets', '{"markets": {...}}');
  if (!body) return { ok: false, problems: p };
  const markets: LabelConfiguration['markets'] = {};
  map(p, 'markets', body.markets, (localesRaw, marketPath, market) => {
    const configured = own(configuration.markets, market)?.locales;
    if (!configured) p.add(marketPath, `market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
    const locales: Record<string, Record<string, string>> = {};
    map(p, marketPath, localesRaw, (labelsRaw, localePath, locale) => {
      if (configured && !configured.includes(locale))
        p.add(localePath, `locale "${locale}" is not configured for this market (configured: ${configured.join(', ')})`);
      const labels: Record<string, string> = {};
      map(p, localePath, labelsRaw, (text, at, key) => {
        if (!isLabelKey(key)) {
          p.add(at, `unknown label key "${key}" (facet.<attribute>, facet.custom.<name>, sort.<sort id>, badge.SALE, badge.NEW, badge.DISCOUNT)`);
          return;
        }
        const value = string(p, at, text, { min: 1, max: MAX_LABEL_LENGTH });
        if (value !== undefined && key === 'badge.DISCOUNT' && !value.includes(DISCOUNT_PLACEHOLDER))
          p.add(at, `must contain ${DISCOUNT_PLACEHOLDER}, the discount in whole percent`);
        if (value !== undefined) labels[key] = value;
      });
      locales[locale] = labels;
    });
    markets[market] = locales;
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: { markets } };
}
