/**
 * Markets, their locales and currency: the configuration import (Elevate's
 * `POST /api/admin/v4/import/configuration`). Catalog lines, merchandising imports and queries may only
 * name configured markets and locales; the checks of that live here, the stored document in store.ts.
 */
import Joi from 'joi';
import type { CatalogConfiguration } from '../catalog/types';
import { invalid } from '../kernel/errors';
import { own, string, validateWithSchema, type Problems } from '../kernel/validation';

/** Badges from catalog attributes a market may define. */
export const MAX_ATTRIBUTE_BADGES = 10;

/** Locales Elevate 4 supports (elevate-notes, section 8). */
export const SUPPORTED_LOCALES = [
  'cs-CZ',
  'da-DK',
  'de-AT',
  'de-CH',
  'de-DE',
  'el-GR',
  'en-001',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-US',
  'es-ES',
  'es-MX',
  'et-EE',
  'fi-FI',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'hr-HR',
  'hu-HU',
  'is-IS',
  'it-CH',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'nb-NO',
  'nl-BE',
  'nl-NL',
  'nn-NO',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sv-FI',
  'sv-SE',
  'zh-CN',
];

/** The optional `presentation` of a market (docs/storefront-api.md "Product presentation: badges, images, custom attributes"). */
const presentationSchema = Joi.object({
  imageEffect: Joi.string().valid('NONE', 'SWAP', 'GALLERY'),
  badges: Joi.object({
    SALE: Joi.object({ enabled: Joi.boolean() }),
    NEW: Joi.object({ enabled: Joi.boolean(), days: Joi.number().integer().min(1).max(365) }),
    DISCOUNT: Joi.object({ enabled: Joi.boolean(), minPercent: Joi.number().integer().min(1).max(99) }),
    attributes: Joi.array()
      .items(
        Joi.object({
          attribute: Joi.string()
            .pattern(/^custom\.[^*]{1,200}$/)
            .required()
            .messages({ 'string.pattern.base': '{{#label}} must name a custom label as custom.<name>' }),
          theme: Joi.string().valid('THEME_1', 'THEME_2', 'THEME_3').required(),
          placement: Joi.string().valid('primary', 'secondary'),
        }),
      )
      .max(MAX_ATTRIBUTE_BADGES),
  }),
});

const configurationSchema = Joi.object({
  markets: Joi.object()
    .pattern(
      Joi.string()
        .min(1)
        .max(20)
        .pattern(/^[A-Za-z0-9_-]+$/),
      Joi.object({
        locales: Joi.array()
          .items(Joi.string().valid(...SUPPORTED_LOCALES))
          .min(1)
          .max(5)
          .unique()
          .required(),
        currency: Joi.string().pattern(/^[A-Z]{3}$/),
        presentation: presentationSchema,
      }),
    )
    .min(1)
    .required(),
});

export function parseConfiguration(body: unknown): CatalogConfiguration {
  const result = validateWithSchema<CatalogConfiguration>(configurationSchema, body, { abortEarly: false });
  if (!result.ok)
    throw invalid(`Invalid configuration: ${result.problems.errors.map((d) => `${d.path.replace(/\[(\d+)\]/g, '.$1')}: ${d.message}`).join('; ')}`);
  return result.value;
}

/** Markets and market-locales that `next` removes compared to `current`. */
export function removedByConfiguration(current: CatalogConfiguration | undefined, next: CatalogConfiguration): string[] {
  if (!current) return [];
  const removed: string[] = [];
  for (const [market, cfg] of Object.entries(current.markets)) {
    const after = own(next.markets, market);
    if (!after) {
      removed.push(market);
      continue;
    }
    for (const locale of cfg.locales) if (!after.locales.includes(locale)) removed.push(`${market}|${locale}`);
  }
  return removed;
}

/** 400 unless the market (and the locale, when given) is configured (merchandising exports). */
export function requireMarket(configuration: CatalogConfiguration, market: string, locale?: string): void {
  const locales = own(configuration.markets, market)?.locales;
  if (!locales) throw invalid(`Query parameter market: market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
  if (locale !== undefined && !locales.includes(locale))
    throw invalid(`Query parameter locale: locale "${locale}" is not configured for market ${market} (configured: ${locales.join(', ')})`);
}

/** The markets and locales imports may name: the configuration ("must match the data feed"). */
export function configuredMarket(p: Problems, path: string, v: unknown, configuration: CatalogConfiguration): string | undefined {
  const market = string(p, path, v, { min: 1, max: 20, id: true });
  if (market === undefined) return undefined;
  if (!own(configuration.markets, market)) {
    p.add(path, `market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
    return undefined;
  }
  return market;
}

export function configuredLocale(p: Problems, path: string, v: unknown, market: string | undefined, configuration: CatalogConfiguration): string | undefined {
  const locale = string(p, path, v, { min: 1, id: true });
  if (locale === undefined || market === undefined) return locale;
  const locales = own(configuration.markets, market)?.locales ?? [];
  if (!locales.includes(locale)) {
    p.add(path, `locale "${locale}" is not configured for market ${market} (configured: ${locales.join(', ')})`);
    return undefined;
  }
  return locale;
}
