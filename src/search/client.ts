/** The one place an Elasticsearch client is made. */
import { Client } from '@elastic/elasticsearch';

/** `url`: one node, or several comma-separated (ELASTICSEARCH_URL listing a cluster's nodes). */
export function createElasticsearchClient(url: string): Client {
  return new Client({
    node: url.split(',').map((u) => u.trim()),
    // Imports send large bulks; queries are small. One generous timeout serves both.
    requestTimeout: 120_000,
    maxRetries: 2,
    compression: false,
  });
}
