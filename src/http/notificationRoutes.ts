/** Routes of the storefront notification interface (`/api/storefront/v3/notifications/...`). */
import Router from '@koa/router';
import type { AppContext } from '../app';

export function notificationRouter(_context: AppContext): Router {
  const router = new Router({ prefix: '/api/storefront/v3/notifications' });
  return router;
}
