/**
 * Synonym rules in Elasticsearch, one document per locale. The storefront reads them per query through a
 * short cache holding the rules compiled (every API process sees an import within STORE_CACHE_MS; the
 * importing process at once). Applied at query time (synonyms/expand.ts), so nothing is reindexed.
 */
import { sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { compileSynonyms, type CompiledSynonyms } from './synonyms/expand';
import { generalSynonyms } from './synonyms/general';
import type { SynonymRule, SynonymSets } from './synonyms/types';
import type { SynonymSetChoice } from './experiments/types';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';
import { own } from '../kernel/validation';

interface SynonymDocument {
  locale: string;
  rules: SynonymRule[];
  updatedAt: string;
}

/** `compiled`: per locale, filled on first use (undefined: no rules at all). */
interface Loaded {
  sets: SynonymSets;
  compiled: Map<string, CompiledSynonyms | undefined>;
}

export class SynonymStore {
  private readonly cache: ShortCache<Loaded>;

  /** `cacheMs`: STORE_CACHE_MS; `general`: GENERAL_SYNONYMS, the shipped rules of each locale's language apply too. */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly bulk: BulkOptions,
    cacheMs: number,
    private readonly general = true,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'synonyms', background: untimed });
  }

  /** Every locale's rules, in import order; `fresh` bypasses the cache. */
  async all(fresh = false): Promise<SynonymSets> {
    return (await this.load(fresh)).sets;
  }

  /**
   * The locale's rules and the shipped ones of its language, compiled for expansion (a term the shop's rules
   * name overrides the shipped rules of that term); undefined when there are none. `set`: which rules apply
   * (an experiment's variant may leave out the shipped ones, or every rule).
   */
  async compiled(locale: string, set: SynonymSetChoice = 'shop-and-shipped'): Promise<CompiledSynonyms | undefined> {
    if (set === 'none') return undefined;
    const loaded = await this.load();
    // An experiment's variant may use the shop's rules alone (experiments/types.ts): compiled apart.
    const key = set === 'shop-only' ? `shop-only|${locale}` : locale;
    if (!loaded.compiled.has(key)) {
      const rules = own(loaded.sets, locale) ?? [];
      const shipped = set === 'shop-only' ? [] : this.shipped(locale);
      loaded.compiled.set(key, rules.length || shipped.length ? compileSynonyms(rules, shipped) : undefined);
    }
    return loaded.compiled.get(key);
  }

  /** The shipped general rules that apply to `locale` (none when GENERAL_SYNONYMS is off). */
  shipped(locale: string): readonly SynonymRule[] {
    return this.general ? generalSynonyms(locale) : [];
  }

  /** PUT: the rules of each locale in `sets` replace that locale's; other locales keep theirs. */
  async replace(sets: SynonymSets): Promise<void> {
    await this.save(sets);
  }

  /** POST: the rules of each locale in `sets` are added after that locale's. */
  async append(sets: SynonymSets): Promise<void> {
    const current = await this.all(true);
    await this.save(Object.fromEntries(Object.entries(sets).map(([locale, rules]) => [locale, [...(own(current, locale) ?? []), ...rules]])));
  }

  private async save(sets: SynonymSets): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await writeChange(
      this.documents,
      this.index,
      {
        index: Object.entries(sets).map(([locale, rules]) => ({ id: locale, document: { locale, rules, updatedAt } satisfies SynonymDocument })),
      },
      this.bulk,
    );
    this.cache.clear();
  }

  private load(fresh = false): Promise<Loaded> {
    return this.cache.get(fresh);
  }

  private async read(): Promise<Loaded> {
    const sets: SynonymSets = {};
    for await (const doc of sourcesOf<SynonymDocument>(this.documents, this.index, { match_all: {} }, [{ locale: 'asc' }])) sets[doc.locale] = doc.rules;
    return { sets, compiled: new Map() };
  }
}
