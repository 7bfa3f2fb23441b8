/**
 * A/B experiment results (`GET /api/admin/v4/experiments/{id}/results`, issue 35): per variant, the visitors
 * (distinct customerKey among the events tagged with the variant), their searches, and per visitor the
 * click-through, add-to-cart and conversion rates (a visitor who clicked, added to cart, purchased at least
 * once) and revenue per visitor; each against the control with experimentStatistics.ts. One composite
 * aggregation over the events, paged by visitor, so the sums of squares Welch's t needs are exact.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex } from '../search/documents';
import { ExperimentNotFound, type Experiment } from '../merchandising/experiments/types';
import { isRunning } from '../merchandising/experiments/assign';
import {
  compareMeans,
  compareRates,
  mean,
  sampleRatio,
  type Interval,
  type MeanComparison,
  type Moments,
  type RateComparison,
  type SampleRatioCheck,
} from './experimentStatistics';

export const RESULT_METHODS = {
  rates:
    "Per visitor (distinct customerKey). Difference from the control with Newcombe's hybrid score 95% interval (method 10: from each rate's Wilson interval); p-value of the pooled two-proportion z-test.",
  revenuePerVisitor: "Difference of means from the control with Welch's t 95% interval (unequal variances, Welch–Satterthwaite degrees of freedom).",
  sampleRatio: "Pearson's chi-square of the visitors per variant against the shares; a mismatch below p = 0.001.",
} as const;

/** What one variant's visitors did, summed. */
export interface VariantCounts {
  visitors: number;
  searches: number;
  clickers: number;
  carters: number;
  buyers: number;
  revenue: Moments;
}

export interface Comparison {
  difference: number;
  ci: Interval;
  pValue: number;
  significant: boolean;
  reading: string;
}

export interface VariantResult {
  id: string;
  share: number;
  control: boolean;
  visitors: number;
  searches: number;
  clickThroughRate: number;
  addToCartRate: number;
  conversionRate: number;
  revenue: number;
  revenuePerVisitor: number;
  /** Absent for the control. */
  versusControl?: { clickThrough: Comparison; addToCart: Comparison; conversion: Comparison; revenuePerVisitor: Comparison };
}

export interface ExperimentResults {
  experiment: { id: string; name: string; start: string; end: string; status: 'scheduled' | 'running' | 'ended' };
  method: typeof RESULT_METHODS;
  variants: VariantResult[];
  sampleRatio: SampleRatioCheck;
}

const signed = (x: number, digits: number) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** The plain reading of a comparison: "not significant yet", or "+2.1% conversion (95% CI +0.4 to +3.8)" (rates in percentage points). */
export function reading(what: string, c: RateComparison | MeanComparison, unit: 'points' | 'money'): string {
  if (!c.significant) return 'not significant yet';
  const k = unit === 'points' ? 100 : 1;
  const digits = unit === 'points' ? 1 : 2;
  const suffix = unit === 'points' ? '%' : '';
  return `${signed(c.difference * k, digits)}${suffix} ${what} (95% CI ${signed(c.ci.low * k, digits)} to ${signed(c.ci.high * k, digits)})`;
}

const rateComparison = (what: string, x1: number, n1: number, x2: number, n2: number): Comparison => {
  const c = compareRates(x1, n1, x2, n2);
  return { difference: c.difference, ci: c.ci, pValue: c.pValue, significant: c.significant, reading: reading(what, c, 'points') };
};

/** Pure: the results of counted variants (in the experiment's order; the first is the control). */
export function shapeResults(experiment: Experiment, counts: ReadonlyMap<string, VariantCounts>, now: Date): ExperimentResults {
  const empty: VariantCounts = { visitors: 0, searches: 0, clickers: 0, carters: 0, buyers: 0, revenue: { n: 0, sum: 0, sumOfSquares: 0 } };
  const of = (id: string) => counts.get(id) ?? empty;
  const control = of(experiment.variants[0].id);
  const rate = (x: number, n: number) => (n ? x / n : 0);
  const variants = experiment.variants.map((v, i): VariantResult => {
    const c = of(v.id);
    const revenue = { ...c.revenue, n: c.visitors };
    const base: VariantResult = {
      id: v.id,
      share: v.share,
      control: i === 0,
      visitors: c.visitors,
      searches: c.searches,
      clickThroughRate: rate(c.clickers, c.visitors),
      addToCartRate: rate(c.carters, c.visitors),
      conversionRate: rate(c.buyers, c.visitors),
      revenue: Math.round(c.revenue.sum * 100) / 100,
      revenuePerVisitor: mean(revenue),
    };
    if (i === 0) return base;
    const money = compareMeans({ ...control.revenue, n: control.visitors }, revenue);
    return {
      ...base,
      versusControl: {
        clickThrough: rateComparison('click-through', control.clickers, control.visitors, c.clickers, c.visitors),
        addToCart: rateComparison('add-to-cart', control.carters, control.visitors, c.carters, c.visitors),
        conversion: rateComparison('conversion', control.buyers, control.visitors, c.buyers, c.visitors),
        revenuePerVisitor: {
          difference: money.difference,
          ci: money.ci,
          pValue: money.pValue,
          significant: money.significant,
          reading: reading('revenue per visitor', money, 'money'),
        },
      },
    };
  });
  const t = now.getTime();
  const status = t < Date.parse(experiment.start) ? 'scheduled' : isRunning(experiment, now) ? 'running' : 'ended';
  return {
    experiment: { id: experiment.id, name: experiment.name, start: experiment.start, end: experiment.end, status },
    method: RESULT_METHODS,
    variants,
    sampleRatio: sampleRatio(
      variants.map((v) => v.visitors),
      experiment.variants.map((v) => v.share),
    ),
  };
}

const PAGE = 1000;
/** At most PAGE × MAX_PAGES visitors are counted (a million); beyond, results would take minutes. */
const MAX_PAGES = 1000;

interface VisitorBucket {
  key: { variant: string; visitor: string };
  searches: { doc_count: number };
  clicks: { doc_count: number };
  carts: { doc_count: number };
  purchases: { doc_count: number; revenue: { value: number | null } };
}

/** The events search of one page of visitors of `experimentId`'s variants. */
export function resultsSearch(experimentId: string, after?: Record<string, string>): estypes.SearchRequest {
  return {
    size: 0,
    query: { bool: { filter: [{ prefix: { experimentVariants: `${experimentId}:` } }] } },
    aggs: {
      visitors: {
        composite: {
          size: PAGE,
          sources: [{ variant: { terms: { field: 'experimentVariants' } } }, { visitor: { terms: { field: 'customerKey' } } }],
          ...(after ? { after } : {}),
        },
        aggs: {
          searches: { filter: { bool: { filter: [{ term: { type: 'search' } }], must_not: [{ range: { skip: { gt: 0 } } }, { term: { continued: true } }] } } },
          clicks: { filter: { term: { type: 'click' } } },
          carts: { filter: { term: { type: 'add-to-cart' } } },
          purchases: { filter: { term: { type: 'purchase' } }, aggs: { revenue: { sum: { field: 'revenue' } } } },
        },
      },
    },
  };
}

export interface ExperimentResultsDeps {
  documents: DocumentIndex;
  events: string;
}

/** Counts each variant's visitors from the events (variants of other experiments on the same events are skipped). */
export async function countVariants(deps: ExperimentResultsDeps, experimentId: string): Promise<Map<string, VariantCounts>> {
  const counts = new Map<string, VariantCounts>();
  const prefix = `${experimentId}:`;
  let after: Record<string, string> | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await deps.documents.search({ index: deps.events, ...resultsSearch(experimentId, after), ignore_unavailable: true });
    const agg = res.aggregations?.visitors as { buckets: VisitorBucket[]; after_key?: Record<string, string> } | undefined;
    for (const b of agg?.buckets ?? []) {
      if (!b.key.variant.startsWith(prefix)) continue;
      const id = b.key.variant.slice(prefix.length);
      const c = counts.get(id) ?? { visitors: 0, searches: 0, clickers: 0, carters: 0, buyers: 0, revenue: { n: 0, sum: 0, sumOfSquares: 0 } };
      const revenue = b.purchases.revenue.value ?? 0;
      c.visitors++;
      c.searches += b.searches.doc_count;
      if (b.clicks.doc_count) c.clickers++;
      if (b.carts.doc_count) c.carters++;
      if (b.purchases.doc_count) c.buyers++;
      c.revenue.n++;
      c.revenue.sum += revenue;
      c.revenue.sumOfSquares += revenue * revenue;
      counts.set(id, c);
    }
    if (!agg?.after_key || (agg.buckets?.length ?? 0) < PAGE) break;
    after = agg.after_key;
  }
  return counts;
}

/** The results use case: the experiment as stored now, its variants counted from the events. */
export function experimentResults(deps: ExperimentResultsDeps & { experiments: () => Promise<readonly Experiment[]>; now?: () => Date }) {
  return async (id: string): Promise<ExperimentResults> => {
    const experiment = (await deps.experiments()).find((e) => e.id === id);
    if (!experiment) throw new ExperimentNotFound(`No experiment "${id}"`);
    return shapeResults(experiment, await countVariants(deps, id), deps.now?.() ?? new Date());
  };
}
