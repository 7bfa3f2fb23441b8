import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElasticsearchClient } from '../../src/search/client';

/** Free ports: listen on port 0, note the port, close. */
async function freePorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as AddressInfo).port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return ports;
}

/** A stand-in for an Elasticsearch node: answers every request with a cluster info body. */
function fakeNode(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-elastic-product', 'Elasticsearch');
    res.end('{"cluster_name":"fake","version":{"number":"8.19.4"}}');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('Elasticsearch client over several nodes (ELASTICSEARCH_URL with commas)', () => {
  it('answers again as soon as the nodes are back after every node was down', async () => {
    const ports = await freePorts(3);
    const client = createElasticsearchClient(ports.map((p) => `http://127.0.0.1:${p}`).join(', '));
    try {
      // Every node down: each request fails and marks nodes dead.
      for (let i = 0; i < 30; i++) await assert.rejects(client.info());
      const servers = await Promise.all(ports.map(fakeNode));
      try {
        const info = await client.info();
        assert.equal(info.cluster_name, 'fake');
      } finally {
        await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      }
    } finally {
      await client.close();
    }
  });
});
