/**
 * The `settings.analysis` of one locale's catalog index. The mappings name three analyzers and a normalizer
 * (`catalog_text`, `catalog_shingle`, `catalog_suggest`, `catalog_keyword`); each locale's index defines
 * `catalog_text` as its language's chain (mappings/analysis-plugin.json, `text_<language>`), so the same
 * mapping files serve every locale. The chain is the search twin (`text_<language>_search`, no decompounding):
 * compounds are found by query-time expansion from the catalog's vocabulary (docs/language.md),
 * so index and query analysis are the same. Per kind of cluster:
 *
 * - plugin: the chains of analysis-plugin.json as written;
 * - full (analysis-common, no plugin): the same chains with the built-in equivalents of the plugin's filters
 *   (docs/language-analysis.md, "Equivalents in analysis-common");
 * - core: lowercase only, whatever the locale (analysis-core.json).
 *
 * Pure: the analysis files are passed in.
 */
export type AnalysisLevel = 'core' | 'full' | 'plugin';

type FilterDefinition = Record<string, unknown> & { type: string };
export interface AnalysisBlock {
  analyzer: Record<string, { type: string; tokenizer: string; filter: string[] }>;
  normalizer?: Record<string, unknown>;
  filter?: Record<string, FilterDefinition>;
}

/** The analysis files, by level. */
export type AnalysisFiles = Record<AnalysisLevel, AnalysisBlock>;

/** The analyzers every catalog index keeps whatever its locale. */
const CATALOG_ANALYZERS = ['catalog_text', 'catalog_shingle', 'catalog_suggest'];

/** The per-language analyzer of a locale in analysis-plugin.json: ja, ko and zh share the CJK bigrams. */
export function languageAnalyzer(locale: string): string {
  const language = (locale.split('-')[0] ?? '').toLowerCase();
  return ['ja', 'ko', 'zh'].includes(language) ? 'text_cjk' : `text_${language}`;
}

/** The analysis block of a catalog index for `locale` (or of any other index, without one). */
export function catalogAnalysis(files: AnalysisFiles, level: AnalysisLevel, locale?: string): AnalysisBlock {
  if (level === 'core') return files.core;
  const plugin = files.plugin;
  const name = locale && languageAnalyzer(locale);
  const chain = name ? (plugin.analyzer[`${name}_search`] ?? plugin.analyzer[name]) : undefined;
  if (level === 'plugin') {
    // Only the catalog analyzers: the per-language ones would be built for every index and used by none.
    const analyzer = Object.fromEntries(
      CATALOG_ANALYZERS.flatMap((a) => {
        const definition = a === 'catalog_text' && chain ? chain : plugin.analyzer[a];
        return definition ? [[a, definition]] : [];
      }),
    );
    return { ...plugin, analyzer };
  }
  if (!chain) return files.full;
  const filter: Record<string, FilterDefinition> = { ...files.full.filter };
  const names = chain.filter.map((f) => {
    const builtin = BUILTIN_FILTERS[f];
    if (builtin) return builtin;
    const definition = plugin.filter?.[f];
    if (!definition) return f;
    filter[f] = builtinDefinition(definition);
    return f;
  });
  return { ...files.full, analyzer: { ...files.full.analyzer, catalog_text: { ...chain, filter: names } }, filter };
}

/** Plugin filters used by bare name, and their analysis-common names. */
const BUILTIN_FILTERS: Readonly<Record<string, string>> = {
  elevate_folding: 'asciifolding',
  elevate_scandinavian_normalization: 'scandinavian_normalization',
  elevate_scandinavian_folding: 'scandinavian_folding',
  elevate_german_normalization: 'german_normalization',
  elevate_cjk_width: 'cjk_width',
  elevate_cjk_bigram: 'cjk_bigram',
};

/** `elevate_stemmer` languages and the `stemmer` languages of analysis-common closest to them. */
const BUILTIN_STEMMERS: Readonly<Record<string, string>> = {
  swedish: 'light_swedish',
  norwegian: 'light_norwegian',
  nynorsk: 'light_nynorsk',
  danish: 'danish',
  finnish: 'light_finnish',
  german: 'light_german',
  minimal_german: 'minimal_german',
  // `dutch_kp` (the plugin's choice) is deprecated and stops stemming in 9.x: classic Snowball Dutch instead.
  dutch: 'dutch',
  english: 'light_english',
  minimal_english: 'minimal_english',
  possessive_english: 'possessive_english',
  french: 'light_french',
  spanish: 'light_spanish',
  italian: 'italian',
  portuguese: 'light_portuguese',
  czech: 'czech',
  greek: 'greek',
  latvian: 'latvian',
  estonian: 'estonian',
  lithuanian: 'lithuanian',
  romanian: 'romanian',
  serbian: 'serbian',
  hungarian: 'light_hungarian',
  russian: 'light_russian',
};

/** Italian's articles as Elasticsearch's Italian analyzer elides them (French is the `elision` default). */
const ITALIAN_ARTICLES = [
  'c',
  'l',
  'all',
  'dall',
  'dell',
  'nell',
  'sull',
  'coll',
  'pell',
  'gl',
  'agl',
  'dagl',
  'degl',
  'negl',
  'sugl',
  'un',
  'm',
  't',
  's',
  'v',
  'd',
];

function builtinDefinition(definition: FilterDefinition): FilterDefinition {
  const language = typeof definition.language === 'string' ? definition.language : '';
  switch (definition.type) {
    case 'elevate_stemmer':
      return { type: 'stemmer', language: BUILTIN_STEMMERS[language] ?? language };
    case 'elevate_lowercase':
      return { type: 'lowercase', language };
    case 'elevate_elision':
      return language === 'italian' ? { type: 'elision', articles: ITALIAN_ARTICLES, articles_case: true } : { type: 'elision', articles_case: true };
    case 'elevate_cjk_bigram':
      return { ...definition, type: 'cjk_bigram' };
    default:
      return { ...definition, type: BUILTIN_FILTERS[definition.type] ?? definition.type };
  }
}
