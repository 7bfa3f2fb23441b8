/**
 * Starts the real API in-process against the real Elasticsearch node of this test run, under an index
 * prefix of its own, so test files never see each other's data.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { loadConfig, type Config } from '../../src/kernel/config';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { createApp, createContext, prepareContext, shutdownContext, type AppContext } from '../../src/app';
import { httpServer } from '../../src/http/server';
import type { CatalogConfiguration, ReplaceEntity } from '../../src/catalog/types';
import type { TextEmbedder } from '../../src/embedding/types';

export const API_KEY = 'test-key';
export const TEST_CONFIGURATION: CatalogConfiguration = {
  markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' }, NO: { locales: ['nb-NO'], currency: 'NOK' } },
};

export interface TestService {
  url: string;
  prefix: string;
  context: AppContext;
  /** The Koa app (its middleware carries the routers: tests loop their routes). */
  app: Koa;
  request(method: string, path: string, options?: { body?: string | Buffer; headers?: Record<string, string> }): Promise<Response>;
  /** Admin call with the Api-Key header. */
  admin(method: string, path: string, options?: { body?: string | Buffer; headers?: Record<string, string> }): Promise<Response>;
  configure(configuration?: CatalogConfiguration): Promise<void>;
  /** Full import of entities; returns the response. */
  importCatalog(entities: ReplaceEntity[] | string | Buffer, query?: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export function jsonLines(entities: unknown[]): string {
  return entities.map((e) => JSON.stringify(e)).join('\n') + '\n';
}

export function replaceLines(entities: ReplaceEntity[]): string {
  return jsonLines(entities.map((e) => ({ replace: e })));
}

export { gzipSync };

/** A response's JSON body, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonBody(res: Response): Promise<any> {
  return res.json();
}

/** `embedder`: the sentence model of search by meaning (a fake one in tests: ../fixtures/fakeEmbedder.ts). */
export async function startService(overrides: Partial<Config> = {}, options: { embedder?: TextEmbedder; prefix?: string } = {}): Promise<TestService> {
  const prefix = options.prefix ?? `test-${randomBytes(4).toString('hex')}`;
  // No wrong-key throttle unless a test asks for one: tests send wrong keys on purpose, all from 127.0.0.1.
  const config = loadConfig(process.env, {
    indexPrefix: prefix,
    adminApiKeys: [API_KEY],
    port: 0,
    logLevel: 'error',
    loadSampleData: false,
    keyFailureLimit: 0,
    ...overrides,
  });
  const es = createElasticsearchClient(config.elasticsearchUrl);
  const context = createContext(
    config,
    es,
    createLogger(config.logLevel),
    options.embedder ? { queries: options.embedder, documents: options.embedder } : undefined,
  );
  await prepareContext(context);
  const app = createApp(context);
  // The server main.ts makes, with its time limits.
  const server: Server = httpServer(app, { headersTimeoutMs: config.headersTimeoutSeconds * 1000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = (method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string> } = {}) =>
    fetch(url + path, { method, body: options.body, headers: options.headers });
  const admin = (method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string> } = {}) =>
    request(method, path, { ...options, headers: { 'Api-Key': API_KEY, ...(options.headers ?? {}) } });
  return {
    url,
    prefix,
    context,
    app,
    request,
    admin,
    async configure(configuration = TEST_CONFIGURATION) {
      const res = await admin('POST', '/api/admin/v4/import/configuration', {
        body: JSON.stringify(configuration),
        headers: { 'Content-Type': 'application/json' },
      });
      if (res.status !== 204) throw new Error(`configuration import failed: ${res.status} ${await res.text()}`);
    },
    importCatalog(entities, query = '', headers = {}) {
      const body = Array.isArray(entities) ? replaceLines(entities) : entities;
      return admin('PUT', `/api/admin/v4/import/catalog${query}`, { body, headers: { 'Content-Type': 'application/jsonlines', ...headers } });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shutdownContext(context);
      await es.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all', ignore_unavailable: true, allow_no_indices: true }).catch(() => undefined);
      await es.close();
    },
  };
}
