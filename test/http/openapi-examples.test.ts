/**
 * The OpenAPI description against the real node: GET /openapi.json serves it, and every operation that gives an
 * example status (`x-example-status`) is sent with its examples (every parameter's `example`, the body's
 * `example`, the admin key where the operation needs it) on the sample catalog `npm start` loads. Each must
 * answer the status the description gives, and a JSON answer must validate against the described schema.
 * Reads run first, then notifications, then imports (which change the data the reads would see).
 */
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import { openApiDocument } from '../../src/http/openapi/document';
import { ref, type Method, type Operation, type Parameter, type Schema } from '../../src/http/openapi/schema';
import { API_KEY, jsonBody, startService, type TestService } from './harness';

const document = openApiDocument();
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch'];

interface Example {
  method: Method;
  path: string;
  operation: Operation;
}

const resolve = <T>(value: T | { $ref: string }): T => {
  if (typeof value === 'object' && value !== null && '$ref' in value) {
    return (value as { $ref: string }).$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], document) as T;
  }
  return value as T;
};

const ajv = new Ajv({ allErrors: true, extendRefs: true });
/** A validator of `schema`, whose references point into the description's components. */
const validator = (schema: Schema) => ajv.compile({ components: document.components, ...schema });
const problems = (validate: ReturnType<typeof validator>) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.dataPath} ${e.message}`)
    .join('; ');

/** Reads, then notifications, then the writes; document order within each. */
function examples(): Example[] {
  const all: Example[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.['x-example-status'] !== undefined) all.push({ method, path, operation });
    }
  }
  const rank = ({ method, path }: Example) =>
    method === 'get' || path.includes('/queries/') || path.includes('/explain/') ? 0 : path.includes('/notifications/') ? 1 : 2;
  return all
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

/** The request "Try it out" would send with the examples. */
function requestOf({ method, path, operation }: Example): { url: string; init: { body?: string; headers: Record<string, string> } } {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  let url = path;
  for (const parameter of (operation.parameters ?? []).map((p) => resolve<Parameter>(p))) {
    if (parameter.example === undefined) {
      assert.ok(!parameter.required, `${method} ${path}: required parameter ${parameter.name} has no example`);
      continue;
    }
    const value = String(parameter.example);
    if (parameter.in === 'query') query.set(parameter.name, value);
    else if (parameter.in === 'header') headers[parameter.name] = value;
    else url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  if (operation.security?.some((requirement) => 'adminApiKey' in requirement)) headers['Api-Key'] = API_KEY;
  let body: string | undefined;
  if (operation.requestBody) {
    const [contentType, content] = Object.entries(operation.requestBody.content)[0]!;
    assert.ok(content.example !== undefined || !operation.requestBody.required, `${method} ${path}: the body has no example`);
    if (content.example !== undefined) {
      body = typeof content.example === 'string' ? content.example : JSON.stringify(content.example);
      headers['Content-Type'] = contentType;
    }
  }
  return { url: url + (query.size ? `?${query}` : ''), init: { ...(body !== undefined ? { body } : {}), headers } };
}

describe('OpenAPI description: served, and its examples answer as described', function () {
  let service: TestService;
  before(async () => {
    service = await startService({ metricsEnabled: true });
    await loadSampleCatalogIfEmpty(service.context);
  });
  after(async () => service?.close());

  it('serves the description at GET /openapi.json without a key, cacheable', async () => {
    const res = await service.request('GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    assert.deepEqual(await res.json(), JSON.parse(JSON.stringify(openApiDocument(service.context.config.publicUrl))));
    const etag = res.headers.get('etag');
    assert.ok(etag);
    const again = await service.request('GET', '/openapi.json', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });

  it('gives examples for every storefront query and notification, and for admin and operational routes', () => {
    const tried = new Set(examples().map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/storefront/')) continue;
      for (const method of METHODS) if (item[method]) assert.ok(tried.has(`${method.toUpperCase()} ${path}`), `${method} ${path} has no example`);
    }
    assert.ok([...tried].filter((r) => r.includes('/api/admin/')).length >= 20, 'admin examples');
    for (const route of ['GET /health', 'GET /ready', 'GET /metrics', 'GET /openapi.json']) assert.ok(tried.has(route), route);
  });

  it('answers 403 with the described error body on every route that names only the admin key', async () => {
    const validate = validator(ref('Error'));
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation?.security?.length || operation.security.some((requirement) => !('adminApiKey' in requirement))) continue;
        const url = path.replace(/\{[^}]+\}/g, 'x');
        for (const headers of [{}, { 'Api-Key': 'not-the-key' }] as Record<string, string>[]) {
          const res = await service.request(method.toUpperCase(), url, { headers });
          assert.equal(res.status, 403, `${method.toUpperCase()} ${url}`);
          assert.ok(validate(await res.json()), `${method.toUpperCase()} ${url}: ${problems(validate)}`);
        }
        checked++;
      }
    }
    assert.ok(checked >= 30, `only ${checked} admin operations`);
  });

  it('answers 400 with the described error body when a storefront query lacks a required parameter', async () => {
    const validate = validator(ref('Error'));
    for (const { method, path, operation } of examples().filter((e) => e.path.includes('/queries/'))) {
      assert.ok('400' in operation.responses, `${method} ${path} describes 400`);
      const { url } = requestOf({ method, path, operation });
      const without = url.replace(/([?&])customerKey=[^&]*&?/, '$1');
      const res = await service.request(method.toUpperCase(), without);
      const body = await jsonBody(res);
      assert.equal(res.status, 400, `${method.toUpperCase()} ${without}`);
      assert.ok(validate(body), problems(validate));
      assert.match(body.message, /customerKey/);
    }
  });

  for (const example of examples()) {
    const { method, path, operation } = example;
    const status = operation['x-example-status']!;
    it(`${method.toUpperCase()} ${path} answers ${status}`, async () => {
      const { url, init } = requestOf(example);
      const body = operation.requestBody && Object.values(operation.requestBody.content)[0];
      if (body?.example !== undefined && typeof body.example !== 'string') {
        const validate = validator(body.schema);
        assert.ok(validate(body.example), `the body example does not fit its schema: ${problems(validate)}`);
      }
      const res = await service.request(method.toUpperCase(), url, init);
      const text = await res.text();
      assert.equal(res.status, status, `${method.toUpperCase()} ${url}: ${text.slice(0, 500)}`);
      const described = resolve(operation.responses[String(status)]!);
      if (described.content?.['application/jsonlines']) {
        // The catalog export: each line is a catalog line as the full import takes it.
        const validate = validator(ref('CatalogLine'));
        const lines = text.split('\n').filter(Boolean);
        assert.ok(lines.length > 0, 'an export of the sample catalog has lines');
        for (const line of lines) assert.ok(validate(JSON.parse(line)), `${line.slice(0, 200)}: ${problems(validate)}`);
      }
      const schema = described.content?.['application/json']?.schema;
      if (!schema) return;
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const validate = validator(schema);
      assert.ok(validate(JSON.parse(text)), `${method.toUpperCase()} ${url}: the answer does not fit the described schema: ${problems(validate)}`);
    });
  }
});
