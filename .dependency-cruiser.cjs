/**
 * The shape of src/: every folder depends only on the folders below it (docs/architecture.md).
 *
 *   main.ts, app.ts                       entry point and composition root: may import anything
 *   http/                                 routes, parameter and body reading, error mapping
 *   admin/  storefront/  behaviour/       use cases: never http/, never each other
 *   merchandising/  events/               domain ...
 *   configuration/  rules/  catalog/      ... (each only the ones listed after it)
 *   search/  embedding/                   Elasticsearch access; the sentence-embedding model (worker threads)
 *   kernel/                               errors, log, settings, validation toolkit: imports nothing of ours
 *   contract/                             request and answer shapes shared with web/: imports nothing at all
 *
 * sample/ (generated sample and benchmark data, the sample loader) sits beside http/: only main.ts uses it.
 *
 * Inside storefront/, each query endpoint has its folder (searchPage/, landingPage/, ...) and no endpoint
 * folder imports another: what two endpoints share sits below them, in a shared folder (STOREFRONT_SHARED)
 * or a module at the root of storefront/, and shared code imports no endpoint. A new folder is an endpoint
 * folder unless it is added to STOREFRONT_SHARED. No two folders import each other, at any level (a cycle
 * of files in different folders that the file-level check cannot see, e.g. a → b/x → a/y).
 * Only search/ and the stores (`*Store.ts`, `store.ts`) import @elastic/elasticsearch's values (the
 * Client); elsewhere its types only (`import type`).
 * Checked by `npm test` (scripts/test.sh) and `npm run depcruise`. Type-only imports count too
 * (tsPreCompilationDeps): an interface import ties two files as much as a value import does.
 */
const USE_CASES = '^src/(admin|storefront|behaviour)/';
const DOMAIN = '^src/(catalog|rules|configuration|merchandising|events)/';
const ABOVE_DOMAIN = '^src/(admin|storefront|behaviour|http|sample)/|^src/(app|main)\\.ts$';
/** The folders of storefront/ that serve several endpoints; every other folder is one endpoint's. */
const STOREFRONT_SHARED = '^src/storefront/(facets|navigation|recommendations|suggest)/';
const STOREFRONT_ENDPOINT = '^src/storefront/[^/]+/';
/**
 * The root modules of storefront/ that stand above shared folders: the service bundle, the listing round
 * and the response types that name a navigation result. Every other root module is below every folder.
 */
const STOREFRONT_COMPOSING = '^src/storefront/(services|listingRound|responseTypes)\\.ts$';
const STORES = ['Store\\.ts$', '/store\\.ts$'];

/** One rule per layer boundary, named so a failure says which boundary it crossed. */
const forbid = (name, comment, from, to, toNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to, ...(toNot ? { pathNot: toNot } : {}) },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No import cycle between files.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-folder-cycle',
      comment: 'No two folders import each other, at any level, whichever files carry the imports.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-pure',
      comment:
        'contract/ (the shapes the service and the pages share, bundled into the pages) imports nothing: no module of ours, no package, no Node built-in.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    forbid('kernel-imports-nothing', 'kernel/ is the bottom: it imports nothing of ours.', '^src/kernel/', '^src/', '^src/kernel/'),
    forbid(
      'embedding-above-kernel-only',
      'embedding/ (the sentence-embedding model in worker threads) imports kernel/ only: no Elasticsearch, no domain.',
      '^src/embedding/',
      '^src/',
      '^src/(embedding|kernel)/',
    ),
    forbid('search-below-domain', 'search/ (Elasticsearch access) knows no domain, use case or HTTP.', '^src/search/', `${DOMAIN}|${ABOVE_DOMAIN}`),
    forbid('domain-below-use-cases', 'The domain knows no use case, no HTTP and no sample data.', DOMAIN, ABOVE_DOMAIN),
    forbid('catalog-is-the-base', 'catalog/ is the bottom of the domain.', '^src/catalog/', '^src/(rules|configuration|merchandising|events)/'),
    forbid('rules-above-catalog-only', 'rules/ reads the catalog model only.', '^src/rules/', '^src/(configuration|merchandising|events)/'),
    forbid(
      'configuration-above-catalog-only',
      'configuration/ (markets, locales) reads the catalog model only.',
      '^src/configuration/',
      '^src/(rules|merchandising|events)/',
    ),
    forbid('merchandising-without-events', 'Merchandising data and visitor events do not know each other.', '^src/merchandising/', '^src/events/'),
    forbid('events-without-merchandising', 'Merchandising data and visitor events do not know each other.', '^src/events/', '^src/merchandising/'),
    forbid(
      'use-cases-below-http',
      'Use cases know no HTTP (they throw domain errors; http/ maps them).',
      USE_CASES,
      '^src/(http|sample)/|^src/(app|main)\\.ts$',
    ),
    forbid('admin-alone', 'admin/ uses no other use case.', '^src/admin/', '^src/(storefront|behaviour)/'),
    forbid('storefront-alone', 'storefront/ uses no other use case (it owns the interfaces it needs).', '^src/storefront/', '^src/(admin|behaviour)/'),
    forbid('behaviour-alone', 'behaviour/ uses no other use case.', '^src/behaviour/', '^src/(admin|storefront)/'),
    {
      name: 'storefront-endpoints-alone',
      comment: 'A storefront endpoint folder imports no other endpoint folder: what both need belongs in a shared folder or a root module.',
      severity: 'error',
      from: { path: '^src/storefront/([^/]+)/', pathNot: STOREFRONT_SHARED },
      to: { path: STOREFRONT_ENDPOINT, pathNot: ['^src/storefront/$1/', STOREFRONT_SHARED] },
    },
    {
      name: 'storefront-shared-below-endpoints',
      comment: 'Shared storefront code (root modules, shared folders) imports no endpoint folder.',
      severity: 'error',
      from: { path: ['^src/storefront/[^/]+\\.ts$', STOREFRONT_SHARED] },
      to: { path: STOREFRONT_ENDPOINT, pathNot: STOREFRONT_SHARED },
    },
    {
      name: 'elasticsearch-client-in-search-and-stores',
      comment: 'Only search/ and the stores import @elastic/elasticsearch values (the Client); other code imports its types only (import type).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/search/', ...STORES] },
      to: { path: '@elastic/elasticsearch', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'storefront-root-below-shared-folders',
      comment:
        'A root module of storefront/ imports no storefront folder (shared folders import root modules, so the arrow would point back up); only the modules that compose the endpoints above the shared folders may.',
      severity: 'error',
      from: { path: '^src/storefront/[^/]+\\.ts$', pathNot: STOREFRONT_COMPOSING },
      to: { path: '^src/storefront/[^/]+/' },
    },
    {
      name: 'storefront-shared-below-composing',
      comment:
        'A shared storefront folder or a root module below them imports neither the service bundle nor the listing round, which compose above them, not even a type: it owns the narrow interface it reads, and services.ts fills it.',
      severity: 'error',
      from: { path: [STOREFRONT_SHARED, '^src/storefront/[^/]+\\.ts$'], pathNot: STOREFRONT_COMPOSING },
      to: { path: '^src/storefront/(services|listingRound)\\.ts$' },
    },
    forbid('http-below-composition', 'http/ is wired by app.ts and knows no sample data.', '^src/http/', '^src/sample/|^src/(app|main)\\.ts$'),
    forbid('sample-below-composition', 'sample/ is started by main.ts; it knows no HTTP.', '^src/sample/', '^src/http/|^src/(app|main)\\.ts$'),
    {
      name: 'app-is-the-root',
      comment: 'Only main.ts imports the composition root.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main\\.ts$' },
      to: { path: '^src/(app|main)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
