/**
 * A/B experiments in Elasticsearch, one document per experiment. The storefront and notifications read them
 * through a short cache (STORE_CACHE_MS), as every merchandising resource is read, so assigning a visitor costs
 * no Elasticsearch round trip on a query; the importing process sees its import at once.
 */
import type { BulkOptions, MerchandisingIndex } from './indices';
import type { Experiment, ExperimentSet } from './experiments/types';
import { ShortCache } from '../kernel/shortCache';

interface ExperimentDocument { id: string; experiment: Experiment; updatedAt: string }

export class ExperimentStore {
  private readonly cache: ShortCache<ExperimentSet>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(private readonly index: MerchandisingIndex, private readonly bulk: BulkOptions, cacheMs: number) {
    this.cache = new ShortCache(cacheMs, () => this.read(), 'experiments');
  }

  /** Every experiment, by id; `fresh` bypasses the cache. */
  all(fresh = false): Promise<ExperimentSet> {
    return this.cache.get(fresh);
  }

  /** PUT: the experiments in `next` are all there are. */
  async replace(next: ExperimentSet): Promise<void> {
    const current = await this.all(true);
    const keep = new Set(next.experiments.map((e) => e.id));
    await this.save(next.experiments, current.experiments.map((e) => e.id).filter((id) => !keep.has(id)));
  }

  /** POST: the experiments in `next` are added or replace those of the same id. */
  async upsert(next: ExperimentSet): Promise<void> {
    await this.save(next.experiments, []);
  }

  private async save(experiments: Experiment[], deleted: string[]): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await this.index.write({
      index: experiments.map((experiment) => ({ id: experiment.id, document: { id: experiment.id, experiment, updatedAt } satisfies ExperimentDocument })),
      delete: deleted,
    }, this.bulk);
    this.cache.clear();
  }

  private async read(): Promise<ExperimentSet> {
    const experiments: Experiment[] = [];
    for await (const doc of this.index.scan<ExperimentDocument>({ match_all: {} }, [{ id: 'asc' }])) experiments.push(doc.experiment);
    return { experiments };
  }
}
