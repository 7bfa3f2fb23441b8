/** The admin routes an app serves, read from its routers' stacks (test/unit/access.test.ts, test/http/access-roles.test.ts). */
import type Router from '@koa/router';

/** `METHOD /path/:param` of every route of the app's routers that a key guards: /api/admin and /metrics. */
export function guardedRoutes(middleware: unknown[]): string[] {
  const routes = new Set<string>();
  const routers = middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  for (const router of routers) {
    for (const layer of router.stack) {
      const path = String(layer.path);
      if (layer.methods.length === 0 || !(path.startsWith('/api/admin/') || path === '/metrics')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return [...routes];
}
