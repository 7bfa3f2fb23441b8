/**
 * Seeded randomness of the generator: a small PRNG, a hash that gives every line its own stream, and a
 * Zipf table for "a few things are everywhere, the long tail is rare" draws.
 */

/** mulberry32: small, fast, good enough for test data. */
export function mulberry32(state: number): () => number {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hashes integers into one 32-bit seed (murmur3-style mixing), so each line gets its own stream. */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part | 0;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1];
  }
  /** `k` distinct items, weighted, in draw order. */
  sample<T>(items: readonly T[], k: number, weight: (item: T) => number = () => 1): T[] {
    const left = [...items];
    const out: T[] = [];
    while (out.length < k && left.length) {
      const item = this.weighted(left, weight);
      out.push(item);
      left.splice(left.indexOf(item), 1);
    }
    return out;
  }
}

/**
 * Zipf-distributed ranks 0..size-1: rank r (0-based) has weight 1/(r+1)^exponent. The cumulative weights
 * are computed once, so a draw is one binary search whatever the size.
 */
export class ZipfTable {
  private readonly cumulative: Float64Array;

  constructor(
    readonly size: number,
    exponent = 1,
  ) {
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let r = 0; r < size; r++) this.cumulative[r] = total += 1 / Math.pow(r + 1, exponent);
  }

  draw(rng: Rng): number {
    const target = rng.float() * this.cumulative[this.size - 1];
    let low = 0,
      high = this.size - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}
