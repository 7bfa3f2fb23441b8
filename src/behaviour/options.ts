/**
 * Settings of the behaviour module, read once from environment variables with defaults and validated at
 * start-up (the same way as src/config.ts; listed in the README under "Behaviour").
 */
import Joi from 'joi';

export interface BehaviourOptions {
  /** Buffered events are written at least this often (milliseconds). */
  flushIntervalMs: number;
  /** A write starts as soon as this many events are buffered; also the largest `_bulk` of events. */
  batchSize: number;
  /**
   * Most events held in memory. When Elasticsearch cannot keep up (or is down) and the buffer is full,
   * the oldest events are dropped, counted and logged: fresh behaviour matters more than old.
   */
  maxBuffered: number;
  /** How far back behaviour queries look (recent searches, recently viewed, favourites, affinity) and the co-occurrence job reads baskets. */
  historyDays: number;
  /** Interval of the popularity job in milliseconds; 0 turns it off (main.ts starts it). */
  popularityIntervalMs: number;
  /** Half-life of behaviour in the popularity score (days). */
  popularityHalfLifeDays: number;
  /** Days of behaviour the popularity score reads. */
  popularityWindowDays: number;
  /** Interval of the co-occurrence job (what is bought together) in milliseconds; 0 turns it off. */
  coOccurrenceIntervalMs: number;
}

export const DEFAULT_BEHAVIOUR_OPTIONS: BehaviourOptions = {
  flushIntervalMs: 1000,
  batchSize: 2000,
  maxBuffered: 100_000,
  historyDays: 90,
  popularityIntervalMs: 300_000,
  popularityHalfLifeDays: 7,
  popularityWindowDays: 28,
  coOccurrenceIntervalMs: 600_000,
};

const schema = Joi.object({
  BEHAVIOUR_FLUSH_MS: Joi.number().integer().min(10).max(60_000).default(DEFAULT_BEHAVIOUR_OPTIONS.flushIntervalMs),
  BEHAVIOUR_BATCH_SIZE: Joi.number().integer().min(1).max(50_000).default(DEFAULT_BEHAVIOUR_OPTIONS.batchSize),
  BEHAVIOUR_MAX_BUFFERED: Joi.number().integer().min(100).max(10_000_000).default(DEFAULT_BEHAVIOUR_OPTIONS.maxBuffered),
  BEHAVIOUR_HISTORY_DAYS: Joi.number().integer().min(1).max(3650).default(DEFAULT_BEHAVIOUR_OPTIONS.historyDays),
  POPULARITY_INTERVAL_SECONDS: Joi.number().integer().min(0).default(DEFAULT_BEHAVIOUR_OPTIONS.popularityIntervalMs / 1000),
  POPULARITY_HALF_LIFE_DAYS: Joi.number().positive().default(DEFAULT_BEHAVIOUR_OPTIONS.popularityHalfLifeDays),
  POPULARITY_WINDOW_DAYS: Joi.number().integer().min(1).max(365).default(DEFAULT_BEHAVIOUR_OPTIONS.popularityWindowDays),
  CO_OCCURRENCE_INTERVAL_SECONDS: Joi.number().integer().min(0).default(DEFAULT_BEHAVIOUR_OPTIONS.coOccurrenceIntervalMs / 1000),
}).unknown(true);

export function loadBehaviourOptions(env: NodeJS.ProcessEnv = process.env, overrides: Partial<BehaviourOptions> = {}): BehaviourOptions {
  const { error, value } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new Error(`Invalid behaviour configuration: ${error.message}`);
  return {
    flushIntervalMs: value.BEHAVIOUR_FLUSH_MS,
    batchSize: value.BEHAVIOUR_BATCH_SIZE,
    maxBuffered: value.BEHAVIOUR_MAX_BUFFERED,
    historyDays: value.BEHAVIOUR_HISTORY_DAYS,
    popularityIntervalMs: value.POPULARITY_INTERVAL_SECONDS * 1000,
    popularityHalfLifeDays: value.POPULARITY_HALF_LIFE_DAYS,
    popularityWindowDays: value.POPULARITY_WINDOW_DAYS,
    coOccurrenceIntervalMs: value.CO_OCCURRENCE_INTERVAL_SECONDS * 1000,
    ...overrides,
  };
}
