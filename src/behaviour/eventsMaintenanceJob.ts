/**
 * The events maintenance job: keeps `<prefix>-events` a size Kibana and the behaviour questions can live with.
 * Each run reads the indices behind the events alias (creation time, events, newest event), decides with
 * src/events/retention.ts, rolls the write index over when due and deletes the backing indices whose newest
 * event is older than BEHAVIOUR_HISTORY_DAYS. Every decision is taken from the state in Elasticsearch, not
 * from memory, so a run after a restart or on another process picks up where the last one left off.
 *
 * Only the holder of the `events-maintenance` lease runs it periodically (periodicJob.ts), so several API
 * processes can run side by side; a rollover names its new index, so even two runs at once roll over once.
 */
import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import type { BehaviourIndexNames } from '../search/indexNames';
import { eventsBackingIndices, rolloverEvents } from '../search/indexRegistry';
import type { IndexLayout } from '../search/mappings';
import {
  eventsPerIndexSearch,
  planEventsMaintenance,
  readEventsPerIndex,
  type EventsIndexFacts,
  type EventsMaintenancePlan,
  type EventsRetention,
} from '../events/retention';
import type { Lease } from './lease';
import { LeasedJob } from './periodicJob';

export interface EventsMaintenanceJobDeps {
  es: Client;
  log: Logger;
  names: Pick<BehaviourIndexNames, 'events'>;
  lease: Lease;
  retention: EventsRetention;
  /** Shards and replicas of the new index of a rollover. */
  layout?: IndexLayout;
  now?: () => Date;
}

export interface EventsMaintenanceRun {
  /** The write index before and after, when this run rolled it over. */
  rolledOver?: { from: string; to: string; because: 'age' | 'docs' };
  /** Backing indices deleted, with their events. */
  deleted: string[];
  /** Backing indices behind the alias after the run. */
  indices: number;
  tookMs: number;
}

export class EventsMaintenanceJob extends LeasedJob<EventsMaintenanceRun> {
  constructor(private readonly deps: EventsMaintenanceJobDeps) {
    super('events maintenance', deps);
  }

  /** One rollover check and clean-up; callable directly (tests, admin). */
  async run(): Promise<EventsMaintenanceRun> {
    const started = Date.now();
    const { es, names } = this.deps;
    const indices = await this.facts();
    const plan: EventsMaintenancePlan = planEventsMaintenance(names.events, indices, this.now(), this.deps.retention);
    let rolledOver: EventsMaintenanceRun['rolledOver'];
    if (plan.rollover && (await rolloverEvents(es, names, plan.rollover.to, this.deps.log, this.deps.layout))) rolledOver = plan.rollover;
    if (plan.delete.length) {
      await es.indices.delete({ index: plan.delete.join(','), ignore_unavailable: true });
      this.deps.log.info('events older than the history deleted with their indices', { indices: plan.delete, historyDays: this.deps.retention.historyDays });
    }
    return {
      ...(rolledOver ? { rolledOver } : {}),
      deleted: plan.delete,
      indices: indices.length + (rolledOver ? 1 : 0) - plan.delete.length,
      tookMs: Date.now() - started,
    };
  }

  /** The backing indices with their events and newest event (events of the last refresh interval may be missing: they are new). */
  private async facts(): Promise<EventsIndexFacts[]> {
    const { es, names } = this.deps;
    const backing = await eventsBackingIndices(es, names);
    if (!backing.length) return [];
    const events = readEventsPerIndex(await es.search(eventsPerIndexSearch(names.events, backing.length)));
    return backing.map((i) => ({ ...i, docs: 0, ...events.get(i.index) }));
  }
}
