/**
 * Client addresses you can trust (issue 38): the wrong-key throttle counts per client address, and that address
 * comes from X-Forwarded-For only behind proxies the operator names (TRUST_PROXY), taking what the nearest of
 * them appended, never the leftmost value a client writes. The requests leave from different loopback
 * addresses (127.0.0.2, 127.0.0.3, ...: Linux answers the whole 127/8) to stand for different clients.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { API_KEY, startService, type TestService } from './harness';
import { loadConfig } from '../../src/kernel/config';

/** GET an admin route from the local address `from`, with `headers`; resolves with the status. */
function call(service: TestService, from: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${service.url}/api/admin/v4/access`, { localAddress: from, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const LIMIT = 5;
const wrong = { 'Api-Key': 'a-wrong-guess' };
const right = { 'Api-Key': API_KEY };

describe('hostile: forwarded client addresses and the wrong-key throttle', function () {
  this.timeout(120_000);

  it('reads TRUST_PROXY: off by default, true is one proxy, a number counts them', () => {
    const hops = (TRUST_PROXY?: string) => loadConfig({ ADMIN_API_KEY: 'k', ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxyHops;
    assert.deepEqual([hops(), hops('false'), hops('0'), hops('true'), hops('1'), hops('2')], [0, 0, 0, 1, 1, 2]);
    assert.throws(() => hops('all'), /TRUST_PROXY" must be false, true \(one proxy\) or the number of proxies/);
    assert.throws(() => hops('11'), /TRUST_PROXY/);
  });

  describe('without TRUST_PROXY (the default)', () => {
    let service: TestService;
    before(async () => {
      service = await startService({ keyFailureLimit: LIMIT });
    });
    after(async () => service?.close());

    it('ignores X-Forwarded-For: a different value per guess still reaches 429', async () => {
      const statuses = [];
      for (let i = 0; i < LIMIT + 3; i++) statuses.push(await call(service, '127.0.0.2', { ...wrong, 'X-Forwarded-For': `10.0.${i}.1` }));
      assert.deepEqual(statuses.slice(0, LIMIT), Array(LIMIT).fill(403));
      assert.deepEqual(statuses.slice(LIMIT), [429, 429, 429], `statuses ${statuses.join(' ')}`);
    });

    it('cannot lock another client out by writing its address in X-Forwarded-For', async () => {
      for (let i = 0; i < LIMIT + 1; i++) await call(service, '127.0.0.4', { ...wrong, 'X-Forwarded-For': '127.0.0.5' });
      assert.equal(await call(service, '127.0.0.4', right), 429, 'the guessing client is throttled');
      assert.equal(await call(service, '127.0.0.5', right), 200, 'the client whose address was written is not');
    });
  });

  describe('with TRUST_PROXY=1 (behind one proxy that appends the address it saw)', () => {
    let service: TestService;
    before(async () => {
      service = await startService({ keyFailureLimit: LIMIT, trustProxyHops: 1 });
    });
    after(async () => service?.close());

    it('counts the address the proxy appended: rotating the value the client wrote still reaches 429', async () => {
      const statuses = [];
      for (let i = 0; i < LIMIT + 3; i++) statuses.push(await call(service, '127.0.0.2', { ...wrong, 'X-Forwarded-For': `10.0.${i}.1, 203.0.113.7` }));
      assert.deepEqual(statuses.slice(LIMIT), [429, 429, 429], `statuses ${statuses.join(' ')}`);
      // The next client behind the same proxy is not affected.
      assert.equal(await call(service, '127.0.0.2', { ...right, 'X-Forwarded-For': '203.0.113.8' }), 200);
    });

    it("cannot lock another client out by faking its address in front of the proxy's", async () => {
      // The victim's feed at 198.51.100.9; the attacker at 198.51.100.66 writes the victim's address first.
      for (let i = 0; i < LIMIT + 1; i++) await call(service, '127.0.0.2', { ...wrong, 'X-Forwarded-For': '198.51.100.9, 198.51.100.66' });
      assert.equal(await call(service, '127.0.0.2', { ...right, 'X-Forwarded-For': '198.51.100.66' }), 429, 'the attacker is throttled');
      assert.equal(await call(service, '127.0.0.2', { ...right, 'X-Forwarded-For': '198.51.100.9' }), 200, 'the victim is not');
    });
  });

  describe('with TRUST_PROXY=2 (two proxies, each appending)', () => {
    let service: TestService;
    before(async () => {
      service = await startService({ keyFailureLimit: LIMIT, trustProxyHops: 2 });
    });
    after(async () => service?.close());

    it('takes the address the outer proxy appended, not what the client wrote before it', async () => {
      for (let i = 0; i < LIMIT + 1; i++) await call(service, '127.0.0.2', { ...wrong, 'X-Forwarded-For': `198.51.100.${i + 20}, 192.0.2.10, 10.1.1.1` });
      assert.equal(await call(service, '127.0.0.2', { ...right, 'X-Forwarded-For': '192.0.2.10, 10.1.1.1' }), 429);
      assert.equal(await call(service, '127.0.0.2', { ...right, 'X-Forwarded-For': '198.51.100.20, 192.0.2.11, 10.1.1.1' }), 200);
    });
  });
});
