/**
 * Merchandising data (navigation, pages, templates, facet configuration): the stores, one set per service context, so the
 * template cache is shared by every request of a process. The storefront reads through these:
 *
 *   const { pages, navigation, templates } = merchandising(context);
 *   await pages.findPage({ market, locale, reference, view: 'production' });
 *   await navigation.tree({ market, locale, includeAppNodes: true });
 *   await templates.getTemplate(templateId);
 */
import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../config';
import type { ConfigurationStore } from '../admin/configuration';
import type { CatalogConfiguration } from '../catalog/types';
import { invalid } from '../kernel/errors';
import { MerchandisingIndex, merchandisingIndexName, type MerchandisingIndexKind } from './indices';
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

const stores = new WeakMap<object, MerchandisingStores>();

export function merchandising(context: { es: Client; config: Config }): MerchandisingStores {
  let found = stores.get(context);
  if (!found) {
    const { es, config } = context;
    const bulk = { maxBytes: config.bulkBytes, concurrency: config.bulkConcurrency };
    const index = (kind: MerchandisingIndexKind) => new MerchandisingIndex(es, merchandisingIndexName(config.indexPrefix, kind), kind);
    found = {
      navigation: new NavigationStore(index('navigation'), bulk),
      pages: new PageStore(index('pages'), bulk),
      templates: new TemplateStore(index('templates'), bulk),
      facets: new FacetStore(index('facets'), bulk),
    };
    stores.set(context, found);
  }
  return found;
}

/** The markets and locales merchandising data may name; 400 when none are configured yet. */
export async function requireConfiguration(context: { configuration: ConfigurationStore }): Promise<CatalogConfiguration> {
  const configuration = await context.configuration.get(true);
  if (!configuration) throw invalid('No markets are configured: import the configuration first (POST /api/admin/v4/import/configuration)');
  return configuration;
}

/** 400 unless the market (and the locale, when given) is configured. */
export function requireMarket(configuration: CatalogConfiguration, market: string, locale?: string): void {
  const locales = configuration.markets[market]?.locales;
  if (!locales) throw invalid(`Query parameter market: market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
  if (locale !== undefined && !locales.includes(locale)) throw invalid(`Query parameter locale: locale "${locale}" is not configured for market ${market} (configured: ${locales.join(', ')})`);
}
