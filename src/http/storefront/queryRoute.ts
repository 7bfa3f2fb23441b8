/** The one shape of every storefront query route: read the body (POST), parse with the catalog facts, run, answer. */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { readJsonBody } from '../body';
import { answerJson } from '../json';
import { parseWithFacts, type CatalogFacts } from '../../storefront/catalogFacts';
import type { RawQuery } from '../../kernel/params';
import type { StorefrontServices } from '../../storefront/services';

export interface QueryEndpoint<B, R> {
  /** Validates the POST body; called with undefined for GET. */
  parseBody(body: unknown): B;
  parseRequest(query: RawQuery, body: B, facts: CatalogFacts | undefined, isPost: boolean): R;
  run(services: StorefrontServices, request: R): Promise<unknown>;
}

/** Registers GET and POST `/queries/<name>`; `methods` narrows it (navigation-tree is GET only). */
export function queryRoute<B, R>(
  router: Router,
  services: StorefrontServices,
  name: string,
  endpoint: QueryEndpoint<B, R>,
  methods: ('get' | 'post')[] = ['get', 'post'],
): void {
  const handler = queryHandler(services, endpoint);
  for (const method of methods) router[method](`/queries/${name}`, handler);
}

/** The handler of a query endpoint (also the admin explain endpoints', src/http/consoleRoutes.ts). */
export function queryHandler<B, R>(services: StorefrontServices, endpoint: QueryEndpoint<B, R>): (ctx: Context) => Promise<void> {
  return async (ctx: Context) => {
    const isPost = ctx.method === 'POST';
    const body = endpoint.parseBody(isPost ? await readJsonBody(ctx) : undefined);
    const request = await parseWithFacts(services.facts, (facts) => endpoint.parseRequest(ctx.query, body, facts, isPost));
    answerJson(ctx, await services.onOneCatalogVersion((s) => endpoint.run(s, request)));
  };
}
