/**
 * Catalogs and storefront requests of the fault tests: generated catalogs told apart by their key prefix
 * (catalog A's keys start with A, B's with B), streamed as request bodies without being held in memory, and
 * the fingerprint of what the storefront shows, so a test can say which catalog answered a query.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { defaultConfiguration, generateCatalogLines } from '../../../src/sample/generator';
import type { ApiProcess } from './api';

export const CONFIGURATION = defaultConfiguration();

export async function configure(api: ApiProcess): Promise<void> {
  const res = await api.admin('POST', '/api/admin/v4/import/configuration', {
    body: JSON.stringify(CONFIGURATION),
    headers: { 'Content-Type': 'application/json' },
  });
  if (res.status !== 204) throw new Error(`configuration import: ${res.status} ${await res.text()}`);
}

/** Full-import lines of a generated catalog of `groups` product groups whose keys start with `keyPrefix`. */
export function* catalogLines(groups: number, keyPrefix: string, seed = 1): Generator<string> {
  for (const entity of generateCatalogLines({ productGroups: groups, keyPrefix, seed, markets: CONFIGURATION }))
    yield JSON.stringify({ replace: entity }) + '\n';
}

/**
 * A request body streamed from `lines` in chunks of about 256 KB, pulled as the connection takes them;
 * `onLines` hears how many lines are sent so far, so a test can act half-way through an upload.
 */
export function streamLines(lines: Iterable<string>, onLines?: (sent: number) => void): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.iterator]();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: string[] = [];
      let size = 0;
      while (size < 256 * 1024) {
        const next = iterator.next();
        if (next.done) break;
        parts.push(next.value);
        size += next.value.length;
      }
      if (parts.length) {
        sent += parts.length;
        controller.enqueue(Buffer.from(parts.join('')));
        onLines?.(sent);
      }
      if (size < 256 * 1024) controller.close();
    },
  });
}

/** Full import of `lines` (whole body in memory: small catalogs), failing loudly unless 204. */
export async function importFull(api: ApiProcess, lines: Iterable<string>, query = ''): Promise<void> {
  const res = await api.admin('PUT', `/api/admin/v4/import/catalog${query}`, {
    body: [...lines].join(''),
    headers: { 'Content-Type': 'application/jsonlines' },
  });
  if (res.status !== 204) throw new Error(`full import: ${res.status} ${await res.text()}`);
}

/** Phrases that find many products of a generated catalog in en-GB (its most frequent title words). */
export const QUERIES = ['cotton', 'boot', 'wool', 'leather', 'jacket', 'shirt', 'dress', 'sneaker'];

export const VISITOR = 'customerKey=faults-c&sessionKey=faults-s&touchpoint=DESKTOP';

export function searchPagePath(q: string, market = 'SE', locale = 'en-GB', extra = ''): string {
  return `/api/storefront/v3/queries/search-page?q=${encodeURIComponent(q)}&market=${market}&locale=${locale}&${VISITOR}&limit=12&notify=false${extra}`;
}

export function autocompletePath(q: string, market = 'SE', locale = 'en-GB'): string {
  return `/api/storefront/v3/queries/autocomplete?q=${encodeURIComponent(q)}&market=${market}&locale=${locale}&${VISITOR}&notify=false`;
}

export function productPagePath(productKey: string, market = 'SE', locale = 'en-GB'): string {
  return `/api/storefront/v3/queries/product-page?productKey=${encodeURIComponent(productKey)}&market=${market}&locale=${locale}&${VISITOR}&notify=false`;
}

interface SearchPageBody {
  primaryList?: {
    totalHits?: number;
    productGroups?: { products?: { key?: string; ticket?: string }[] }[];
    facets?: { id?: string; values?: { id?: string; count?: number }[] }[];
  };
}

/**
 * What a search page shows, reduced to what tells catalogs apart: the key prefixes of the products shown,
 * totalHits and the brand facet's counts (from a second search of the same _msearch, so a page answered
 * half by the old and half by the new catalog has a fingerprint of neither).
 */
export interface PageFingerprint {
  prefixes: string[];
  totalHits: number;
  brands: string;
}

export function fingerprint(body: unknown): PageFingerprint {
  const list = (body as SearchPageBody).primaryList;
  const keys = (list?.productGroups ?? []).flatMap((g) => (g.products ?? []).map((p) => p.key ?? ''));
  const brand = list?.facets?.find((f) => f.id === 'brand');
  return {
    prefixes: [...new Set(keys.map((k) => k.charAt(0)))].sort(),
    totalHits: list?.totalHits ?? -1,
    brands: (brand?.values ?? [])
      .map((v) => `${v.id}:${v.count}`)
      .sort()
      .join(','),
  };
}

export const sameFingerprint = (a: PageFingerprint, b: PageFingerprint) =>
  a.prefixes.join() === b.prefixes.join() && a.totalHits === b.totalHits && a.brands === b.brands;

/** Tickets of the products a search page shows (for click notifications). */
export function ticketsOf(body: unknown): string[] {
  return ((body as SearchPageBody).primaryList?.productGroups ?? []).flatMap((g) => (g.products ?? []).map((p) => p.ticket ?? '')).filter(Boolean);
}

/** The whole catalog as exported, one SHA-256 of the export (gzip asked, as the API requires). */
export async function exportDigest(api: ApiProcess): Promise<{ digest: string; lines: number }> {
  const res = await api.admin('GET', '/api/admin/v4/export/catalog', { headers: { 'Accept-Encoding': 'gzip' } });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  // fetch decodes gzip itself when the server sets Content-Encoding; a raw gzip body is decoded here.
  let bytes = Buffer.from(await res.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  const text = bytes.toString('utf8');
  return { digest: createHash('sha256').update(text).digest('hex'), lines: text.split('\n').filter(Boolean).length };
}
