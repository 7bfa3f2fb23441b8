/** The sample catalog a newcomer gets on an empty cluster: the generator's output, imported through the normal path. */
import { Readable } from 'node:stream';
import type { AdminServices } from '../admin/services';
import type { MerchandisingAdmin } from '../admin/merchandisingServices';
import type { ConfigurationReader } from '../configuration/store';
import type { Logger } from '../kernel/log';
import type { PageStore } from '../merchandising/pageStore';
import type { CatalogIndices } from '../search/catalogIndices';
import { defaultConfiguration, generateCatalogLines } from './generator';
import { loadSampleMerchandisingIfEmpty } from './sampleMerchandising';

export const SAMPLE_PRODUCT_GROUPS = 300;

/** The sample loader goes through the admin use cases, as an operator's imports would. */
export interface SampleDeps {
  log: Logger;
  indices: Pick<CatalogIndices, 'liveVersion'>;
  configuration: Pick<ConfigurationReader, 'get'>;
  admin: Pick<AdminServices, 'importConfiguration' | 'importCatalog'>;
  merchandisingAdmin: Pick<MerchandisingAdmin, 'importPages' | 'importNavigation'>;
  /** Whether a market has pages already. */
  merchandising: { pages: Pick<PageStore, 'loadMarket'> };
}

export async function loadSampleCatalogIfEmpty(context: SampleDeps): Promise<void> {
  if (await context.indices.liveVersion()) return;
  context.log.info('catalog is empty: loading the sample catalog', { productGroups: SAMPLE_PRODUCT_GROUPS });
  const configuration = (await context.configuration.get(true)) ?? defaultConfiguration();
  await context.admin.importConfiguration(configuration, { allowDestructiveImport: false, name: 'sample configuration', blockingTimeoutMs: 60_000 });
  const lines = (function* () {
    for (const entity of generateCatalogLines({ productGroups: SAMPLE_PRODUCT_GROUPS, markets: configuration })) yield JSON.stringify({ replace: entity }) + '\n';
  })();
  await context.admin.importCatalog('full', Readable.from(lines), { gzip: false, validationOnly: false, force: false, name: 'sample catalog', blockingTimeoutMs: 10 * 60_000 });
  context.log.info('sample catalog loaded');
  await loadSampleMerchandisingIfEmpty(context, configuration);
}
