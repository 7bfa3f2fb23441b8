/**
 * npx tsx scripts/bench-ops-overhead.ts [--requests 5000]
 *
 * The CPU cost per request of src/http/operations.ts's observeRequests (request id, timing headers, metrics,
 * access line at LOG_LEVEL=info written to /dev/null), measured as this process's CPU time per request on a
 * route that does nothing else, alternating rounds with and without it. A shared machine's load moves wall
 * times by tens of percent; CPU time per request is steadier.
 */
import { observeSearchTiming } from '../src/search/timing';
import Koa from 'koa';
import Router from '@koa/router';
import { createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Client } from '@elastic/elasticsearch';
import { createLogger } from '../src/kernel/log';
import { ServiceMetrics } from '../src/http/metrics';
import { observeRequests } from '../src/http/operations';
import { arg } from './benchSupport';

const requests = arg('requests', 5000);

async function serve(observe: boolean): Promise<{ url: string; close(): void }> {
  const app = new Koa();
  if (observe) {
    const log = createLogger('info', createWriteStream('/dev/null'));
    const metrics = new ServiceMetrics(() => ({ buffered: 0, dropped: 0, refused: 0, capacity: 1 }));
    observeSearchTiming(new Client({ node: 'http://127.0.0.1:1' }));
    app.use(observeRequests({ log, metrics }));
  }
  const router = new Router();
  router.get('/api/storefront/v3/queries/x', (ctx) => {
    ctx.body = { ok: true };
  });
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/storefront/v3/queries/x`, close: () => server.close() };
}

async function round(observe: boolean): Promise<number> {
  const s = await serve(observe);
  for (let i = 0; i < 200; i++) await (await fetch(s.url)).text();
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) await (await fetch(s.url)).text();
  const used = process.cpuUsage(before);
  s.close();
  return (used.user + used.system) / requests;
}

async function main() {
  const without: number[] = [];
  const withIt: number[] = [];
  for (let r = 0; r < 6; r++) {
    without.push(await round(false));
    withIt.push(await round(true));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    JSON.stringify({
      benchmark: 'ops-overhead',
      requests,
      cpuMicrosPerRequest: { without: without.map(Math.round), with: withIt.map(Math.round) },
      medianAddedMicros: Math.round(median(withIt) - median(without)),
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
