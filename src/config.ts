/**
 * Every setting of the service, read once from environment variables with defaults and validated at
 * start-up. The README lists them all.
 */
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
  /** Accepted values of the admin `Api-Key` header. */
  adminApiKeys: string[];
  /** Seconds after which an import lock left by a crashed process expires. */
  importLockTtlSeconds: number;
  /** A full import that would remove more than this share of existing product groups is dangerous. */
  dangerousRemovalRatio: number;
  /** Bytes of documents per `_bulk` request during imports. */
  bulkBytes: number;
  /** `_bulk` requests in flight during an import. */
  bulkConcurrency: number;
  /** Largest operations (POST) import body, in bytes after decompression; it is applied all-or-nothing. */
  maxOperationsBytes: number;
  /** Load the sample catalog when the catalog is empty at start-up. */
  loadSampleData: boolean;
  /** Origins allowed to call the storefront interface from a browser (`*` for any, none when empty). */
  corsAllowedOrigins: string[];
  /** zlib level (1..9) of gzip-compressed answers: a search page is ~330 KB of JSON, level 3 compresses it
   * to ~23 KB in ~1 ms where the default 6 takes ~2.5 ms for ~18 KB. */
  gzipLevel: number;
  /** Facets chosen per result set (the custom attributes covering most hits) in markets without a facet configuration. */
  dynamicFacets: number;
  /** `debug`, `info`, `warn` or `error`. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

const schema = Joi.object({
  PORT: Joi.number().integer().min(0).max(65535).default(8080),
  HOST: Joi.string().default('0.0.0.0'),
  // One URL, or the nodes of a cluster comma-separated: the client spreads requests over them and retries
  // a request on another node when one is down.
  ELASTICSEARCH_URL: Joi.string().pattern(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, 'http(s) URLs, comma-separated').default('http://127.0.0.1:9200'),
  INDEX_PREFIX: Joi.string().pattern(/^[a-z0-9][a-z0-9_-]{0,40}$/).default('elevate'),
  ADMIN_API_KEY: Joi.string().default('dev-admin-key'),
  IMPORT_LOCK_TTL_SECONDS: Joi.number().integer().min(10).default(900),
  DANGEROUS_REMOVAL_RATIO: Joi.number().min(0).max(1).default(0.5),
  BULK_BYTES: Joi.number().integer().min(100_000).default(5_000_000),
  BULK_CONCURRENCY: Joi.number().integer().min(1).max(16).default(2),
  MAX_OPERATIONS_BYTES: Joi.number().integer().min(1000).default(64 * 1024 * 1024),
  LOAD_SAMPLE_DATA: Joi.boolean().truthy('1').falsy('0').default(false),
  CORS_ALLOWED_ORIGINS: Joi.string().allow('').default('*'),
  GZIP_LEVEL: Joi.number().integer().min(1).max(9).default(3),
  DYNAMIC_FACETS: Joi.number().integer().min(0).max(30).default(8),
  LOG_LEVEL: Joi.string().valid('debug', 'info', 'warn', 'error').default('info'),
}).unknown(true);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const { error, value } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new Error(`Invalid configuration: ${error.message}`);
  const config: Config = {
    port: value.PORT,
    host: value.HOST,
    elasticsearchUrl: value.ELASTICSEARCH_URL,
    indexPrefix: value.INDEX_PREFIX,
    adminApiKeys: String(value.ADMIN_API_KEY).split(',').map((k) => k.trim()).filter(Boolean),
    importLockTtlSeconds: value.IMPORT_LOCK_TTL_SECONDS,
    dangerousRemovalRatio: value.DANGEROUS_REMOVAL_RATIO,
    bulkBytes: value.BULK_BYTES,
    bulkConcurrency: value.BULK_CONCURRENCY,
    maxOperationsBytes: value.MAX_OPERATIONS_BYTES,
    loadSampleData: value.LOAD_SAMPLE_DATA,
    corsAllowedOrigins: String(value.CORS_ALLOWED_ORIGINS).split(',').map((o) => o.trim()).filter(Boolean),
    gzipLevel: value.GZIP_LEVEL,
    dynamicFacets: value.DYNAMIC_FACETS,
    logLevel: value.LOG_LEVEL,
  };
  return { ...config, ...overrides };
}
