import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { apiKeyMatches, errorHandler, requireApiKey } from '../../src/http/middleware';
import { createLogger } from '../../src/kernel/log';

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

describe('admin Api-Key comparison (constant time)', () => {
  const keys = ['first-secret-key', 'second-key'].map(digest);

  it('accepts every configured key', () => {
    assert.equal(apiKeyMatches(keys, 'first-secret-key'), true);
    assert.equal(apiKeyMatches(keys, 'second-key'), true);
  });

  it('refuses near misses: prefix, longer, other case, one character off, empty, non-ASCII', () => {
    for (const guess of ['first-secret-ke', 'first-secret-key ', 'First-secret-key', 'first-secret-kez', '', 'sécond-key', 'second-key\u0000']) {
      assert.equal(apiKeyMatches(keys, guess), false, JSON.stringify(guess));
    }
  });

  it('refuses everything when no key is configured', () => {
    assert.equal(apiKeyMatches([], 'anything'), false);
  });

  describe('through the middleware', () => {
    let server: Server;
    let url: string;
    before(async () => {
      const app = new Koa();
      app.use(errorHandler(createLogger('error')));
      app.use(requireApiKey(['k1', 'k2']));
      app.use((ctx) => {
        ctx.body = { ok: true };
      });
      server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('lets a known key through and answers 403 {message} otherwise', async () => {
      assert.equal((await fetch(url, { headers: { 'Api-Key': 'k2' } })).status, 200);
      for (const headers of [{ 'Api-Key': 'k3' }, { 'Api-Key': 'k' }, {}] as Record<string, string>[]) {
        const res = await fetch(url, { headers });
        assert.equal(res.status, 403);
        assert.equal(typeof ((await res.json()) as { message?: unknown }).message, 'string');
      }
    });
  });
});
