/**
 * A/B experiments in Elasticsearch, one document per experiment. Storefront queries and the event writer read
 * them with `running()`: the process's snapshot, reloaded in the background once older than STORE_CACHE_MS
 * (outside the query's async context, so no query waits for it or counts it as a round trip of its own);
 * only the first read of a process waits. An import through this process reloads the snapshot before it
 * answers; other processes see it within STORE_CACHE_MS and one query.
 */
import { AsyncResource } from 'node:async_hooks';
import { sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import type { Experiment, ExperimentSet } from './experiments/types';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';

interface ExperimentDocument {
  id: string;
  experiment: Experiment;
  updatedAt: string;
}

export class ExperimentStore {
  private readonly cache: ShortCache<ExperimentSet>;

  private snapshot?: { set: ExperimentSet; at: number };
  private refreshing = false;
  /** Made with the store (at start-up, outside any request): background reloads run in its async context. */
  private readonly detached = new AsyncResource('ExperimentStore');

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly bulk: BulkOptions,
    private readonly cacheMs: number,
    private readonly onRefreshFailed?: (err: unknown) => void,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'experiments', background: untimed });
  }

  /** What queries read: the snapshot (reloaded behind them when old); the first call of a process waits for it. */
  async running(): Promise<ExperimentSet> {
    const snapshot = this.snapshot;
    if (!snapshot) return this.all();
    if (Date.now() - snapshot.at >= this.cacheMs && !this.refreshing) {
      this.refreshing = true;
      this.detached.runInAsyncScope(() => {
        this.all(true)
          .catch((err: unknown) => this.onRefreshFailed?.(err))
          .finally(() => {
            this.refreshing = false;
          });
      });
    }
    return snapshot.set;
  }

  /** Every experiment, by id; `fresh` bypasses the cache. */
  all(fresh = false): Promise<ExperimentSet> {
    return this.cache.get(fresh);
  }

  /** PUT: the experiments in `next` are all there are. */
  async replace(next: ExperimentSet): Promise<void> {
    const current = await this.all(true);
    const keep = new Set(next.experiments.map((e) => e.id));
    await this.save(
      next.experiments,
      current.experiments.map((e) => e.id).filter((id) => !keep.has(id)),
    );
  }

  /** POST: the experiments in `next` are added or replace those of the same id. */
  async upsert(next: ExperimentSet): Promise<void> {
    await this.save(next.experiments, []);
  }

  private async save(experiments: Experiment[], deleted: string[]): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await writeChange(
      this.documents,
      this.index,
      {
        index: experiments.map((experiment) => ({ id: experiment.id, document: { id: experiment.id, experiment, updatedAt } satisfies ExperimentDocument })),
        delete: deleted,
      },
      this.bulk,
    );
    this.cache.clear();
    await this.all(true);
  }

  private async read(): Promise<ExperimentSet> {
    const experiments: Experiment[] = [];
    for await (const doc of sourcesOf<ExperimentDocument>(this.documents, this.index, { match_all: {} }, [{ id: 'asc' }])) experiments.push(doc.experiment);
    this.snapshot = { set: { experiments }, at: Date.now() };
    return { experiments };
  }
}
