/**
 * The HTTP server of the app, with its time limits: a client has HEADERS_TIMEOUT_S to send its request line and
 * headers (Node's headersTimeout, checked every second), and the body limits are the app's own (body.ts:
 * Node's requestTimeout covers the whole request, and a catalog import streams its body for as long as indexing
 * takes, so it is off here and each request gets its limit in bodyTimeouts). Errors of the HTTP parser answer JSON.
 */
import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import { answerClientErrors } from './middleware';

export interface ServerLimits {
  headersTimeoutMs: number;
}

export function httpServer(app: Koa, limits: ServerLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: 0,
      // How often Node looks for requests past headersTimeout (its default, 30 s, would let a slow sender hold a socket that much longer).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    app.callback(),
  );
  answerClientErrors(server);
  return server;
}
