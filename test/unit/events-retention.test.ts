/**
 * The events index's rollover and retention decisions as pure code: the rollover period from the history,
 * when the write index is rolled over (age, event count, never empty), which backing indices are deleted
 * (newest event older than the history, never the write index), the next index's name, and the reading of
 * the per-index search, and the two settings. The real node is exercised in test/http/events-retention.test.ts.
 */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { loadConfig } from '../../src/kernel/config';
import {
  eventsPerIndexSearch,
  nextEventsIndex,
  planEventsMaintenance,
  readEventsPerIndex,
  rolloverPeriodDays,
  type EventsIndexFacts,
} from '../../src/events/retention';

const DAY = 86_400_000;
const now = new Date('2026-11-20T12:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const retention = { historyDays: 30, rolloverMaxDocs: 1000 };
const alias = 'p-events';

function index(n: number, facts: Partial<EventsIndexFacts> = {}): EventsIndexFacts {
  return { index: `${alias}-${String(n).padStart(6, '0')}`, isWriteIndex: false, createdAt: ago(100 - n), docs: 10, newestEventAt: ago(1), ...facts };
}

describe('events rollover and retention (decisions)', () => {
  it('rolls over after a tenth of the history, at least a day', () => {
    assert.equal(rolloverPeriodDays(90), 9);
    assert.equal(rolloverPeriodDays(30), 3);
    assert.equal(rolloverPeriodDays(10), 1);
    assert.equal(rolloverPeriodDays(5), 1);
    assert.equal(rolloverPeriodDays(1), 1);
  });

  it('rolls the write index over once it is as old as the period, not a minute before', () => {
    const young = planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: new Date(ago(3).getTime() + 60_000) })], now, retention);
    assert.equal(young.rollover, undefined);
    const due = planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: ago(3) })], now, retention);
    assert.deepEqual(due.rollover, { from: 'p-events-000001', to: 'p-events-000002', because: 'age' });
  });

  it('rolls a young write index over once it holds the most events, and never an empty one', () => {
    assert.deepEqual(planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: ago(0.1), docs: 1000 })], now, retention).rollover, {
      from: 'p-events-000001',
      to: 'p-events-000002',
      because: 'docs',
    });
    assert.equal(planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: ago(0.1), docs: 999 })], now, retention).rollover, undefined);
    assert.equal(
      planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: ago(365), docs: 0, newestEventAt: undefined })], now, retention).rollover,
      undefined,
    );
  });

  it('deletes backing indices whose newest event is older than the history, oldest first, and keeps the others', () => {
    const plan = planEventsMaintenance(
      alias,
      [
        index(4, { isWriteIndex: true, createdAt: ago(1), newestEventAt: ago(0) }),
        index(2, { createdAt: ago(35), newestEventAt: ago(30.01) }),
        index(3, { createdAt: ago(33), newestEventAt: ago(29.99) }),
        index(1, { createdAt: ago(40), newestEventAt: ago(36) }),
      ],
      now,
      retention,
    );
    assert.deepEqual(plan.delete, ['p-events-000001', 'p-events-000002']);
    assert.equal(plan.rollover, undefined);
  });

  it('never deletes the write index, however old its events', () => {
    const plan = planEventsMaintenance(alias, [index(1, { isWriteIndex: true, createdAt: ago(200), newestEventAt: ago(150) })], now, retention);
    assert.deepEqual(plan.delete, []);
    assert.deepEqual(plan.rollover, { from: 'p-events-000001', to: 'p-events-000002', because: 'age' });
  });

  it('judges an index without events by its creation time', () => {
    const plan = planEventsMaintenance(
      alias,
      [
        index(1, { docs: 0, newestEventAt: undefined, createdAt: ago(31) }),
        index(2, { docs: 0, newestEventAt: undefined, createdAt: ago(29) }),
        index(3, { isWriteIndex: true, createdAt: ago(0) }),
      ],
      now,
      retention,
    );
    assert.deepEqual(plan.delete, ['p-events-000001']);
  });

  it('names the next index one past the highest in use, whatever the order and gaps', () => {
    assert.equal(nextEventsIndex(alias, ['p-events-000001']), 'p-events-000002');
    assert.equal(nextEventsIndex(alias, ['p-events-000009', 'p-events-000012', 'p-events-000010']), 'p-events-000013');
    assert.equal(nextEventsIndex(alias, ['p-events-999999']), 'p-events-1000000');
    assert.equal(nextEventsIndex(alias, ['p-events-events-000007', 'p-events-000003']), 'p-events-000004', "another prefix's index is not ours");
    assert.equal(nextEventsIndex(alias, []), 'p-events-000002');
  });

  it('asks for the events and the newest event of every backing index, and reads the answer', () => {
    const request = eventsPerIndexSearch(alias, 3);
    assert.equal(request.index, alias);
    assert.deepEqual(request.aggs, { indices: { terms: { field: '_index', size: 3 }, aggs: { newest: { max: { field: '@timestamp' } } } } });
    const response = {
      aggregations: {
        indices: {
          buckets: [
            { key: 'p-events-000001', doc_count: 7, newest: { value: ago(2).getTime() } },
            { key: 'p-events-000002', doc_count: 3, newest: { value: null } },
          ],
        },
      },
    } as unknown as estypes.SearchResponse<unknown>;
    assert.deepEqual(
      [...readEventsPerIndex(response)],
      [
        ['p-events-000001', { docs: 7, newestEventAt: ago(2) }],
        ['p-events-000002', { docs: 3 }],
      ],
    );
    assert.equal(readEventsPerIndex({} as estypes.SearchResponse<unknown>).size, 0);
  });

  it('reads its settings: hourly and 50 million events by default, 0 turns the job off, a cap below 1,000 is refused', () => {
    const defaults = loadConfig({ ADMIN_API_KEY: 'k' }).behaviour;
    assert.deepEqual([defaults.eventsMaintenanceIntervalMs, defaults.eventsRolloverMaxDocs], [3_600_000, 50_000_000]);
    const set = loadConfig({ ADMIN_API_KEY: 'k', EVENTS_MAINTENANCE_INTERVAL_SECONDS: '0', EVENTS_ROLLOVER_MAX_DOCS: '2000' }).behaviour;
    assert.deepEqual([set.eventsMaintenanceIntervalMs, set.eventsRolloverMaxDocs], [0, 2000]);
    assert.throws(() => loadConfig({ ADMIN_API_KEY: 'k', EVENTS_ROLLOVER_MAX_DOCS: '10' }), /EVENTS_ROLLOVER_MAX_DOCS/);
    assert.throws(() => loadConfig({ ADMIN_API_KEY: 'k', EVENTS_MAINTENANCE_INTERVAL_SECONDS: '-1' }), /EVENTS_MAINTENANCE_INTERVAL_SECONDS/);
  });
});
