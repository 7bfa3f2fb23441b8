/**
 * The one in-process cache of the service: values loaded from Elasticsearch that queries read again and
 * again (merchandising stores, vocabulary, configuration, catalog facts, navigation, landing pages, the
 * catalog view). Several API processes serve side by side and only the importing one forgets at once, so
 * the TTL is a staleness promise: an import is seen by every other process within it (STORE_CACHE_MS).
 *
 * Per key:
 * - readers share one load: a load in flight is served to every reader within the TTL;
 * - a failed load is not kept, so the next reader tries again;
 * - a value is served while younger than `ttlMs`, its age counted from the start of its load (data read
 *   then may already be that old);
 * - stale-while-revalidate (`staleMs` above `ttlMs`): until that age an older value is served at once
 *   while one background load replaces it; a failed background load keeps the old value;
 * - refresh-ahead (`refreshAheadMs` below `ttlMs`): a read of a value that old but still fresh starts that
 *   background load, so steady readers never wait for one;
 * - a `version` (e.g. this process's store revisions, the live catalog version) that differs from the
 *   cached one's is a miss, awaited, whatever the age;
 * - `forget` drops a key or everything, `set` keeps what was just written (the importing process, at once).
 * A named cache counts its reads made while serving a request as hits or misses (GET /metrics): a stale
 * value served at once is a hit.
 */
import { currentRequest } from './requestContext';

export interface CacheOptions<V> {
  /** The `cache` label of its reads in the metrics; an unnamed cache is not counted. */
  name?: string;
  /** Age up to which a value is served as it is. */
  ttlMs: number;
  /** Age up to which a value older than `ttlMs` is served while it is reloaded in the background (default: no such serving). */
  staleMs?: number;
  /**
   * Age from which a value still younger than `ttlMs` is reloaded in the background by the read that finds it
   * so old (refresh-ahead): under steady reads no reader waits for a load, and none gets a value older than the TTL.
   */
  refreshAheadMs?: number;
  /** Runs a background load (e.g. outside the request that started it, whose work it is not). */
  background?: <T>(load: () => Promise<T>) => Promise<T>;
  /** Keys kept at most; a new key beyond them drops the oldest one. */
  maxKeys?: number;
  /** Whether a loaded value is kept (default: every one); one that is not is loaded again by the next reader. */
  keep?: (value: V) => boolean;
  /** Told of a failed background load (the stale value stays). */
  onRefreshFailed?: (err: unknown) => void;
  clock?: () => number;
}

/** How one read may be answered. */
export interface CacheRead {
  /** A cached value of another version is not served. */
  version?: string;
  /** Serve no value older than this (below the TTL: a retry that needs fresher data); 0 always loads. */
  maxAgeMs?: number;
}

interface Entry<V> {
  version?: string;
  at: number;
  value: Promise<V>;
  refreshing: boolean;
}

export class Cache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly clock: () => number;

  constructor(private readonly options: CacheOptions<V>) {
    this.clock = options.clock ?? Date.now;
  }

  get(key: string, load: () => Promise<V>, read: CacheRead = {}): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? this.clock() - entry.at : Number.POSITIVE_INFINITY;
    const maxAge = Math.min(this.options.ttlMs, read.maxAgeMs ?? Number.POSITIVE_INFINITY);
    const usable = !!entry && entry.version === read.version && read.maxAgeMs !== 0;
    if (usable && age < maxAge) {
      const ahead = this.options.refreshAheadMs;
      if (ahead !== undefined && age >= ahead && read.maxAgeMs === undefined && !entry.refreshing) this.refresh(key, entry, load);
      return this.hit(entry.value);
    }
    if (usable && read.maxAgeMs === undefined && age < (this.options.staleMs ?? 0)) {
      if (!entry.refreshing) this.refresh(key, entry, load);
      return this.hit(entry.value);
    }
    this.count(false);
    return this.load(key, load, read.version);
  }

  /** Keeps `value` as loaded now (the process that wrote it knows it without reading it back). */
  set(key: string, value: V, version?: string): void {
    this.forget(key);
    this.entries.set(key, { version, at: this.clock(), value: Promise.resolve(value), refreshing: false });
  }

  /** Drops `key`, or every key; a load in flight is still answered to its readers but not kept. */
  forget(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  /** Milliseconds since the load of the cached value of `key` started (infinite when none). */
  age(key: string): number {
    const entry = this.entries.get(key);
    return entry ? this.clock() - entry.at : Number.POSITIVE_INFINITY;
  }

  private hit(value: Promise<V>): Promise<V> {
    this.count(true);
    return value;
  }

  private count(hit: boolean): void {
    if (this.options.name) currentRequest()?.cacheRead?.(this.options.name, hit);
  }

  private load(key: string, load: () => Promise<V>, version: string | undefined): Promise<V> {
    const value = load();
    const entry: Entry<V> = { version, at: this.clock(), value, refreshing: false };
    const { maxKeys } = this.options;
    if (maxKeys !== undefined && this.entries.size >= maxKeys && !this.entries.has(key)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((v) => {
      if (this.options.keep && !this.options.keep(v)) drop();
    }, drop);
    return value;
  }

  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    const at = this.clock();
    (this.options.background ? this.options.background(load) : load()).then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        if (this.options.keep && !this.options.keep(value)) this.entries.delete(key);
        else this.entries.set(key, { version: entry.version, at, value: Promise.resolve(value), refreshing: false });
      },
      (err: unknown) => {
        entry.refreshing = false;
        this.options.onRefreshFailed?.(err);
      },
    );
  }
}
