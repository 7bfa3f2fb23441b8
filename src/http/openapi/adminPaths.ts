/**
 * The admin interface (`/api/admin/...`): catalog, configuration and merchandising imports and exports, import
 * status, the console's explain and history, search analytics and the UBI export. Every route needs the
 * `Api-Key` header (403 without a known one). Imports take one lock per cluster (409 while another runs) and
 * answer 204 when done, or 202 with a job id past `blockingTimeout`.
 */
import { HISTORY_KINDS } from '../../admin/historyRecord';
import { DEFAULT_IMPACT_PHRASES, MAX_IMPACT_PHRASES } from '../../admin/impactReport';
import { ANALYTICS_SORTS, INTERVALS } from '../../events/queries/analytics';
import { DEFAULT_LIMIT as DEFAULT_ANALYTICS_LIMIT, MAX_DAYS, MAX_LIMIT as MAX_ANALYTICS_LIMIT } from '../../behaviour/analytics';
import {
  DEFAULT_SUGGESTION_DAYS,
  DEFAULT_SUGGESTION_LIMIT,
  MAX_SUGGESTION_DAYS,
  MAX_SUGGESTION_EVENTS,
  MAX_SUGGESTION_LIMIT,
} from '../../behaviour/suggestions';
import { SUGGESTION_KINDS } from '../../contract/suggestions';
import { EXPORT_TYPES, MAX_EXPORT_KEYS } from '../adminRoutes';
import { EXAMPLE } from './examples';
import { MERCHANDISING_KIND_TABLE, type MerchandisingKind, type ParameterDoc } from '../../admin/merchandisingKinds';
import { ROUTE_ROLES } from '../access';
import {
  bool,
  enumOf,
  int,
  json,
  obj,
  param,
  ref,
  response,
  str,
  type Operation,
  type Parameter,
  type Paths,
  type RequestBody,
  type Response,
  type Schema,
} from './schema';

import { MAX_JUDGMENTS_BYTES, MAX_REPLAY_BYTES } from '../replayRoutes';

const ADMIN = '/api/admin';
const SECURED = [{ adminApiKey: [] }];

type AdminOperation = Omit<Operation, 'security' | 'responses'> & { responses: Operation['responses'] };

/** An admin operation: the key, and the answers every admin route can give besides its own. */
function admin(operation: AdminOperation): Operation {
  return {
    ...operation,
    security: SECURED,
    responses: {
      ...operation.responses,
      403: response('Forbidden'),
      429: response('KeysThrottled'),
      500: response('InternalError'),
      503: response('Unavailable'),
    },
  };
}

/** Each operation's least role (ROUTE_ROLES), in `x-minimal-role` and its description. */
function withRoles(paths: Paths): Paths {
  for (const [path, item] of Object.entries(paths)) {
    const routePath = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
      const access = ROUTE_ROLES[`${method.toUpperCase()} ${routePath}`];
      if (!access) continue;
      const role = typeof access === 'string' ? access : access.role;
      operation['x-minimal-role'] = role;
      const lower = typeof access === 'string' ? '' : ` (with validationOnly=true: ${access.validationOnly})`;
      operation.description = `${operation.description ? `${operation.description}\n\n` : ''}Least role: ${role}${lower}.`;
    }
  }
  return paths;
}

const query = (name: string, description: string, schema: Schema, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  description,
  schema,
  ...extra,
});

const IMPORTED = {
  204: {
    description: 'The import is done (or, with validationOnly, the file is valid).',
    headers: { 'X-Import-Id': { $ref: '#/components/headers/X-Import-Id' }, 'X-Import-Warnings': { $ref: '#/components/headers/X-Import-Warnings' } },
  },
  202: json('The import outlasted `blockingTimeout` and goes on: poll its status.', ref('ImportAccepted')),
};
const IMPORT_ERRORS = { 400: response('ImportRefused'), 409: response('ImportRunning'), 413: response('TooLarge') };
const EXPORTED_ERRORS = { 406: response('GzipRequired') };

/** A JSON import body: plain or gzip, at most `maxBytes` once decompressed. */
function jsonImport(schema: string, maxBytes: number, example: unknown): RequestBody {
  return {
    description: `JSON (\`application/json\`, any \`+json\` type or \`text/plain\`), optionally \`Content-Encoding: gzip\`; at most ${maxBytes.toLocaleString('en')} bytes once decompressed.`,
    required: true,
    content: { 'application/json': { schema: ref(schema), example } },
  };
}

function merchandisingImport(id: string, summary: string, description: string, body: RequestBody, extra: (Parameter | { $ref: string })[] = []): Operation {
  return admin({
    operationId: id,
    tags: ['Admin: merchandising'],
    summary,
    description,
    parameters: [param('name'), param('blockingTimeoutMerchandising'), ...extra, param('contentEncoding')],
    requestBody: body,
    responses: { ...IMPORTED, ...IMPORT_ERRORS },
    'x-example-status': 204,
  });
}

function exportOf(id: string, tag: string, summary: string, schema: string, parameters: (Parameter | { $ref: string })[] = []): Operation {
  return admin({
    operationId: id,
    tags: [tag],
    summary,
    description: 'Sent gzip-compressed (`Accept-Encoding: gzip` required), in the shape its import takes.',
    parameters: [param('acceptGzip'), ...parameters],
    responses: { 200: json('The export.', ref(schema)), ...(parameters.length ? { 400: response('BadRequest') } : {}), ...EXPORTED_ERRORS },
    'x-example-status': 200,
  });
}

const CATALOG_EXAMPLE =
  [
    { replace: { key: 'tr-category-sneakers-en-GB', translation: { attribute: 'category', id: 'sneakers', locale: 'en-GB', value: 'Sneakers' } } },
    {
      replace: {
        key: 'PG-EXAMPLE',
        productGroup: {
          products: {
            'P-EXAMPLE': {
              markets: ['SE'],
              defaults: { title: 'Canvas sneaker', url: '/product/canvas-sneaker', brand: 'Acme', category: ['sneakers'] },
              variants: { 'V-EXAMPLE': { defaults: { listPrice: 799, sellingPrice: 599, stock: 12 } } },
              images: { main: { defaults: { urls: [{ url: 'https://images.example.com/p-example.jpg', widthInitial: 800 }], alt: 'Canvas sneaker' } } },
            },
          },
        },
      },
    },
    {
      replace: {
        key: 'C-EXAMPLE',
        content: { markets: ['SE'], type: 'article', defaults: { title: 'How to lace sneakers', url: '/content/how-to-lace-sneakers' } },
      },
    },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n') + '\n';

const OPERATIONS_EXAMPLE =
  JSON.stringify({ edit: { key: 'C1', content: { defaults: { description: 'Simple steps that keep your bags looking good for years.' } } } }) + '\n';

const jsonLines = (schema: string, description: string, example: string): RequestBody => ({
  description: `${description} JSON lines (\`application/jsonlines\`; \`application/x-ndjson\`, \`application/json\` and \`text/plain\` are read too), optionally \`Content-Encoding: gzip\`. Streamed: the file's size is not capped.`,
  required: true,
  content: {
    'application/jsonlines': { schema: { type: 'string', description: `One ${schema} per line.`, contentMediaType: 'application/jsonlines' }, example },
  },
});

const validationOnly = (example?: boolean) =>
  query('validationOnly', 'Validate the file and import nothing.', bool(undefined, { default: false }), example === undefined ? {} : { example });
const catalogImportParameters = [param('force'), param('name'), param('blockingTimeout'), param('contentEncoding')];

const historyKind: Parameter = { name: 'kind', in: 'path', required: true, description: 'What was imported.', schema: enumOf(HISTORY_KINDS), example: 'pages' };
const versionId: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A version id of the kind.',
  schema: str(undefined, { pattern: '^[0-9a-z]{1,40}$' }),
};
const scope = [
  query('market', 'Required for pages and navigation.', str(), { example: EXAMPLE.market }),
  query('locale', 'Required for navigation.', str(), { example: EXAMPLE.locale }),
];

const analyticsFilter = [
  param('marketAdmin'),
  query('from', 'First day (UTC, inclusive); default six days before `to`.', str(undefined, { format: 'date' })),
  query('to', 'Last day (UTC, inclusive); default today.', str(undefined, { format: 'date' })),
  query('locale', 'A locale of the market.', str()),
  query('touchpoint', 'Any case.', enumOf(['DESKTOP', 'MOBILE'])),
];
const csvFormat = query('format', '`csv` answers the same numbers as CSV (text/csv, an attachment).', enumOf(['json', 'csv'], undefined, { default: 'json' }));
const withCsv = (r: Response): Response => ({ ...r, content: { ...r.content, 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } } });

const explain = (page: 'search-page' | 'landing-page', method: 'get' | 'post'): Operation => {
  const storefront =
    page === 'search-page'
      ? {
          parameters: [
            'q',
            'customerKey',
            'sessionKey',
            'market',
            'locale',
            'touchpoint',
            'viewId',
            'channels',
            'stores',
            'priceId',
            'presentCustom',
            'presentPrices',
            'templateId',
            'origin',
            'sort',
            'limit',
            'skip',
            'selectedCategory',
            'viewAllSecondary',
            'facets',
          ],
          body: 'SearchPageBody',
          example: { navigation: { include: true } },
        }
      : {
          parameters: [
            'pageReference',
            'customerKey',
            'sessionKey',
            'market',
            'locale',
            'touchpoint',
            'viewId',
            'channels',
            'stores',
            'priceId',
            'presentCustom',
            'presentPrices',
            'qRefine',
            'sort',
            'limit',
            'skip',
            'includeNavigation',
            'facets',
          ],
          body: 'LandingPageBody',
          example: { primaryList: { include: true } },
        };
  return admin({
    operationId: `explain${page === 'search-page' ? 'SearchPage' : 'LandingPage'}${method === 'post' ? 'Post' : ''}`,
    tags: ['Admin: console'],
    summary: `The storefront's ${page} with a reason for every position`,
    description: `Takes the storefront endpoint's parameters and body and answers its JSON, computed by the same run, with \`explanation\` on each product group of the primary list. Registers nothing.`,
    parameters: storefront.parameters.map(param),
    ...(method === 'post'
      ? {
          requestBody: {
            description: "As the storefront endpoint's body.",
            content: { 'application/json': { schema: ref(storefront.body), example: storefront.example } },
          },
        }
      : {}),
    responses: {
      200: json('The page, explained.', ref('ExplainedPage')),
      400: response('BadRequest'),
      ...(method === 'post' ? { 413: response('TooLarge') } : {}),
    },
    'x-example-status': 200,
  });
};

/** A kind's own parameter as the description writes it: a shared one by name, or one in the query. */
const parameterOf = (p: ParameterDoc): Parameter | { $ref: string } =>
  typeof p === 'string'
    ? param(p)
    : query(p.name, p.description, p.schema, {
        ...(p.required ? { required: true } : {}),
        ...(p.exampleOf ? { example: EXAMPLE[p.exampleOf] } : {}),
      });

const pascal = (name: string) =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The import and export paths of a merchandising kind, from its entry in the kinds table. */
function kindPaths(kind: MerchandisingKind): Paths {
  const paths: Paths = {};
  for (const route of kind.imports) {
    for (const version of route.versions) {
      const { doc } = route;
      const operation = merchandisingImport(
        version === 'v3' ? `${doc.operationId}V3` : doc.operationId,
        doc.summary,
        doc.description,
        jsonImport(kind.body, kind.maxBytes, doc.example(EXAMPLE)),
        (doc.parameters ?? []).map(parameterOf),
      );
      (paths[`${ADMIN}/${version}/import/${kind.name}`] ??= {})[route.method] =
        doc.exampleSent === false ? { ...operation, 'x-example-status': undefined } : operation;
    }
  }
  paths[`${ADMIN}/${kind.export.version}/export/${kind.name}`] = {
    get: exportOf(
      `export${pascal(kind.name)}`,
      'Admin: merchandising',
      kind.export.doc.summary,
      kind.body,
      (kind.export.doc.parameters ?? []).map(parameterOf),
    ),
  };
  return paths;
}

export function adminPaths(): Paths {
  const importStatus = (version: 'v3' | 'v4'): Operation =>
    admin({
      operationId: version === 'v4' ? 'importStatus' : 'importStatusV3',
      tags: ['Admin: catalog'],
      summary: 'The status of an import job',
      description: 'Any import answered 202 with this id; an unknown id answers NOT_FOUND.',
      parameters: [query('id', 'The job id of the 202 answer.', str(undefined, { minLength: 1 }), { required: true, example: '1' })],
      responses: { 200: json('The job.', ref('ImportStatus')), 400: response('BadRequest') },
      'x-example-status': 200,
    });
  return withRoles({
    [`${ADMIN}/v4/import/catalog`]: {
      put: admin({
        operationId: 'importCatalog',
        tags: ['Admin: catalog'],
        summary: 'Full catalog import: the file replaces the catalog',
        description:
          'Every line `{"replace": entity}`. The catalog is replaced once every line is in and valid; a file judged dangerous (removing more than DANGEROUS_REMOVAL_RATIO of the product groups, or every group of a market) is refused unless force=true. The first import of a cluster without configuration learns its markets and locales from the file.\n\nWith `impactReport=true`, answers 200 with what the file would do to the most searched phrases: with `validationOnly=true` nothing is published (the candidate is deleted); without it the candidate is published after its report.',
        parameters: [
          // The example validates only: sent as it is to a running service, it replaces nothing. Validation judges
          // the dangerous-import check too, and the one-group example would empty a live catalog: force.
          validationOnly(true),
          query('force', 'Import even what the dangerous-import protection refuses (validationOnly judges it too).', bool(undefined, { default: false }), {
            example: true,
          }),
          ...catalogImportParameters.filter((p) => p.$ref !== '#/components/parameters/force'),
          query(
            'impactReport',
            'Answer 200 with the impact report against the live catalog (needs one); with validationOnly=true the candidate is then deleted, without it published.',
            bool(undefined, { default: false }),
          ),
          query(
            'impactPhrases',
            'Phrases the impact report compares.',
            int(undefined, { minimum: 1, maximum: MAX_IMPACT_PHRASES, default: DEFAULT_IMPACT_PHRASES }),
          ),
        ],
        requestBody: jsonLines('CatalogLine', 'The whole catalog: translations, product groups and content.', CATALOG_EXAMPLE),
        responses: {
          200: json('The impact report (impactReport=true).', ref('ImpactReport')),
          ...IMPORTED,
          400: response('ImportRefused'),
          409: response('ImportRunning'),
        },
        'x-example-status': 204,
      }),
      post: admin({
        operationId: 'importCatalogOperations',
        tags: ['Admin: catalog'],
        summary: 'Catalog operations: replace, edit, editAttributes, remove, removePartial, clear*',
        description:
          'One operation per line, all or nothing: one bad line refuses the batch and changes nothing. The batch is capped by MAX_OPERATIONS_BYTES (400 beyond). Needs a live catalog (405 before the first full import).',
        parameters: [validationOnly(), ...catalogImportParameters],
        requestBody: jsonLines('CatalogOperationLine', 'Operations.', OPERATIONS_EXAMPLE),
        responses: { ...IMPORTED, 400: response('ImportRefused'), 405: response('NoCatalog'), 409: response('ImportRunning') },
        'x-example-status': 204,
      }),
    },
    [`${ADMIN}/v4/export/catalog`]: {
      get: admin({
        operationId: 'exportCatalog',
        tags: ['Admin: catalog'],
        summary: 'The catalog as JSON lines, as imported',
        description:
          'Translations first, then product groups, then content: the file can be imported again unchanged. Gzip-compressed (`Accept-Encoding: gzip` required).',
        parameters: [
          param('acceptGzip'),
          query('types', 'Pipe- or comma-separated, or repeated; default all.', str(), { example: 'PRODUCT_GROUPS' }),
          query('productGroupKeys', `At most ${MAX_EXPORT_KEYS}; pipe- or comma-separated, or repeated.`, str(), { example: EXAMPLE.productGroupKey }),
          query('limit', 'Items of each type.', int(undefined, { minimum: 0 }), { example: 1 }),
        ],
        responses: {
          200: {
            description: `One \`{"replace": entity}\` per line; \`types\` among ${EXPORT_TYPES.join(', ')}.`,
            content: { 'application/jsonlines': { schema: { type: 'string', contentMediaType: 'application/jsonlines' } } },
          },
          400: response('BadRequest'),
          405: response('NoCatalog'),
          ...EXPORTED_ERRORS,
        },
        'x-example-status': 200,
      }),
    },
    [`${ADMIN}/v4/import/status`]: { get: importStatus('v4') },
    [`${ADMIN}/v3/import/status`]: { get: importStatus('v3') },
    [`${ADMIN}/v4/import/configuration`]: {
      post: admin({
        operationId: 'importConfiguration',
        tags: ['Admin: catalog'],
        summary: 'Markets, their locales, currency and presentation',
        description: 'Replaces the configuration. Removing a market or locale that the live catalog uses needs allowDestructiveImport=true.',
        parameters: [
          query('allowDestructiveImport', 'Allow removing markets or locales the catalog uses.', bool(undefined, { default: false })),
          param('name'),
          param('blockingTimeout'),
        ],
        requestBody: {
          description: 'JSON, at most 1 MB.',
          required: true,
          content: {
            'application/json': {
              schema: ref('CatalogConfiguration'),
              example: {
                markets: {
                  SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' },
                  NO: { locales: ['nb-NO'], currency: 'NOK' },
                  UK: { locales: ['en-GB'], currency: 'GBP' },
                },
              },
            },
          },
        },
        responses: { ...IMPORTED, 400: response('ImportRefused'), 409: response('ImportRunning'), 413: response('TooLarge') },
        'x-example-status': 204,
      }),
    },
    [`${ADMIN}/v4/export/configuration`]: { get: exportOf('exportConfiguration', 'Admin: catalog', 'The configuration', 'CatalogConfiguration') },

    ...(Object.assign({}, ...MERCHANDISING_KIND_TABLE.map(kindPaths)) as Paths),
    [`${ADMIN}/v4/experiments/{id}/end`]: {
      post: admin({
        operationId: 'endExperiment',
        tags: ['Admin: merchandising'],
        summary: 'End a running A/B experiment now (our addition)',
        description:
          'Its end becomes now, kept in the history (`end <id>` unless `name` is given); an ended one answers as it is; one that has not started answers 400.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The experiment id.', schema: str() }, param('name')],
        responses: {
          200: json('The experiment, ended.', ref('Experiments')),
          400: response('BadRequest'),
          404: response('NotFound'),
          409: response('ImportRunning'),
        },
      }),
    },
    [`${ADMIN}/v4/experiments/{id}/results`]: {
      get: admin({
        operationId: 'experimentResults',
        tags: ['Admin: analytics'],
        summary: 'The results of an A/B experiment, per variant against the control (our addition)',
        description:
          'Rates per visitor with Newcombe\'s hybrid score interval of the difference, revenue per visitor with Welch\'s t interval, and a chi-square sample ratio check (docs/behaviour.md "Experiment results").',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The experiment id.', schema: str() }],
        responses: { 200: json('The results.', ref('ExperimentResults')), 404: response('NotFound') },
      }),
    },

    [`${ADMIN}/v4/explain/search-page`]: { get: explain('search-page', 'get'), post: explain('search-page', 'post') },
    [`${ADMIN}/v4/explain/landing-page`]: { get: explain('landing-page', 'get'), post: explain('landing-page', 'post') },
    [`${ADMIN}/v4/access`]: {
      get: admin({
        operationId: 'access',
        tags: ['Admin: console'],
        summary: "Our addition: the role of the request's key and the person `X-Elevate-User` names",
        responses: { 200: json('The role, and the person when named.', ref('Access')), 400: response('BadRequest') },
      }),
    },
    [`${ADMIN}/v4/history/{kind}`]: {
      get: admin({
        operationId: 'historyVersions',
        tags: ['Admin: console'],
        summary: 'Kept versions of a merchandising import, newest first',
        parameters: [historyKind, ...scope],
        responses: { 200: json('The versions.', ref('HistoryVersions')), 400: response('BadRequest'), 404: response('NotFound') },
        'x-example-status': 200,
      }),
    },
    [`${ADMIN}/v4/history/{kind}/diff`]: {
      get: admin({
        operationId: 'historyDiff',
        tags: ['Admin: console'],
        summary: 'What changed between two versions of one scope',
        parameters: [historyKind, query('from', 'A version id.', str(), { required: true }), query('to', 'A version id.', str(), { required: true })],
        responses: {
          200: json('Entries added, removed and changed (field by field).', ref('HistoryDiff')),
          400: response('BadRequest'),
          404: response('NotFound'),
        },
      }),
    },
    [`${ADMIN}/v4/history/{kind}/{id}`]: {
      get: admin({
        operationId: 'historyVersion',
        tags: ['Admin: console'],
        summary: 'One version with its content',
        parameters: [historyKind, versionId],
        responses: { 200: json('The version.', ref('HistoryVersion')), 400: response('BadRequest'), 404: response('NotFound') },
      }),
    },
    [`${ADMIN}/v4/history/{kind}/{id}/rollback`]: {
      post: admin({
        operationId: 'historyRollback',
        tags: ['Admin: console'],
        summary: "Import a version again through the kind's own import",
        description: "Validated and locked like the kind's import, and kept as a new version (named `rollback to <id>` unless `name` is given).",
        parameters: [historyKind, versionId, param('name'), param('blockingTimeoutMerchandising')],
        responses: { ...IMPORTED, 400: response('ImportRefused'), 404: response('NotFound'), 409: response('ImportRunning') },
      }),
    },

    [`${ADMIN}/v4/analytics/searches`]: {
      get: admin({
        operationId: 'analyticsSearches',
        tags: ['Admin: analytics'],
        summary: 'Searches by phrase, with clicks, add-to-carts and purchases attributed to them',
        description: `A range of at most ${MAX_DAYS} days.`,
        parameters: [
          ...analyticsFilter,
          query('limit', 'Phrases.', int(undefined, { minimum: 1, maximum: MAX_ANALYTICS_LIMIT, default: DEFAULT_ANALYTICS_LIMIT })),
          query('sort', 'Ties: more searches, then the phrase.', enumOf(ANALYTICS_SORTS, undefined, { default: 'searches' })),
          query('compare', '`previous` adds `previous`: the totals of as many days just before `from`.', enumOf(['previous'])),
          csvFormat,
          query(
            'table',
            'With format=csv: `phrases` (the default) or `totals` (the range, each touchpoint, and the previous period with compare).',
            enumOf(['phrases', 'totals']),
          ),
        ],
        responses: { 200: withCsv(json('Totals and phrases.', ref('AnalyticsSearches'))), 400: response('BadRequest') },
        'x-example-status': 200,
      }),
    },
    [`${ADMIN}/v4/analytics/searches/daily`]: {
      get: admin({
        operationId: 'analyticsDaily',
        tags: ['Admin: analytics'],
        summary: 'The totals of every day, week or month of the range',
        parameters: [
          ...analyticsFilter,
          query('interval', 'The bucket; by default days up to 31 days, weeks up to 183, months beyond.', enumOf(INTERVALS)),
          csvFormat,
        ],
        responses: { 200: withCsv(json('One entry per bucket.', ref('AnalyticsDaily'))), 400: response('BadRequest') },
        'x-example-status': 200,
      }),
    },
    [`${ADMIN}/v4/analytics/searches/products`]: {
      get: admin({
        operationId: 'analyticsPhraseProducts',
        tags: ['Admin: analytics'],
        summary: 'The products the searches for one phrase led to',
        description: 'Clicks, add-to-carts and purchase lines attributed to searches for the phrase, per product, most clicked first.',
        parameters: [
          ...analyticsFilter,
          query('phrase', 'The phrase (normalised: trimmed, spaces collapsed, lower-cased).', str(), { required: true, example: 'sneakers' }),
          query('limit', 'Products.', int(undefined, { minimum: 1, maximum: MAX_ANALYTICS_LIMIT, default: DEFAULT_ANALYTICS_LIMIT })),
          csvFormat,
        ],
        responses: { 200: withCsv(json('Products.', ref('AnalyticsPhraseProducts'))), 400: response('BadRequest') },
        'x-example-status': 200,
      }),
    },
    // Judgments and replays (src/admin/judgments.ts, src/admin/replay.ts).
    [`${ADMIN}/v4/import/judgments`]: {
      put: merchandisingImport(
        'importJudgments',
        'Replace the judgments of the markets named (our addition)',
        'Each judgment grades a product for a phrase, 0 to 3; replays compute nDCG@10 on them. Other markets keep theirs.',
        jsonImport('Judgments', MAX_JUDGMENTS_BYTES, {
          judgments: [{ market: EXAMPLE.market, locale: EXAMPLE.locale, phrase: 'sneakers', productKey: 'example-product', grade: 3 }],
        }),
      ),
    },
    [`${ADMIN}/v4/export/judgments`]: {
      get: exportOf('exportJudgments', 'Admin: merchandising', 'The judgments (our addition)', 'Judgments', [
        query('market', 'One market; default all.', str()),
      ]),
    },
    [`${ADMIN}/v4/replays`]: {
      post: admin({
        operationId: 'startReplay',
        tags: ['Admin: merchandising'],
        summary: 'Replay logged and judged searches with a pending change (our addition)',
        description:
          'Starts a job: the most searched phrases of the last days and every judged phrase, live and with the change (the preview, an experiment variant or pending synonyms), through `_msearch` in batches; nothing live changes. docs/merchandising.md "Replay before publishing".',
        requestBody: {
          required: true,
          description: `JSON, at most ${MAX_REPLAY_BYTES.toLocaleString('en')} bytes.`,
          content: { 'application/json': { schema: ref('ReplayRequest'), example: { change: { kind: 'preview' }, phrases: 500, days: 30 } } },
        },
        responses: {
          202: json('The job started: poll statusUrl.', obj({ id: str(), status: str(), statusUrl: str() })),
          400: response('BadRequest'),
          409: response('ImportRunning'),
          413: response('TooLarge'),
        },
      }),
    },
    [`${ADMIN}/v4/replays/{id}`]: {
      get: admin({
        operationId: 'replayStatus',
        tags: ['Admin: merchandising'],
        summary: 'A replay job and, once done, its report (our addition)',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The id POST /replays answered.', schema: str() }],
        responses: { 200: json('The job.', ref('ReplayJob')), 404: response('NotFound') },
      }),
    },
    [`${ADMIN}/v4/suggestions`]: {
      get: admin({
        operationId: 'suggestions',
        tags: ['Admin: analytics'],
        summary: "Synonyms, redirects, category boosts and pins suggested by shoppers' behaviour",
        description: `Mined from the market's searches, clicks and add-to-carts of the last \`days\` (docs/merchandising.md "Suggestions from behaviour"), best score first. A suggestion the shop already has (the synonym rule, a published phrase rule's redirect, boost or pin) is left out. Reads at most ${MAX_SUGGESTION_EVENTS} events (\`truncated\` says when it stopped there).`,
        parameters: [
          param('marketAdmin'),
          query('locale', 'A locale of the market: only its searches.', str()),
          query('days', 'Days back from now.', int(undefined, { minimum: 1, maximum: MAX_SUGGESTION_DAYS, default: DEFAULT_SUGGESTION_DAYS })),
          query('kind', 'Only suggestions of this kind.', enumOf(SUGGESTION_KINDS)),
          query('minScore', 'Only suggestions scoring at least this.', int(undefined, { minimum: 0, maximum: 100, default: 0 })),
          query('limit', 'Suggestions.', int(undefined, { minimum: 1, maximum: MAX_SUGGESTION_LIMIT, default: DEFAULT_SUGGESTION_LIMIT })),
        ],
        responses: { 200: json('Suggestions, best first.', ref('Suggestions')), 400: response('BadRequest') },
        'x-example-status': 200,
      }),
    },
    [`${ADMIN}/v4/export/ubi`]: {
      get: admin({
        operationId: 'exportUbi',
        tags: ['Admin: analytics'],
        summary: 'Searches and their events in the User Behavior Insights format',
        description: 'An OpenSearch `_bulk` body (an action line before each `ubi_queries` or `ubi_events` record), gzip-compressed.',
        parameters: [param('acceptGzip'), ...analyticsFilter.slice(0, 3)],
        responses: {
          200: { description: 'NDJSON.', content: { 'application/x-ndjson': { schema: { type: 'string', contentMediaType: 'application/x-ndjson' } } } },
          400: response('BadRequest'),
          ...EXPORTED_ERRORS,
        },
        'x-example-status': 200,
      }),
    },
  });
}

/** GET /metrics: the admin key unless METRICS_PUBLIC. */
export const METRICS_SECURITY = [...SECURED, {}];
