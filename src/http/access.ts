/**
 * Who may call which admin route: keys with roles (ADMIN_API_KEY, MERCHANDISER_API_KEY, ANALYST_API_KEY),
 * the one table of route → minimal role, the person a console names (`X-Elevate-User`), and the throttle of
 * repeated wrong keys per client address (keyThrottle.ts). docs/configuration.md "Keys and roles".
 */
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type Router from '@koa/router';
import { forbidden, HttpError } from './errors';
import { apiKeyMatches } from './middleware';
import { invalid } from '../kernel/errors';
import type { KeyThrottle } from './keyThrottle';

import { ROLES, type Role } from '../contract/access';
import { MERCHANDISING_KIND_TABLE } from '../admin/merchandisingKinds';

export { ROLES, type Role } from '../contract/access';

/** What a role may do, for the 403 that names it. */
const ROLE_WORDS: Readonly<Record<Role, string>> = {
  analyst: 'analytics, exports and history (read-only)',
  merchandiser: 'merchandising imports, previews, rollbacks and exports',
  admin: 'everything',
};

/** A route's minimal role; a catalog import may name a lower one for `validationOnly=true` (it writes nothing live). */
export type RouteAccess = Role | { role: Role; validationOnly: Role };

/**
 * Every admin route (method and path as the router declares it) → the least role that may call it. A route
 * missing here answers only the admin key, and test/unit/access.test.ts fails until it is added.
 * The catalog, content and operations imports and the catalog export are the admin's: the catalog is the
 * shop's feed, owned by its integration, and the export is the whole catalog at once.
 */
export const ROUTE_ROLES: Readonly<Record<string, RouteAccess>> = {
  // Merchandising imports and exports: each kind's roles (admin/merchandisingKinds.ts).
  ...Object.fromEntries(
    MERCHANDISING_KIND_TABLE.flatMap((kind) => [
      ...kind.imports.flatMap((route) =>
        route.versions.map((version) => [`${route.method.toUpperCase()} /api/admin/${version}/import/${kind.name}`, kind.roles.import] as const),
      ),
      [`GET /api/admin/${kind.export.version}/export/${kind.name}`, kind.roles.export] as const,
    ]),
  ),
  // The catalog: the feed's integration. The impact report (validationOnly) changes nothing live: the console's.
  'PUT /api/admin/v4/import/catalog': { role: 'admin', validationOnly: 'merchandiser' },
  'POST /api/admin/v4/import/catalog': 'admin',
  'GET /api/admin/v4/export/catalog': 'admin',
  'GET /api/admin/v4/import/status': 'merchandiser',
  'GET /api/admin/v3/import/status': 'merchandiser',
  'POST /api/admin/v4/import/configuration': 'merchandiser',
  'GET /api/admin/v4/export/configuration': 'analyst',
  'GET /metrics': 'admin',
  // Experiments beyond their import and export.
  'POST /api/admin/v4/experiments/:id/end': 'merchandiser',
  'GET /api/admin/v4/experiments/:id/results': 'analyst',
  // The console: previews with explanations (merchandiser), history (read: analyst; rollback: merchandiser).
  'GET /api/admin/v4/explain/search-page': 'merchandiser',
  'POST /api/admin/v4/explain/search-page': 'merchandiser',
  'GET /api/admin/v4/explain/landing-page': 'merchandiser',
  'POST /api/admin/v4/explain/landing-page': 'merchandiser',
  'GET /api/admin/v4/history/:kind': 'analyst',
  'GET /api/admin/v4/history/:kind/diff': 'analyst',
  'GET /api/admin/v4/history/:kind/:id': 'analyst',
  'POST /api/admin/v4/history/:kind/:id/rollback': 'merchandiser',
  'GET /api/admin/v4/access': 'analyst',
  // Judgments and replays (a replay writes nothing live: it reads like a preview).
  'PUT /api/admin/v4/import/judgments': 'merchandiser',
  'GET /api/admin/v4/export/judgments': 'analyst',
  'POST /api/admin/v4/replays': 'merchandiser',
  'GET /api/admin/v4/replays/:id': 'merchandiser',
  // Analytics and the behaviour export.
  'GET /api/admin/v4/analytics/searches': 'analyst',
  'GET /api/admin/v4/analytics/searches/daily': 'analyst',
  'GET /api/admin/v4/analytics/searches/products': 'analyst',
  'GET /api/admin/v4/export/ubi': 'analyst',
  // Suggestions read behaviour and change nothing (applying one is the merchandiser's import).
  'GET /api/admin/v4/suggestions': 'analyst',
};

/** The least role a request needs: undefined for a route the table does not name. */
export function minimalRole(method: string, routePath: string, validationOnly = false): Role | undefined {
  // Koa's router answers HEAD with the GET route.
  const access = ROUTE_ROLES[`${method === 'HEAD' ? 'GET' : method} ${routePath}`];
  if (access === undefined || typeof access === 'string') return access;
  return validationOnly ? access.validationOnly : access.role;
}

export const roleIncludes = (held: Role, needed: Role): boolean => ROLES.indexOf(held) >= ROLES.indexOf(needed);

/** Keys per role, as configured. */
export interface RoleKeys {
  admin: string[];
  merchandiser: string[];
  analyst: string[];
}

/** The role of a key, compared in constant time against every key (apiKeyMatches); the highest wins. */
export function roleResolver(keys: RoleKeys): (key: string) => Role | undefined {
  const digests = Object.fromEntries(ROLES.map((role) => [role, keys[role].map(sha256)])) as Record<Role, Buffer[]>;
  return (key) => {
    let found: Role | undefined;
    for (const role of ROLES) if (apiKeyMatches(digests[role], key)) found = role;
    return found;
  };
}

/** Longest name the `X-Elevate-User` header takes, in characters once decoded. */
export const MAX_USER_LENGTH = 80;
export const USER_HEADER = 'X-Elevate-User';

/**
 * The person the console names at login, for the history: `X-Elevate-User`, percent-encoded UTF-8 (a header
 * carries Latin-1 only, and names are not), at most 80 printable characters. Absent or empty: undefined.
 */
export function userOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(header).trim();
  } catch {
    throw invalid(`Header ${USER_HEADER} must be percent-encoded UTF-8`);
  }
  if (!name) return undefined;
  if ([...name].length > MAX_USER_LENGTH) throw invalid(`Header ${USER_HEADER} takes at most ${MAX_USER_LENGTH} characters`);
  // Control, format and separator characters other than a plain space would hide or fake a name in the history.
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name)) throw invalid(`Header ${USER_HEADER} takes printable characters only`);
  return name;
}

/** What the guard leaves on `ctx.state` for the handlers (the history's author). */
export interface AccessState {
  role: Role;
  user?: string;
}

export const accessOf = (ctx: Context): AccessState | undefined => (ctx.state as { access?: AccessState }).access;

/** The history's author fields of a request: the key's role and the person named. */
export function authorOf(ctx: Context): { role?: string; user?: string } {
  const access = accessOf(ctx);
  return access ? { role: access.role, ...(access.user ? { user: access.user } : {}) } : {};
}

/** The route a router matched for this request: the first of its routes (not its `use` layers) that match. */
function matchedRoute(ctx: Context): string | undefined {
  const router = (ctx as Context & { router?: Router }).router;
  if (!router) return undefined;
  const path = router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => layer.methods.length > 0)?.path;
  return typeof path === 'string' ? path : undefined;
}

/**
 * The admin routers' guard: a throttled address answers 429 before its key is read; an unknown key 403
 * (and counts against the address); a known key whose role is below the route's, 403 naming both roles.
 */
export function adminGuard(keys: RoleKeys, throttle: KeyThrottle) {
  const roleOf = roleResolver(keys);
  return async (ctx: Context, next: Next) => {
    const address = ctx.ip;
    const wait = throttle.blockedFor(address);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      throw new HttpError(429, `Too many wrong Api-Key headers from this address: retry in ${wait} s`);
    }
    const key = ctx.get('Api-Key');
    const role = key ? roleOf(key) : undefined;
    if (!role) {
      // A missing key is no guess (a page before its login, a script without its setting): only wrong keys count.
      if (key) throttle.failed(address);
      throw forbidden();
    }
    const route = matchedRoute(ctx) ?? ctx.path;
    const needed = minimalRole(ctx.method, route, ctx.query.validationOnly === 'true') ?? 'admin';
    if (!roleIncludes(role, needed)) throw roleForbidden(role, needed, `${ctx.method} ${ctx.path}`);
    const user = userOf(ctx.get(USER_HEADER) || undefined);
    (ctx.state as { access?: AccessState }).access = { role, ...(user ? { user } : {}) };
    await next();
  };
}

/** A known key below the route's role: the body names both (`role`, `requiredRole`), so a page tells it from a wrong key. */
export const roleForbidden = (role: Role, requiredRole: Role, what: string) =>
  new HttpError(403, `The ${role} key may not call ${what}: it needs the ${requiredRole} role (the ${role} role may do ${ROLE_WORDS[role]})`, {
    role,
    requiredRole,
  });

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
