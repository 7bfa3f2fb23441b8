/**
 * Which searches' primary lists were long on a catalog version, so that round 1 of the same search leaves out
 * the secondary list and the spelling search it would not use (searchPage/run.ts makes the keys). It decides
 * only what is asked, never what is answered: a remembered search whose list comes back short (a partial import
 * changed the products of the version) fetches them in a second round. Only plain searches are remembered (no
 * facet selection, rules or selected category, not viewAllSecondary); the key names the catalog version, so a
 * new import starts afresh. At most MAX_KEYS searches, the oldest forgotten first.
 */
const MAX_KEYS = 20_000;

export class LongLists {
  private readonly keys = new Set<string>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Remembers whether the search's primary list was long. */
  record(key: string, long: boolean): void {
    if (!long) { this.keys.delete(key); return; }
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.values().next().value!);
  }
}
