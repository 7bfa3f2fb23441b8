/**
 * The events index: append-only, written and read through the alias `<prefix>-events`, which starts on
 * `<prefix>-events-000001` as its write index. The server here has no data-stream or ILM module, so the
 * alias is what keeps the door open to rolling over by hand later (`POST <prefix>-events/_rollover` with
 * the mapping of mappings/events.json in the body) without changing a reader or the writer.
 */
import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import { detectAnalysisLevel, indexDefinition } from '../search/mappings';

export interface BehaviourIndexNames {
  /** Alias every read and write goes through. */
  events: string;
  /** First concrete index behind the alias. */
  firstEventsIndex: string;
  /** Popularity per market|productKey, the last computed score (kept across catalog imports). */
  popularity: string;
  /** Lease documents (one process runs each periodic job). */
  leases: string;
  /** Alias of the live co-occurrence index (what is bought together, written by the co-occurrence job). */
  coOccurrence: string;
}

export function behaviourIndexNames(prefix: string): BehaviourIndexNames {
  return {
    events: `${prefix}-events`,
    firstEventsIndex: `${prefix}-events-000001`,
    popularity: `${prefix}-popularity`,
    leases: `${prefix}-behaviour-leases`,
    coOccurrence: `${prefix}-co-occurrence`,
  };
}

/** Creates the events alias and its first index from mappings/events.json when the alias does not exist yet. */
export async function ensureEventsIndex(es: Client, names: BehaviourIndexNames, log: Logger): Promise<void> {
  if (await es.indices.existsAlias({ name: names.events })) return;
  const def = indexDefinition('events.json', await detectAnalysisLevel(es));
  try {
    await es.indices.create({ ...def, index: names.firstEventsIndex, aliases: { [names.events]: { is_write_index: true } } });
    log.info('created events index', { index: names.firstEventsIndex, alias: names.events });
  } catch (err) {
    // Another process made it first.
    if ((err as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type !== 'resource_already_exists_exception') throw err;
  }
}
