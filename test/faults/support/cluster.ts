/**
 * The local three-node cluster of the fault tests, driven through scripts/elasticsearch.sh (cluster mode), so
 * that what the tests do to it (kill a node, restart everything) is what an operator can do by hand.
 * scripts/test-faults.sh starts it and exports FAULTS_ES_PORT and FAULTS_ES_URLS; the tests only hurt it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, type estypes } from '@elastic/elasticsearch';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');
const script = join(root, 'scripts', 'elasticsearch.sh');

export const clusterPort = Number(process.env.FAULTS_ES_PORT ?? 9400);
export const clusterUrls: string[] = (
  process.env.FAULTS_ES_URLS ?? `http://127.0.0.1:${clusterPort},http://127.0.0.1:${clusterPort + 1},http://127.0.0.1:${clusterPort + 2}`
).split(',');
export const clusterUrl = clusterUrls.join(',');
export const nodeCount = clusterUrls.length;

/** A client of the test itself (checks and set-up), with every node, so that it survives a node's death. */
export function testClient(): Client {
  return new Client({ node: clusterUrls, requestTimeout: 60_000, maxRetries: 5 });
}

async function es(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('bash', [script, ...args], {
    env: { ...process.env, ES_CLUSTER_PORT: String(clusterPort) },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 300_000,
  });
  if (stderr.trim())
    process.stderr.write(
      stderr
        .split('\n')
        .filter(Boolean)
        .map((l) => `      ${l}`)
        .join('\n') + '\n',
    );
  return stdout;
}

/** SIGKILL to node k's JVM (1-based). */
export const killNode = (k: number) => es('kill-node', String(k)).then(() => undefined);
/** Starts node k again and waits until the cluster counts every node. */
export const startNode = (k: number) => es('start-node', String(k)).then(() => undefined);
/** Stops every node (SIGTERM, in parallel) and starts them again; resolves when the cluster has formed again. */
export async function restartCluster(): Promise<{ downMs: number }> {
  const start = Date.now();
  await es('cluster-stop');
  await es('cluster-start', String(nodeCount));
  return { downMs: Date.now() - start };
}
export const stopCluster = () => es('cluster-stop').then(() => undefined);
export const startCluster = () => es('cluster-start', String(nodeCount)).then(() => undefined);

/** Waits until the cluster has every node and is green (every replica assigned), at most `timeoutMs`. */
export async function waitGreen(client: Client, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const health = await client.cluster.health({ wait_for_status: 'green', wait_for_nodes: String(nodeCount), timeout: '10s' });
      if (!health.timed_out) return;
    } catch {
      /* a node is still starting */
    }
    if (Date.now() > until) throw new Error(`cluster not green with ${nodeCount} nodes after ${timeoutMs} ms`);
    await sleep(1000);
  }
}

/** The node (1-based, by its name node-k) holding the primary of `index`'s shard 0, and whether it is the master. */
export async function primaryNodeOf(client: Client, index: string): Promise<{ node: number; isMaster: boolean }> {
  const shards = (await client.cat.shards({ index, format: 'json', h: 'index,shard,prirep,state,node' })) as {
    shard?: string;
    prirep?: string;
    node?: string;
  }[];
  const primary = shards.find((s) => s.prirep === 'p' && s.shard === '0');
  if (!primary?.node) throw new Error(`no primary of ${index} found: ${JSON.stringify(shards)}`);
  const master = (await client.cat.master({ format: 'json' })) as { node?: string }[];
  return { node: Number(primary.node.replace('node-', '')), isMaster: master[0]?.node === primary.node };
}

/** number_of_replicas and number_of_shards of every index starting with `prefix-`. */
export async function replicaSettings(client: Client, prefix: string): Promise<Map<string, { shards: number; replicas: number }>> {
  const res: estypes.IndicesGetSettingsResponse = await client.indices.getSettings({ index: `${prefix}-*`, expand_wildcards: 'all' });
  const out = new Map<string, { shards: number; replicas: number }>();
  for (const [name, value] of Object.entries(res)) {
    out.set(name, { shards: Number(value.settings?.index?.number_of_shards), replicas: Number(value.settings?.index?.number_of_replicas) });
  }
  return out;
}

/** Index names of catalog versions (`<prefix>-catalog-<part>-v<stamp>`), by version stamp. */
export async function catalogVersions(client: Client, prefix: string): Promise<Map<string, string[]>> {
  const rows = (await client.cat.indices({ index: `${prefix}-catalog-*`, format: 'json', h: 'index', expand_wildcards: 'all' })) as { index?: string }[];
  const versions = new Map<string, string[]>();
  for (const { index } of rows) {
    const version = /-(v\d{8}t\d+)$/.exec(index ?? '')?.[1];
    if (!index || !version) continue;
    versions.set(version, [...(versions.get(version) ?? []), index]);
  }
  return versions;
}

/** The version the catalog aliases point at now. */
export async function liveVersion(client: Client, prefix: string): Promise<string | undefined> {
  try {
    const res = await client.indices.getAlias({ name: `${prefix}-catalog-entities` });
    return /-(v\d{8}t\d+)$/.exec(Object.keys(res)[0] ?? '')?.[1];
  } catch (err) {
    if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return undefined;
    throw err;
  }
}

/**
 * The live catalog as stored: one SHA-256 over every document (id and source) of the three catalog aliases,
 * read straight from Elasticsearch (not through the API, whose client may still be recovering).
 */
export async function catalogDigest(client: Client, prefix: string): Promise<{ documents: number; digest: string; entries: Set<string> }> {
  const entries: string[] = [];
  for (const part of ['entities', 'products', 'content']) {
    const index = `${prefix}-catalog-${part}`;
    await client.indices.refresh({ index });
    const pit = await client.openPointInTime({ index, keep_alive: '1m' });
    try {
      let after: estypes.SortResults | undefined;
      for (;;) {
        const res = await client.search({
          pit: { id: pit.id, keep_alive: '1m' },
          size: 5000,
          sort: ['_shard_doc'],
          search_after: after,
          track_total_hits: false,
        });
        for (const hit of res.hits.hits) entries.push(`${part}/${hit._id} ${createHash('sha1').update(JSON.stringify(hit._source)).digest('hex')}`);
        if (res.hits.hits.length < 5000) break;
        after = res.hits.hits[res.hits.hits.length - 1].sort;
      }
    } finally {
      await client.closePointInTime({ id: pit.id }).catch(() => undefined);
    }
  }
  entries.sort();
  return { documents: entries.length, digest: createHash('sha256').update(entries.join('\n')).digest('hex'), entries: new Set(entries) };
}

/** Deletes every index of a test prefix. */
export async function dropPrefix(client: Client, prefix: string): Promise<void> {
  await client.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all', ignore_unavailable: true, allow_no_indices: true }).catch(() => undefined);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
