/**
 * Routes of the storefront notification interface (`POST /api/storefront/v3/notifications/<name>`).
 * Handlers only wire: parse the query parameters and the body (src/behaviour/notifications.ts), turn the
 * notification into events, record them (buffered: the answer never waits for Elasticsearch writes), 204.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../app';
import { NOTIFICATIONS, notificationEvents, parseNotificationBody, parseNotificationContext, requireConfiguredMarket, type NotificationName } from '../behaviour/notifications';
import { readJsonBody } from './middleware';

/** Notification bodies are small; a purchase of 250 lines fits easily. */
const MAX_BODY_BYTES = 256 * 1024;

export function notificationRouter(context: AppContext): Router {
  const router = new Router({ prefix: '/api/storefront/v3/notifications' });
  const { behaviour, configuration } = context;

  const handler = (name: NotificationName) => async (ctx: Context) => {
    const who = parseNotificationContext(ctx.query);
    requireConfiguredMarket(who.market, await configuration.get());
    const body = name === 'end' ? undefined : await readJsonBody(ctx, MAX_BODY_BYTES);
    const request = parseNotificationBody(name, body, who.market);
    for (const event of await notificationEvents(request, who, (market, keys) => behaviour.resolveProducts(market, keys))) behaviour.record(event);
    ctx.status = 204;
  };
  for (const name of NOTIFICATIONS) router.post(`/${name}`, handler(name));
  return router;
}
