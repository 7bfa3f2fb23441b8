/**
 * A small stale-while-revalidate cache for data every page view needs but imports rarely change (the
 * navigation with its pages, the product counts of its nodes, landing-page's page lookups).
 *
 * Each slot (e.g. market|locale|view) holds one value with the `version` it was loaded for (revisions of
 * this process's stores, the live catalog version). A request gets:
 * - a fresh load, awaited, when the slot is empty, its version differs (an import in this process), or
 *   it is older than `maxStaleMs`;
 * - the cached value when younger than `freshMs`;
 * - otherwise the cached value at once, while one background load replaces it (so the cost of a reload
 *   never lands on a visitor's request). A failed background load keeps the old value and is logged.
 * Imports in other processes are therefore seen within `freshMs` plus one request.
 */
import type { Logger } from '../kernel/log';

interface Entry<T> { version: string; at: number; value: Promise<T>; refreshing: boolean }

export interface SwrOptions { freshMs: number; maxStaleMs: number; maxSlots: number }

export class SwrCache<T> {
  private readonly slots = new Map<string, Entry<T>>();

  constructor(private readonly options: SwrOptions, private readonly log?: Logger) {}

  get(slot: string, version: string, load: () => Promise<T>): Promise<T> {
    const entry = this.slots.get(slot);
    const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY;
    if (!entry || entry.version !== version || age > this.options.maxStaleMs) return this.load(slot, version, load);
    if (age > this.options.freshMs && !entry.refreshing) this.refresh(slot, entry, load);
    return entry.value;
  }

  clear(): void {
    this.slots.clear();
  }

  private load(slot: string, version: string, load: () => Promise<T>): Promise<T> {
    const value = load();
    const entry: Entry<T> = { version, at: Date.now(), value, refreshing: false };
    if (this.slots.size >= this.options.maxSlots && !this.slots.has(slot)) this.slots.delete(this.slots.keys().next().value!);
    this.slots.set(slot, entry);
    // A failed load is not kept: the next request tries again.
    value.catch(() => { if (this.slots.get(slot) === entry) this.slots.delete(slot); });
    return value;
  }

  private refresh(slot: string, entry: Entry<T>, load: () => Promise<T>): void {
    entry.refreshing = true;
    load().then(
      (value) => { if (this.slots.get(slot) === entry) this.slots.set(slot, { ...entry, at: Date.now(), value: Promise.resolve(value), refreshing: false }); },
      (err) => {
        entry.refreshing = false;
        this.log?.warn('background reload of cached navigation data failed; serving the previous value', { err });
      },
    );
  }
}
