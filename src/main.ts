/** Entry point: read configuration, wait for Elasticsearch, prepare the indices, load sample data if asked, serve. */
import { ConfigurationError, loadConfig } from './kernel/config';
import { createLogger } from './kernel/log';
import { createElasticsearchClient } from './search/client';
import { createApp, createContext, prepareContext, sampleBehaviourDeps, shutdownContext } from './app';
import { loadSampleBehaviour } from './sample/sampleBehaviour';
import { httpServer } from './http/server';
import { loadSampleCatalogIfEmpty } from './sample/loadSample';
import { openEmbeddingModel, type EmbeddingModel } from './embedding/onnxEmbedder';
import { PRODUCT_VECTOR_DIMENSIONS } from './catalog/productVectors';

async function waitForElasticsearch(check: () => Promise<unknown>, log: ReturnType<typeof createLogger>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await check();
      return;
    } catch (err) {
      if (attempt >= 60) throw err;
      if (attempt === 1) log.info('waiting for Elasticsearch');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const es = createElasticsearchClient(config.elasticsearchUrl);
  await waitForElasticsearch(() => es.cluster.health({ wait_for_status: 'yellow', timeout: '5s' }), log);
  // Search by meaning needs the model where SEMANTIC_SEARCH turns it on anywhere; without it, words alone.
  const wanted = config.semanticSearch.others || config.semanticSearch.named.some(([, on]) => on);
  let model: EmbeddingModel | null = wanted ? await openEmbeddingModel(config, log) : null;
  if (model && model.dimensions !== PRODUCT_VECTOR_DIMENSIONS) {
    log.warn('semantic search is off: the product index holds vectors of another length', {
      model: model.model,
      dimensions: model.dimensions,
      expected: PRODUCT_VECTOR_DIMENSIONS,
    });
    await model.close();
    model = null;
  }
  const context = createContext(config, es, log, model ?? undefined);
  await prepareContext(context);
  log.info('analysis', { analysisLevel: await context.indices.analysisLevel() });
  // A fresh sample shop also gets 30 days of generated shoppers (docs/behaviour.md "The sample shop's history").
  if (config.loadSampleData && (await loadSampleCatalogIfEmpty(context, { imageBaseUrl: `${config.publicUrl}/images/sample` }))) {
    await loadSampleBehaviour(sampleBehaviourDeps(context)).catch((err) => log.warn('sample behaviour not loaded', { err }));
  }
  const app = createApp(context);
  const server = httpServer(app, { headersTimeoutMs: config.headersTimeoutSeconds * 1000 });
  server.listen(config.port, config.host, () =>
    log.info('listening', { url: `http://${config.host}:${config.port}`, elasticsearch: config.elasticsearchUrl, indexPrefix: config.indexPrefix }),
  );
  // In the background: waits for the lease of a process that died mid-import (IMPORT_LOCK_TTL_SECONDS) at most.
  context.admin
    .dropAbandonedVersions(config.importLockTtlSeconds * 1000 + 15_000)
    .then((dropped) => {
      if (dropped.length) log.warn('deleted catalog versions left by a stopped import', { versions: dropped });
    })
    .catch((err) => log.info('start-up clean-up of catalog versions skipped (an import holds the lock and cleans up itself)', { err: (err as Error).message }));
  context.behaviour.startPopularityJob();
  context.behaviour.startCoOccurrenceJob();
  context.behaviour.startEventsMaintenanceJob();
  // Stop accepting requests, let those in flight finish, then write buffered behaviour events before exiting.
  const stop = () => {
    log.info('shutting down');
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(() => {
      shutdownContext(context)
        .then(() => model?.close())
        .catch((err) => log.error('shutdown failed', { err }))
        .finally(() => es.close().finally(() => process.exit(0)));
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  // A setting to change says so in one line; anything else gets its stack.
  process.stderr.write(`Failed to start: ${err instanceof ConfigurationError ? err.message : (err?.stack ?? err)}\n`);
  process.exit(1);
});
