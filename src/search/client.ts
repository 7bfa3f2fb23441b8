/** The one place an Elasticsearch client is made. */
import { Client, ClusterConnectionPool } from '@elastic/elasticsearch';

/** `url`: one node, or several comma-separated (ELASTICSEARCH_URL listing a cluster's nodes). */
export function createElasticsearchClient(url: string): Client {
  return new Client({
    node: url.split(',').map((u) => u.trim()),
    // With several nodes, the default WeightedConnectionPool keeps answering "There are no living connections"
    // for a few hundred requests after a whole-cluster restart, however long ago the nodes came back (its
    // round-robin weight outlives the nodes' recovery). This pool uses dead nodes when none is alive and
    // pings a dead node back after a timeout (test/unit/elasticsearch-client.test.ts).
    ConnectionPool: ClusterConnectionPool,
    // Imports send large bulks; queries are small. One generous timeout serves both.
    requestTimeout: 120_000,
    maxRetries: 2,
    compression: false,
  });
}
