/**
 * Keys with roles (src/http/access.ts): the route → role table against the routes the app really registers
 * (read from the routers' stacks, so a new admin route without a role fails here), the roles' order, the
 * `X-Elevate-User` header, and the wrong-key throttle (src/http/keyThrottle.ts) on a fake clock.
 * No Elasticsearch: the app is built but never serves.
 */
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/kernel/config';
import { createLogger, type Logger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { createApp, createContext } from '../../src/app';
import { minimalRole, roleIncludes, roleResolver, ROUTE_ROLES, userOf } from '../../src/http/access';
import { keyThrottle } from '../../src/http/keyThrottle';
import { DomainError } from '../../src/kernel/errors';
import { guardedRoutes } from './guardedRoutes';

describe('admin route roles', () => {
  let routes: string[];
  before(() => {
    const config = loadConfig(process.env, {
      indexPrefix: 'access-roles',
      adminApiKeys: ['k'],
      port: 0,
      logLevel: 'error',
      loadSampleData: false,
      metricsEnabled: true,
    });
    routes = guardedRoutes(createApp(createContext(config, createElasticsearchClient(config.elasticsearchUrl), createLogger('error'))).middleware);
  });

  it('names a role for every admin route the routers serve', () => {
    assert.ok(routes.length > 35, `only ${routes.length} admin routes found`);
    const missing = routes.filter((r) => ROUTE_ROLES[r] === undefined);
    assert.deepEqual(missing, [], 'admin routes without a role in src/http/access.ts ROUTE_ROLES');
  });

  it('names no route that no router serves', () => {
    assert.deepEqual(
      Object.keys(ROUTE_ROLES).filter((r) => !routes.includes(r)),
      [],
    );
  });

  it('keeps the catalog, content and operations imports and the catalog export for the admin; the impact report for the merchandiser', () => {
    assert.equal(minimalRole('PUT', '/api/admin/v4/import/catalog'), 'admin');
    assert.equal(minimalRole('PUT', '/api/admin/v4/import/catalog', true), 'merchandiser');
    assert.equal(minimalRole('POST', '/api/admin/v4/import/catalog', true), 'admin');
    assert.equal(minimalRole('GET', '/api/admin/v4/export/catalog'), 'admin');
    assert.equal(minimalRole('HEAD', '/api/admin/v4/export/pages'), 'analyst');
    assert.equal(minimalRole('GET', '/api/admin/v4/unknown'), undefined);
  });

  it('gives the analyst no write: every non-GET route needs a merchandiser or more', () => {
    const analystWrites = Object.entries(ROUTE_ROLES).filter(
      ([r, a]) => !r.startsWith('GET ') && (a === 'analyst' || (typeof a === 'object' && a.validationOnly === 'analyst')),
    );
    assert.deepEqual(analystWrites, []);
  });

  it('orders the roles: admin ⊇ merchandiser ⊇ analyst', () => {
    assert.ok(roleIncludes('admin', 'merchandiser') && roleIncludes('merchandiser', 'analyst') && roleIncludes('analyst', 'analyst'));
    assert.ok(!roleIncludes('analyst', 'merchandiser') && !roleIncludes('merchandiser', 'admin'));
  });

  it('tells each key its role and a wrong key none', () => {
    const roleOf = roleResolver({ admin: ['a1', 'a2'], merchandiser: ['m'], analyst: ['n'] });
    assert.equal(roleOf('a2'), 'admin');
    assert.equal(roleOf('m'), 'merchandiser');
    assert.equal(roleOf('n'), 'analyst');
    assert.equal(roleOf('m '), undefined);
    assert.equal(roleOf(''), undefined);
  });

  it('refuses one key in two roles at start-up', () => {
    assert.throws(() => loadConfig({ ADMIN_API_KEY: 'a,b', ANALYST_API_KEY: 'b' }), /ADMIN_API_KEY and ANALYST_API_KEY share a key/);
  });
});

describe('X-Elevate-User', () => {
  const refused = (header: string) =>
    assert.throws(
      () => userOf(header),
      (err: unknown) => err instanceof DomainError && /X-Elevate-User/.test(err.message),
      header,
    );

  it('decodes a percent-encoded name and trims it; empty is nobody', () => {
    assert.equal(userOf(encodeURIComponent(' Åsa Lindqvist ')), 'Åsa Lindqvist');
    assert.equal(userOf('Ola'), 'Ola');
    assert.equal(userOf(''), undefined);
    assert.equal(userOf('%20'), undefined);
  });

  it('refuses control characters, bad encoding and more than 80 characters, naming the header', () => {
    refused(encodeURIComponent('Ada\nLovelace'));
    refused(encodeURIComponent('Ada\u200bLovelace'));
    refused('%E0%A4%A');
    refused(encodeURIComponent('x'.repeat(81)));
    assert.equal(userOf(encodeURIComponent('å'.repeat(80))), 'å'.repeat(80));
  });
});

describe('wrong-key throttle', () => {
  const warnings: Record<string, unknown>[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    error: () => undefined,
    warn: (_msg, fields) => {
      warnings.push(fields ?? {});
    },
  };
  let now = 0;
  beforeEach(() => {
    warnings.length = 0;
    now = 1_000_000;
  });

  it('refuses an address after the limit until its window ends, and warns once per window', () => {
    const t = keyThrottle({ limit: 3, windowMs: 60_000, maxAddresses: 100 }, log, () => now);
    t.failed('a');
    t.failed('a');
    assert.equal(t.blockedFor('a'), 0);
    t.failed('a');
    assert.equal(t.blockedFor('a'), 60);
    assert.equal(t.blockedFor('b'), 0, 'another address is not refused');
    t.failed('a');
    t.failed('a');
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].address, 'a');
    now += 59_500;
    assert.equal(t.blockedFor('a'), 1, 'Retry-After rounds up');
    now += 500;
    assert.equal(t.blockedFor('a'), 0, 'a new window');
    t.failed('a');
    t.failed('a');
    t.failed('a');
    assert.equal(warnings.length, 2, 'warned again in the new window');
  });

  it('keeps at most maxAddresses, forgetting the oldest', () => {
    const t = keyThrottle({ limit: 1, windowMs: 60_000, maxAddresses: 3 }, log, () => now);
    for (const address of ['a', 'b', 'c', 'd']) t.failed(address);
    assert.equal(t.blockedFor('a'), 0, 'the oldest is forgotten');
    for (const address of ['b', 'c', 'd']) assert.equal(t.blockedFor(address), 60, address);
  });

  it('never throttles with limit 0', () => {
    const t = keyThrottle({ limit: 0, windowMs: 60_000, maxAddresses: 3 }, log, () => now);
    for (let i = 0; i < 10; i++) t.failed('a');
    assert.equal(t.blockedFor('a'), 0);
    assert.equal(warnings.length, 0);
  });
});
