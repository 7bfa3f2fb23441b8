/**
 * Writes the OpenAPI description (what GET /openapi.json answers) to stdout, without a running service or
 * Elasticsearch: `npm run --silent openapi > openapi.json`. Its server is PUBLIC_URL when that is set.
 */
import { openApiDocument } from '../src/http/openapi/document';

process.stdout.write(`${JSON.stringify(openApiDocument(process.env.PUBLIC_URL), null, 2)}\n`);
