/** The sample catalog a newcomer gets on an empty cluster: the generator's output, imported through the normal path. */
import { Readable } from 'node:stream';
import type { SampleDeps } from './sampleDeps';
import { defaultConfiguration, generateCatalogLines } from './generator';
import { loadSampleMerchandisingIfEmpty } from './sampleMerchandising';

export const SAMPLE_PRODUCT_GROUPS = 300;

export interface SampleOptions {
  /** Where the sample's image URLs point (the service's placeholder images); default the generator's. */
  imageBaseUrl?: string;
}

/** Loads the sample catalog, pages and navigation into an empty catalog; answers whether it did. */
export async function loadSampleCatalogIfEmpty(context: SampleDeps, options: SampleOptions = {}): Promise<boolean> {
  if (await context.indices.liveVersion()) return false;
  context.log.info('catalog is empty: loading the sample catalog', { productGroups: SAMPLE_PRODUCT_GROUPS });
  const configuration = (await context.configuration.get(true)) ?? defaultConfiguration();
  await context.admin.importConfiguration(configuration, { allowDestructiveImport: false, name: 'sample configuration', blockingTimeoutMs: 60_000 });
  const lines = (function* () {
    for (const entity of generateCatalogLines({ productGroups: SAMPLE_PRODUCT_GROUPS, markets: configuration, imageBaseUrl: options.imageBaseUrl }))
      yield JSON.stringify({ replace: entity }) + '\n';
  })();
  await context.admin.importCatalog('full', Readable.from(lines), {
    gzip: false,
    validationOnly: false,
    force: false,
    name: 'sample catalog',
    blockingTimeoutMs: 10 * 60_000,
  });
  context.log.info('sample catalog loaded');
  await loadSampleMerchandisingIfEmpty(context, configuration);
  return true;
}
