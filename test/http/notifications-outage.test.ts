/**
 * Notifications through an Elasticsearch outage (docs/operations.md "Notifications through an outage"): the service reaches the real node
 * through a TCP proxy the test can cut. While it is cut, notifications are accepted (204) into the bounded
 * buffer and written once it is back; favourites and purchases are checked when the lookup answers again;
 * only a full buffer refuses (503), and every refusal is counted in /metrics.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { startService, jsonBody, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { createElasticsearchClient } from '../../src/search/client';
import type { EventDocument } from '../../src/events/events';
import { DEFAULT_BEHAVIOUR_OPTIONS } from '../../src/kernel/config';

/** Forwards to Elasticsearch while up; refuses and cuts every connection while down. */
class CuttableProxy {
  up = true;
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => {
    if (!this.up) {
      client.destroy();
      return;
    }
    const target = new URL(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
    const upstream = net.connect(Number(target.port || 9200), target.hostname);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  cut(): void {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const BASE = '/api/storefront/v3/notifications';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notifications while Elasticsearch is unavailable', function () {
  const proxy = new CuttableProxy();
  const direct = createElasticsearchClient(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
  let service: TestService;
  let ticket: string;

  const notify = (name: string, body: unknown, customerKey: string, market = 'SE') =>
    service.request('POST', `${BASE}/${name}?market=${market}&customerKey=${customerKey}&sessionKey=outage`, {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'text/plain' },
    });

  async function eventsOf(customerKey: string): Promise<Pick<EventDocument, 'type' | 'productKey' | 'variantKey'>[]> {
    await direct.indices.refresh({ index: `${service.prefix}-events` });
    const res = await direct.search<EventDocument>({
      index: `${service.prefix}-events`,
      size: 100,
      query: { term: { customerKey } },
      sort: [{ '@timestamp': 'asc' }, '_doc'],
    });
    return res.hits.hits.map((h) => ({ type: h._source!.type, productKey: h._source!.productKey, variantKey: h._source!.variantKey }));
  }

  before(async () => {
    const url = await proxy.start();
    // A small buffer, so the test can fill it.
    service = await startService({
      elasticsearchUrl: url,
      behaviour: { ...DEFAULT_BEHAVIOUR_OPTIONS, maxBuffered: 20, flushIntervalMs: 100, popularityIntervalMs: 0, coOccurrenceIntervalMs: 0 },
    });
    await service.configure();
    const res = await service.importCatalog(smallCatalog(3));
    assert.equal(res.status, 204, await res.text());
    const page = await jsonBody(
      await service.request(
        'GET',
        '/api/storefront/v3/queries/search-page?q=product&market=SE&locale=sv-SE&touchpoint=MOBILE&customerKey=x&sessionKey=x&notify=false',
      ),
    );
    ticket = page.primaryList.productGroups[0].products[0].ticket;
    // One notification before the outage: the market's configuration has been read.
    assert.equal((await notify('end', {}, 'before')).status, 204);
    await service.context.behaviour.flush();
  });

  after(async () => {
    proxy.up = true;
    await service?.close();
    await proxy.close();
    await direct.close();
  });

  it('accepts clicks, favourites and purchases while the cluster is away and writes them when it is back', async () => {
    proxy.cut();
    assert.equal((await service.request('GET', '/ready')).status, 503, 'the proxy is cut');
    for (const [name, body] of [
      ['click', { ticket }],
      ['add-to-cart', { ticket }],
      ['add-favorite', { productKey: 'G1-p' }],
      ['add-favorite', { variantKey: 'G2-p-1' }],
      ['purchase', { lines: [{ variantKey: 'G3-p-1', quantity: 1, sellingPrice: 10 }] }],
      ['add-favorite', { productKey: 'no-such-product' }],
    ] as const) {
      const started = Date.now();
      const res = await notify(name, body, 'during');
      assert.equal(res.status, 204, `${name}: ${await res.text()}`);
      if (name === 'click') assert.ok(Date.now() - started < 2000, `a click waits ${Date.now() - started} ms`);
    }
    // The market is still checked, against the configuration read before the outage.
    assert.equal((await notify('click', { ticket }, 'during', 'DK')).status, 400);
    assert.ok(service.context.notifications.stats.deferred >= 3, JSON.stringify(service.context.notifications.stats));
    await sleep(500);
    assert.equal(service.context.behaviour.stats.written, 1, 'only the event before the outage is written');

    proxy.up = true;
    for (let i = 0; i < 100 && (service.context.notifications.stats.deferred || service.context.behaviour.stats.buffered); i++) await sleep(200);
    await service.context.behaviour.flush();
    assert.deepEqual(await eventsOf('during'), [
      { type: 'click', productKey: 'G1-p', variantKey: undefined },
      { type: 'add-to-cart', productKey: 'G1-p', variantKey: undefined },
      { type: 'add-favorite', productKey: 'G1-p', variantKey: undefined },
      { type: 'add-favorite', productKey: 'G2-p', variantKey: 'G2-p-1' },
      { type: 'purchase', productKey: 'G3-p', variantKey: 'G3-p-1' },
    ]);
    assert.equal(service.context.notifications.stats.invalidLater, 1, 'the unknown product is dropped once it can be checked');
  });

  it('refuses with 503 only when the buffer is full, and counts every refusal in /metrics', async () => {
    proxy.cut();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await notify('click', { ticket }, 'full')).status);
    assert.deepEqual(statuses, [...Array(20).fill(204), ...Array(5).fill(503)]);
    const refused = await notify('click', { ticket }, 'full');
    assert.equal(refused.status, 503);
    assert.match((await jsonBody(refused)).message, /buffer is full/);
    proxy.up = true;
    const metrics = await (await service.admin('GET', '/metrics')).text();
    assert.match(metrics, /elevate_notifications_refused_total 6/);
    for (let i = 0; i < 100 && service.context.behaviour.stats.buffered; i++) await sleep(200);
    await service.context.behaviour.flush();
    assert.equal((await eventsOf('full')).length, 20, 'every accepted one is written');
  });
});
