/**
 * The admin pages' access to the admin API (analytics, console): the key a person logs in with is kept in
 * sessionStorage (gone when the tab closes), sent only in the `Api-Key` header, never put in a URL and never
 * logged. A 403 for a wrong key forgets it, so the page asks again; a 403 naming a role (the key may not do
 * that) keeps it. The person's name given at login goes with every call in `X-Elevate-User` (percent-encoded:
 * a header carries Latin-1 only), for the history.
 */
const KEY = 'open-elevate.admin-key';
const USER = 'open-elevate.admin-user';

export function adminKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function adminUser(): string | null {
  return sessionStorage.getItem(USER);
}

export function logIn(key: string, user = ''): void {
  sessionStorage.setItem(KEY, key);
  if (user) sessionStorage.setItem(USER, user);
  else sessionStorage.removeItem(USER);
}

export function logOut(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(USER);
}

/** The headers of every admin call: the key, and the person named at login. */
export function adminHeaders(key: string): Record<string, string> {
  const user = adminUser();
  return { 'Api-Key': key, ...(user ? { 'X-Elevate-User': encodeURIComponent(user) } : {}) };
}

/** An admin API answer that is not 2xx: its status and the service's message. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Calls the admin API with the stored key; JSON in, JSON out. */
export async function adminFetch<T>(path: string, init: { method?: string; body?: unknown; file?: Blob; headers?: Record<string, string> } = {}): Promise<T> {
  const key = adminKey();
  if (!key) throw new AdminError(403, 'Log in with an admin key');
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: { ...adminHeaders(key), ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    // A file (a catalog to try) is sent as it is; anything else as JSON.
    body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; errors?: unknown; requiredRole?: unknown };
    if (res.status === 403 && body.requiredRole === undefined) logOut();
    const message = typeof body.message === 'string' ? body.message : `${res.status} ${res.statusText}`;
    const errors = Array.isArray(body.errors) ? (body.errors as { path: string; message: string }[]).filter((e) => e && typeof e.path === 'string') : [];
    throw new AdminError(res.status, message, errors);
  }
  return data as T;
}

export interface MarketInfo {
  id: string;
  locales: string[];
  currency: string | null;
}

export async function loadMarkets(): Promise<MarketInfo[]> {
  const res = await fetch('/storefront/markets.json');
  if (!res.ok) throw new Error(`markets answered ${res.status}`);
  return ((await res.json()) as { markets: MarketInfo[] }).markets;
}

/** Starts an admin page: loads the configured markets, then renders `page` into #app (or says why it cannot). */
export async function startAdminPage(show: (markets: MarketInfo[], root: HTMLElement) => void): Promise<void> {
  const root = document.getElementById('app')!;
  try {
    const markets = await loadMarkets();
    if (!markets.length) {
      root.textContent = 'No market is configured yet.';
      return;
    }
    root.textContent = '';
    show(markets, root);
  } catch (err) {
    root.textContent = `The page could not start: ${(err as Error).message}`;
  }
}
