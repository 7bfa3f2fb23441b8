/**
 * Filling a list from its stages (pure): stage answers in stage order, each in its own order, a product
 * group at most once, never a group the list is about, up to the limit; a stage with `take` gives at most that
 * many.
 */
import { orderHits } from './query';
import type { Stage } from './types';

export function fillList<T extends { productKey: string; productGroupKey: string }>(
  stages: Stage[],
  answers: T[][],
  limit: number,
  shownBefore: ReadonlySet<string> = new Set(),
  excludedGroups: readonly string[] = [],
): T[] {
  const candidates = stages.flatMap((stage, i) => orderHits(stage, answers[i] ?? []).map((product) => ({ product, stage: i })));
  // The groups the list is about count as taken from the start.
  const groups = new Set<string>(excludedGroups);
  const chosen: T[] = [];
  const taken = stages.map(() => 0);
  // First the groups no earlier list shows, then (soft de-duplication) the others if the list is short.
  for (const fresh of [true, false]) {
    for (const { product, stage } of candidates) {
      if (chosen.length === limit) return chosen;
      if (groups.has(product.productGroupKey) || shownBefore.has(product.productGroupKey) === fresh) continue;
      const s = stages[stage];
      if (s.kind === 'search' && s.take !== undefined && taken[stage] >= s.take) continue;
      taken[stage] += 1;
      groups.add(product.productGroupKey);
      chosen.push(product);
    }
  }
  return chosen;
}

/**
 * Groups a stage must return so the list can still fill after earlier stages' overlap and, with soft
 * de-duplication, after the `shownBefore` groups earlier lists may take and the groups the list is about
 * (capped).
 */
export function stageSizes(stages: Stage[], limit: number, shownBefore = 0, cap = 400): number[] {
  let before = shownBefore;
  return stages.map((stage) => {
    const size = stage.kind === 'keys' ? stage.keys.length : Math.min(cap, limit + before);
    before += size;
    return size;
  });
}
