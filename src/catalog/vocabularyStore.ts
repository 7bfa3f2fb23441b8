/**
 * The catalog's compounds per locale (vocabulary.ts), stored when a full import publishes: one document per
 * locale in a small index, read by the storefront through a short cache (every API process sees a new
 * catalog within VOCABULARY_CACHE_MS; the importing process at once). Operations imports keep what the last
 * full import stored: the vocabulary changes with whole catalogs, not with price or stock updates.
 */
import type { Client } from '@elastic/elasticsearch';
import { BulkWriter } from '../search/bulkWriter';
import type { CompoundIndex } from './vocabulary';
import { ShortCache } from '../kernel/shortCache';

export const VOCABULARY_CACHE_MS = 2000;

interface VocabularyDocument { locale: string; version: string; compounds: Record<string, string[]>; updatedAt: string }

export class VocabularyStore {
  private readonly cache = new ShortCache(VOCABULARY_CACHE_MS, () => this.read(), 'vocabulary');

  constructor(private readonly es: Client, private readonly index: string) {}

  /** The compounds of a locale's catalog (head word, folded → compounds); empty when none were stored. */
  async compounds(locale: string): Promise<CompoundIndex> {
    return (await this.cache.get()).get(locale) ?? new Map();
  }

  /** Replaces every locale's compounds with those of the published `version` (other locales are removed). */
  async replace(version: string, compounds: ReadonlyMap<string, CompoundIndex>): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    const writer = new BulkWriter(this.es, { maxBytes: 5_000_000, concurrency: 1 });
    for (const [locale, index] of compounds) {
      await writer.index(this.index, locale, { locale, version, compounds: Object.fromEntries(index), updatedAt } satisfies VocabularyDocument);
    }
    // Locales the new catalog no longer has (by id: the minimal distribution has no delete-by-query).
    const stale = await this.es.search({ index: this.index, size: 1000, _source: false, query: { bool: { must_not: { term: { version } } } } });
    for (const hit of stale.hits.hits) if (!compounds.has(hit._id!)) await writer.delete(this.index, hit._id!);
    await writer.flush();
    await this.es.indices.refresh({ index: this.index });
    this.cache.clear();
  }

  private async read(): Promise<Map<string, CompoundIndex>> {
    const res = await this.es.search<VocabularyDocument>({ index: this.index, size: 1000, ignore_unavailable: true });
    return new Map(res.hits.hits.map((h) => [h._source!.locale, new Map(Object.entries(h._source!.compounds))]));
  }
}
