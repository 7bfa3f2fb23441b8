/**
 * The click model of replays and implicit judgments (docs/merchandising.md "Replay before publishing"): a
 * position-based model. A shopper examines the product at rank k (1-based) with probability θ_k = 1/k, and
 * clicks an examined product d with probability α(q, d), its attractiveness for the phrase q, whatever its
 * rank. So clicks at rank k estimate α only once divided by θ_k: the position-bias-corrected CTR
 *
 *   α̂(q, d) = Σ over d's clicks for q of 1/θ_{rank of the click}  /  searches of q      (capped at 1)
 *
 * (inverse propensity weighting). Add-to-carts are weighted the same way into their own rate. From these:
 * implicit grades (0–3) for nDCG, and the expected clicks of any ranking, Σ_k θ_k · α̂(q, d_k) per search,
 * which is how a replay estimates the change in clicks at the top positions. A product never clicked has
 * α̂ = 0: the estimate counts only what shoppers showed, so a change that surfaces unseen products reads as
 * neutral, not as better or worse. Pure.
 */

/** Positions the model and nDCG look at. */
export const TOP_POSITIONS = 10;

/** Probability that a shopper looks at rank `rank` (1-based): 1/rank. */
export function examination(rank: number): number {
  return rank >= 1 ? 1 / rank : 0;
}

/** What shoppers did with one product of a phrase's answers at one rank (1-based). */
export interface RankedInteraction {
  productKey: string;
  rank: number;
  clicks: number;
  carts: number;
}

export interface PhraseBehaviour {
  /** Searches of the phrase in the window. */
  searches: number;
  interactions: readonly RankedInteraction[];
}

export interface Attractiveness {
  click: number;
  cart: number;
}

/** α̂ per product: the position-bias-corrected click and add-to-cart rates, each capped at 1. */
export function attractiveness(b: PhraseBehaviour): Map<string, Attractiveness> {
  const out = new Map<string, Attractiveness>();
  if (b.searches <= 0) return out;
  for (const i of b.interactions) {
    const theta = examination(i.rank);
    if (theta <= 0) continue;
    const a = out.get(i.productKey) ?? { click: 0, cart: 0 };
    a.click += i.clicks / theta / b.searches;
    a.cart += i.carts / theta / b.searches;
    out.set(i.productKey, a);
  }
  for (const a of out.values()) {
    a.click = Math.min(1, a.click);
    a.cart = Math.min(1, a.cart);
  }
  return out;
}

/** Grade thresholds on usefulness u = α̂(click) + 2·α̂(cart): 3 from 0.5, 2 from 0.2, 1 above 0. */
export const GRADE_THRESHOLDS = { 3: 0.5, 2: 0.2 } as const;

/** An implicit grade (0–3) from a product's attractiveness. */
export function implicitGrade(a: Attractiveness | undefined): number {
  if (!a) return 0;
  const u = a.click + 2 * a.cart;
  if (u >= GRADE_THRESHOLDS[3]) return 3;
  if (u >= GRADE_THRESHOLDS[2]) return 2;
  return u > 0 ? 1 : 0;
}

/** Implicit grades of every product shoppers interacted with for the phrase (grade > 0 only). */
export function implicitJudgments(b: PhraseBehaviour): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, a] of attractiveness(b)) {
    const g = implicitGrade(a);
    if (g > 0) out.set(key, g);
  }
  return out;
}

/** Expected clicks per search of a ranking in its first `depth` ranks: Σ θ_k · α̂(d_k). */
export function expectedClicks(ranking: readonly string[], alpha: ReadonlyMap<string, Attractiveness>, depth = TOP_POSITIONS): number {
  let sum = 0;
  ranking.slice(0, depth).forEach((key, i) => {
    sum += examination(i + 1) * (alpha.get(key)?.click ?? 0);
  });
  return sum;
}

/** nDCG@k with gains 2^grade − 1 and discounts log2(rank + 1); the ideal ranks every judged product by grade. Null without a positive grade. */
export function ndcg(ranking: readonly string[], grades: ReadonlyMap<string, number>, k = TOP_POSITIONS): number | null {
  const gain = (g: number) => 2 ** g - 1;
  const dcg = (list: readonly number[]) => list.slice(0, k).reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].filter((g) => g > 0).sort((a, b) => b - a));
  if (ideal <= 0) return null;
  // A product the storefront lists twice (two of its variants) gains once.
  const seen = new Set<string>();
  const got = ranking.map((key) => {
    if (seen.has(key)) return 0;
    seen.add(key);
    return grades.get(key) ?? 0;
  });
  return dcg(got) / ideal;
}
