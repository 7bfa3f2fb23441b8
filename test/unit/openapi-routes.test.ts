/**
 * The OpenAPI description against the routes the app really registers: every route of the Koa routers
 * (read from the routers' own stacks, not from a list) is described, and every described path and method
 * is served. Plus the description's own integrity: references resolve, ids are unique, path parameters are declared.
 * No Elasticsearch: the app is built but never serves.
 */
import assert from 'node:assert/strict';
import type Router from '@koa/router';
import { loadConfig } from '../../src/kernel/config';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { createApp, createContext } from '../../src/app';
import { openApiDocument } from '../../src/http/openapi/document';
import type { Parameter } from '../../src/http/openapi/schema';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Files of the browser pages (web/, README "Reference storefront"): scripts, stylesheets and placeholder
 * images, not an API. Listed one by one, so a new route anywhere else must be described.
 */
const BROWSER_FILES = new Set([
  'GET /assets/{name}',
  'GET /{page}/assets/{name}',
  'GET /images/sample/{key}/{file}',
  'GET /images/sample/content/{key}/{file}',
]);

/** `METHOD /path/{param}` of every route of the routers an app uses. */
function servedRoutes(middleware: unknown[]): Set<string> {
  const routes = new Set<string>();
  // @koa/router's routes() middleware carries its router.
  const routers = middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  assert.ok(routers.length >= 8, `expected the app's routers, found ${routers.length}`);
  for (const router of routers) {
    for (const layer of router.stack) {
      if (layer.methods.length === 0) continue; // router.use(): middleware, not a route
      const path = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return routes;
}

function describedRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(openApiDocument().paths)) {
    for (const method of METHODS) if (item[method]) routes.add(`${method.toUpperCase()} ${path}`);
  }
  return routes;
}

describe('OpenAPI description and the routers', () => {
  let served: Set<string>;
  before(() => {
    const config = loadConfig(process.env, {
      indexPrefix: 'openapi-routes',
      adminApiKeys: ['k'],
      port: 0,
      logLevel: 'error',
      loadSampleData: false,
      metricsEnabled: true,
    });
    const es = createElasticsearchClient(config.elasticsearchUrl);
    served = servedRoutes(createApp(createContext(config, es, createLogger('error'))).middleware);
  });

  it('describes every route the routers serve', () => {
    const missing = [...served].filter((r) => !BROWSER_FILES.has(r) && !describedRoutes().has(r));
    assert.deepEqual(missing, [], 'routes without a description in src/http/openapi/');
  });

  it('describes no path and method that no router serves', () => {
    const extra = [...describedRoutes()].filter((r) => !served.has(r));
    assert.deepEqual(extra, [], 'described but not served');
  });

  it('finds the routes of every interface (the comparison has something to compare)', () => {
    for (const route of [
      'GET /api/storefront/v3/queries/search-page',
      'POST /api/storefront/v3/notifications/click',
      'PUT /api/admin/v4/import/catalog',
      'GET /api/admin/v4/history/{kind}/{id}',
      'GET /health',
      'GET /openapi.json',
    ]) {
      assert.ok(served.has(route), route);
    }
    assert.ok(served.size > 60, `only ${served.size} routes found`);
  });
});

describe('OpenAPI description integrity', () => {
  const document = openApiDocument();

  it('resolves every $ref', () => {
    const unresolved: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) {
        value.forEach(walk);
        return;
      }
      if (value === null || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') {
          const target = child
            .replace(/^#\//, '')
            .split('/')
            .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], document);
          if (target === undefined) unresolved.push(child);
        } else walk(child);
      }
    };
    walk(document);
    assert.deepEqual(unresolved, []);
  });

  it('gives every operation a unique id, responses and its path parameters', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        assert.ok(!ids.has(operation.operationId), `operationId ${operation.operationId} twice`);
        ids.add(operation.operationId);
        assert.ok(Object.keys(operation.responses).length > 0, `${method} ${path} has no responses`);
        const example = operation['x-example-status'];
        if (example !== undefined)
          assert.ok(String(example) in operation.responses, `${method} ${path}: x-example-status ${example} is not among its responses`);
        const declared = (operation.parameters ?? []).filter((p): p is Parameter => 'in' in p && p.in === 'path').map((p) => p.name);
        const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        assert.deepEqual(declared.sort(), inPath.sort(), `${method} ${path}: path parameters`);
      }
    }
  });

  it('is a 3.1 document with the admin key scheme', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.deepEqual(
      { ...document.components.securitySchemes.adminApiKey, description: undefined },
      { type: 'apiKey', in: 'header', name: 'Api-Key', description: undefined },
    );
    assert.match(document.components.securitySchemes.adminApiKey.description, /ADMIN_API_KEY.*MERCHANDISER_API_KEY.*ANALYST_API_KEY/);
    assert.equal(document.paths['/api/admin/v4/import/pages']?.post?.['x-minimal-role'], 'merchandiser');
    const search = document.paths['/api/storefront/v3/queries/search-page']?.get;
    assert.deepEqual(search?.security, [], 'storefront queries need no key');
    const importCatalog = document.paths['/api/admin/v4/import/catalog']?.put;
    assert.deepEqual(importCatalog?.security, [{ adminApiKey: [] }]);
  });
});
