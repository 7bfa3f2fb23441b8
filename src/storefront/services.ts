/**
 * What storefront queries need at run time, built once from the AppContext: the Elasticsearch client,
 * index names, the catalog facts cache, a clock, and the behaviour hooks. The behaviour module (later)
 * replaces the no-op `onSearch`; queries call it unless `notify=false`.
 */
import type { Client } from '@elastic/elasticsearch';
import type { AppContext } from '../app';
import type { Logger } from '../log';
import type { BehaviourService } from '../behaviour/service';
import { merchandising, type MerchandisingStores } from '../merchandising';
import { CatalogFactsCache } from './catalogFacts';
import type { QueryContext } from './request';

export interface SearchEvent {
  context: QueryContext;
  /** The phrase as typed. */
  q: string;
  /** The phrase the results are for (differs after auto-correct). */
  usedQ: string;
  origin: string;
  totalHits: number;
}

export interface StorefrontHooks {
  /** A search to register as visitor behaviour. Must not throw; it is not awaited by the response. */
  onSearch(event: SearchEvent): void;
}

export interface StorefrontServices {
  es: Client;
  log: Logger;
  facts: CatalogFactsCache;
  index: { products: string; content: string };
  hooks: StorefrontHooks;
  /** Visitor behaviour: recent searches, trending phrases, recently viewed, popularity, co-occurrence. */
  behaviour: BehaviourService;
  /** Pages, navigation and response templates. */
  merchandising: MerchandisingStores;
  now(): Date;
}

export const noHooks: StorefrontHooks = { onSearch: () => undefined };

export function storefrontServices(app: AppContext, hooks: Partial<StorefrontHooks> = {}): StorefrontServices {
  const stores = merchandising(app);
  return {
    es: app.es,
    log: app.log,
    facts: new CatalogFactsCache(app.es, app.indices, app.configuration, stores.facets, app.config.dynamicFacets),
    index: { products: app.indices.names.catalogAlias('products'), content: app.indices.names.catalogAlias('content') },
    hooks: { ...noHooks, ...hooks },
    behaviour: app.behaviour,
    merchandising: stores,
    now: () => new Date(),
  };
}
