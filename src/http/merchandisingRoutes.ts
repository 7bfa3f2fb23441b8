/** Admin routes for merchandising data: navigation, pages and templates imports and exports. */
import Router from '@koa/router';
import type { AppContext } from '../app';
import { requireApiKey } from './middleware';

export function merchandisingRouter(context: AppContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireApiKey(context.config.adminApiKeys));
  return router;
}
