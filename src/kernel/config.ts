/**
 * Every setting of the service, read once from environment variables with defaults and validated at
 * start-up. docs/configuration.md lists them all. Nothing else reads the environment: tests pass a Config of their own
 * (loadConfig(env, overrides)) to createContext.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Joi from 'joi';

export interface Config {
  /** HTTP port of the API. */
  port: number;
  /** Interface the API binds to. */
  host: string;
  /** Elasticsearch to use: one URL or several, comma-separated. scripts/start.sh starts a local node when this is unset. */
  elasticsearchUrl: string;
  /** Every index, alias and state document of this service starts with this prefix. */
  indexPrefix: string;
  /** `NODE_ENV=production`: every role key must be at least MIN_PRODUCTION_KEY_LENGTH characters, and the pages' source maps are not served. */
  production: boolean;
  /** Accepted values of the admin `Api-Key` header: every admin route. Required: there is no default key (npm start and the test scripts set the development key). */
  adminApiKeys: string[];
  /** Keys of the merchandiser role: merchandising imports, previews, rollbacks, exports (not the catalog's). */
  merchandiserApiKeys: string[];
  /** Keys of the analyst role: analytics, exports and history, read-only. */
  analystApiKeys: string[];
  /**
   * Proxies in front of the service whose `X-Forwarded-For` is believed (TRUST_PROXY): the client address is the
   * one the farthest of these appended, counted from the right; 0 (default): the header is ignored and the
   * address is the connection's. The wrong-key throttle counts per this address.
   */
  trustProxyHops: number;
  /** Wrong `Api-Key` headers from one client address within `keyFailureWindowSeconds` before it answers 429 (0: never). */
  keyFailureLimit: number;
  /** Seconds of the window that counts wrong keys per address, started by its first wrong key. */
  keyFailureWindowSeconds: number;
  /** Primary shards of each index of a catalog version (products, content, entities); the service's own indices have one. */
  indexShards: number;
  /** Replicas of every index the service creates: 0 on one node, 1 or more on a cluster. */
  indexReplicas: number;
  /**
   * Stored-fields codec of the product indices of the versions imports create: `best_compression` halves them
   * (the sibling copies repeat their neighbours' text) at a cost in every fetch (docs/benchmarks.md).
   */
  productIndexCodec: 'default' | 'best_compression';
  /**
   * Seconds a full import waits for its new catalog version to be green (yellow when the cluster has too
   * few data nodes for the replicas) before moving the aliases; the import fails when it is not.
   */
  indexHealthTimeoutSeconds: number;
  /** Seconds after which the import lock of a process that stopped renewing it (crashed) expires; renewed every third of it. */
  importLockTtlSeconds: number;
  /** A full import that would remove more than this share of existing product groups is dangerous. */
  dangerousRemovalRatio: number;
  /** Bytes of documents per `_bulk` request during imports. */
  bulkBytes: number;
  /** `_bulk` requests in flight during an import. */
  bulkConcurrency: number;
  /** Seconds a client has to send a request's line and headers (Node's headersTimeout): HEADERS_TIMEOUT_S. */
  headersTimeoutSeconds: number;
  /** Seconds a client has to send a whole request, body included, except a catalog import's: REQUEST_TIMEOUT_S. */
  requestTimeoutSeconds: number;
  /** Seconds without a byte after which a body being read is given up (408): BODY_IDLE_TIMEOUT_S. */
  bodyIdleTimeoutSeconds: number;
  /** Seconds without a byte after which a catalog import is aborted and its lock released (408): IMPORT_IDLE_TIMEOUT_S. */
  importIdleTimeoutSeconds: number;
  /** Largest operations (POST) import body, in bytes after decompression; it is applied all-or-nothing. */
  maxOperationsBytes: number;
  /** Load the sample catalog when the catalog is empty at start-up. */
  loadSampleData: boolean;
  /** Directory of the general lexicon files `<language>.txt` (scripts/lexicon.sh); a missing file falls back to the catalog's words. */
  lexiconDir: string;
  /**
   * Directory of the sentence-embedding model of semantic search: `model.onnx` and its `tokenizer.json`
   * (docs/embedding.md). Default: all-MiniLM-L6-v2 int8, fetched by scripts/model.sh.
   * Without the files the service starts with semantic search off and says so in one log line.
   */
  embeddingModelDir: string;
  /** Worker threads running the embedding model, each with its own copy (about 90 MB of RSS with the default model) and one core at most. */
  embeddingWorkers: number;
  /** Phrases whose vectors each locale keeps in memory (src/embedding/queryCache.ts), 1.5 KB each; 0: none. */
  embeddingQueryCache: number;
  /** Apply the general synonyms shipped per language (merchandising/synonyms/general.ts) beside each shop's rules. */
  generalSynonyms: boolean;
  /**
   * The address browsers reach this service at. The sample catalog's image URLs (which the spec requires to be
   * absolute) point here, at the placeholder images the service draws itself; default `http://localhost:<PORT>`.
   */
  publicUrl: string;
  /** Origins allowed to call the storefront interface from a browser (`*` for any, none when empty). */
  corsAllowedOrigins: string[];
  /** zlib level (1..9) of gzip-compressed answers: a search page is ~330 KB of JSON, level 3 compresses it
   * to ~23 KB in ~1 ms where the default 6 takes ~2.5 ms for ~18 KB. */
  gzipLevel: number;
  /**
   * Milliseconds a process keeps reading the catalog version it resolved last (src/search/catalogView.ts):
   * another process's full import is seen after at most this, the importing process's at once.
   */
  catalogViewCacheMs: number;
  /**
   * Milliseconds a process keeps what it read of the data imports change and queries read every time
   * (merchandising stores, vocabulary, configuration, catalog facts, navigation, landing pages; src/kernel/cache.ts):
   * another process's import is seen within this, the importing process's at once.
   */
  storeCacheMs: number;
  /**
   * Bytes of search-page listing JSON kept per document version (src/storefront/listingJson.ts), least
   * recently used out first; 0 shapes and serialises every product group per request.
   */
  listingJsonCacheBytes: number;
  /** Facets chosen per result set (the custom attributes covering most hits) in markets without a facet configuration. */
  dynamicFacets: number;
  /**
   * Search-page's query understanding (src/storefront/understanding.ts): colour, gender and price words
   * `filter` the list (the words as typed answer when the filter leaves nothing), only `boost` it, or `off`.
   */
  queryUnderstanding: 'filter' | 'boost' | 'off';
  /**
   * Custom label attributes whose values query understanding recognises in a phrase ("läderskor", "wool
   * sweater"), each of few word-like values; empty: none.
   */
  understoodAttributes: string[];
  /**
   * Search by meaning (docs/relevance.md, "Search by meaning"): per locale, products get a vector of their text at
   * import and the search page fuses a kNN search with the words' search. `SEMANTIC_SEARCH`: `on`, `off`, or a
   * list of languages or locales each optionally `=on`/`=off` (`en,de=off`); a locale not named is off, unless the
   * list names `*`. Without the model (EMBEDDING_MODEL_DIR) it is off everywhere.
   */
  semanticSearch: SemanticSearchSetting;
  /** The knobs of the fusion (storefront/semantic.ts); an A/B experiment may vary the weight. */
  semanticFusion: SemanticFusionSettings;
  /** Versions of each merchandising import kept per kind and market (or locale, or the whole service): history, diff and rollback. */
  historyVersions: number;

  /** GET /metrics (Prometheus) and the counting behind it; off: 404 and nothing counted. */
  metricsEnabled: boolean;
  /** GET /metrics answers without the admin `Api-Key`; false (default): only with it. */
  metricsPublic: boolean;
  /** `debug`, `info`, `warn` or `error`. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** One `request` line per request at info (method, route, status, duration, Elasticsearch took and round trips). */
  accessLog: boolean;
  /** Recording visitor behaviour and the periodic jobs that read it. */
  behaviour: BehaviourOptions;
}

export interface BehaviourOptions {
  /** Buffered events are written at least this often (milliseconds). */
  flushIntervalMs: number;
  /** A write starts as soon as this many events are buffered; also the largest `_bulk` of events. */
  batchSize: number;
  /**
   * Most events held in memory. When Elasticsearch cannot keep up (or is down) and the buffer is full,
   * new events are turned away and what is buffered is kept: a notification is refused (503, counted in
   * GET /metrics), an event of a search is dropped (counted, logged). Nothing accepted is dropped.
   */
  maxBuffered: number;
  /** How far back behaviour queries look (recent searches, recently viewed, favourites, affinity) and the co-occurrence job reads baskets; events older than this are deleted (src/events/retention.ts). */
  historyDays: number;
  /** Interval of the popularity job in milliseconds; 0 turns it off (main.ts starts it). */
  popularityIntervalMs: number;
  /** Half-life of behaviour in the popularity score (days). */
  popularityHalfLifeDays: number;
  /** Days of behaviour the popularity score reads. */
  popularityWindowDays: number;
  /** Interval of the co-occurrence job (what is bought together) in milliseconds; 0 turns it off. */
  coOccurrenceIntervalMs: number;
  /** Interval of the events maintenance job (rollover of the events index, deletion of events older than historyDays); 0 turns it off. */
  eventsMaintenanceIntervalMs: number;
  /** The events write index is rolled over once it holds this many events, however young. */
  eventsRolloverMaxDocs: number;
  /**
   * Search analytics: an add-to-cart or purchase is credited to the session's last click (or add-to-cart)
   * on the product from a search at most this many hours before it (src/events/attribution.ts).
   */
  attributionWindowHours: number;
}

/** Where search by meaning is on: the locales or languages named (lowercase), and what the rest get. */
export interface SemanticSearchSetting {
  /** `[locale or language, on]`, most specific first when read (semanticOn). */
  named: [string, boolean][];
  /** Locales not named. */
  others: boolean;
}

export interface SemanticFusionSettings {
  /** `blend`: min-max normalised scores weighted; `rrf`: reciprocal rank fusion. */
  method: 'blend' | 'rrf';
  /** Share of the similarity in the blended score (0..1), or of its ranks in `rrf`. */
  weight: number;
  /** Products nearest in meaning added to the words' matches (kNN `k`). */
  candidates: number;
  /** Least cosine similarity of a product added by meaning: keeps noise out of short lists. */
  minSimilarity: number;
  /** Top positions of the list the fusion orders (the rest follow in Elasticsearch's order). */
  window: number;
}

/** Whether search by meaning is on in `locale` (`sv-SE`): its own entry, else its language's, else the others'. */
export function semanticOn(setting: SemanticSearchSetting, locale: string): boolean {
  const l = locale.toLowerCase();
  const language = l.split('-')[0] ?? l;
  return setting.named.find(([k]) => k === l)?.[1] ?? setting.named.find(([k]) => k === language)?.[1] ?? setting.others;
}

/** Pure: SEMANTIC_SEARCH read (see Config.semanticSearch); throws naming the entry it cannot read. */
export function parseSemanticSearch(value: string): SemanticSearchSetting {
  const v = value.trim().toLowerCase();
  if (v === 'on' || v === 'true' || v === '1') return { named: [], others: true };
  if (v === 'off' || v === 'false' || v === '0' || v === '') return { named: [], others: false };
  const named: [string, boolean][] = [];
  let others = false;
  for (const entry of v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = /^([a-z]{2,3}(?:-[a-z0-9]{2,8})?|\*)(?:=(on|off))?$/.exec(entry);
    if (!m) throw new Error(`Invalid configuration: SEMANTIC_SEARCH entry "${entry}" is no locale or language (e.g. en, sv-se=off, *)`);
    const on = m[2] !== 'off';
    if (m[1] === '*') others = on;
    else named.push([m[1]!, on]);
  }
  return { named, others };
}

/** STORE_CACHE_MS unless set: the staleness every in-process cache promises across API processes. */
export const DEFAULT_STORE_CACHE_MS = 2000;

export const DEFAULT_BEHAVIOUR_OPTIONS: BehaviourOptions = {
  flushIntervalMs: 1000,
  batchSize: 2000,
  maxBuffered: 100_000,
  historyDays: 90,
  popularityIntervalMs: 300_000,
  popularityHalfLifeDays: 7,
  popularityWindowDays: 28,
  coOccurrenceIntervalMs: 600_000,
  eventsMaintenanceIntervalMs: 3_600_000,
  eventsRolloverMaxDocs: 50_000_000,
  attributionWindowHours: 24,
};

/** Where search by meaning is on by default: where it measured no loss (docs/language.md). */
export const DEFAULT_SEMANTIC_SEARCH = 'en';

const schema = Joi.object({
  PORT: Joi.number().integer().min(0).max(65535).default(8080),
  HOST: Joi.string().default('0.0.0.0'),
  // One URL, or the nodes of a cluster comma-separated: the client spreads requests over them and retries
  // a request on another node when one is down.
  ELASTICSEARCH_URL: Joi.string()
    .pattern(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, 'http(s) URLs, comma-separated')
    .default('http://127.0.0.1:9200'),
  INDEX_PREFIX: Joi.string()
    .pattern(/^[a-z0-9][a-z0-9_-]{0,40}$/)
    .default('elevate'),
  NODE_ENV: Joi.string().allow('').default(''),
  // No default: checked after the overrides (tests pass their keys as overrides), with a message saying what to do.
  ADMIN_API_KEY: Joi.string().allow('').default(''),
  MERCHANDISER_API_KEY: Joi.string().allow('').default(''),
  ANALYST_API_KEY: Joi.string().allow('').default(''),
  // `true` is one proxy: the leftmost value is whatever the client wrote, so "trust them all" is not offered.
  TRUST_PROXY: Joi.alternatives()
    .try(Joi.number().integer().min(0).max(10), Joi.boolean())
    .default(false)
    .messages({ 'alternatives.types': '"TRUST_PROXY" must be false, true (one proxy) or the number of proxies in front (0 to 10)' }),
  KEY_FAILURE_LIMIT: Joi.number().integer().min(0).max(1_000_000).default(20),
  KEY_FAILURE_WINDOW_SECONDS: Joi.number().integer().min(1).max(86_400).default(300),
  INDEX_SHARDS: Joi.number().integer().min(1).max(64).default(1),
  INDEX_REPLICAS: Joi.number().integer().min(0).max(10).default(0),
  PRODUCT_INDEX_CODEC: Joi.string().valid('default', 'best_compression').default('default'),
  INDEX_HEALTH_TIMEOUT_SECONDS: Joi.number().integer().min(1).max(86_400).default(300),
  IMPORT_LOCK_TTL_SECONDS: Joi.number().integer().min(10).max(3600).default(45),
  DANGEROUS_REMOVAL_RATIO: Joi.number().min(0).max(1).default(0.5),
  BULK_BYTES: Joi.number().integer().min(100_000).default(5_000_000),
  BULK_CONCURRENCY: Joi.number().integer().min(1).max(16).default(2),
  HEADERS_TIMEOUT_S: Joi.number().integer().min(1).max(600).default(20),
  REQUEST_TIMEOUT_S: Joi.number().integer().min(1).max(3600).default(60),
  BODY_IDLE_TIMEOUT_S: Joi.number().integer().min(1).max(600).default(10),
  IMPORT_IDLE_TIMEOUT_S: Joi.number().integer().min(1).max(3600).default(30),
  MAX_OPERATIONS_BYTES: Joi.number()
    .integer()
    .min(1000)
    .default(64 * 1024 * 1024),
  LOAD_SAMPLE_DATA: Joi.boolean().truthy('1').falsy('0').default(false),
  LEXICON_DIR: Joi.string().default(join(checkoutRoot(), '.cache', 'lexicon')),
  EMBEDDING_MODEL_DIR: Joi.string().default(join(checkoutRoot(), '.cache', 'models', 'all-minilm-l6-v2-q')),
  EMBEDDING_WORKERS: Joi.number().integer().min(1).max(16).default(1),
  EMBEDDING_QUERY_CACHE: Joi.number().integer().min(0).max(1_000_000).default(5000),
  GENERAL_SYNONYMS: Joi.boolean().truthy('1').falsy('0').default(true),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  CORS_ALLOWED_ORIGINS: Joi.string().allow('').default('*'),
  GZIP_LEVEL: Joi.number().integer().min(1).max(9).default(3),
  CATALOG_VIEW_CACHE_MS: Joi.number().integer().min(0).max(60_000).default(2000),
  STORE_CACHE_MS: Joi.number().integer().min(0).max(60_000).default(DEFAULT_STORE_CACHE_MS),
  LISTING_JSON_CACHE_MB: Joi.number().integer().min(0).max(16_384).default(64),
  DYNAMIC_FACETS: Joi.number().integer().min(0).max(30).default(8),
  QUERY_UNDERSTANDING: Joi.string().valid('filter', 'boost', 'off').default('filter'),
  UNDERSTOOD_ATTRIBUTES: Joi.string()
    .allow('')
    .pattern(/^[^\s,]+(,[^\s,]+)*$/)
    .default('material,pattern'),
  SEMANTIC_SEARCH: Joi.string().allow('').default(DEFAULT_SEMANTIC_SEARCH),
  SEMANTIC_FUSION: Joi.string().valid('blend', 'rrf').default('blend'),
  SEMANTIC_WEIGHT: Joi.number().min(0).max(1).default(0.3),
  SEMANTIC_CANDIDATES: Joi.number().integer().min(1).max(1000).default(50),
  SEMANTIC_MIN_SIMILARITY: Joi.number().min(-1).max(1).default(0.35),
  SEMANTIC_WINDOW: Joi.number().integer().min(1).max(1000).default(50),
  HISTORY_VERSIONS: Joi.number().integer().min(1).max(1000).default(50),

  METRICS_ENABLED: Joi.boolean().truthy('1').falsy('0').default(true),
  METRICS_PUBLIC: Joi.boolean().truthy('1').falsy('0').default(false),
  LOG_LEVEL: Joi.string().valid('debug', 'info', 'warn', 'error').default('info'),
  ACCESS_LOG: Joi.boolean().truthy('1').falsy('0').default(true),
  BEHAVIOUR_FLUSH_MS: Joi.number().integer().min(10).max(60_000).default(DEFAULT_BEHAVIOUR_OPTIONS.flushIntervalMs),
  BEHAVIOUR_BATCH_SIZE: Joi.number().integer().min(1).max(50_000).default(DEFAULT_BEHAVIOUR_OPTIONS.batchSize),
  BEHAVIOUR_MAX_BUFFERED: Joi.number().integer().min(100).max(10_000_000).default(DEFAULT_BEHAVIOUR_OPTIONS.maxBuffered),
  BEHAVIOUR_HISTORY_DAYS: Joi.number().integer().min(1).max(3650).default(DEFAULT_BEHAVIOUR_OPTIONS.historyDays),
  POPULARITY_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .default(DEFAULT_BEHAVIOUR_OPTIONS.popularityIntervalMs / 1000),
  POPULARITY_HALF_LIFE_DAYS: Joi.number().positive().default(DEFAULT_BEHAVIOUR_OPTIONS.popularityHalfLifeDays),
  POPULARITY_WINDOW_DAYS: Joi.number().integer().min(1).max(365).default(DEFAULT_BEHAVIOUR_OPTIONS.popularityWindowDays),
  CO_OCCURRENCE_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .default(DEFAULT_BEHAVIOUR_OPTIONS.coOccurrenceIntervalMs / 1000),
  EVENTS_MAINTENANCE_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .default(DEFAULT_BEHAVIOUR_OPTIONS.eventsMaintenanceIntervalMs / 1000),
  EVENTS_ROLLOVER_MAX_DOCS: Joi.number().integer().min(1000).default(DEFAULT_BEHAVIOUR_OPTIONS.eventsRolloverMaxDocs),
  ATTRIBUTION_WINDOW_HOURS: Joi.number().integer().min(1).max(720).default(DEFAULT_BEHAVIOUR_OPTIONS.attributionWindowHours),
}).unknown(true);

/** The checkout: the folder holding package.json above this file (src/kernel under tsx, dist/src/kernel when built). */
function checkoutRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const { error, value } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new ConfigurationError(`Invalid configuration: ${error.message}`);
  const config: Config = {
    port: value.PORT,
    host: value.HOST,
    elasticsearchUrl: value.ELASTICSEARCH_URL,
    indexPrefix: value.INDEX_PREFIX,
    production: value.NODE_ENV === 'production',
    adminApiKeys: keyList(value.ADMIN_API_KEY),
    merchandiserApiKeys: keyList(value.MERCHANDISER_API_KEY),
    analystApiKeys: keyList(value.ANALYST_API_KEY),
    trustProxyHops: value.TRUST_PROXY === true ? 1 : value.TRUST_PROXY === false ? 0 : value.TRUST_PROXY,
    keyFailureLimit: value.KEY_FAILURE_LIMIT,
    keyFailureWindowSeconds: value.KEY_FAILURE_WINDOW_SECONDS,
    indexShards: value.INDEX_SHARDS,
    indexReplicas: value.INDEX_REPLICAS,
    productIndexCodec: value.PRODUCT_INDEX_CODEC,
    indexHealthTimeoutSeconds: value.INDEX_HEALTH_TIMEOUT_SECONDS,
    importLockTtlSeconds: value.IMPORT_LOCK_TTL_SECONDS,
    dangerousRemovalRatio: value.DANGEROUS_REMOVAL_RATIO,
    bulkBytes: value.BULK_BYTES,
    bulkConcurrency: value.BULK_CONCURRENCY,
    headersTimeoutSeconds: value.HEADERS_TIMEOUT_S,
    requestTimeoutSeconds: value.REQUEST_TIMEOUT_S,
    bodyIdleTimeoutSeconds: value.BODY_IDLE_TIMEOUT_S,
    importIdleTimeoutSeconds: value.IMPORT_IDLE_TIMEOUT_S,
    maxOperationsBytes: value.MAX_OPERATIONS_BYTES,
    loadSampleData: value.LOAD_SAMPLE_DATA,
    lexiconDir: value.LEXICON_DIR,
    embeddingModelDir: value.EMBEDDING_MODEL_DIR,
    embeddingWorkers: value.EMBEDDING_WORKERS,
    embeddingQueryCache: value.EMBEDDING_QUERY_CACHE,
    generalSynonyms: value.GENERAL_SYNONYMS,
    publicUrl: String(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ''),
    corsAllowedOrigins: String(value.CORS_ALLOWED_ORIGINS)
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    gzipLevel: value.GZIP_LEVEL,
    catalogViewCacheMs: value.CATALOG_VIEW_CACHE_MS,
    storeCacheMs: value.STORE_CACHE_MS,
    listingJsonCacheBytes: value.LISTING_JSON_CACHE_MB * 1024 * 1024,
    dynamicFacets: value.DYNAMIC_FACETS,
    queryUnderstanding: value.QUERY_UNDERSTANDING,
    understoodAttributes: value.UNDERSTOOD_ATTRIBUTES ? value.UNDERSTOOD_ATTRIBUTES.split(',') : [],
    historyVersions: value.HISTORY_VERSIONS,
    semanticSearch: parseSemanticSearch(value.SEMANTIC_SEARCH),
    semanticFusion: {
      method: value.SEMANTIC_FUSION,
      weight: value.SEMANTIC_WEIGHT,
      candidates: value.SEMANTIC_CANDIDATES,
      minSimilarity: value.SEMANTIC_MIN_SIMILARITY,
      window: value.SEMANTIC_WINDOW,
    },

    metricsEnabled: value.METRICS_ENABLED,
    metricsPublic: value.METRICS_PUBLIC,
    logLevel: value.LOG_LEVEL,
    accessLog: value.ACCESS_LOG,
    behaviour: {
      flushIntervalMs: value.BEHAVIOUR_FLUSH_MS,
      batchSize: value.BEHAVIOUR_BATCH_SIZE,
      maxBuffered: value.BEHAVIOUR_MAX_BUFFERED,
      historyDays: value.BEHAVIOUR_HISTORY_DAYS,
      popularityIntervalMs: value.POPULARITY_INTERVAL_SECONDS * 1000,
      popularityHalfLifeDays: value.POPULARITY_HALF_LIFE_DAYS,
      popularityWindowDays: value.POPULARITY_WINDOW_DAYS,
      coOccurrenceIntervalMs: value.CO_OCCURRENCE_INTERVAL_SECONDS * 1000,
      eventsMaintenanceIntervalMs: value.EVENTS_MAINTENANCE_INTERVAL_SECONDS * 1000,
      eventsRolloverMaxDocs: value.EVENTS_ROLLOVER_MAX_DOCS,
      attributionWindowHours: value.ATTRIBUTION_WINDOW_HOURS,
    },
  };
  const out = { ...config, ...overrides };
  checkKeys(out);
  return out;
}

/** Shortest role key accepted with NODE_ENV=production: 16 characters (a random one of letters and digits is ~95 bits). */
export const MIN_PRODUCTION_KEY_LENGTH = 16;

/** A setting that keeps the service from starting: main.ts prints its message alone, without a stack. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/**
 * The role keys: an admin key is required (a default key would be everybody's: the service listens on every
 * interface), in production every key is long enough not to be guessed, and no key is in two roles.
 */
function checkKeys(out: Config): void {
  if (!out.adminApiKeys.length) {
    throw new ConfigurationError(
      'Invalid configuration: ADMIN_API_KEY is not set. The service has no default admin key: set ADMIN_API_KEY to a secret ' +
        `of at least ${MIN_PRODUCTION_KEY_LENGTH} characters (e.g. \`openssl rand -hex 24\`). npm start sets the development key dev-admin-key`,
    );
  }
  // One key in two roles would give it the higher silently: a configuration mistake, refused at start-up.
  const roles = [
    ['ADMIN_API_KEY', out.adminApiKeys],
    ['MERCHANDISER_API_KEY', out.merchandiserApiKeys],
    ['ANALYST_API_KEY', out.analystApiKeys],
  ] as const;
  for (const [i, [name, keys]] of roles.entries()) {
    for (const [other, otherKeys] of roles.slice(i + 1)) {
      if (keys.some((k) => otherKeys.includes(k))) throw new ConfigurationError(`Invalid configuration: ${name} and ${other} share a key`);
    }
    // The key itself is never printed: the message goes to logs.
    const short = out.production ? keys.filter((k) => k.length < MIN_PRODUCTION_KEY_LENGTH) : [];
    if (short.length) {
      throw new ConfigurationError(
        `Invalid configuration: ${name} has ${short.length === 1 ? 'a key' : `${short.length} keys`} shorter than ${MIN_PRODUCTION_KEY_LENGTH} characters ` +
          `(${short.map((k) => k.length).join(', ')}): with NODE_ENV=production every key must have at least ${MIN_PRODUCTION_KEY_LENGTH}`,
      );
    }
  }
}

/** A comma-separated list of keys (several, so a key can be replaced without downtime). */
const keyList = (value: unknown): string[] =>
  String(value)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
