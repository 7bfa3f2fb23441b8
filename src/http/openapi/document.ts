/**
 * The OpenAPI 3.1 description of the service (README "OpenAPI description"): the storefront and admin APIs,
 * the operational endpoints, and the JSON the reference storefront reads. Built from the routes' own limits and
 * enumerations; served at GET /openapi.json (openapiRoutes.ts).
 *
 * Two tests keep it honest: test/unit/openapi-routes.test.ts fails when a route of the Koa routers is not
 * described or a described path and method is served by no router; test/http/openapi-examples.test.ts sends
 * every operation's examples to the real node on the sample catalog and checks the status and the answer
 * against the described schema.
 */
import { ADMIN_SCHEMAS } from './adminSchemas';
import { METRICS_SECURITY, adminPaths } from './adminPaths';
import { PARAMETERS } from './parameters';
import { STOREFRONT_SCHEMAS } from './storefrontSchemas';
import { notificationPaths, storefrontQueryPaths } from './storefrontPaths';
import { json, ref, response, str, type OpenApiDocument, type Paths, type Response } from './schema';

const error = (description: string): Response => json(description, ref('Error'));

const RESPONSES: Record<string, Response> = {
  BadRequest: error('A missing or invalid parameter or body; the message names it.'),
  ImportRefused: error(
    'The import is invalid (`errors` lists the problems with their path or line, `moreErrors` how many more) or judged dangerous; nothing was changed.',
  ),
  Forbidden: error('Wrong or missing `Api-Key` header, or a key whose role may not call the route (the body then names `role` and `requiredRole`).'),
  KeysThrottled: error('Too many wrong `Api-Key` headers from this client address within KEY_FAILURE_WINDOW_SECONDS: `Retry-After` says when to try again.'),
  NotFound: error('Unknown history kind or version.'),
  NoCatalog: error(
    'No catalog has been imported yet: the first catalog import must be a full import (PUT). Elevate answers 405 while its v4 upgrade is incomplete.',
  ),
  GzipRequired: error('`Accept-Encoding` does not accept gzip.'),
  ImportRunning: error('Another import holds the import lock; the message names it.'),
  TooLarge: error('The body is larger than the limit of the route.'),
  InternalError: error('An internal error; the service log has the details.'),
  Unavailable: error('The search cluster is unavailable: retry shortly.'),
  NoCatalogOrUnavailable: error('No products in the cluster (no catalog imported, or none in the market), or the search cluster is unavailable.'),
  BufferFull: error('The behaviour event buffer is full (the cluster has been away too long): retry later.'),
};

const HEADERS = {
  'X-Request-Id': {
    description: 'The incoming `X-Request-Id` (sanitised, at most 128 characters), else a new UUID; on every log line of the request.',
    schema: str(),
  },
  'X-Response-Time': { description: 'Milliseconds spent answering.', schema: { type: 'integer' } },
  'X-Elasticsearch-Took': {
    description: "Sum of Elasticsearch's own `took` over the request's searches (ms); absent without searches.",
    schema: { type: 'integer' },
  },
  'X-Elasticsearch-Round-Trips': { description: 'Search round trips to Elasticsearch; absent without searches.', schema: { type: 'integer' } },
  'X-Import-Id': { description: 'The finished import job: `GET /api/admin/v4/import/status?id=` lists its warnings.', schema: str() },
  'X-Import-Warnings': { description: 'How many warnings the finished import has (catalog imports); absent when none.', schema: { type: 'integer' } },
};

function operationsPaths(): Paths {
  return {
    '/health': {
      get: {
        operationId: 'health',
        tags: ['Operations'],
        summary: 'Liveness: 200 while the process runs',
        description: 'Checks nothing else, so a cluster outage does not get every API process restarted.',
        responses: { 200: json('Alive.', ref('Health')) },
        security: [],
        'x-example-status': 200,
      },
    },
    '/ready': {
      get: {
        operationId: 'ready',
        tags: ['Operations'],
        summary: 'Readiness: whether to send traffic here',
        description: 'Ready when Elasticsearch answers within 2 s, every index the service prepares exists and none is red (yellow is ready).',
        responses: { 200: json('Ready.', ref('Ready')), 503: json('Not ready, and why.', ref('NotReady')) },
        security: [],
        'x-example-status': 200,
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        tags: ['Operations'],
        summary: 'Prometheus metrics',
        description:
          'Requests by route and status with latency histograms, Elasticsearch round trips and took, imports, the behaviour event buffer, cache reads (README "Operations"). Needs the admin `Api-Key` unless METRICS_PUBLIC=true; not served with METRICS_ENABLED=false.',
        responses: {
          200: { description: 'Prometheus text format.', content: { 'text/plain': { schema: { type: 'string' } } } },
          403: response('Forbidden'),
        },
        security: METRICS_SECURITY,
        'x-example-status': 200,
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'openApi',
        tags: ['Operations'],
        summary: 'This description',
        description: 'No key; cacheable (ETag, `If-None-Match` answers 304), readable from any origin.',
        responses: {
          200: json('OpenAPI 3.1.', { type: 'object', required: ['openapi', 'info', 'paths'] }),
          304: { description: 'Unchanged since the ETag sent.' },
        },
        security: [],
        'x-example-status': 200,
      },
    },
    '/storefront/markets.json': {
      get: {
        operationId: 'markets',
        tags: ['Reference storefront'],
        summary: "The configured markets, their locales and currency (the reference storefront's market switcher)",
        responses: { 200: json('The markets.', ref('Markets')), 500: response('InternalError'), 503: response('Unavailable') },
        security: [],
        'x-example-status': 200,
      },
    },
  };
}

const DESCRIPTION = `A self-hosted search and merchandising service speaking the Voyado Elevate 4 APIs, on Elasticsearch 8.

- **Storefront** (\`/api/storefront/v3/...\`): queries and notifications, called from the visitor's browser (CORS: \`CORS_ALLOWED_ORIGINS\`). No key.
- **Admin** (\`/api/admin/...\`): imports, exports, import status, explain, history and analytics. Every route needs the \`Api-Key\` header.
- **Operations**: \`/health\`, \`/ready\`, \`/metrics\`, and this description.

Every error answer is JSON \`{ "message": ... }\` (imports add \`errors\`). Every answer carries \`X-Request-Id\` (an incoming one is kept) and \`X-Response-Time\`. Answers over 1 KB are gzip-compressed for clients that accept it. The examples are values of the sample catalog \`npm start\` loads.`;

/** The parts as one map; a name given twice is a mistake in the description, not something to let one part win. */
function disjoint<T>(...parts: Record<string, T>[]): Record<string, T> {
  const all: Record<string, T> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      if (Object.hasOwn(all, name)) throw new Error(`OpenAPI description: ${name} is described twice`);
      all[name] = value;
    }
  }
  return all;
}

/** The description; `serverUrl` (the service's PUBLIC_URL) becomes its one server. */
export function openApiDocument(serverUrl?: string): OpenApiDocument & { servers?: { url: string }[] } {
  return {
    openapi: '3.1.0',
    info: { title: 'open-elevate', version: '0.1.0', description: DESCRIPTION, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      { name: 'Storefront queries', description: 'Product, content, navigation and recommendation data for a shop front end.' },
      { name: 'Storefront notifications', description: 'Visitor behaviour: clicks, add-to-carts, favourites, purchases.' },
      { name: 'Admin: catalog', description: 'Catalog and configuration imports and exports, import status.' },
      { name: 'Admin: merchandising', description: 'Navigation, pages, templates, facets, labels, synonyms, phrase rules, compounds.' },
      { name: 'Admin: console', description: 'Explain and history for the merchandising console.' },
      { name: 'Admin: analytics', description: 'Search analytics and the UBI export.' },
      { name: 'Operations', description: 'Liveness, readiness, metrics, this description.' },
      { name: 'Reference storefront', description: 'JSON the reference storefront (web/) reads.' },
    ],
    paths: disjoint(storefrontQueryPaths(), notificationPaths(), adminPaths(), operationsPaths()),
    components: {
      schemas: disjoint(STOREFRONT_SCHEMAS, ADMIN_SCHEMAS),
      parameters: PARAMETERS,
      responses: RESPONSES,
      headers: HEADERS,
      securitySchemes: {
        adminApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Api-Key',
          description: 'One of ADMIN_API_KEY (every route), MERCHANDISER_API_KEY or ANALYST_API_KEY (each operation names its least role in `x-minimal-role`).',
        },
      },
    },
  };
}
