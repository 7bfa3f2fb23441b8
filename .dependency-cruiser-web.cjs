/**
 * The shape of web/ (the browser pages, docs/architecture.md "The pages and the service"):
 *
 *   web/analytics/  web/console/  web/storefront/    one folder a page: never each other
 *   web/shared/                                       what the pages share (login, admin fetch, styles)
 *   src/contract/                                     the request and answer shapes the service and the pages share
 *
 * A page imports its own folder, web/shared/, src/contract/ and packages; nothing else of src/ (server code
 * would end up in the bundles unchecked). The files in PAGES_STILL_ON_SRC still import domain modules of src/
 * (rule parsing, facet and template vocabularies) and are to move onto the contract, leaving the list.
 * Checked by `npm test` (scripts/test.sh) beside .dependency-cruiser.cjs.
 */
const PAGES_STILL_ON_SRC = ['^web/console/(Facets|Labels|PageSettings|RulesField|Templates)\\.tsx$', '^web/console/pageDraft\\.ts$'];

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No import cycle between files.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'pages-on-the-contract',
      comment: 'A page reads the service only through src/contract/ (and the HTTP API): no other module of src/.',
      severity: 'error',
      from: { path: '^web/', pathNot: PAGES_STILL_ON_SRC },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'pages-alone',
      comment: 'A page folder imports no other page folder: what two pages share belongs in web/shared/.',
      severity: 'error',
      from: { path: '^web/([^/]+)/', pathNot: '^web/shared/' },
      to: { path: '^web/[^/]+/', pathNot: ['^web/$1/', '^web/shared/'] },
    },
    {
      name: 'shared-below-pages',
      comment: 'web/shared/ imports no page folder and nothing of src/ but the contract.',
      severity: 'error',
      from: { path: '^web/shared/' },
      to: { path: ['^web/(?!shared/)[^/]+/', '^src/(?!contract/)'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.cache)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json', '.css'] },
  },
};
