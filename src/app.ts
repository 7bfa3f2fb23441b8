/**
 * Wires the service: one Elasticsearch client, the admin and storefront services, and the Koa app.
 * Everything stateful lives in Elasticsearch so several processes can serve side by side.
 */
import Koa from 'koa';
import compress from 'koa-compress';
import { hostname } from 'node:os';
import type { Client } from '@elastic/elasticsearch';
import type { Config } from './config';
import type { Logger } from './log';
import { indexNames } from './search/indexNames';
import { CatalogIndices } from './search/catalogIndices';
import { ConfigurationStore } from './admin/configuration';
import { ImportJobs } from './admin/importJobs';
import { ImportLock } from './admin/importLock';
import { ImportRunner } from './admin/importRunner';
import { adminServices, type AdminServices } from './admin/services';
import { adminRouter } from './http/adminRoutes';
import { storefrontRouter } from './http/storefrontRoutes';
import { merchandisingRouter } from './http/merchandisingRoutes';
import { notificationRouter } from './http/notificationRoutes';
import { elasticsearchTook, errorHandler, responseTime, storefrontCors } from './http/middleware';
import { storefrontServices } from './storefront/services';
import { BehaviourService } from './behaviour/service';
import { behaviourIndexNames } from './behaviour/eventsIndex';
import { loadBehaviourOptions } from './behaviour/options';
import { behaviourHooks } from './behaviour/storefrontHooks';

export interface AppContext {
  config: Config;
  es: Client;
  log: Logger;
  indices: CatalogIndices;
  configuration: ConfigurationStore;
  admin: AdminServices;
  /** Runs any admin import under the cluster-wide lock as a tracked job. */
  importRunner: ImportRunner;
  /** Visitor behaviour: buffered event recording and the questions asked of it (src/behaviour). */
  behaviour: BehaviourService;
}

export function createContext(config: Config, es: Client, log: Logger): AppContext {
  const names = indexNames(config.indexPrefix);
  const indices = new CatalogIndices(es, names);
  const configuration = new ConfigurationStore(es, names.configuration);
  const jobs = new ImportJobs(es, names.importJobs);
  const lock = new ImportLock(es, names.importLock, config.importLockTtlSeconds, `${hostname()}:${process.pid}`);
  const runner = new ImportRunner(lock, jobs, log, config.importLockTtlSeconds);
  const admin = adminServices({ es, config, log, indices, configuration, jobs, runner });
  const behaviour = new BehaviourService({
    es, log, names: behaviourIndexNames(config.indexPrefix), productsAlias: names.catalogAlias('products'), configuration,
    liveVersion: () => indices.liveVersion(), holder: `${hostname()}:${process.pid}`, options: loadBehaviourOptions(),
  });
  return { config, es, log, indices, configuration, admin, importRunner: runner, behaviour };
}

/** Stops background work and writes buffered behaviour events; the Elasticsearch client stays open. */
export async function shutdownContext(context: AppContext): Promise<void> {
  await context.behaviour.close();
}

export function createApp(context: AppContext): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(errorHandler(context.log));
  app.use(storefrontCors(context.config.corsAllowedOrigins));
  app.use(compress({ threshold: 1024, gzip: { level: context.config.gzipLevel }, br: false, deflate: false }));
  app.use(responseTime);
  app.use(elasticsearchTook(context.es));
  const admin = adminRouter(context.admin, context.config.adminApiKeys);
  app.use(admin.routes()).use(admin.allowedMethods());
  const merchandising = merchandisingRouter(context);
  app.use(merchandising.routes()).use(merchandising.allowedMethods());
  const notifications = notificationRouter(context);
  app.use(notifications.routes()).use(notifications.allowedMethods());
  const storefront = storefrontRouter(context, storefrontServices(context, behaviourHooks(context.behaviour)));
  app.use(storefront.routes()).use(storefront.allowedMethods());
  return app;
}
