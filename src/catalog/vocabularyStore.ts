/**
 * The catalog's compounds per locale (vocabulary.ts), stored when a full import publishes: one document per
 * locale in a small index, read by the storefront through a short cache (every API process sees a new
 * catalog within STORE_CACHE_MS; the importing process at once). Operations imports keep what the last
 * full import stored: the vocabulary changes with whole catalogs, not with price or stock updates.
 */
import type { DocumentIndex } from '../search/documents';
import { COMPOUNDING_LANGUAGES, languageOf, localeVocabulary, type LocaleVocabulary } from './vocabulary';
import type { LexiconSource } from './lexicon';
import type { TypePrior } from './typePrior';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';

/** Id prefix of a locale's behaviour prior (phrase → categories), written by the popularity job, kept across imports. */
const PHRASES = 'phrases|';
/** The `version` of behaviour prior documents (they follow events, not catalog versions). */
const PHRASE_VERSION = 'behaviour';
interface PhrasePriorDocument {
  locale: string;
  version: string;
  phrasePrior: Record<string, [string, number][]>;
  updatedAt: string;
}

interface VocabularyDocument {
  locale: string;
  version: string;
  compounds: Record<string, string[]>;
  forms?: Record<string, string[]>;
  splits?: Record<string, string>;
  typePrior?: Record<string, [string, number][]>;
  singles?: string[];
  updatedAt: string;
}

const EMPTY: LocaleVocabulary = { compounds: new Map(), forms: new Map() };

export class VocabularyStore {
  private readonly cache: ShortCache<Map<string, LocaleVocabulary>>;

  /**
   * `cacheMs`: STORE_CACHE_MS. `lexicon`: the general lexicon per language (lexicon.ts); without it heads come
   * from the catalog only.
   */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    cacheMs: number,
    private readonly lexicon?: LexiconSource,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'vocabulary', background: untimed });
  }

  /** The compounds (by head's form key) and word forms of a locale's catalog; empty when none were stored. */
  async compounds(locale: string): Promise<LocaleVocabulary> {
    return (await this.cache.get()).get(locale) ?? EMPTY;
  }

  /**
   * Replaces every locale's vocabulary with that of the published `version`'s word counts and adjacent word
   * pairs (other locales are removed). Each language's lexicon is read for the computation and let go after it.
   */
  async replace(
    version: string,
    words: ReadonlyMap<string, Iterable<[string, number]>>,
    pairs: ReadonlyMap<string, Iterable<[string, number]>> = new Map(),
    priors: ReadonlyMap<string, TypePrior> = new Map(),
    singles: ReadonlyMap<string, Iterable<string>> = new Map(),
  ): Promise<void> {
    const compounds = new Map<string, LocaleVocabulary>();
    const lexicons = new Map<string, Awaited<ReturnType<LexiconSource['load']>>>();
    for (const [locale, counts] of words) {
      const language = languageOf(locale);
      // The lexicon names compound heads: only compounding languages read one.
      if (!lexicons.has(language)) lexicons.set(language, COMPOUNDING_LANGUAGES.has(language) ? await this.lexicon?.load(language) : undefined);
      const single = singles.get(locale);
      compounds.set(locale, {
        ...localeVocabulary(counts, { language, lexicon: lexicons.get(language) }, pairs.get(locale)),
        typePrior: priors.get(locale) ?? new Map(),
        ...(single ? { singles: new Set(single) } : {}),
      });
    }
    lexicons.clear();
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    const writer = this.documents.writer({ maxBytes: 5_000_000, concurrency: 1 });
    for (const [locale, v] of compounds) {
      await writer.index(this.index, locale, {
        locale,
        version,
        compounds: Object.fromEntries(v.compounds),
        forms: Object.fromEntries(v.forms),
        splits: Object.fromEntries(v.splits ?? []),
        typePrior: Object.fromEntries(v.typePrior ?? []),
        ...(v.singles ? { singles: [...v.singles] } : {}),
        updatedAt,
      } satisfies VocabularyDocument);
    }
    // Locales the new catalog no longer has (by id: the minimal distribution has no delete-by-query).
    const stale = await this.documents.search({ index: this.index, size: 1000, _source: false, query: { bool: { must_not: { term: { version } } } } });
    for (const hit of stale.hits.hits) if (!compounds.has(hit._id!) && !hit._id!.startsWith(PHRASES)) await writer.delete(this.index, hit._id!);
    await writer.flush();
    await this.documents.refresh(this.index);
    this.cache.clear();
  }

  /**
   * Replaces every locale's behaviour prior (searched phrase → categories with shares); a locale left out loses
   * its prior. Read with the vocabulary, through the same cache: no request reads it on its own.
   */
  async replacePhrasePriors(priors: ReadonlyMap<string, ReadonlyMap<string, readonly [string, number][]>>): Promise<void> {
    const updatedAt = new Date().toISOString();
    const writer = this.documents.writer({ maxBytes: 5_000_000, concurrency: 1 });
    for (const [locale, prior] of priors) {
      await writer.index(this.index, `${PHRASES}${locale}`, {
        locale,
        version: PHRASE_VERSION,
        phrasePrior: Object.fromEntries(prior) as PhrasePriorDocument['phrasePrior'],
        updatedAt,
      } satisfies PhrasePriorDocument);
    }
    const stale = await this.documents.search({ index: this.index, size: 1000, _source: false, query: { term: { version: PHRASE_VERSION } } });
    for (const hit of stale.hits.hits) if (!priors.has(hit._id!.slice(PHRASES.length))) await writer.delete(this.index, hit._id!);
    await writer.flush();
    await this.documents.refresh(this.index);
    this.cache.clear();
  }

  private async read(): Promise<Map<string, LocaleVocabulary>> {
    const res = await this.documents.search<VocabularyDocument | PhrasePriorDocument>({ index: this.index, size: 1000, ignore_unavailable: true });
    const phrasePriors = new Map<string, Map<string, [string, number][]>>();
    const out = new Map<string, LocaleVocabulary>();
    for (const h of res.hits.hits) {
      const s = h._source!;
      if ('phrasePrior' in s) phrasePriors.set(s.locale, new Map(Object.entries(s.phrasePrior)));
      else
        out.set(s.locale, {
          compounds: new Map(Object.entries(s.compounds)),
          forms: new Map(Object.entries(s.forms ?? {})),
          splits: new Map(Object.entries(s.splits ?? {})),
          typePrior: new Map(Object.entries(s.typePrior ?? {})),
          ...(s.singles ? { singles: new Set(s.singles) } : {}),
        });
    }
    // A locale with a behaviour prior and no catalog vocabulary yet still gets its prior.
    for (const [locale, phrasePrior] of phrasePriors) out.set(locale, { ...(out.get(locale) ?? EMPTY), phrasePrior });
    return out;
  }
}
