/**
 * Whether this service can serve (GET /ready): Elasticsearch answers within a short time, every index the
 * service prepares at start-up exists, and none of the service's indices is red (a primary shard missing,
 * so reads of it fail). Yellow (replicas not allocated) is ready: every shard can answer. One round trip,
 * the cluster health of the prefix's indices, answered from the master's cluster state without waiting.
 */
import type { Client } from '@elastic/elasticsearch';
import type { IndexNames } from './indexNames';
import { MANAGED_INDICES, type ManagedIndexKey } from './indexRegistry';

export type Readiness = { ready: true; status: 'green' | 'yellow' } | { ready: false; reason: string; detail?: Record<string, unknown> };

/** Milliseconds /ready waits for Elasticsearch: a load balancer's probe is short. */
const TIMEOUT_MS = 2000;

export async function checkReadiness(es: Client, names: IndexNames): Promise<Readiness> {
  let indices: Record<string, { status?: string }>;
  try {
    const health = await es.cluster.health(
      { index: `${names.prefix}-*`, level: 'indices', timeout: '0s', expand_wildcards: 'open', filter_path: ['indices.*.status'] },
      { requestTimeout: TIMEOUT_MS, maxRetries: 0 },
    );
    indices = health.indices ?? {};
  } catch (err) {
    return { ready: false, reason: 'Elasticsearch does not answer', detail: { error: (err as Error).message } };
  }
  const own = Object.entries(indices).filter(([index]) => isOwn(index, names));
  const present = new Set(own.map(([index]) => index));
  const missing = (Object.keys(MANAGED_INDICES) as ManagedIndexKey[])
    .filter((key) => key !== 'events')
    .map((key) => MANAGED_INDICES[key].index(names))
    .filter((index) => !present.has(index));
  if (!own.some(([index]) => index.startsWith(`${names.events}-`))) missing.push(names.events);
  if (missing.length) return { ready: false, reason: 'indices of this service are missing (not prepared yet, or deleted)', detail: { missing } };
  const red = own.filter(([, h]) => h.status === 'red').map(([index]) => index);
  if (red.length) return { ready: false, reason: 'indices of this service are red (a primary shard is not allocated)', detail: { red } };
  return { ready: true, status: own.some(([, h]) => h.status === 'yellow') ? 'yellow' : 'green' };
}

/**
 * The prefix's indices that are this service's (another service's prefix may begin with ours and a dash):
 * every managed single index by its name (so an index added to the registry is never reported missing), and
 * the concrete indices behind the events, catalog and co-occurrence aliases.
 */
function isOwn(index: string, names: IndexNames): boolean {
  const singles = (Object.keys(MANAGED_INDICES) as ManagedIndexKey[]).filter((key) => key !== 'events').map((key) => MANAGED_INDICES[key].index(names));
  return (
    singles.includes(index) ||
    index.startsWith(`${names.events}-`) ||
    index.startsWith(`${names.catalogAlias('products')}-`) ||
    index.startsWith(`${names.catalogAlias('content')}-`) ||
    index.startsWith(`${names.catalogAlias('entities')}-`) ||
    index.startsWith(`${names.coOccurrence}-`)
  );
}
