/** Routes of the storefront query interface (`/api/storefront/v3/...`). Handlers only wire. */
import Router from '@koa/router';
import type { AppContext } from '../app';

export function storefrontRouter(_context: AppContext): Router {
  const router = new Router({ prefix: '/api/storefront/v3' });
  return router;
}
