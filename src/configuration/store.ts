/**
 * The stored configuration (markets, locales, currency): one document in Elasticsearch, read through a
 * short cache so every API process sees a change within seconds.
 */
import type { Client } from '@elastic/elasticsearch';
import type { CatalogConfiguration } from '../catalog/types';
import { invalid } from '../kernel/errors';

const DOC_ID = 'catalog';
const CACHE_MS = 2000;

/** What readers of the configuration need (storefront facts, merchandising imports, the popularity job). */
export type ConfigurationReader = Pick<ConfigurationStore, 'get' | 'required'>;

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

  /** The configuration as stored now; 400 when none has been imported yet (imports need one). */
  async required(): Promise<CatalogConfiguration> {
    const configuration = await this.get(true);
    if (!configuration) throw invalid('No markets are configured: import the configuration first (POST /api/admin/v4/import/configuration)');
    return configuration;
  }

  /** Back to no configuration (a full import that learned one and then failed). */
  async remove(): Promise<void> {
    await this.es.delete({ index: this.index, id: DOC_ID, refresh: true }, { ignore: [404] });
    this.cached = { at: Date.now(), value: undefined };
  }

  async save(configuration: CatalogConfiguration): Promise<void> {
    await this.es.index({ index: this.index, id: DOC_ID, document: configuration, refresh: true });
    this.cached = { at: Date.now(), value: configuration };
  }
}
