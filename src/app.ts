/**
 * The composition root: builds every service from the one Config, the Elasticsearch client and the logger,
 * hands each use case the narrow services it needs, and wires the Koa app. Only main.ts (and tests) import
 * this file. Everything stateful lives in Elasticsearch so several processes can serve side by side.
 */
import { observeSearchTiming } from './search/timing';
import { experimentResults, type ExperimentResults } from './behaviour/experimentResults';
import Koa from 'koa';
import compress from 'koa-compress';
import { hostname } from 'node:os';
import type { Client } from '@elastic/elasticsearch';
import { semanticOn, type Config } from './kernel/config';
import type { TextEmbedder } from './embedding/types';
import { ProductVectors } from './catalog/productVectors';
import type { Logger } from './kernel/log';
import { indexNames, type IndexNames } from './search/indexNames';
import { prepareIndices } from './search/indexRegistry';
import { elasticsearchDocuments } from './search/documents';
import type { IndexLayout } from './search/mappings';
import { elasticsearchGateway } from './search/gateway';
import { VocabularyStore } from './catalog/vocabularyStore';
import { LexiconFiles, readLexicon } from './catalog/lexicon';
import { CatalogIndices } from './search/catalogIndices';
import { CatalogViews } from './search/catalogView';
import { ConfigurationStore } from './configuration/store';
import { merchandisingStores, type MerchandisingStores } from './merchandising';
import { ImportJobs } from './admin/importJobs';
import { ImportLock } from './admin/importLock';
import { ImportRunner } from './admin/importRunner';
import { adminServices, type AdminServices } from './admin/services';
import { merchandisingAdmin, type MerchandisingAdmin } from './admin/merchandisingServices';
import { storefrontServices, type StorefrontHooks, type StorefrontServices } from './storefront/services';
import { BehaviourService } from './behaviour/service';

import { notifications, type Notifications } from './behaviour/notifications';
import { adminRouter } from './http/adminRoutes';
import { adminGuard } from './http/access';
import { keyThrottle } from './http/keyThrottle';
import { analyticsRouter } from './http/analyticsRoutes';
import { searchAnalytics, type SearchAnalytics } from './behaviour/analytics';
import { ubiExport, type UbiExport } from './behaviour/ubiExport';
import { suggestions, type Suggestions } from './behaviour/suggestions';
import { storefrontRouter } from './http/storefrontRoutes';
import { merchandisingRouter } from './http/merchandisingRoutes';
import { consoleRouter } from './http/consoleRoutes';
import { history, type History } from './admin/history';
import { phraseTop } from './storefront/searchPage/phraseTop';
import { replayAnswers } from './storefront/searchPage/replayAnswers';
import { replays } from './admin/replay';
import { exportJudgments, importJudgments } from './admin/judgments';
import { replayRouter, type ReplayServices } from './http/replayRoutes';
import { listedProducts } from './storefront/searchPage/listedProducts';
import type { SampleBehaviourDeps } from './sample/sampleBehaviour';
import { semanticSearch } from './storefront/semantic';
import type { TopPhrasesInput } from './events/queries/topPhrases';
import type { CatalogView } from './search/catalogView';
import { notificationRouter } from './http/notificationRoutes';
import { webRouter } from './http/webRoutes';
import { openApiRouter } from './http/openapiRoutes';
import { answerHeaders, errorHandler, storefrontCors } from './http/middleware';
import { bodyTimeouts } from './http/body';
import { compressionThreshold } from './http/adminAnswers';
import { ServiceMetrics } from './http/metrics';
import { observeRequests, operationsRouter } from './http/operations';
import { checkReadiness } from './search/readiness';

export interface AppContext {
  config: Config;
  es: Client;
  log: Logger;
  /** Every index and alias name (src/search/indexNames.ts). */
  names: IndexNames;
  indices: CatalogIndices;
  /** The live catalog version each storefront query reads (resolved aliases, cached briefly). */
  catalogViews: CatalogViews;
  configuration: ConfigurationStore;
  /** The catalog's compounds per locale (written by full imports, read by storefront queries). */
  vocabulary: VocabularyStore;
  /** Navigation, pages, templates and facet configuration. */
  merchandising: MerchandisingStores;
  /** Visitor behaviour: buffered event recording, the questions asked of it, the periodic jobs (src/behaviour). */
  behaviour: BehaviourService;
  /** Catalog and configuration imports and exports. */
  admin: AdminServices;
  /** Navigation, page, template and facet imports and exports. */
  merchandisingAdmin: MerchandisingAdmin;
  /** Kept versions of the merchandising imports: list, show, diff, rollback. */
  history: History;
  notifications: Notifications;
  storefront: StorefrontServices;
  /** Prometheus metrics of this app (GET /metrics); absent when METRICS_ENABLED is false. */
  metrics?: ServiceMetrics;
  /** Search analytics over the events (admin). */
  analytics: SearchAnalytics;
  /** The UBI export of searches and their events (admin). */
  ubi: UbiExport;
  /** Judgments and replays before publishing (admin). */
  replay: ReplayServices;
  /** Synonyms, redirects, boosts and pins suggested by behaviour (admin). */
  suggestions: Suggestions;
  /** A/B experiment results from the events (admin). */
  experimentResults: (id: string) => Promise<ExperimentResults>;
}

/**
 * The sentence model of search by meaning (src/embedding) as the context uses it: one lane for shoppers' phrases,
 * one for product texts at import (the same embedder in tests).
 */
export interface SentenceModel {
  queries: TextEmbedder;
  documents: TextEmbedder;
}

/**
 * `model`: the sentence model (search by meaning); without it, or where SEMANTIC_SEARCH is off, imports write no
 * vectors and searches run on words alone, exactly as before.
 */
export function createContext(config: Config, es: Client, log: Logger, model?: SentenceModel): AppContext {
  const holder = `${hostname()}:${process.pid}`;
  const names = indexNames(config.indexPrefix);
  const layout: IndexLayout = { catalogShards: config.indexShards, replicas: config.indexReplicas, productCodec: config.productIndexCodec };
  const indices = new CatalogIndices(es, names, layout);
  const catalogViews = new CatalogViews(es, names, config.catalogViewCacheMs);
  indices.onPublish(() => catalogViews.forget());
  const documents = elasticsearchDocuments(es);
  const configuration = new ConfigurationStore(documents, names.configuration, config.storeCacheMs);
  const merchandising = merchandisingStores({
    documents,
    names,
    bulk: { maxBytes: config.bulkBytes, concurrency: config.bulkConcurrency },
    cacheMs: config.storeCacheMs,
    generalSynonyms: config.generalSynonyms,
  });
  const vocabulary = new VocabularyStore(documents, names.vocabulary, config.storeCacheMs, new LexiconFiles(config.lexiconDir, (message) => log.warn(message)));
  const jobs = new ImportJobs(documents, names.importJobs, config.importLockTtlSeconds * 1000);
  const lock = new ImportLock(documents, names.importLock, config.importLockTtlSeconds, holder);
  const behaviour = new BehaviourService({
    es,
    log,
    names,
    productsAlias: names.catalogAlias('products'),
    productsIndex: (locale) => names.catalogLocaleAlias('products', locale),
    configuration,
    liveVersion: () => indices.liveVersion(),
    holder,
    options: config.behaviour,
    layout,
    phrasePriors: vocabulary,
    experiments: async () => (await merchandising.experiments.running()).experiments,
  });
  const received = notifications({
    configuration,
    resolveProducts: (market, keys) => behaviour.resolveProducts(market, keys),
    accept: (events) => behaviour.accept(events),
    log,
  });
  const metrics = config.metricsEnabled
    ? new ServiceMetrics(() => ({ ...behaviour.stats, refused: behaviour.stats.refused + received.stats.refused }))
    : undefined;
  const runner = new ImportRunner(
    lock,
    jobs,
    log,
    config.importLockTtlSeconds,
    metrics ? (kind, outcome, seconds) => metrics.importFinished(kind, outcome, seconds) : undefined,
  );
  const keeping = { store: merchandising.history, keep: config.historyVersions };
  const storefront = storefrontServicesOf({
    es,
    log,
    indices,
    catalogViews,
    configuration,
    vocabulary,
    merchandising,
    behaviour,
    config,
    ...(model ? { embedder: model.queries } : {}),
  });
  // The facts name the live version (navigation counts are cached under it): they must not lag the view.
  indices.onPublish(() => storefront.facts.clear());
  const impact = {
    topPhrases: (input: TopPhrasesInput) => behaviour.topPhrases(input),
    phraseTop: (at: { market: string; locale: string }, phrase: string, view: CatalogView | undefined, size: number) =>
      phraseTop(storefront, at, phrase, view, size),
  };
  const semantic = (locale: string) => semanticOn(config.semanticSearch, locale);
  const vectors = model ? () => new ProductVectors(documents, names.embeddings, model.documents, semantic) : undefined;
  const admin = adminServices({
    documents,
    config,
    log,
    indices,
    configuration,
    jobs,
    runner,
    vocabulary,
    history: keeping,
    impact,
    ...(vectors ? { vectors } : {}),
  });
  // Fresh facts (maxAge 0): a page import right after a catalog import judges the new catalog's attributes.
  const customAttributes = async () => (await storefront.facts.get(0))?.customAttributes;
  const merchandisingDeps = { stores: merchandising, configuration, runner, history: keeping, customAttributes };
  const judgmentDeps = { documents, index: names.judgments, configuration, runner };
  const replayJobs = replays({
    jobs,
    configuration,
    log,
    sources: {
      topPhrases: (input) => behaviour.topPhrases(input),
      searchClicks: (input) => behaviour.searchClicks(input),
      answers: (at, phrases, candidate, size, onError) => replayAnswers(storefront, at, phrases, candidate, size, onError),
      experiments: async () => (await merchandising.experiments.all(true)).experiments,
      judgments: async () => (await exportJudgments(judgmentDeps)).judgments,
    },
  });
  return {
    config,
    es,
    log,
    names,
    indices,
    catalogViews,
    configuration,
    vocabulary,
    merchandising,
    behaviour,
    metrics,
    admin,
    merchandisingAdmin: merchandisingAdmin(merchandisingDeps),
    history: history({
      merchandising: merchandisingDeps,
      importConfiguration: (body, options) => admin.importConfiguration(body, { ...options, allowDestructiveImport: false }),
    }),
    notifications: received,
    replay: {
      importJudgments: (body, options) => importJudgments(judgmentDeps, body, options),
      exportJudgments: (market) => exportJudgments(judgmentDeps, market),
      startReplay: (body) => replayJobs.start(body),
      replay: (id) => replayJobs.get(id),
    },
    storefront,
    analytics: searchAnalytics({ documents, events: names.events, products: names.catalogAlias('products'), configuration }),
    ubi: ubiExport({ es, events: names.events, configuration }),
    suggestions: suggestions({
      documents,
      events: names.events,
      configuration,
      applied: {
        synonyms: () => merchandising.synonyms.all(true),
        phraseRules: async (market) => (await merchandising.phraseRules.view('production', true))[market] ?? [],
        pages: async (market) => [...(await merchandising.pages.loadMarket(market)).values()].flatMap((p) => (p.published ? [p.published] : [])),
      },
    }),
    experimentResults: experimentResults({ documents, events: names.events, experiments: async () => (await merchandising.experiments.all(true)).experiments }),
  };
}

/** The storefront services of a context; `hooks` replaces the behaviour recording of searches (tests). */
export function storefrontServicesOf(
  context: Pick<AppContext, 'es' | 'log' | 'indices' | 'catalogViews' | 'configuration' | 'vocabulary' | 'merchandising' | 'behaviour' | 'config'> & {
    embedder?: TextEmbedder;
  },
  hooks?: Partial<StorefrontHooks>,
): StorefrontServices {
  const { es, log, indices, catalogViews, configuration, vocabulary, merchandising, behaviour, config, embedder } = context;
  const semantic = embedder
    ? semanticSearch(embedder, (locale) => semanticOn(config.semanticSearch, locale), config.semanticFusion, log, config.embeddingQueryCache)
    : undefined;
  return storefrontServices(
    {
      search: elasticsearchGateway(es),
      log,
      indices,
      views: catalogViews,
      configuration,
      vocabulary,
      merchandising,
      behaviour,
      dynamicFacets: config.dynamicFacets,
      understanding: config.queryUnderstanding,
      understoodAttributes: config.understoodAttributes,
      cacheMs: config.storeCacheMs,
      listingJsonBytes: config.listingJsonCacheBytes,
      lexicon: (language) => readLexicon(config.lexiconDir, language),
      ...(semantic ? { semantic } : {}),
    },
    hooks,
  );
}

/**
 * The start-up step: creates every index that is missing from its mapping file and waits until each can
 * answer (src/search/indexRegistry.ts), and brings stored pages' lookup keys up to date (pageStore.ts). Run before serving and before starting the periodic jobs.
 */
export async function prepareContext(context: AppContext): Promise<void> {
  await prepareIndices(context.es, context.names, context.log, { catalogShards: context.config.indexShards, replicas: context.config.indexReplicas });
  // A catalog version loaded by an earlier release gets the fields added since (customLabelIds, ...).
  for (const { index, err } of await context.indices.addNewFields())
    context.log.warn('catalog index keeps its mapping until the next full import', { index, err });
  // Pages stay servable without the upgrade (only their keywords are not found): a failure is logged.
  await context.merchandising.pages.upgradeDocuments().then(
    (upgraded) => {
      if (upgraded) context.log.info('pages given lookup keys of this version', { pages: upgraded });
    },
    (err: unknown) =>
      context.log.error('pages keep lookup keys of an earlier version: keywords of these pages are not found until they are imported again', { err }),
  );
}

/** What generating the sample shop's behaviour needs of a context (main.ts, tests). */
export function sampleBehaviourDeps(context: Pick<AppContext, 'log' | 'configuration' | 'storefront' | 'behaviour'>): SampleBehaviourDeps {
  return {
    log: context.log,
    configuration: context.configuration,
    answer: (at, phrase, size) => listedProducts(context.storefront, at, phrase, size),
    facts: (market, keys) => context.behaviour.resolveProducts(market, keys),
    replaceEvents: (prefix, documents) => context.behaviour.replaceSessionEvents(prefix, documents),
  };
}

/** Stops background work and writes buffered behaviour events; the Elasticsearch client stays open. */
export async function shutdownContext(context: AppContext): Promise<void> {
  await context.notifications.close();
  await context.behaviour.close();
}

/** Client addresses the wrong-key throttle remembers at most (about 100 bytes each). */
const MAX_THROTTLED_ADDRESSES = 10_000;

export function createApp(context: AppContext): Koa {
  const app = new Koa();
  // X-Forwarded-For only behind proxies the operator names (TRUST_PROXY), and then only the entries they
  // appended, counted from the right: anything left of them the client wrote itself (ctx.ip is Koa's
  // ips[0] of the last maxIpsCount). Off, ctx.ip is the connection's address.
  app.proxy = context.config.trustProxyHops > 0;
  app.maxIpsCount = context.config.trustProxyHops;
  // Outermost, so the access log and the metrics see the status the error handler answers.
  // Every search of the client is timed for the request that sent it (took, round trips).
  observeSearchTiming(context.es);
  app.use(observeRequests({ log: context.log, metrics: context.metrics, accessLog: context.config.accessLog }));
  app.use(answerHeaders());
  app.use(errorHandler(context.log));
  app.use(
    bodyTimeouts({
      requestMs: context.config.requestTimeoutSeconds * 1000,
      idleMs: context.config.bodyIdleTimeoutSeconds * 1000,
      importIdleMs: context.config.importIdleTimeoutSeconds * 1000,
    }),
  );
  app.use(storefrontCors(context.config.corsAllowedOrigins));
  app.use(compress({ threshold: compressionThreshold(1024), gzip: { level: context.config.gzipLevel }, br: false, deflate: false }));
  const { config } = context;
  const guard = adminGuard(
    { admin: config.adminApiKeys, merchandiser: config.merchandiserApiKeys, analyst: config.analystApiKeys },
    keyThrottle({ limit: config.keyFailureLimit, windowMs: config.keyFailureWindowSeconds * 1000, maxAddresses: MAX_THROTTLED_ADDRESSES }, context.log),
  );
  const web = webRouter({
    configuration: () => context.configuration.get(),
    dynamicFacets: context.config.dynamicFacets,
    sourceMaps: !context.config.production,
  });
  app.use(web.fallback);
  for (const router of [
    operationsRouter({
      readiness: () => checkReadiness(context.es, context.names),
      metrics: context.metrics,
      metricsPublic: context.config.metricsPublic,
      adminGuard: guard,
    }),
    openApiRouter(context.config.publicUrl),
    adminRouter(context.admin, guard),
    analyticsRouter(context.analytics, context.ubi, guard, context.suggestions),
    merchandisingRouter(context.merchandisingAdmin, guard, context.experimentResults),
    consoleRouter({ storefront: context.storefront, history: context.history }, guard),
    replayRouter(context.replay, guard),
    notificationRouter(context.notifications),
    storefrontRouter(context.storefront),
    web.router,
  ])
    app.use(router.routes()).use(router.allowedMethods());
  return app;
}
