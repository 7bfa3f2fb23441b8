/**
 * What the explain run of landing-page adds (pure): the rule probes of the page, its restricting
 * ancestors and the request, what pinned each pin, and the search for the order before merchandising.
 */
import type { estypes } from '@elastic/elasticsearch';
import { compileRules } from '../../rules';
import { pageRuleProbes, ruleProbes, type ExplainOption, type PinReason } from '../explain';
import { primaryHitsSearch } from './build';
import type { LandingPageRequest } from './request';
import type { LoadedPage } from '../pageProducts';
import type { ListingPlan } from './settings';

/** How far the order without pins is read: a pinned product further down is reported as beyond it. */
export const BEFORE_WINDOW = 1000;

export function landingProbes(req: LandingPageRequest, loaded: LoadedPage | undefined): ExplainOption {
  const priceId = req.context.priceId;
  const page = loaded?.page;
  const restricting = (loaded?.ancestors ?? []).filter((a) => a.primaryList?.restrictChildRules === true && a.primaryList.rules);
  return {
    probes: {
      ...(page ? pageRuleProbes(`page ${page.id}`, page.primaryList?.rules, { priceId }) : {}),
      ...Object.assign({}, ...restricting.map((a) => pageRuleProbes(`page ${a.id} (restricting)`, a.primaryList?.rules, { priceId }))),
      ...ruleProbes('request', req.rules, [], { priceId }),
    },
  };
}

/** Each pin of the plan with what put it there: the page's `pinned`, its handpicked first rule, or a slice. */
export function pinReasons(plan: ListingPlan, loaded: LoadedPage | undefined): Map<string, PinReason> {
  const out = new Map<string, PinReason>();
  if (!plan.pinsApply || !loaded) return out;
  const page = loaded.page;
  const pinned = new Set(page.primaryList?.pinned ?? []);
  const handpicked = new Set(page.primaryList?.rules ? compileRules(page.primaryList.rules, { handpickedFirst: true }).handpicked : []);
  const sliceOf = new Map(plan.slices.flatMap((s) => s.keys.map((k) => [k, s.id] as const)));
  plan.pins.forEach((key, i) => {
    const label = pinned.has(key)
      ? `page ${page.id}: pinned`
      : handpicked.has(key)
        ? `page ${page.id} rule 1: handpicked product_key`
        : `page ${page.id} slice ${sliceOf.get(key) ?? '?'}: pinnedProducts`;
    out.set(key, { key, label, slot: i + 1 });
  });
  return out;
}

/** The primary list's order without pins, product keys only, from the top. */
export function unpinnedSearch(req: LandingPageRequest, plan: ListingPlan, collapse: boolean, upTo: number): estypes.SearchRequest {
  return {
    ...primaryHitsSearch(req, { ...plan, pinsApply: false }, { collapse, from: 0, size: Math.min(upTo, BEFORE_WINDOW) }),
    _source: { includes: ['productKey', 'productGroupKey'] },
  };
}

interface Keyed {
  productKey?: unknown;
  productGroupKey?: unknown;
}

/** 1-based position of a product (else of its group) in the unpinned order; ">n" when not among its first n. */
export function positionBefore(unpinned: estypes.SearchResponse<unknown>, hit: estypes.SearchHit<unknown>, offset = 0): number | string {
  const source = hit._source as Keyed;
  const hits = unpinned.hits.hits.map((h) => h._source as Keyed);
  let i = hits.findIndex((h) => h.productKey === source.productKey);
  if (i < 0) i = hits.findIndex((h) => h.productGroupKey !== undefined && h.productGroupKey === source.productGroupKey);
  return i >= 0 ? offset + i + 1 : `>${offset + hits.length}`;
}
