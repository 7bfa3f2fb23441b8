/**
 * Markets and locales learned from a full catalog import when no configuration exists. A shop moving from
 * Elevate sets its markets up in Elevate's app, so its feed pipeline has no configuration step; the catalog
 * already names every market and the locales its data is written in. Learned, per market:
 * - the locale of every override key naming the market (`SE|sv-SE`);
 * - for every product and content item sold in the market: its `dataLocale`s (defaults and overrides), the
 *   locales of its `*|<locale>` override keys (product, variants, images) and its `limitedLocales`; an item sold
 *   in several markets gives such a locale to the markets named after its country, if any (homeMarkets);
 * - when that gives none: every locale the file names (translations included).
 * Currencies are not learned: the feed's prices are plain numbers. The explicit configuration import stays
 * the way to control markets and locales: once one exists, nothing is learned.
 *
 * The learner reads raw lines before they are validated (validation needs the markets first), so it is
 * defensive: what is not a well-formed market id or a supported locale is left for validation to reject.
 */
import type { CatalogConfiguration } from '../catalog/types';
import type { ValidationContext } from '../catalog/validate';
import { SUPPORTED_LOCALES, parseConfiguration } from './markets';

const MARKET_ID = /^[A-Za-z0-9_-]{1,20}$/;
const LOCALES: ReadonlySet<string> = new Set(SUPPORTED_LOCALES);

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const objects = (v: unknown): Raw[] => (isObject(v) ? Object.values(v).filter(isObject) : []);

/**
 * The markets among `sold` a locale spoken by an entity belongs to: those named after the locale's country
 * (`sv-SE` → a market `SE` or `se`) when there are any, else all of them. A product sold in SE and NO with
 * Swedish defaults and a `*|nb-NO` override speaks Swedish in SE and Norwegian in NO, not both in both.
 */
export function homeMarkets(locale: string, sold: readonly string[]): readonly string[] {
  const country = locale.split('-')[1]?.toUpperCase();
  const home = sold.filter((m) => m.toUpperCase() === country);
  return home.length ? home : sold;
}

export type Learned = { ok: true; configuration: CatalogConfiguration } | { ok: false; message: string };

export class ConfigurationLearner {
  /** Market → the locales learned for it (possibly none yet). */
  private readonly markets = new Map<string, Set<string>>();
  /** Every supported locale the file names, whatever names it. */
  private readonly locales = new Set<string>();
  private validation?: CatalogConfiguration;

  /** Learns from one raw line of a full import (`{"replace": {...}}`). */
  addLine(line: unknown): void {
    const entity = isObject(line) && isObject(line.replace) ? line.replace : undefined;
    if (!entity) return;
    if (isObject(entity.translation)) this.locale(entity.translation.locale);
    if (isObject(entity.productGroup)) {
      for (const product of objects(entity.productGroup.products)) {
        this.soldIn(product.markets, [product, ...objects(product.variants), ...objects(product.images)]);
      }
    }
    if (isObject(entity.content)) {
      const c = entity.content;
      this.soldIn(c.markets, [c, ...(isObject(c.image) ? [c.image] : [])]);
    }
  }

  /**
   * What validates lines as they come: every market and locale seen so far is known (each market with every
   * locale); the same configuration object until something new is seen (validation caches per object).
   */
  forValidation(): ValidationContext {
    const locales = [...this.locales];
    this.validation ??= { markets: Object.fromEntries([...this.markets.keys()].map((m) => [m, { locales }])) };
    return { configuration: this.validation, locales: this.locales };
  }

  /** The configuration learned from the whole file, or why none can be. */
  result(): Learned {
    const fallback = [...this.locales].sort();
    if (!this.markets.size) return { ok: false, message: 'the file names no market' };
    if (!fallback.length) return { ok: false, message: 'the file names no locale (no dataLocale, no override key with a locale, no translation)' };
    const markets = Object.fromEntries(
      [...this.markets].sort(([a], [b]) => a.localeCompare(b)).map(([m, l]) => [m, { locales: l.size ? [...l].sort() : fallback }]),
    );
    try {
      return { ok: true, configuration: parseConfiguration({ markets }) };
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
  }

  /** An entity sold in `markets`: the locales its parts name belong to those markets. */
  private soldIn(markets: unknown, parts: Raw[]): void {
    const sold = strings(markets).filter((m) => this.market(m));
    const spoken = new Set<string>();
    for (const part of parts) {
      if (isObject(part.defaults)) this.spoken(spoken, part.defaults.dataLocale);
      for (const l of strings(part.limitedLocales)) this.spoken(spoken, l);
      for (const m of strings(part.limitedMarkets)) this.market(m);
      if (!isObject(part.overrides)) continue;
      for (const [key, data] of Object.entries(part.overrides)) {
        const [m, l, extra] = key.split('|');
        if (extra !== undefined || m === undefined || l === undefined) continue;
        const dataLocale = isObject(data) ? data.dataLocale : undefined;
        if (m === '*') {
          this.spoken(spoken, l);
          this.spoken(spoken, dataLocale);
        } else if (this.market(m)) {
          if (l !== '*') this.pair(m, l);
          this.pair(m, dataLocale);
        }
      }
    }
    for (const l of spoken) for (const m of homeMarkets(l, sold)) this.pair(m, l);
  }

  private spoken(into: Set<string>, l: unknown): void {
    if (this.locale(l)) into.add(l as string);
  }

  /** Records a well-formed market id; false for anything else. */
  private market(m: unknown): boolean {
    if (typeof m !== 'string' || !MARKET_ID.test(m)) return false;
    if (!this.markets.has(m)) {
      this.markets.set(m, new Set());
      this.validation = undefined;
    }
    return true;
  }

  /** Records a supported locale; false for anything else. */
  private locale(l: unknown): boolean {
    if (typeof l !== 'string' || !LOCALES.has(l)) return false;
    if (!this.locales.has(l)) {
      this.locales.add(l);
      this.validation = undefined;
    }
    return true;
  }

  private pair(m: string, l: unknown): void {
    if (this.locale(l)) this.markets.get(m)?.add(l as string);
  }
}
