/**
 * Pure statistics of A/B experiment results (issue 35), each variant against the control, at 95%:
 * - a rate per visitor (click-through, add-to-cart, conversion): the difference of two proportions with
 *   Newcombe's hybrid score interval (Newcombe 1998, method 10: from each rate's Wilson interval), which keeps
 *   its coverage for small counts and rates near 0 where the Wald interval does not, and the two-proportion
 *   z-test's p-value (pooled);
 * - revenue per visitor: the difference of means with Welch's t interval (unequal variances, Welch–Satterthwaite
 *   degrees of freedom), from each variant's visitor count, sum and sum of squares;
 * - the sample-ratio-mismatch check: Pearson's chi-square of the visitors per variant against the shares.
 */

export const Z_95 = 1.959963984540054;
/** Below this p-value the visitors' split is taken for a sample ratio mismatch (a broken assignment, not chance). */
export const SRM_P_VALUE = 0.001;

export interface Interval { low: number; high: number }

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
export interface Moments { n: number; sum: number; sumOfSquares: number }

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

export interface SampleRatioCheck { chiSquare: number; degreesOfFreedom: number; pValue: number; mismatch: boolean }

/** Pearson's chi-square of observed visitors per variant against their shares (percent). */
export function sampleRatio(observed: readonly number[], shares: readonly number[]): SampleRatioCheck {
  const total = observed.reduce((a, b) => a + b, 0);
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  const chiSquare = total ? observed.reduce((sum, o, i) => { const e = (total * shares[i]) / shareTotal; return sum + (e > 0 ? (o - e) ** 2 / e : 0); }, 0) : 0;
  const df = observed.length - 1;
  const pValue = total ? chiSquareUpper(chiSquare, df) : 1;
  return { chiSquare, degreesOfFreedom: df, pValue, mismatch: pValue < SRM_P_VALUE };
}

// ----- distributions ---------------------------------------------------------------------------

/** erfc by its continued fraction / series (relative error below 1e-12), via the regularized gamma. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  return gammaUpper(0.5, x * x);
}

/** P(Z > z) of the standard normal. */
export const normalUpper = (z: number): number => 0.5 * erfc(z / Math.SQRT2);

/** P(X > x) of chi-square with `df` degrees of freedom. */
export const chiSquareUpper = (x: number, df: number): number => (df <= 0 ? 1 : gammaUpper(df / 2, x / 2));

/** Student's t CDF. */
export function studentCdf(t: number, df: number): number {
  const tail = 0.5 * betaRegularized(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Student's t quantile by bisection of the CDF (p in (0.5, 1)). */
export function studentQuantile(p: number, df: number): number {
  let low = 0;
  let high = 1;
  while (studentCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (studentCdf(mid, df) < p) low = mid; else high = mid;
  }
  return (low + high) / 2;
}

function logGamma(x: number): number {
  // Lanczos (g = 7, n = 9)
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x). */
function gammaUpper(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    // series for P(a, x)
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  // continued fraction for Q(a, x) (Lentz)
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Regularized incomplete beta I_x(a, b). */
function betaRegularized(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}
