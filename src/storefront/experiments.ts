/**
 * The A/B experiment variants a storefront query is in (merchandising/experiments): read from the experiment
 * store's per-process snapshot (experimentStore.ts `running`), assigned by the pure hash of customerKey, so no
 * Elasticsearch round trip is added to a query. The overrides are request-scoped settings; the global configuration is never changed.
 */
import { assignments, mergedOverrides, variantTags } from '../merchandising/experiments/assign';
import type { VariantOverrides } from '../merchandising/experiments/types';
import type { MerchandisingStores } from '../merchandising';
import type { Logger } from '../kernel/log';
import type { QueryContext } from './request';

/** What the experiments of a query read of the storefront's services (services.ts fills it; owned here, below it). */
export interface ExperimentServices {
  merchandising?: Partial<Pick<MerchandisingStores, 'experiments'>>;
  now(): Date;
  log: Logger;
}

export interface VariantSettings {
  /** `experimentId:variantId` of each experiment the visitor is in. */
  tags: string[];
  overrides: VariantOverrides;
}

export const NO_VARIANT: VariantSettings = { tags: [], overrides: {} };

/** The visitor's variants; none when the store cannot be read (the query runs on the live settings). */
export async function variantSettings(s: ExperimentServices, context: Pick<QueryContext, 'market' | 'touchpoint' | 'customerKey'>): Promise<VariantSettings> {
  const store = s.merchandising?.experiments;
  if (!store) return NO_VARIANT;
  try {
    const { experiments } = await store.running();
    if (!experiments.length) return NO_VARIANT;
    const list = assignments(experiments, { market: context.market, touchpoint: context.touchpoint, customerKey: context.customerKey, now: s.now() });
    return list.length ? { tags: variantTags(list), overrides: mergedOverrides(list) } : NO_VARIANT;
  } catch (err) {
    s.log.warn('experiments unreadable: the query runs without them', { err });
    return NO_VARIANT;
  }
}
