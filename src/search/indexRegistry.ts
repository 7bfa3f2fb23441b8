/**
 * Every index and alias of the service: its name (indexNames.ts), its mapping file in mappings/ and how it
 * lives. One start-up step (prepareIndices) creates what is missing and waits until every shard can answer,
 * so a job starting a moment later never meets `no_shard_available_action_exception`.
 *
 * | Lifecycle | Indices | Created by |
 * |---|---|---|
 * | single: one index, documents amended in place | configuration, import jobs and lock, navigation, pages, templates, facets, labels, synonyms, phrase rules, experiments, history, vocabulary, compounds, embeddings, judgments, popularity, behaviour leases | prepareIndices |
 * | rollover: a write alias over `-000001`, `-000002`, ... | events | prepareIndices (the event writer again if the alias is deleted while running); rolled over and its old indices deleted by the events maintenance job (src/events/retention.ts) |
 * | versioned: an alias over `-v<stamp>` indices, a whole new one published per run | catalog products, content, entities; co-occurrence | catalogIndices.ts (each full import), the co-occurrence job |
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import type { BehaviourIndexNames, CatalogPart, IndexNames } from './indexNames';
import { elasticsearchErrorType } from './errors';
import {
  detectAnalysisLevel,
  indexDefinition,
  layoutSettings,
  plainIndexDefinition,
  SINGLE_NODE_LAYOUT,
  type AnalysisLevel,
  type IndexLayout,
} from './mappings';

/** Text analysis an index gets: none (keywords and numbers), the core variant, or the best the cluster has. */
type Analysis = 'none' | 'core' | 'cluster';

interface ManagedIndex {
  /** The concrete index; of a rollover index, the first one, which the alias is created over. */
  index(names: IndexNames): string;
  /** The alias in front of it (rollover). */
  alias?(names: IndexNames): string;
  mapping: string;
  analysis: Analysis;
}

const single = (name: (n: IndexNames) => string, mapping: string, analysis: Analysis = 'none'): ManagedIndex => ({ index: name, mapping, analysis });

/** The indices prepareIndices makes: single and rollover ones. */
export const MANAGED_INDICES = {
  configuration: single((n) => n.configuration, 'configuration.json'),
  importJobs: single((n) => n.importJobs, 'import-jobs.json'),
  importLock: single((n) => n.importLock, 'import-lock.json'),
  navigation: single((n) => n.navigation, 'navigation.json', 'core'),
  pages: single((n) => n.pages, 'pages.json', 'core'),
  templates: single((n) => n.templates, 'templates.json', 'core'),
  facets: single((n) => n.facets, 'facets.json', 'core'),
  labels: single((n) => n.labels, 'labels.json'),
  synonyms: single((n) => n.synonyms, 'synonyms.json'),
  phraseRules: single((n) => n.phraseRules, 'phrase-rules.json'),
  experiments: single((n) => n.experiments, 'experiments.json'),
  history: single((n) => n.history, 'history.json'),
  vocabulary: single((n) => n.vocabulary, 'vocabulary.json'),
  compounds: single((n) => n.compounds, 'compounds.json'),
  embeddings: single((n) => n.embeddings, 'embeddings.json'),
  judgments: single((n) => n.judgments, 'judgments.json'),
  popularity: single((n) => n.popularity, 'popularity.json'),
  leases: single((n) => n.leases, 'behaviour-leases.json'),
  events: { index: (n: BehaviourIndexNames) => n.firstEventsIndex, alias: (n: BehaviourIndexNames) => n.events, mapping: 'events.json', analysis: 'cluster' },
} satisfies Record<string, ManagedIndex>;

export type ManagedIndexKey = keyof typeof MANAGED_INDICES;

/** Mapping files of the versioned indices, which their own procedures create per version. */
export const VERSIONED_MAPPINGS: Readonly<Record<CatalogPart | 'coOccurrence', string>> = {
  products: 'catalog-products.json',
  content: 'catalog-content.json',
  entities: 'catalog-entities.json',
  coOccurrence: 'co-occurrence.json',
};

/**
 * Creates every managed index that is missing with the shards and replicas of `layout`, sets the replicas of
 * those that existed with another count (INDEX_REPLICAS changed), then waits until all of them can answer.
 * An index that already exists (a deployment of an earlier version) also gets the fields its mapping file has
 * gained since: mappings only grow, so the update is additive; one Elasticsearch refuses (a changed field) is
 * logged and the index is left as it is.
 */
export async function prepareIndices(es: Client, names: IndexNames, log: Logger, layout: IndexLayout = SINGLE_NODE_LAYOUT): Promise<void> {
  const keys = Object.keys(MANAGED_INDICES) as ManagedIndexKey[];
  const analysis = await detectAnalysisLevel(es);
  const outcomes = await Promise.all(keys.map((key) => createIfMissing<IndexNames>(es, names, MANAGED_INDICES[key], analysis, log, 0, layout)));
  const existed = keys
    .filter((_, i) => outcomes[i] === 'existed')
    .map((key) => {
      const spec: ManagedIndex = MANAGED_INDICES[key];
      return spec.alias?.(names) ?? spec.index(names);
    });
  if (existed.length) await applyReplicas(es, existed, layout.replicas, log);
  await waitUsable(es, (await Promise.all(keys.map((key) => concreteIndices(es, names, MANAGED_INDICES[key])))).flat());
  await Promise.all(keys.filter((_, i) => outcomes[i] === 'existed').map((key) => addNewFields(es, names, MANAGED_INDICES[key], analysis, log)));
}

/** Puts the mapping file's fields on an existing index (through its alias for rollover indices). */
async function addNewFields(es: Client, names: IndexNames, spec: ManagedIndex, clusterAnalysis: AnalysisLevel, log: Logger): Promise<void> {
  const target = spec.alias?.(names) ?? spec.index(names);
  const { mappings } = definition(spec, clusterAnalysis);
  if (!mappings) return;
  try {
    await es.indices.putMapping({ index: target, ...mappings });
  } catch (err) {
    log.warn('existing index keeps its mapping: the mapping file does not apply to it', { index: target, err });
  }
}

/** Sets number_of_replicas of `indices` (names or aliases) where it differs: a dynamic setting, no reindexing. */
async function applyReplicas(es: Client, indices: string[], replicas: number, log: Logger): Promise<void> {
  const settings = await es.indices.getSettings({
    index: indices.join(','),
    name: 'index.number_of_replicas',
    ignore_unavailable: true,
    allow_no_indices: true,
  });
  const differ = Object.entries(settings)
    .filter(([, s]) => Number(s.settings?.index?.number_of_replicas ?? -1) !== replicas)
    .map(([index]) => index);
  if (!differ.length) return;
  await es.indices.putSettings({ index: differ.join(','), settings: { number_of_replicas: replicas } });
  log.info('replicas changed', { indices: differ, replicas });
}

/**
 * The events alias made again when it has gone while running (the event writer calls this when a write
 * finds no alias). Waits for the shards only when another process is creating it at the same moment: a
 * create of our own returns once the primary shard has started.
 */
export async function ensureEventsIndex(es: Client, names: BehaviourIndexNames, log: Logger, layout: IndexLayout = SINGLE_NODE_LAYOUT): Promise<void> {
  const outcome = await createIfMissing(es, names, MANAGED_INDICES.events, await detectAnalysisLevel(es), log, 1, layout);
  if (outcome === 'raced') await waitUsable(es, await concreteIndices(es, names, MANAGED_INDICES.events));
}

/** One index behind the events alias. */
export interface EventsBackingIndex {
  index: string;
  isWriteIndex: boolean;
  createdAt: Date;
}

/** The indices behind the events alias, with their creation time; none when the alias does not exist. */
export async function eventsBackingIndices(es: Client, names: Pick<BehaviourIndexNames, 'events'>): Promise<EventsBackingIndex[]> {
  const res = await es.indices.get({
    index: names.events,
    ignore_unavailable: true,
    allow_no_indices: true,
    filter_path: ['*.aliases', '*.settings.index.creation_date'],
  });
  return Object.entries(res).map(([index, state]) => ({
    index,
    isWriteIndex: state.aliases?.[names.events]?.is_write_index === true,
    createdAt: new Date(Number(state.settings?.index?.creation_date)),
  }));
}

/**
 * Rolls the events alias over to `newIndex`, made from mappings/events.json with the settings the first index
 * got (no index template: the definition stays in the mapping file, as for every other index). The old index
 * stays behind the alias for reading. False when `newIndex` exists already: another run rolled over from the
 * same write index.
 */
export async function rolloverEvents(
  es: Client,
  names: Pick<BehaviourIndexNames, 'events'>,
  newIndex: string,
  log: Logger,
  layout: IndexLayout = SINGLE_NODE_LAYOUT,
): Promise<boolean> {
  const def = definition(MANAGED_INDICES.events, await detectAnalysisLevel(es));
  try {
    const res = await es.indices.rollover({
      alias: names.events,
      new_index: newIndex,
      settings: { ...def.settings, ...layoutSettings(layout) },
      mappings: def.mappings,
    });
    log.info('events rolled over', { from: res.old_index, to: res.new_index });
    return res.rolled_over;
  } catch (err) {
    if (elasticsearchErrorType(err) === 'resource_already_exists_exception') return false;
    throw err;
  }
}

/** The concrete indices of a managed index: its own name, or every index behind its alias (several after a rollover). */
async function concreteIndices<N>(es: Client, names: N, spec: { index(n: N): string; alias?(n: N): string }): Promise<string[]> {
  const alias = spec.alias?.(names);
  if (!alias) return [spec.index(names)];
  const found = Object.keys(await es.indices.get({ index: alias, ignore_unavailable: true, allow_no_indices: true, filter_path: ['*.settings.index.uuid'] }));
  return found.length ? found : [spec.index(names)];
}

type CreateOutcome = 'existed' | 'created' | 'raced';

/** `waitForShards` 0 returns once the index exists (the caller waits for all at once), 1 once its primary started. */
async function createIfMissing<N>(
  es: Client,
  names: N,
  spec: { index(n: N): string; alias?(n: N): string; mapping: string; analysis: Analysis },
  clusterAnalysis: AnalysisLevel,
  log: Logger,
  waitForShards: 0 | 1,
  layout: IndexLayout,
): Promise<CreateOutcome> {
  const index = spec.index(names);
  const alias = spec.alias?.(names);
  if (alias ? await es.indices.existsAlias({ name: alias }) : await es.indices.exists({ index })) return 'existed';
  try {
    const def = definition(spec, clusterAnalysis);
    const res = await es.indices.create({
      ...def,
      settings: { ...def.settings, ...layoutSettings(layout) },
      index,
      ...(alias ? { aliases: { [alias]: { is_write_index: true } } } : {}),
      wait_for_active_shards: waitForShards,
    });
    log.info('created index', { index, ...(alias ? { alias } : {}) });
    return res.shards_acknowledged === false ? 'raced' : 'created';
  } catch (err) {
    // Another process is making it: its shards may not be started yet.
    if (elasticsearchErrorType(err) !== 'resource_already_exists_exception') throw err;
    return 'raced';
  }
}

function definition(
  spec: Pick<ManagedIndex, 'mapping' | 'analysis'>,
  clusterAnalysis: AnalysisLevel,
): Pick<estypes.IndicesCreateRequest, 'settings' | 'mappings'> {
  if (spec.analysis === 'none') return plainIndexDefinition(spec.mapping);
  const { settings, mappings } = indexDefinition(spec.mapping, spec.analysis === 'core' ? 'core' : clusterAnalysis);
  return { settings, mappings };
}

/**
 * Until every primary shard of `indices` is active. Cluster health's `yellow` is not enough: Elasticsearch
 * reports a new index whose primaries are still unassigned or initializing as yellow, and a read then fails
 * with `no_shard_available_action_exception`. Replicas are not waited for (a single node has none to give).
 */
async function waitUsable(es: Client, indices: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await es.cluster.health({ index: indices, level: 'indices' });
    const waiting = indices.filter((index) => {
      const h = health.indices?.[index];
      return !h || h.active_primary_shards < h.number_of_shards;
    });
    if (!waiting.length) return;
    if (Date.now() > deadline) throw new Error(`Indices not ready after ${timeoutMs / 1000} s: ${waiting.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
