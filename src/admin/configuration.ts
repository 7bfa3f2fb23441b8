/**
 * Markets, their locales and currency: the configuration import (Elevate's
 * `POST /api/admin/v4/import/configuration`). Catalog lines and queries may only name configured markets
 * and locales. Stored as one document in Elasticsearch; read through a short cache so every API process
 * sees a change within seconds.
 */
import type { Client } from '@elastic/elasticsearch';
import Joi from 'joi';
import type { CatalogConfiguration } from '../catalog/types';
import { invalid } from '../kernel/errors';

const DOC_ID = 'catalog';
const CACHE_MS = 2000;

/** Locales Elevate 4 supports (elevate-notes, section 8). */
export const SUPPORTED_LOCALES = [
  'cs-CZ', 'da-DK', 'de-AT', 'de-CH', 'de-DE', 'el-GR', 'en-001', 'en-CA', 'en-GB', 'en-IE', 'en-US', 'es-ES', 'es-MX',
  'et-EE', 'fi-FI', 'fr-BE', 'fr-CA', 'fr-CH', 'fr-FR', 'hr-HR', 'hu-HU', 'is-IS', 'it-CH', 'it-IT', 'ja-JP', 'ko-KR', 'lt-LT',
  'lv-LV', 'nb-NO', 'nl-BE', 'nl-NL', 'nn-NO', 'pl-PL', 'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'sv-FI', 'sv-SE', 'zh-CN',
];

const configurationSchema = Joi.object({
  markets: Joi.object()
    .pattern(
      Joi.string().min(1).max(20).pattern(/^[A-Za-z0-9_-]+$/),
      Joi.object({
        locales: Joi.array().items(Joi.string().valid(...SUPPORTED_LOCALES)).min(1).max(5).unique().required(),
        currency: Joi.string().pattern(/^[A-Z]{3}$/),
      }),
    )
    .min(1)
    .required(),
});

export function parseConfiguration(body: unknown): CatalogConfiguration {
  const { error, value } = configurationSchema.validate(body, { abortEarly: false });
  if (error) throw invalid(`Invalid configuration: ${error.details.map((d) => `${d.path.join('.')}: ${d.message}`).join('; ')}`);
  return value as CatalogConfiguration;
}

export class ConfigurationStore {
  private cached?: { at: number; value: CatalogConfiguration | undefined };

  constructor(private readonly es: Client, private readonly index: string) {}

  async get(fresh = false): Promise<CatalogConfiguration | undefined> {
    if (!fresh && this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const res = await this.es.get<CatalogConfiguration>({ index: this.index, id: DOC_ID }, { ignore: [404] });
    const value = res.found ? res._source : undefined;
    this.cached = { at: Date.now(), value };
    return value;
  }

  async save(configuration: CatalogConfiguration): Promise<void> {
    const exists = await this.es.indices.exists({ index: this.index });
    if (!exists) {
      await this.es.indices.create({ index: this.index, settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { dynamic: false, properties: {} } }, { ignore: [400] });
    }
    await this.es.index({ index: this.index, id: DOC_ID, document: configuration, refresh: true });
    this.cached = { at: Date.now(), value: configuration };
  }
}

/** Markets and market-locales that `next` removes compared to `current`. */
export function removedByConfiguration(current: CatalogConfiguration | undefined, next: CatalogConfiguration): string[] {
  if (!current) return [];
  const removed: string[] = [];
  for (const [market, cfg] of Object.entries(current.markets)) {
    const after = next.markets[market];
    if (!after) { removed.push(market); continue; }
    for (const locale of cfg.locales) if (!after.locales.includes(locale)) removed.push(`${market}|${locale}`);
  }
  return removed;
}
