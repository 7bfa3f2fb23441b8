/**
 * The popularity job: computes a time-decayed popularity per product from the events
 * (queries/popularity.ts) and writes it into `popularity` of every live product document of the market
 * (ids `market|locale|productKey`, one per locale) with partial `_bulk` updates, no scripts.
 *
 * Persistence across catalog imports: every score is also kept in `<prefix>-popularity` (id
 * `market|productKey`). A full import builds documents with popularity 0; the job notices the new live
 * catalog version on its next tick (at most JOB_TICK_MS later) and writes every score again. Products whose
 * score fell to nothing are set back to 0 and leave the popularity index. `popularityOf()` reads the kept
 * scores, for a document builder that wants to start from them.
 *
 * The same run computes behaviour's query → category prior (events/queries/phrasePrior.ts) and stores it with
 * the vocabulary.
 *
 * Only the holder of the `popularity` lease runs it periodically (periodicJob.ts), so several API processes can run side by side.
 */
import type { DocumentIndex } from '../search/documents';
import type { ConfigurationReader } from '../configuration/store';
import { productDocumentId } from '../catalog/documents';
import type { Logger } from '../kernel/log';
import type { BehaviourIndexNames } from '../search/indexNames';
import type { Lease } from './lease';
import { LeasedJob } from './periodicJob';
import type { BehaviourOptions } from '../kernel/config';
import { phrasePriorSearch, readPhrasePrior, type PhrasePrior } from '../events/queries/phrasePrior';
import { accumulatePopularity, popularityId, popularitySearch, readPopularityPage, splitPopularityId, type CompositeKey } from '../events/queries/popularity';

export interface PopularityJobDeps {
  documents: DocumentIndex;
  log: Logger;
  names: BehaviourIndexNames;
  /** Alias of the live products index. */
  /**
   * The products alias of a locale (writes by id go to the locale's index). A configured locale without an
   * index yet has no alias: `require_alias` makes its updates fail with a 404 instead of creating an index.
   */
  productsIndex: (locale: string) => string;
  configuration: ConfigurationReader;
  liveVersion: () => Promise<string | undefined>;
  lease: Lease;
  options: Pick<BehaviourOptions, 'popularityHalfLifeDays' | 'popularityWindowDays'>;
  /** Where behaviour's query → category prior is kept (the vocabulary store); absent: the prior is not computed. */
  phrasePriors?: { replacePhrasePriors(priors: ReadonlyMap<string, PhrasePrior>): Promise<void> };
  now?: () => Date;
}

export interface PopularityRun {
  /** Products (market × product key) with a score. */
  scored: number;
  /** Product documents updated (one per locale). */
  documentsUpdated: number;
  /** Product documents set back to 0 because their behaviour aged out. */
  documentsZeroed: number;
  /** Phrases with a behaviour prior (query → category), every locale's. */
  phrasePriors: number;
  tookMs: number;
}

/** One `_bulk` action with its document line, if any. */
type BulkGroup = unknown[];

interface PopularityDocument {
  market: string;
  productKey: string;
  popularity: number;
  updatedAt: string;
}

/** Scores below this are treated as 0. */
export const MIN_POPULARITY = 0.001;
const BULK_ACTIONS = 5000;

export class PopularityJob extends LeasedJob<PopularityRun> {
  private lastVersion?: string;

  constructor(private readonly deps: PopularityJobDeps) {
    super('popularity', deps);
  }

  /** Due every interval, and at once when a new catalog version went live (its documents start at 0). */
  protected override async due(lastRunAt: number, intervalMs: number): Promise<boolean> {
    const version = await this.deps.liveVersion();
    return version !== undefined && (version !== this.lastVersion || Date.now() - lastRunAt >= intervalMs);
  }

  protected override async scheduledRun(): Promise<object> {
    const version = await this.deps.liveVersion();
    const run = await this.run();
    this.lastVersion = version;
    return { ...run, version };
  }

  /** Computes every score and writes it; callable directly (tests, benchmarks, admin). */
  async run(): Promise<PopularityRun> {
    const started = Date.now();
    const now = this.now();
    const configuration = await this.deps.configuration.get(true);
    const locales = new Map(Object.entries(configuration?.markets ?? {}).map(([m, c]) => [m, c.locales]));
    const scores = await this.scores(now);

    const updatedAt = now.toISOString();
    const actions: BulkGroup[] = [];
    let documentsUpdated = 0;
    for (const [id, raw] of scores) {
      const popularity = round(raw);
      if (popularity < MIN_POPULARITY) continue;
      const { market, productKey } = splitPopularityId(id);
      const marketLocales = locales.get(market);
      if (!marketLocales) continue;
      for (const locale of marketLocales) {
        actions.push([
          {
            update: { _index: this.deps.productsIndex(locale), _id: productDocumentId(market, locale, productKey), retry_on_conflict: 3, require_alias: true },
          },
          { doc: { popularity } },
        ]);
        documentsUpdated++;
      }
      actions.push([{ index: { _index: this.deps.names.popularity, _id: id } }, { market, productKey, popularity, updatedAt } satisfies PopularityDocument]);
    }
    await this.bulk(actions);
    const documentsZeroed = await this.zeroStale(updatedAt, locales);
    const phrasePriors = await this.phrasePriors(now);
    return { scored: scores.size, documentsUpdated, documentsZeroed, phrasePriors, tookMs: Date.now() - started };
  }

  /** Kept popularity of products of a market (0 when unknown). */
  async popularityOf(market: string, productKeys: string[]): Promise<Map<string, number>> {
    const result = new Map(productKeys.map((k) => [k, 0]));
    if (!productKeys.length) return result;
    const kept = await this.deps.documents.getMany<PopularityDocument>(
      this.deps.names.popularity,
      productKeys.map((k) => popularityId(market, k)),
      { missingIndex: 'none' },
    );
    for (const d of kept.values()) result.set(d.productKey, d.popularity);
    return result;
  }

  /**
   * Behaviour's query → category prior over the popularity window, kept with the vocabulary (search-page reads
   * it from the vocabulary's cache). Computed here, under the popularity lease: one process at a time, on the
   * same events and schedule.
   */
  private async phrasePriors(now: Date): Promise<number> {
    if (!this.deps.phrasePriors) return 0;
    const priors = readPhrasePrior(
      await this.deps.documents.search(phrasePriorSearch(this.deps.options.popularityWindowDays, { index: this.deps.names.events, now })),
    );
    await this.deps.phrasePriors.replacePhrasePriors(priors);
    return [...priors.values()].reduce((n, p) => n + p.size, 0);
  }

  private async scores(now: Date): Promise<Map<string, number>> {
    const { popularityHalfLifeDays: halfLifeDays, popularityWindowDays: windowDays } = this.deps.options;
    const scores = new Map<string, number>();
    let after: CompositeKey | undefined;
    do {
      const response = await this.deps.documents.search(popularitySearch({ windowDays, halfLifeDays }, { index: this.deps.names.events, now }, after));
      const page = readPopularityPage(response);
      accumulatePopularity(scores, page.buckets, now, halfLifeDays);
      after = page.after;
    } while (after);
    return scores;
  }

  /** Products scored by an earlier run but not by this one go back to 0. */
  private async zeroStale(updatedAt: string, locales: Map<string, string[]>): Promise<number> {
    const { documents, names, productsIndex } = this.deps;
    await documents.refresh(names.popularity);
    let zeroed = 0;
    for (;;) {
      const res = await documents.search<PopularityDocument>({
        index: names.popularity,
        size: BULK_ACTIONS / 4,
        track_total_hits: false,
        query: { range: { updatedAt: { lt: updatedAt } } },
        _source: ['market', 'productKey'],
      });
      if (!res.hits.hits.length) return zeroed;
      const actions: BulkGroup[] = [];
      for (const hit of res.hits.hits) {
        const { market, productKey } = hit._source!;
        for (const locale of locales.get(market) ?? []) {
          actions.push([
            { update: { _index: productsIndex(locale), _id: productDocumentId(market, locale, productKey), retry_on_conflict: 3, require_alias: true } },
            { doc: { popularity: 0 } },
          ]);
          zeroed++;
        }
        actions.push([{ delete: { _index: names.popularity, _id: hit._id } }]);
      }
      await this.bulk(actions);
      await documents.refresh(names.popularity);
    }
  }

  /** `_bulk` in chunks of whole actions; a missing product document (removed from the catalog) is not an error. */
  private async bulk(actions: BulkGroup[]): Promise<void> {
    for (let i = 0; i < actions.length; i += BULK_ACTIONS) {
      const res = await this.deps.documents.bulk(actions.slice(i, i + BULK_ACTIONS).flat());
      if (!res.errors) continue;
      const failed = res.items.map((item) => Object.values(item)[0]).find((r) => r?.error && r.status !== 404);
      if (failed) throw new Error(`popularity write failed for ${failed._index}/${failed._id}: ${failed.error?.type}: ${failed.error?.reason}`);
    }
  }
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
