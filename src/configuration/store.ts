/**
 * The stored configuration (markets, locales, currency): one document in Elasticsearch, read through a
 * short cache, so every API process sees a change within STORE_CACHE_MS (the importing process at once: it
 * keeps what it saved).
 */
import type { DocumentIndex } from '../search/documents';
import type { CatalogConfiguration } from '../catalog/types';
import { invalid } from '../kernel/errors';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';

const DOC_ID = 'catalog';

/** What readers of the configuration need (storefront facts, merchandising imports, the popularity job). */
export type ConfigurationReader = Pick<ConfigurationStore, 'get' | 'required'>;

export class ConfigurationStore {
  private readonly cache: ShortCache<CatalogConfiguration | undefined>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    cacheMs: number,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'configuration', background: untimed });
  }

  /** The configuration, undefined when none is stored; `fresh` reads what is stored now. */
  get(fresh = false): Promise<CatalogConfiguration | undefined> {
    return this.cache.get(fresh);
  }

  /** The configuration as stored now; 400 when none has been imported yet (imports need one). */
  async required(): Promise<CatalogConfiguration> {
    const configuration = await this.get(true);
    if (!configuration) throw invalid('No markets are configured: import the configuration first (POST /api/admin/v4/import/configuration)');
    return configuration;
  }

  /** Back to no configuration (a full import that learned one and then failed). */
  async remove(): Promise<void> {
    await this.documents.remove(this.index, DOC_ID, { refresh: true });
    this.cache.set(undefined);
  }

  async save(configuration: CatalogConfiguration): Promise<void> {
    await this.documents.write(this.index, DOC_ID, configuration, { refresh: true });
    this.cache.set(configuration);
  }

  private async read(): Promise<CatalogConfiguration | undefined> {
    return (await this.documents.get<CatalogConfiguration>(this.index, DOC_ID))?.source;
  }
}
