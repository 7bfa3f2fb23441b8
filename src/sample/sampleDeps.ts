/** What loading sample data needs: the admin use cases an operator would call, and a few reads. */
import type { AdminServices } from '../admin/services';
import type { MerchandisingAdmin } from '../admin/merchandisingServices';
import type { ConfigurationReader } from '../configuration/store';
import type { Logger } from '../kernel/log';
import type { PageStore } from '../merchandising/pageStore';
import type { CatalogIndices } from '../search/catalogIndices';

/** The sample loader goes through the admin use cases, as an operator's imports would. */
export interface SampleDeps {
  log: Logger;
  indices: Pick<CatalogIndices, 'liveVersion'>;
  configuration: Pick<ConfigurationReader, 'get'>;
  admin: Pick<AdminServices, 'importConfiguration' | 'importCatalog'>;
  merchandisingAdmin: Pick<MerchandisingAdmin, 'import'>;
  /** Whether a market has pages already. */
  merchandising: { pages: Pick<PageStore, 'loadMarket'> };
}
