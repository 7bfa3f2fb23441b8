/**
 * The event writer's policies with a scripted stand-in for the Elasticsearch client: batching, the
 * bounded buffer (full: new events turned away), retry after failures, items refused for good, close(). The real
 * cluster is exercised in test/http/behaviour.test.ts.
 */
import assert from 'node:assert/strict';
import type { Client } from '@elastic/elasticsearch';
import { EventWriter } from '../../src/behaviour/eventWriter';
import { behaviourIndexNames } from '../../src/search/indexNames';
import { ProductLookup } from '../../src/events/productLookup';
import type { BehaviourEvent, EventDocument } from '../../src/events/events';
import type { Logger } from '../../src/kernel/log';

type ItemOutcome = { status: number; error?: { type: string; reason: string } };

/** Answers what the writer asks; `failRequests` makes the next bulk requests throw, `outcomes` scripts item results. */
class ScriptedElasticsearch {
  bulks: EventDocument[][] = [];
  failRequests = 0;
  outcomes: ItemOutcome[] = [];
  aliasExists = true;
  /** When set, bulk requests wait for it (a write in flight). */
  hold?: Promise<void>;
  created: string[] = [];
  indices = {
    existsAlias: async () => this.aliasExists,
    analyze: async () => ({}),
    create: async (req: { index: string }) => {
      this.created.push(req.index);
      this.aliasExists = true;
      return {};
    },
  };
  async search() {
    return { hits: { hits: [] } };
  }
  async bulk(req: { index: string; require_alias: boolean; operations: unknown[] }) {
    assert.equal(req.require_alias, true);
    await this.hold;
    if (this.failRequests > 0) {
      this.failRequests--;
      throw Object.assign(new Error('cluster down'), { name: 'ConnectionError' });
    }
    const docs = req.operations.filter((_, i) => i % 2 === 1) as EventDocument[];
    const items = docs.map(() => ({ create: this.outcomes.shift() ?? { status: 201 } }));
    const accepted = docs.filter((_, i) => !items[i].create.error);
    this.bulks.push(accepted);
    return { errors: items.some((i) => i.create.error), items };
  }
  get written(): string[] {
    return this.bulks.flat().map((d) => d.phrase as string);
  }
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const search = (n: number): BehaviourEvent => ({ market: 'SE', customerKey: 'c', sessionKey: 's', type: 'search', phrase: `p${n}`, totalHits: 1 });

function writer(es: ScriptedElasticsearch, options: Partial<{ flushIntervalMs: number; batchSize: number; maxBuffered: number }> = {}) {
  const client = es as unknown as Client;
  return new EventWriter({
    es: client,
    log: silent,
    names: behaviourIndexNames('t'),
    lookup: new ProductLookup(client, 't-products'),
    options: { flushIntervalMs: 60_000, batchSize: 100, maxBuffered: 1000, ...options },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('behaviour event writer', () => {
  it('records without touching Elasticsearch, then flush writes everything in batches of batchSize', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { batchSize: 2 });
    for (let i = 0; i < 5; i++) w.record(search(i));
    assert.equal(es.bulks.length, 0);
    await w.flush();
    assert.deepEqual(es.written, ['p0', 'p1', 'p2', 'p3', 'p4']);
    assert.ok(es.bulks.every((b) => b.length <= 2));
    assert.deepEqual(w.stats, {
      recorded: 5,
      written: 5,
      rejected: 0,
      afterClose: 0,
      bulkRequests: es.bulks.length,
      dropped: 0,
      refused: 0,
      buffered: 0,
      capacity: 1000,
    });
    await w.close();
  });

  it('writes a burst far above batchSize in full batches, not one request per event', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { batchSize: 10 });
    for (let i = 0; i < 100; i++) w.record(search(i));
    await w.flush();
    assert.equal(es.written.length, 100);
    assert.deepEqual(es.written.slice(0, 3), ['p0', 'p1', 'p2']);
    assert.ok(es.bulks.length <= 11, `${es.bulks.length} bulk requests`);
    await w.close();
  });

  it('creates the events alias before the first write when it is missing', async () => {
    const es = new ScriptedElasticsearch();
    es.aliasExists = false;
    const w = writer(es);
    w.record(search(1));
    await w.close();
    assert.deepEqual(es.created, ['t-events-000001']);
    assert.deepEqual(es.written, ['p1']);
  });

  it('starts a write on its own once batchSize events wait, and on the timer', async () => {
    const es = new ScriptedElasticsearch();
    const byCount = writer(es, { batchSize: 3 });
    for (let i = 0; i < 3; i++) byCount.record(search(i));
    await sleep(50);
    assert.deepEqual(es.written, ['p0', 'p1', 'p2']);
    await byCount.close();

    const timed = new ScriptedElasticsearch();
    const byTime = writer(timed, { flushIntervalMs: 20 });
    byTime.record(search(9));
    await sleep(120);
    assert.deepEqual(timed.written, ['p9']);
    await byTime.close();
  });

  it('keeps events after a failed write and writes them on the next flush, in order', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es);
    w.record(search(1));
    w.record(search(2));
    es.failRequests = 3;
    await assert.rejects(w.flush(), /cluster down/);
    assert.equal(w.stats.buffered, 2);
    w.record(search(3));
    await w.flush();
    assert.deepEqual(es.written, ['p1', 'p2', 'p3']);
    await w.close();
  });

  it('keeps what is buffered when full: new events of searches are dropped and counted', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { maxBuffered: 100 });
    for (let i = 0; i < 105; i++) w.record(search(i));
    assert.equal(w.stats.dropped, 5);
    await w.flush();
    assert.equal(es.written.length, 100);
    assert.equal(es.written[0], 'p0');
    assert.equal(es.written[99], 'p99');
    await w.close();
  });

  it('accepts the events of a notification all or none, refusing (counted) when the buffer has no room for them all', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { maxBuffered: 100 });
    for (let i = 0; i < 98; i++) assert.equal(w.accept([search(i)]), true);
    assert.equal(w.accept([search(98), search(99), search(100)]), false);
    assert.equal(w.accept([search(98), search(99)]), true);
    assert.equal(w.accept([search(100)]), false);
    w.record(search(101));
    assert.deepEqual([w.stats.refused, w.stats.dropped, w.stats.buffered], [2, 1, 100]);
    await w.flush();
    assert.equal(es.written.length, 100);
    assert.equal(es.written[99], 'p99');
    await w.close();
  });

  it('counts the events of a write in flight in the bound, so a failed write puts them back without dropping any', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { maxBuffered: 100, batchSize: 100 });
    for (let i = 0; i < 60; i++) assert.equal(w.accept([search(i)]), true);
    es.failRequests = 1;
    let release = () => {};
    es.hold = new Promise((resolve) => {
      release = resolve;
    });
    const flushed = w.flush();
    await sleep(10);
    // The 60 are taken by the write in flight, which will fail: 40 more fit, not 100.
    let accepted = 0;
    for (let i = 60; i < 200; i++) if (w.accept([search(i)])) accepted++;
    release();
    await flushed;
    assert.equal(accepted, 40);
    assert.equal(w.stats.dropped, 0);
    await w.flush();
    assert.equal(es.written.length, 100);
    await w.close();
  });

  it('retries items answered 429 and counts items refused for good', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es);
    es.outcomes = [
      { status: 201 },
      { status: 429, error: { type: 'es_rejected_execution_exception', reason: 'busy' } },
      { status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad' } },
    ];
    for (let i = 0; i < 3; i++) w.record(search(i));
    await w.flush();
    assert.deepEqual(es.written, ['p0', 'p1']);
    assert.equal(w.stats.rejected, 1);
    assert.equal(w.stats.written, 2);
    await w.close();
  });

  it('close() writes everything buffered (retrying a failure) and nothing recorded after it', async () => {
    const es = new ScriptedElasticsearch();
    const w = writer(es, { batchSize: 1000 });
    for (let i = 0; i < 250; i++) w.record(search(i));
    es.failRequests = 2;
    await w.close();
    assert.equal(es.written.length, 250);
    w.record(search(999));
    await w.flush();
    assert.equal(es.written.length, 250);
    assert.equal(w.stats.afterClose, 1);
  });
});
