/**
 * Protection against harmful full imports (our rule; the spec leaves the criteria unshown, see docs/admin-api.md "Dangerous imports"):
 * a full import is dangerous when it would remove more than DANGEROUS_REMOVAL_RATIO of the live product
 * groups (net), or leave a market that has product groups now with none. `force=true` imports anyway.
 */
export interface CatalogCensus {
  productGroups: number;
  perMarket: Map<string, number>;
}

export function dangerousChanges(live: CatalogCensus, next: CatalogCensus, ratio: number): string[] {
  const reasons: string[] = [];
  if (live.productGroups > 0) {
    const removed = Math.max(0, live.productGroups - next.productGroups);
    if (removed / live.productGroups > ratio) {
      reasons.push(
        `it would remove ${removed} of the ${live.productGroups} live product groups (${Math.round((removed / live.productGroups) * 100)}%, more than ${Math.round(ratio * 100)}%)`,
      );
    }
  }
  for (const [market, count] of live.perMarket) {
    if (count > 0 && !next.perMarket.get(market)) reasons.push(`it would leave market ${market} without product groups (${count} now)`);
  }
  return reasons;
}
