/**
 * The events index's rollover and retention against the real node (docs/behaviour.md "Rollover and retention"),
 * with BEHAVIOUR_HISTORY_DAYS 30 (rollover period 3 days) and a clock the test sets. An index's creation
 * time is the node's, so a rollover by age is asked for with the clock days ahead; event times are set
 * when they are recorded. The steps build on each other:
 *
 * 1. searches of 25 days ago go to `-000001`; it is rolled over at 3 days of age, not a few minutes before,
 *    and an empty write index is not rolled over;
 * 2. searches of 10 days ago fill `-000002` to a document cap of 3, which rolls it over the same day;
 * 3. a search of today goes to `-000003`; analytics over HTTP and the visitor's recent searches see all three;
 * 4. six days on, `-000001` (newest event 31 days old) is deleted with its events, the rest stay (and
 *    `-000003` is rolled over to `-000004`); 21 days on, `-000002` goes too;
 * 5. two services with different holders run the job side by side: one runs it, and rolls over once.
 */
import assert from 'node:assert/strict';
import { startService, jsonBody, type TestService } from './harness';
import { BehaviourService } from '../../src/behaviour/service';
import { behaviourIndexNames } from '../../src/search/indexNames';
import { eventsBackingIndices } from '../../src/search/indexRegistry';
import type { BehaviourEvent } from '../../src/events/events';
import type { Logger } from '../../src/kernel/log';

const DAY = 86_400_000;
const MINUTE = 60_000;
const HISTORY_DAYS = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('events rollover and retention (real node)', function () {
  let service: TestService;
  let names: ReturnType<typeof behaviourIndexNames>;
  const nth = (n: number) => `${names.events}-${String(n).padStart(6, '0')}`;
  const opened: BehaviourService[] = [];

  /** A behaviour service of this test's indices, as another process would build it, with its own clock and holder. */
  function maintainer(now: () => Date, options: { holder?: string; rolloverMaxDocs?: number; log?: Logger } = {}): BehaviourService {
    const { context } = service;
    const b = new BehaviourService({
      es: context.es,
      log: options.log ?? context.log,
      names,
      productsAlias: `${service.prefix}-catalog-products`,
      productsIndex: (locale) => `${service.prefix}-catalog-products-${locale.toLowerCase()}`,
      configuration: context.configuration,
      liveVersion: () => context.indices.liveVersion(),
      holder: options.holder ?? 'maintainer',
      options: {
        ...context.config.behaviour,
        historyDays: HISTORY_DAYS,
        ...(options.rolloverMaxDocs ? { eventsRolloverMaxDocs: options.rolloverMaxDocs } : {}),
      },
      now,
    });
    opened.push(b);
    return b;
  }
  const inDays = (days: number) => () => new Date(Date.now() + days * DAY);

  const searched = (phrase: string, daysAgo: number): BehaviourEvent => ({
    market: 'SE',
    locale: 'sv-SE',
    customerKey: 'visitor',
    sessionKey: `s-${phrase}`,
    type: 'search',
    phrase,
    totalHits: 4,
    queryId: `q-${phrase}-${Math.random().toString(36).slice(2)}`,
    at: new Date(Date.now() - daysAgo * DAY),
  });
  const record = async (...events: BehaviourEvent[]) => {
    for (const e of events) service.context.behaviour.record(e);
    await service.context.behaviour.flush();
    await service.context.es.indices.refresh({ index: names.events });
  };
  const backing = async () => (await eventsBackingIndices(service.context.es, names)).map((i) => `${i.index}${i.isWriteIndex ? ' (write)' : ''}`).sort();
  /** Events per backing index, read through the alias. */
  const eventsPerIndex = async () => {
    const res = await service.context.es.search({ index: names.events, size: 0, aggs: { i: { terms: { field: '_index' } } } });
    return Object.fromEntries((res.aggregations!.i as { buckets: { key: string; doc_count: number }[] }).buckets.map((b) => [b.key, b.doc_count]).sort());
  };
  /** Searches per phrase from search analytics over HTTP, 45 days back. */
  const searchesPerPhrase = async () => {
    const res = await service.admin('GET', `/api/admin/v4/analytics/searches?market=SE&from=${day(-45)}&to=${day(0)}`);
    assert.equal(res.status, 200, await res.clone().text());
    return Object.fromEntries(((await jsonBody(res)).phrases as { phrase: string; searches: number }[]).map((p) => [p.phrase, p.searches]).sort());
  };

  before(async () => {
    service = await startService();
    await service.configure();
    names = behaviourIndexNames(service.prefix);
  });
  after(async () => {
    await Promise.all(opened.map((b) => b.close()));
    await service?.close();
  });

  it('rolls the write index over once it is as old as the rollover period, not before, and never while empty', async () => {
    const empty = await maintainer(inDays(10)).maintainEvents();
    assert.equal(empty.rolledOver, undefined, 'an empty write index stays');
    await record(searched('early', 25), searched('early', 25));

    const early = await maintainer(() => new Date(Date.now() + 3 * DAY - 10 * MINUTE)).maintainEvents();
    assert.equal(early.rolledOver, undefined, 'ten minutes before the period');
    assert.deepEqual(await backing(), [`${nth(1)} (write)`]);

    const due = await maintainer(() => new Date(Date.now() + 3 * DAY + MINUTE)).maintainEvents();
    assert.deepEqual(due.rolledOver, { from: nth(1), to: nth(2), because: 'age' });
    assert.deepEqual(due.deleted, []);
    assert.deepEqual(await backing(), [nth(1), `${nth(2)} (write)`]);
    const again = await maintainer(() => new Date(Date.now() + 3 * DAY + MINUTE)).maintainEvents();
    assert.equal(again.rolledOver, undefined, 'the new write index is empty');
  });

  it('rolls a young write index over once it holds the document cap', async () => {
    await record(searched('middle', 10), searched('middle', 10));
    assert.equal((await maintainer(() => new Date(), { rolloverMaxDocs: 3 }).maintainEvents()).rolledOver, undefined, 'two events, cap three');
    await record(searched('middle', 10));
    const capped = await maintainer(() => new Date(), { rolloverMaxDocs: 3 }).maintainEvents();
    assert.deepEqual(capped.rolledOver, { from: nth(2), to: nth(3), because: 'docs' });
  });

  it('writes to the new index, and every reader of the alias sees the events of all backing indices', async () => {
    await record(searched('today', 0.01));
    assert.deepEqual(await eventsPerIndex(), { [nth(1)]: 2, [nth(2)]: 3, [nth(3)]: 1 });
    assert.deepEqual(await searchesPerPhrase(), { early: 2, middle: 3, today: 1 });
    assert.deepEqual(await service.context.behaviour.recentSearches({ market: 'SE', customerKey: 'visitor' }), ['today', 'middle', 'early']);
  });

  it('deletes a backing index whose newest event is older than the history, with its events, and keeps the others', async () => {
    const run = await maintainer(inDays(6)).maintainEvents();
    assert.deepEqual(run.deleted, [nth(1)]);
    assert.deepEqual(run.rolledOver, { from: nth(3), to: nth(4), because: 'age' });
    assert.equal(run.indices, 3);
    assert.deepEqual(await backing(), [nth(2), nth(3), `${nth(4)} (write)`]);
    assert.equal(await service.context.es.indices.exists({ index: nth(1) }), false);
    assert.deepEqual(await searchesPerPhrase(), { middle: 3, today: 1 });
    assert.deepEqual(await service.context.behaviour.recentSearches({ market: 'SE', customerKey: 'visitor' }), ['today', 'middle']);

    assert.deepEqual((await maintainer(inDays(19)).maintainEvents()).deleted, [], 'the middle events are 29 days old then');
    const later = await maintainer(inDays(21)).maintainEvents();
    assert.deepEqual(later.deleted, [nth(2)], 'and 31 days old two days later');
    assert.equal(later.rolledOver, undefined, 'the write index is empty');
    assert.deepEqual(await backing(), [nth(3), `${nth(4)} (write)`]);
    assert.deepEqual(await searchesPerPhrase(), { today: 1 });
  });

  it('runs in one process when two run the job side by side: one rollover, by the lease holder', async () => {
    const logs = new Map<string, string[]>();
    const spy = (holder: string): Logger => {
      logs.set(holder, []);
      const note = (msg: string) => logs.get(holder)!.push(msg);
      return { debug: note, info: note, warn: note, error: note };
    };
    await record(searched('side by side', 0));
    const [one, two] = ['one', 'two'].map((holder) => maintainer(inDays(4), { holder, log: spy(holder) }));
    one.startEventsMaintenanceJob(100);
    two.startEventsMaintenanceJob(100);
    try {
      for (let i = 0; i < 100 && !(await backing()).includes(`${nth(5)} (write)`); i++) await sleep(100);
      await sleep(800);
    } finally {
      await Promise.all([one.stopEventsMaintenanceJob(), two.stopEventsMaintenanceJob()]);
    }
    const count = (holder: string, msg: string) => logs.get(holder)!.filter((m) => m === msg).length;
    const runs = [count('one', 'events maintenance updated'), count('two', 'events maintenance updated')];
    assert.ok(
      runs.some((n) => n >= 2),
      `the holder ran on every tick: ${runs.join('+')}`,
    );
    assert.ok(runs.includes(0), `only one process ran the job: ${runs.join('+')}`);
    assert.equal(count('one', 'events rolled over') + count('two', 'events rolled over'), 1);
    assert.deepEqual(
      [...logs.values()].flat().filter((m) => /failed/.test(m)),
      [],
    );
    assert.deepEqual(await backing(), [nth(3), nth(4), `${nth(5)} (write)`]);
  });
});
