/**
 * The compounds configuration in Elasticsearch, one document per locale. The storefront reads the excluded
 * compounds per query through a short cache (every API process sees an import within STORE_CACHE_MS;
 * the importing process at once) and leaves them out of the compound expansion.
 */
import { sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import type { CompoundSets, LocaleCompounds } from './compounds/types';
import { folded } from '../catalog/vocabulary';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';

interface CompoundDocument extends LocaleCompounds {
  locale: string;
  updatedAt: string;
}

interface Loaded {
  sets: CompoundSets;
  excluded: Map<string, ReadonlySet<string>>;
}

export class CompoundStore {
  private readonly cache: ShortCache<Loaded>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly bulk: BulkOptions,
    cacheMs: number,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'compounds', background: untimed });
  }

  /** Every locale's configuration, as imported; `fresh` bypasses the cache. */
  async all(fresh = false): Promise<CompoundSets> {
    return (await this.cache.get(fresh)).sets;
  }

  /** The locale's excluded compounds, lower-case without diacritics. */
  async excluded(locale: string): Promise<ReadonlySet<string>> {
    return (await this.cache.get()).excluded.get(locale) ?? new Set();
  }

  /** PUT: each locale in `sets` replaces that locale's configuration; other locales keep theirs. */
  async replace(sets: CompoundSets): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await writeChange(
      this.documents,
      this.index,
      {
        index: Object.entries(sets).map(([locale, c]) => ({ id: locale, document: { locale, excluded: c.excluded, updatedAt } satisfies CompoundDocument })),
      },
      this.bulk,
    );
    this.cache.clear();
  }

  private async read(): Promise<Loaded> {
    const sets: CompoundSets = {};
    const excluded = new Map<string, ReadonlySet<string>>();
    for await (const doc of sourcesOf<CompoundDocument>(this.documents, this.index, { match_all: {} }, [{ locale: 'asc' }])) {
      sets[doc.locale] = { excluded: doc.excluded };
      excluded.set(doc.locale, new Set(doc.excluded.map(folded)));
    }
    return { sets, excluded };
  }
}
