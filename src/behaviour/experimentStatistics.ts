/**
 * Pure statistics of A/B experiment results (issue 35), each variant against the control, at 95%:
 * - a rate per visitor (click-through, add-to-cart, conversion): the difference of two proportions with
 *   Newcombe's hybrid score interval (Newcombe 1998, method 10: from each rate's Wilson interval), which keeps
 *   its coverage for small counts and rates near 0 where the Wald interval does not, and the two-proportion
 *   z-test's p-value (pooled);
 * - revenue per visitor: the difference of means with Welch's t interval (unequal variances, Welch–Satterthwaite
 *   degrees of freedom), from each variant's visitor count, sum and sum of squares;
 * - the sample-ratio-mismatch check: Pearson's chi-square of the visitors per variant against the shares.
 * The distributions (erfc, Student's t quantile, chi-square) are jstat's, not ours to maintain.
 */
import { jStat } from 'jstat';

export const Z_95 = 1.959963984540054;
/** Below this p-value the visitors' split is taken for a sample ratio mismatch (a broken assignment, not chance). */
export const SRM_P_VALUE = 0.001;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of x successes in n. */
export function wilson(x: number, n: number, z = Z_95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  const denominator = 1 + z2 / n;
  return { low: (centre - spread) / denominator, high: (centre + spread) / denominator };
}

export interface RateComparison {
  /** Variant rate − control rate. */
  difference: number;
  ci: Interval;
  /** Two-sided p-value of the pooled two-proportion z-test. */
  pValue: number;
  /** The interval excludes 0. */
  significant: boolean;
}

/** Newcombe's hybrid score interval of p2 − p1 (x1 of n1: the control; x2 of n2: the variant). */
export function compareRates(x1: number, n1: number, x2: number, n2: number, z = Z_95): RateComparison {
  const p1 = n1 ? x1 / n1 : 0;
  const p2 = n2 ? x2 / n2 : 0;
  const w1 = wilson(x1, n1, z);
  const w2 = wilson(x2, n2, z);
  const d = p2 - p1;
  const ci = { low: d - Math.sqrt((p2 - w2.low) ** 2 + (w1.high - p1) ** 2), high: d + Math.sqrt((w2.high - p2) ** 2 + (p1 - w1.low) ** 2) };
  const pooled = n1 + n2 ? (x1 + x2) / (n1 + n2) : 0;
  const se = Math.sqrt(pooled * (1 - pooled) * (n1 && n2 ? 1 / n1 + 1 / n2 : 0));
  const pValue = se > 0 ? 2 * normalUpper(Math.abs(d) / se) : 1;
  return { difference: d, ci, pValue, significant: n1 > 0 && n2 > 0 && (ci.low > 0 || ci.high < 0) };
}

/** A variant's values per visitor, summed: n visitors, Σx and Σx². */
export interface Moments {
  n: number;
  sum: number;
  sumOfSquares: number;
}

export const mean = (m: Moments): number => (m.n ? m.sum / m.n : 0);
/** Sample variance (n − 1). */
export const variance = (m: Moments): number => (m.n > 1 ? Math.max(0, (m.sumOfSquares - (m.sum * m.sum) / m.n) / (m.n - 1)) : 0);

export interface MeanComparison {
  difference: number;
  ci: Interval;
  degreesOfFreedom: number;
  pValue: number;
  significant: boolean;
}

/** Welch's t interval of mean(b) − mean(a) (a: the control). */
export function compareMeans(a: Moments, b: Moments, confidence = 0.95): MeanComparison {
  const d = mean(b) - mean(a);
  const va = a.n ? variance(a) / a.n : 0;
  const vb = b.n ? variance(b) / b.n : 0;
  const se = Math.sqrt(va + vb);
  if (!(se > 0) || a.n < 2 || b.n < 2) return { difference: d, ci: { low: d, high: d }, degreesOfFreedom: 0, pValue: 1, significant: false };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const t = studentQuantile(1 - (1 - confidence) / 2, df);
  const ci = { low: d - t * se, high: d + t * se };
  return { difference: d, ci, degreesOfFreedom: df, pValue: 2 * (1 - studentCdf(Math.abs(d) / se, df)), significant: ci.low > 0 || ci.high < 0 };
}

export interface SampleRatioCheck {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  mismatch: boolean;
}

/** Pearson's chi-square of observed visitors per variant against their shares (percent). */
export function sampleRatio(observed: readonly number[], shares: readonly number[]): SampleRatioCheck {
  const total = observed.reduce((a, b) => a + b, 0);
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  const chiSquare = total
    ? observed.reduce((sum, o, i) => {
        const e = (total * shares[i]) / shareTotal;
        return sum + (e > 0 ? (o - e) ** 2 / e : 0);
      }, 0)
    : 0;
  const df = observed.length - 1;
  const pValue = total ? chiSquareUpper(chiSquare, df) : 1;
  return { chiSquare, degreesOfFreedom: df, pValue, mismatch: pValue < SRM_P_VALUE };
}

// ----- distributions: jstat's (a maintained library; the tests hold them to the published values) ------

/** The complementary error function. */
export const erfc = (x: number): number => jStat.erfc(x);

/** P(Z > z) of the standard normal. */
export const normalUpper = (z: number): number => 0.5 * erfc(z / Math.SQRT2);

/** P(X > x) of chi-square with `df` degrees of freedom. */
export const chiSquareUpper = (x: number, df: number): number => (df <= 0 ? 1 : Math.max(0, 1 - jStat.chisquare.cdf(x, df)));

/** Student's t CDF. */
export const studentCdf = (t: number, df: number): number => jStat.studentt.cdf(t, df);

/** Student's t quantile (p in (0.5, 1)). */
export const studentQuantile = (p: number, df: number): number => jStat.studentt.inv(p, df);
