/**
 * Listing JSON serialised once per document version: a product group of a search-page list is shaped and
 * stringified the first time it is listed in a context, and later answers splice that JSON in with their own
 * tickets (the only part that differs between lists and positions) instead of shaping and stringifying the
 * group again. The answer stays byte for byte what the shaper and JSON.stringify write (test/http/listing-json.test.ts).
 *
 * What the JSON depends on, and so the key it is kept under:
 * - the main document as Elasticsearch holds it: the catalog version the query resolved, the hit's `_id`
 *   (market, locale, product key) and its `_seq_no` and `_primary_term`, which change with every write of the
 *   document (an operations import rewrites every document of a group it touches, the popularity job
 *   updates them), so no entry outlives the document it was shaped from, nor serves another catalog version.
 *   Its siblings come from the copies it carries (ProductDocument.siblings); a group whose siblings were
 *   fetched on their own (a catalog imported before the copies) is shaped per request as before;
 * - the shaping context (shapingKey): locale, channels and stores, custom attributes and prices asked,
 *   price id, description, the market's presentation (badge rules, image effect), the badge labels and the
 *   response template;
 * - the clock only through the NEW badge: an entry keeps the instants during which every product's NEW badge
 *   stays as it was when shaped (presentation.ts newnessWindow), and is shaped again outside them.
 * Tickets are marked while shaping (an unguessable per-process marker, checked when split) and encoded per
 * answer with its page, list, position, market, touchpoint and query id.
 *
 * Entries are kept least recently used first out, bounded by their bytes (LISTING_JSON_CACHE_MB).
 */
import { randomBytes } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import { ByteLru } from '../kernel/byteLru';
import { RawJson } from '../kernel/rawJson';
import { ticketEncoder, type TicketKind } from '../events/tickets';
import { visitorLabel } from '../merchandising/labels';
import type { TemplateSettings } from '../merchandising/templates/types';
import { DEFAULT_PRESENTATION } from '../configuration/presentation';
import { newnessWindow } from './presentation';
import { siblingKeys, type ProductSource, type ShapeContext, type TicketEncoder } from './productShaper';
import type { ProductGroupResult } from './responseTypes';

interface TicketSlot {
  kind: TicketKind;
  key: string;
  variantKey: string;
}

/** A group's JSON cut at its tickets: parts[0], ticket 0, parts[1], ... (each ticket a JSON string between them). */
interface ListedGroup {
  parts: string[];
  tickets: TicketSlot[];
  /** Instants (ms, included) within which its NEW badges hold. */
  from: number;
  until: number;
}

export class ListingJsonCache {
  private readonly entries: ByteLru<ListedGroup>;
  /** Groups answered from the cache and shaped, since start (tests and benchmarks read them). */
  readonly counts = { served: 0, shaped: 0 };

  constructor(maxBytes: number) {
    this.entries = new ByteLru(maxBytes);
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  /** The group's JSON from the cache, or shaped now and kept. */
  group(key: string, now: number, shape: () => ListedGroup | undefined): ListedGroup | undefined {
    const cached = this.entries.get(key);
    if (cached && now >= cached.from && now <= cached.until) {
      this.counts.served++;
      return cached;
    }
    const shaped = shape();
    this.counts.shaped++;
    if (shaped) this.entries.set(key, shaped, sizeOf(key, shaped));
    return shaped;
  }
}

/** Bytes an entry holds: its strings at two bytes a character and an allowance for each object. */
function sizeOf(key: string, g: ListedGroup): number {
  let bytes = 2 * key.length + 200;
  for (const p of g.parts) bytes += 2 * p.length + 32;
  for (const t of g.tickets) bytes += 2 * (t.key.length + t.variantKey.length) + 96;
  return bytes;
}

const BADGE_LABELS = ['badge.SALE', 'badge.NEW', 'badge.DISCOUNT'];

/** The key of everything besides the document that a listed group's JSON depends on; once per answer. */
export function shapingKey(catalogVersion: string, query: ShapeContext['query'], template: TemplateSettings | undefined): string {
  return JSON.stringify([
    catalogVersion,
    query.locale,
    query.channels,
    query.stores,
    query.presentCustom,
    query.presentPrices,
    query.priceId ?? null,
    query.presentDescription ?? false,
    query.presentation ?? null,
    BADGE_LABELS.map((k) => visitorLabel(query, k) ?? null),
    template ?? null,
  ]);
}

/** Per process: a catalog string cannot hold a marker it cannot know. */
const NONCE = randomBytes(12).toString('base64url');
const marker = (i: number) => `\u0001${NONCE}:${i}\u0002`;
/** A marker as JSON.stringify writes it, with its quotes: the whole ticket string. */
const MARKED = new RegExp(`"\\\\u0001${NONCE}:(\\d+)\\\\u0002"`, 'g');

export interface ListingJsonInput {
  /** The list's hits in order, as Elasticsearch answered them (with `seq_no_primary_term`). */
  hits: readonly estypes.SearchHit<unknown>[];
  /** Position of the first group. */
  offset: number;
  /** The list's shaping context (its origin makes the tickets). */
  sc: ShapeContext;
  /** The list's shaper of one group (its template applied), the same with or without this module. */
  shape(main: ProductSource, siblings: ReadonlyMap<string, ProductSource>, position: number, sc: ShapeContext): ProductGroupResult;
  /** Siblings by product key, for groups shaped per request. */
  siblings: ReadonlyMap<string, ProductSource>;
  at: { market: string; locale: string };
}

/** The list's product groups as JSON: what JSON.stringify of the groups `shape` makes of the hits would write. */
export function listingJson(cache: ListingJsonCache, key: string, input: ListingJsonInput): RawJson {
  const { sc, shape, at } = input;
  const encode = ticketEncoder(sc.origin);
  const now = sc.now.getTime();
  // One marking context per list, so the shaper prepares it once (productShaper.ts `prepared`).
  let slots: TicketSlot[] = [];
  const marking: ShapeContext = { ...sc, tickets: (kind, productKey, variantKey) => marker(slots.push({ kind, key: productKey, variantKey }) - 1) };
  const shapeMarked = (main: ProductSource): ListedGroup | undefined => {
    slots = [];
    const own = new Map((main.siblings ?? []).map((s) => [s.productKey, s as ProductSource]));
    const json = JSON.stringify(shape(main, own, 0, marking));
    return splitAtTickets(json, slots, newsWindow(main, sc));
  };
  const groups: string[] = [];
  let position = input.offset;
  for (const hit of input.hits) {
    const main = hit._source as ProductSource | undefined;
    if (!main) continue;
    const stamp = carriesItsGroup(main, at) ? stampOf(hit) : undefined;
    const listed = stamp !== undefined ? cache.group(`${key}\u0001${stamp}`, now, () => shapeMarked(main)) : undefined;
    groups.push(listed ? spliced(listed, encode, position) : JSON.stringify(shape(main, input.siblings, position, sc)));
    position++;
  }
  return new RawJson(`[${groups.join(',')}]`);
}

/** Whether the main document holds all its group shows: no siblings, or its copies of them for this market and locale. */
function carriesItsGroup(main: ProductSource, at: { market: string; locale: string }): boolean {
  return siblingKeys(main).length === 0 || (main.siblings !== undefined && main.market === at.market && main.locale === at.locale);
}

/** Which write of which document the hit is; undefined without it (a search that did not ask). */
function stampOf(hit: estypes.SearchHit<unknown>): string | undefined {
  if (typeof hit._seq_no !== 'number' || typeof hit._primary_term !== 'number' || hit._id === undefined) return undefined;
  return `${hit._id}\u0001${hit._seq_no}\u0001${hit._primary_term}`;
}

/** Where the NEW badges of the group's products (the main and its copies) stay as they are now. */
function newsWindow(main: ProductSource, sc: ShapeContext): [number, number] {
  const days = (sc.query.presentation ?? DEFAULT_PRESENTATION).newDays;
  let [from, until] = newnessWindow(main.releaseDate, sc.now, days);
  for (const s of main.siblings ?? []) {
    const [f, u] = newnessWindow(s.releaseDate, sc.now, days);
    from = Math.max(from, f);
    until = Math.min(until, u);
  }
  return [from, until];
}

/** The JSON cut at its ticket markers; undefined when they are not each found once (then it is not kept). */
function splitAtTickets(json: string, slots: TicketSlot[], [from, until]: [number, number]): ListedGroup | undefined {
  const parts: string[] = [];
  const tickets: TicketSlot[] = [];
  const seen = new Set<number>();
  let last = 0;
  for (const m of json.matchAll(MARKED)) {
    const i = Number(m[1]);
    if (i >= slots.length || seen.has(i)) return undefined;
    seen.add(i);
    parts.push(json.slice(last, m.index));
    tickets.push(slots[i]);
    last = m.index + m[0].length;
  }
  parts.push(json.slice(last));
  return { parts, tickets, from, until };
}

function spliced(g: ListedGroup, encode: TicketEncoder, position: number): string {
  let out = g.parts[0];
  for (let i = 0; i < g.tickets.length; i++) {
    const t = g.tickets[i];
    out += `"${encode(t.kind, t.key, t.variantKey, position)}"${g.parts[i + 1]}`;
  }
  return out;
}
