/**
 * The service's Prometheus metrics (GET /metrics, docs/operations.md), one registry per app: tests start
 * several apps in one process, and prom-client's global registry would refuse a second metric of a name.
 *
 * Pushed as things happen: HTTP requests, their Elasticsearch round trips and took, imports, cache reads
 * of the stores read per query. Pulled at scrape time: the behaviour event buffer (depth, dropped, refused).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SearchTiming } from '../search/timing';

/** What the behaviour event writer counts (src/behaviour/eventWriter.ts stats). */
export interface EventBufferStats {
  buffered: number;
  dropped: number;
  refused: number;
  capacity: number;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const IMPORT_SECONDS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly esRoundTrips: Counter<'route'>;
  private readonly esTook: Histogram<'route'>;
  private readonly imports: Counter<'kind' | 'outcome'>;
  private readonly importDuration: Histogram<'kind' | 'outcome'>;
  private readonly cacheReads: Counter<'cache' | 'result'>;

  constructor(eventBuffer: () => EventBufferStats) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'elevate_http_requests_total',
      help: 'HTTP requests answered, by method, route (the matched route pattern, "unmatched" for none) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'elevate_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until its handler is done; a streamed body may take longer to send).',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    });
    this.esRoundTrips = new Counter({
      name: 'elevate_elasticsearch_round_trips_total',
      help: 'Elasticsearch search round trips (_search, _msearch, _mget, _count) made while serving requests, by route.',
      labelNames: ['route'],
      registers,
    });
    this.esTook = new Histogram({
      name: 'elevate_elasticsearch_took_seconds',
      help: "Elasticsearch's own time (sum of took) per request that made search round trips, by route.",
      labelNames: ['route'],
      buckets: SECONDS,
      registers,
    });
    this.imports = new Counter({
      name: 'elevate_imports_total',
      help: 'Imports by kind (catalog, operations, configuration, navigation, ...) and outcome (success, failure, aborted, conflict: another import held the lock).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.importDuration = new Histogram({
      name: 'elevate_import_duration_seconds',
      help: 'Duration of imports that ran, by kind and outcome.',
      labelNames: ['kind', 'outcome'],
      buckets: IMPORT_SECONDS,
      registers,
    });
    this.cacheReads = new Counter({
      name: 'elevate_cache_reads_total',
      help: 'Reads of the in-process caches of what queries read every time (catalog view and facts, facets, labels, synonyms, templates, compounds, vocabulary, configuration, navigation, landing pages) while serving requests, by cache and result (hit, or miss: the reader waited for a load).',
      labelNames: ['cache', 'result'],
      registers,
    });
    new Gauge({
      name: 'elevate_behaviour_buffer_events',
      help: 'Behaviour events buffered, waiting to be written to Elasticsearch.',
      registers,
      collect() {
        this.set(eventBuffer().buffered);
      },
    });
    new Gauge({
      name: 'elevate_behaviour_buffer_capacity',
      help: 'Most behaviour events the buffer holds (BEHAVIOUR_MAX_BUFFERED).',
      registers,
      collect() {
        this.set(eventBuffer().capacity);
      },
    });
    monotonic(
      registers,
      'elevate_behaviour_events_dropped_total',
      'Behaviour events recorded by searches that were dropped because the buffer was full.',
      () => eventBuffer().dropped,
    );
    monotonic(
      registers,
      'elevate_notifications_refused_total',
      'Notifications refused with 503 because the behaviour event buffer was full.',
      () => eventBuffer().refused,
    );
  }

  /** One answered request; `timing` is its Elasticsearch search work. */
  request(method: string, route: string, status: number, seconds: number, timing: SearchTiming): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
    if (timing.roundTrips) {
      this.esRoundTrips.inc({ route }, timing.roundTrips);
      this.esTook.observe({ route }, timing.took / 1000);
    }
  }

  importFinished(kind: string, outcome: string, seconds?: number): void {
    this.imports.inc({ kind, outcome });
    if (seconds !== undefined) this.importDuration.observe({ kind, outcome }, seconds);
  }

  cacheRead(cache: string, hit: boolean): void {
    this.cacheReads.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A counter whose total is read from a running count at scrape time. */
function monotonic(registers: Registry[], name: string, help: string, total: () => number): void {
  let seen = 0;
  new Counter({
    name,
    help,
    registers,
    collect() {
      const now = total();
      if (now > seen) this.inc(now - seen);
      seen = Math.max(seen, now);
    },
  });
}
