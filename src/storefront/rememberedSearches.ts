/**
 * Searches remembered per catalog version, so that round 1 of the same search leaves out what it would not use
 * (searchPage/run.ts makes the keys): plain searches whose primary list was long (no secondary list or spelling
 * search), and searches whose understood filter found products (no fallback search). It decides only what is
 * asked, never what is answered: a remembered search that comes back otherwise (a partial import changed the
 * products of the version) fetches what it left out in a second round. The keys name the catalog version, so
 * a new import starts afresh. At most MAX_KEYS searches, the oldest forgotten first.
 */
const MAX_KEYS = 20_000;

export class RememberedSearches {
  private readonly keys = new Set<string>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Remembers whether the search was so (long, or its filter found products). */
  record(key: string, so: boolean): void {
    if (!so) {
      this.keys.delete(key);
      return;
    }
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.values().next().value!);
  }
}
