/**
 * Operations over HTTP against the real Elasticsearch (docs/operations.md): /health and /ready (and their
 * 503s), /metrics, request ids and the access log.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { startService, jsonBody, API_KEY, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { loadConfig, type Config } from '../../src/kernel/config';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { createApp, createContext, prepareContext, shutdownContext, type AppContext } from '../../src/app';

type LogLine = Record<string, unknown>;

/** An app on `overrides`' Elasticsearch whose log lines are kept; `prepare` false leaves its indices unmade. */
async function appWithLog(overrides: Partial<Config>, prepare = true): Promise<{ url: string; lines: LogLine[]; context: AppContext; close(): Promise<void> }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  const config = loadConfig(process.env, {
    indexPrefix: `test-${randomBytes(4).toString('hex')}`,
    adminApiKeys: [API_KEY],
    port: 0,
    logLevel: 'info',
    loadSampleData: false,
    ...overrides,
  });
  const es = createElasticsearchClient(config.elasticsearchUrl);
  const context = createContext(config, es, createLogger('info', stream));
  if (prepare) await prepareContext(context);
  const server: Server = await new Promise((resolve) => {
    const s = createApp(context).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    context,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shutdownContext(context);
      if (prepare)
        await es.indices
          .delete({ index: `${config.indexPrefix}-*`, expand_wildcards: 'all', ignore_unavailable: true, allow_no_indices: true })
          .catch(() => undefined);
      await es.close();
    },
  };
}

/** A port nothing listens on. */
const CLOSED = 'http://127.0.0.1:1';

describe('operations: health, readiness, metrics, request ids, access log', function () {
  let service: TestService;

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(smallCatalog(3));
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  describe('GET /health and GET /ready', () => {
    it('answers 200 on both when Elasticsearch and the indices are there, without a key and outside /api/', async () => {
      const health = await service.request('GET', '/health');
      assert.equal(health.status, 200);
      assert.deepEqual(await jsonBody(health), { status: 'ok' });
      const ready = await service.request('GET', '/ready');
      assert.equal(ready.status, 200);
      assert.equal((await jsonBody(ready)).status, 'ready');
    });

    it('a browser asking for HTML still gets the JSON answers (ordinary routes win over the storefront page)', async () => {
      const res = await service.request('GET', '/health', { headers: { Accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /json/);
    });

    it('/ready answers 503 with a reason when Elasticsearch does not answer; /health stays 200', async () => {
      const app = await appWithLog({ elasticsearchUrl: CLOSED }, false);
      try {
        const ready = await fetch(`${app.url}/ready`);
        assert.equal(ready.status, 503);
        const body = await jsonBody(ready);
        assert.equal(body.status, 'not ready');
        assert.match(body.message, /Elasticsearch does not answer/);
        assert.equal((await fetch(`${app.url}/health`)).status, 200);
      } finally {
        await app.close();
      }
    });

    it('/ready answers 503 naming the missing indices when they were never prepared', async () => {
      const app = await appWithLog({}, false);
      try {
        const ready = await fetch(`${app.url}/ready`);
        assert.equal(ready.status, 503);
        const body = await jsonBody(ready);
        assert.match(body.message, /indices of this service are missing/);
        assert.ok(body.missing.includes(`${app.context.names.configuration}`), JSON.stringify(body));
      } finally {
        await app.close();
      }
    });
  });

  describe('GET /metrics', () => {
    it('needs the admin Api-Key by default (METRICS_PUBLIC=false)', async () => {
      assert.equal((await service.request('GET', '/metrics')).status, 403);
      assert.equal((await service.admin('GET', '/metrics')).status, 200);
    });

    it('names requests by route and status, Elasticsearch took and round trips, imports, caches and the event buffer', async () => {
      const search = '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=m&sessionKey=m';
      for (let i = 0; i < 3; i++) assert.equal((await service.request('GET', search)).status, 200);
      assert.equal((await service.request('GET', '/api/storefront/v3/queries/search-page?market=SE')).status, 400);
      const res = await service.admin('GET', '/metrics');
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      if (process.env.SHOW_METRICS)
        console.log(
          text
            .split('\n')
            .filter((l) => l.startsWith('elevate_') && !l.includes('_bucket'))
            .join('\n'),
        );
      const route = '/api/storefront/v3/queries/search-page';
      assert.match(text, new RegExp(`elevate_http_requests_total\\{method="GET",route="${route}",status="200"\\} 3`));
      assert.match(text, new RegExp(`elevate_http_requests_total\\{method="GET",route="${route}",status="400"\\} 1`));
      assert.match(text, new RegExp(`elevate_http_request_duration_seconds_bucket\\{le="0.5",method="GET",route="${route}",status="200"\\} \\d`));
      assert.match(text, new RegExp(`elevate_elasticsearch_round_trips_total\\{route="${route}"\\} [1-9]`));
      assert.match(text, new RegExp(`elevate_elasticsearch_took_seconds_count\\{route="${route}"\\} [1-9]`));
      assert.match(text, /elevate_imports_total\{kind="configuration",outcome="success"\} 1/);
      assert.match(text, /elevate_imports_total\{kind="catalog-full",outcome="success"\} 1/);
      assert.match(text, /elevate_import_duration_seconds_count\{kind="catalog-full",outcome="success"\} 1/);
      assert.match(text, /elevate_cache_reads_total\{cache="catalog-view",result="hit"\} [1-9]/);
      assert.match(text, /elevate_cache_reads_total\{cache="facets",result="(hit|miss)"\} [1-9]/);
      // Every cache is counted through kernel/cache.ts: the catalog facts of three searches, read once, kept for the others.
      assert.match(text, /elevate_cache_reads_total\{cache="catalog-facts",result="hit"\} [1-9]/);
      assert.match(text, /elevate_cache_reads_total\{cache="synonyms",result="(hit|miss)"\} [1-9]/);
      assert.match(text, /elevate_behaviour_buffer_events \d+/);
      assert.match(text, /elevate_behaviour_buffer_capacity 100000/);
      assert.match(text, /elevate_behaviour_events_dropped_total 0/);
      assert.match(text, /elevate_notifications_refused_total 0/);
      assert.match(text, /process_cpu_seconds_total/);
    });

    it('answers without a key when METRICS_PUBLIC is true, and 404 when METRICS_ENABLED is false', async () => {
      const open = await appWithLog({ metricsPublic: true }, false);
      const off = await appWithLog({ metricsEnabled: false }, false);
      try {
        assert.equal((await fetch(`${open.url}/metrics`)).status, 200);
        assert.equal((await fetch(`${off.url}/metrics`, { headers: { 'Api-Key': API_KEY } })).status, 404);
      } finally {
        await Promise.all([open.close(), off.close()]);
      }
    });
  });

  describe('request ids and the access log', () => {
    let app: Awaited<ReturnType<typeof appWithLog>>;
    before(async () => {
      app = await appWithLog({});
    });
    after(async () => app.close());

    it('echoes an incoming X-Request-Id and writes it on the access line and every other line of the request', async () => {
      const res = await fetch(`${app.url}/api/admin/v4/import/configuration`, {
        method: 'POST',
        body: '{"markets":',
        headers: { 'Api-Key': API_KEY, 'X-Request-Id': 'abc-123', 'Content-Type': 'application/json' },
      });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('x-request-id'), 'abc-123');
      const ok = await fetch(`${app.url}/api/admin/v4/import/configuration`, {
        method: 'POST',
        body: JSON.stringify({ markets: { SE: { locales: ['sv-SE'] } } }),
        headers: { 'Api-Key': API_KEY, 'X-Request-Id': 'imp-1', 'Content-Type': 'application/json' },
      });
      assert.equal(ok.status, 204);
      const ofImport = app.lines.filter((l) => l.requestId === 'imp-1');
      assert.ok(
        ofImport.some((l) => l.msg === 'import started'),
        JSON.stringify(ofImport),
      );
      assert.ok(ofImport.some((l) => l.msg === 'import finished'));
      const access = app.lines.filter((l) => l.msg === 'request' && l.requestId === 'abc-123');
      assert.equal(access.length, 1);
      assert.deepEqual(
        { ...access[0], time: undefined, durationMs: undefined },
        {
          level: 'info',
          time: undefined,
          requestId: 'abc-123',
          msg: 'request',
          method: 'POST',
          route: '/api/admin/v4/import/configuration',
          path: '/api/admin/v4/import/configuration',
          status: 400,
          durationMs: undefined,
          esTookMs: 0,
          esRoundTrips: 0,
        },
      );
      assert.equal(typeof access[0].durationMs, 'number');
    });

    it('the access line of a search has its Elasticsearch took and round trips', async () => {
      await fetch(`${app.url}/api/storefront/v3/queries/search-page?q=x&market=SE&locale=sv-SE&touchpoint=DESKTOP&customerKey=c&sessionKey=s`, {
        headers: { 'X-Request-Id': 'search-1' },
      });
      const [line] = app.lines.filter((l) => l.msg === 'request' && l.requestId === 'search-1');
      assert.ok(line, 'access line');
      assert.ok(Number(line.esRoundTrips) >= 1, JSON.stringify(line));
      assert.equal(typeof line.esTookMs, 'number');
    });

    it('makes a new id when none or nothing usable is sent, and keeps only safe characters, at most 128', async () => {
      const fresh = await fetch(`${app.url}/health`);
      assert.match(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      const unusable = await fetch(`${app.url}/health`, { headers: { 'X-Request-Id': '"{}<> ' } });
      assert.match(unusable.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      const dirty = await fetch(`${app.url}/health`, { headers: { 'X-Request-Id': 'a"b\\c{d}e f\tg' } });
      assert.equal(dirty.headers.get('x-request-id'), 'abcdefg');
      const long = await fetch(`${app.url}/health`, { headers: { 'X-Request-Id': 'x'.repeat(500) } });
      assert.equal(long.headers.get('x-request-id'), 'x'.repeat(128));
    });

    it('never writes an Api-Key (or any header) to the log', async () => {
      const secret = `secret-${randomBytes(6).toString('hex')}`;
      await fetch(`${app.url}/api/admin/v4/import/status?x=${secret}`, { headers: { 'Api-Key': secret } });
      await fetch(`${app.url}/api/admin/v4/import/status`, { headers: { 'Api-Key': API_KEY } });
      const all = app.lines.map((l) => JSON.stringify(l)).join('\n');
      assert.ok(!all.includes(secret), 'a wrong key is not logged');
      assert.ok(!all.includes(API_KEY), 'the admin key is not logged');
      assert.ok(app.lines.some((l) => l.msg === 'request' && l.status === 403));
    });
  });
});
