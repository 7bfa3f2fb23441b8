/**
 * Writes recorded events to the events index without ever making a request wait: record() and accept()
 * only stamp events and push them into a bounded buffer (BEHAVIOUR_MAX_BUFFERED, counting the events of a
 * write in flight). A timer writes what is buffered every `flushIntervalMs`, and a write starts at once when
 * `batchSize` events are waiting. One write at a time per process; each is one search for product facts
 * (brand, category, price; cached) and one `_bulk` of `create` actions through the events alias with
 * `require_alias`, so a deleted alias can never turn into a dynamically mapped index.
 *
 * When the buffer is full, NEW events are turned away and what is buffered is kept: a notification (accept())
 * is refused, so its sender knows (503, counted as `refused`); an event of a search (record()) is dropped,
 * counted and logged. What was accepted is never dropped to make room, so a notification answered 204 is
 * written, however long the cluster is away, unless the process stops first (logged as lost at close).
 *
 * A failed write (cluster down, 429, 5xx items) puts its events back and the next tick retries them;
 * items Elasticsearch refuses for good (mapping errors) are counted and logged. flush() resolves once
 * everything recorded before it was written; close() stops the timer and flushes, retrying a few times.
 */
import { randomBytes } from 'node:crypto';
import type { Client, estypes } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import { EventBuffer, type Buffered } from './eventBuffer';
import type { BehaviourIndexNames } from '../search/indexNames';
import { ensureEventsIndex } from '../search/indexRegistry';
import { elasticsearchStatus } from '../search/errors';
import type { IndexLayout } from '../search/mappings';
import { eventDocument, keysToEnrich, type BehaviourEvent, type ProductFacts } from '../events/events';
import type { BehaviourOptions } from '../kernel/config';
import type { ProductLookup } from '../events/productLookup';
import type { Attribution } from '../events/attribution';
import { assignments, variantTags } from '../merchandising/experiments/assign';
import type { Experiment } from '../merchandising/experiments/types';

/** An event with its time fixed when it was recorded. */
type Stamped = BehaviourEvent & { at: Date };

export interface EventWriterStats {
  recorded: number;
  written: number;
  /** Events of searches dropped because the buffer was full. */
  dropped: number;
  /** Notifications refused because the buffer had no room for their events. */
  refused: number;
  /** Refused by Elasticsearch for good (for example a mapping conflict). */
  rejected: number;
  /** Recorded after close(): not written. */
  afterClose: number;
  bulkRequests: number;
  /** Waiting to be written, including a write in flight. */
  buffered: number;
  /** BEHAVIOUR_MAX_BUFFERED. */
  capacity: number;
}

export interface EventWriterDeps {
  es: Client;
  log: Logger;
  names: BehaviourIndexNames;
  lookup: ProductLookup;
  /** Resolves the query of clicks, add-to-carts, ad-impressions and purchases (search analytics). */
  attribution?: Attribution;
  options: Pick<BehaviourOptions, 'flushIntervalMs' | 'batchSize' | 'maxBuffered'>;
  /** Shards and replicas of the events index when the writer has to make it again. */
  layout?: IndexLayout;
  now?: () => Date;
  /** The A/B experiments (the store's per-process cache): each event gets the variants its visitor was in. */
  experiments?: () => Promise<readonly Experiment[]>;
}

/** Write attempts (with a short back-off) before flush() and close() give up; the timer tries once per tick. */
const FLUSH_ATTEMPTS = 3;
const CLOSE_ATTEMPTS = 5;
const WARN_EVERY_MS = 10_000;

export class EventWriter {
  private readonly buffer: EventBuffer<Stamped>;
  private timer?: NodeJS.Timeout;
  private chain: Promise<unknown> = Promise.resolve();
  /** A background write is scheduled or running (record() and the timer start at most one). */
  private busy = false;
  private closed = false;
  private ensured?: Promise<void>;
  private lastWarn = new Map<string, number>();
  private counts = { recorded: 0, written: 0, rejected: 0, afterClose: 0, bulkRequests: 0, dropped: 0, refused: 0 };
  /** Events taken from the buffer by the write in flight: they still hold their place in the bound. */
  private inFlight = 0;
  private readonly now: () => Date;
  /**
   * Each event's document id is this process's token and its buffer sequence number, fixed when it is
   * buffered: a bulk that Elasticsearch applied but whose answer was lost (a node or the cluster going down)
   * is sent again with the same ids, and the copies already in are refused as conflicts instead of counted twice.
   */
  private readonly idPrefix = randomBytes(6).toString('base64url');

  constructor(private readonly deps: EventWriterDeps) {
    this.buffer = new EventBuffer(deps.options.maxBuffered);
    this.now = deps.now ?? (() => new Date());
  }

  get stats(): EventWriterStats {
    return { ...this.counts, dropped: this.counts.dropped + this.buffer.dropped, buffered: this.buffer.size + this.inFlight, capacity: this.buffer.capacity };
  }

  /** Buffers one event; never throws, never waits. When the buffer is full the event is dropped (counted, logged). */
  record(event: BehaviourEvent): void {
    if (this.closed) {
      this.counts.afterClose++;
      this.warn('behaviour event recorded after close: not written', { afterClose: this.counts.afterClose });
      return;
    }
    if (!this.hasRoom(1)) {
      this.counts.dropped++;
      this.warn('behaviour events dropped: buffer full', { dropped: this.stats.dropped, capacity: this.buffer.capacity });
      return;
    }
    this.push([event]);
  }

  /**
   * Buffers all of `events` (the events of one notification) or none: false, counted as refused, when the
   * buffer has no room for them all or the writer is closed. Never waits.
   */
  accept(events: readonly BehaviourEvent[]): boolean {
    if (this.closed || !this.hasRoom(events.length)) {
      this.counts.refused++;
      this.warn('notifications refused: behaviour event buffer full', { refused: this.counts.refused, capacity: this.buffer.capacity, closed: this.closed });
      return false;
    }
    this.push(events);
    return true;
  }

  private hasRoom(events: number): boolean {
    return this.buffer.size + this.inFlight + events <= this.buffer.capacity;
  }

  private push(events: readonly BehaviourEvent[]): void {
    for (const event of events) {
      this.counts.recorded++;
      this.buffer.push({ ...event, at: event.at ?? this.now() });
    }
    if (this.buffer.size >= this.deps.options.batchSize) this.writeInBackground();
    this.timer ??= setInterval(() => {
      if (this.buffer.size) this.writeInBackground();
    }, this.deps.options.flushIntervalMs).unref();
  }

  /** Resolves once every event recorded before the call is written; throws when a write fails. */
  flush(): Promise<void> {
    const before = this.buffer.nextSequence;
    return this.serial(() => this.drain(before, FLUSH_ATTEMPTS));
  }

  /** Stops the timer and writes everything buffered, retrying; logs what could not be written. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const before = this.buffer.nextSequence;
    try {
      await this.serial(() => this.drain(before, CLOSE_ATTEMPTS));
    } catch (err) {
      this.deps.log.error('behaviour events lost at close', { lost: this.buffer.size, err });
    }
  }

  /** Writes what is buffered when the write starts; a failure waits for the next tick. */
  private writeInBackground(): void {
    if (this.busy) return;
    this.busy = true;
    this.serial(() => this.drain(this.buffer.nextSequence, 1))
      .catch((err) => this.warn('behaviour events not written yet, will retry', { buffered: this.buffer.size, err }))
      .finally(() => {
        this.busy = false;
      });
  }

  /** Runs writes one after another (a failed one does not stop the next). */
  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Writes every buffered event with a sequence number below `before`, in batches. */
  private async drain(before: number, attempts: number): Promise<void> {
    let failures = 0;
    while (this.buffer.hasBefore(before)) {
      const batch = this.buffer.take(this.deps.options.batchSize, before);
      let retry: Buffered<Stamped>[];
      this.inFlight += batch.length;
      try {
        retry = await this.write(batch);
      } catch (err) {
        this.inFlight -= batch.length;
        this.buffer.putBack(batch);
        if (++failures >= attempts) throw err;
        await delay(200 * failures);
        continue;
      }
      this.inFlight -= batch.length;
      if (retry.length) {
        this.buffer.putBack(retry);
        if (++failures >= attempts) throw new Error(`${retry.length} behaviour events could not be written (Elasticsearch busy)`);
        await delay(200 * failures);
      }
    }
  }

  /** One bulk write; returns the events to try again (429 and 5xx items). */
  private async write(batch: Buffered<Stamped>[]): Promise<Buffered<Stamped>[]> {
    const { es, names } = this.deps;
    this.ensured ??= ensureEventsIndex(es, names, this.deps.log, this.deps.layout).catch((err) => {
      this.ensured = undefined;
      throw err;
    });
    await this.ensured;
    const facts = await this.facts(batch.map((b) => b.event));
    await this.attribute(batch.map((b) => b.event));
    const experiments = await this.experiments();
    const operations: unknown[] = [];
    for (const { seq, event } of batch) {
      const doc = eventDocument(event, event.at, facts.get(event.market));
      // The same pure assignment as the storefront's, at the event's time: a click carries its search's variant.
      const tags = experiments.length
        ? variantTags(assignments(experiments, { market: doc.market, touchpoint: doc.touchpoint, customerKey: doc.customerKey, now: event.at }))
        : [];
      operations.push({ create: { _id: `${this.idPrefix}-${seq}` } }, tags.length ? { ...doc, experimentVariants: tags } : doc);
    }
    this.counts.bulkRequests++;
    let response: estypes.BulkResponse;
    try {
      response = await es.bulk({ index: names.events, require_alias: true, operations });
    } catch (err) {
      if (elasticsearchStatus(err) === 404) this.ensured = undefined;
      throw err;
    }
    if (!response.errors) {
      this.counts.written += batch.length;
      return [];
    }
    const retry: Buffered<Stamped>[] = [];
    let firstRejection: estypes.ErrorCause | undefined;
    response.items.forEach((item, i) => {
      const result = item.create;
      // A conflict is the event itself, written by an earlier attempt whose answer was lost.
      if (!result?.error || result.status === 409) {
        this.counts.written++;
        return;
      }
      const aliasGone = result.error.type === 'index_not_found_exception';
      if (aliasGone) this.ensured = undefined;
      if (aliasGone || result.status === 429 || result.status >= 500) retry.push(batch[i]);
      else {
        this.counts.rejected++;
        firstRejection ??= result.error;
      }
    });
    if (firstRejection)
      this.deps.log.error('behaviour events refused by Elasticsearch', {
        rejected: this.counts.rejected,
        type: firstRejection.type,
        reason: firstRejection.reason,
      });
    return retry;
  }

  /** The experiments, none when they cannot be read (the events are written without variants). */
  private async experiments(): Promise<readonly Experiment[]> {
    try {
      return (await this.deps.experiments?.()) ?? [];
    } catch (err) {
      this.warn('experiments unreadable: events written without their variants', { err });
      return [];
    }
  }

  /** Product facts per market for the batch; on a lookup failure the events are written without them. */
  private async facts(events: BehaviourEvent[]): Promise<Map<string, Map<string, ProductFacts>>> {
    const keysByMarket = new Map<string, Set<string>>();
    for (const e of events) {
      const keys = keysToEnrich(e);
      if (!keys.length) continue;
      const set = keysByMarket.get(e.market) ?? new Set<string>();
      for (const k of keys) set.add(k);
      keysByMarket.set(e.market, set);
    }
    const result = new Map<string, Map<string, ProductFacts>>();
    for (const [market, keys] of keysByMarket) {
      try {
        result.set(market, await this.deps.lookup.resolve(market, [...keys]));
      } catch (err) {
        this.warn('product facts lookup failed: events written without brand, category and price', { market, err });
      }
    }
    return result;
  }

  /** Stamps each event's query; on a lookup failure the events are written with their ticket's query id only. */
  private async attribute(events: Stamped[]): Promise<void> {
    if (!this.deps.attribution) return;
    try {
      await this.deps.attribution.attribute(events);
    } catch (err) {
      this.warn("query attribution failed: events written with the ticket's query id only", { err });
    }
  }

  /** Logs each kind of warning at most every WARN_EVERY_MS (with running totals), so a flood stays readable. */
  private warn(msg: string, fields: Record<string, unknown>): void {
    const t = Date.now();
    if (t - (this.lastWarn.get(msg) ?? 0) < WARN_EVERY_MS) return;
    this.lastWarn.set(msg, t);
    this.deps.log.warn(msg, fields);
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
