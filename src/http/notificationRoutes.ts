/**
 * Routes of the storefront notification interface (`POST /api/storefront/v3/notifications/<name>`).
 * Handlers only wire: hand the query parameters and the body to the use case (src/behaviour/notifications.ts),
 * which turns the notification into events and records them (buffered: the answer never waits for
 * Elasticsearch writes), then 204.
 */
import Router from '@koa/router';
import { ROUTER_OPTIONS } from './middleware';
import type { Context } from 'koa';
import { NOTIFICATIONS, type NotificationName, type Notifications } from '../behaviour/notifications';
import { readJsonBody } from './body';

/** Notification bodies are small; a purchase of 250 lines fits easily. */
const MAX_BODY_BYTES = 256 * 1024;

export function notificationRouter(notifications: Notifications): Router {
  const router = new Router({ ...ROUTER_OPTIONS, prefix: '/api/storefront/v3/notifications' });

  const handler = (name: NotificationName) => async (ctx: Context) => {
    await notifications.receive(name, ctx.query, () => readJsonBody(ctx, { maxBytes: MAX_BODY_BYTES }));
    ctx.status = 204;
  };
  for (const name of NOTIFICATIONS) router.post(`/${name}`, handler(name));
  return router;
}
