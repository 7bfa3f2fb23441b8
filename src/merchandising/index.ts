/**
 * Merchandising data (navigation, pages, templates, facet configuration): the stores, made once by the
 * composition root (app.ts), so the template cache is shared by every request of a process. The admin imports
 * write through them and the storefront reads through them:
 *
 *   await stores.pages.findPage({ market, locale, reference, view: 'production' });
 *   await stores.navigation.tree({ market, locale, includeAppNodes: true });
 *   await stores.templates.getTemplate(templateId);
 */
import type { Client } from '@elastic/elasticsearch';
import { MerchandisingIndex, merchandisingIndexName, type BulkOptions, type MerchandisingIndexKind } from './indices';
import { NavigationStore } from './navigationStore';
import { PageStore } from './pageStore';
import { TemplateStore } from './templateStore';
import { FacetStore } from './facetStore';

export interface MerchandisingStores {
  navigation: NavigationStore;
  pages: PageStore;
  templates: TemplateStore;
  /** The facet configuration of each market. */
  facets: FacetStore;
}

export interface MerchandisingStoresDeps {
  es: Client;
  /** INDEX_PREFIX: the indices are `<prefix>-navigation`, `<prefix>-pages`, ... */
  indexPrefix: string;
  /** How imports write (the catalog's bulk settings). */
  bulk: BulkOptions;
}

export function merchandisingStores({ es, indexPrefix, bulk }: MerchandisingStoresDeps): MerchandisingStores {
  const index = (kind: MerchandisingIndexKind) => new MerchandisingIndex(es, merchandisingIndexName(indexPrefix, kind), kind);
  return {
    navigation: new NavigationStore(index('navigation'), bulk),
    pages: new PageStore(index('pages'), bulk),
    templates: new TemplateStore(index('templates'), bulk),
    facets: new FacetStore(index('facets'), bulk),
  };
}
