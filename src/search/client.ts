/** The one place an Elasticsearch client is made. */
import { Client } from '@elastic/elasticsearch';

export function createElasticsearchClient(url: string): Client {
  return new Client({
    node: url,
    // Imports send large bulks; queries are small. One generous timeout serves both.
    requestTimeout: 120_000,
    maxRetries: 2,
    compression: false,
  });
}
