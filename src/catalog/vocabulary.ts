/**
 * The catalog's own vocabulary per locale, and the compounds it holds. Swedish, Norwegian, Danish,
 * German, Dutch and Finnish write compounds as one word with the head last ("vinterjacka", "Laufschuhe"),
 * so a visitor typing the head ("jacka", "schuhe") expects the compounds too. The import collects the
 * words of every product title, name, category and product type per locale; `compoundIndex` maps each word
 * that ends another word of the catalog (the head, at least MIN_PART letters, after a modifier of at least
 * MIN_PART letters) to those compounds. A query then searches the compounds beside the word, so nothing
 * is reindexed and only words the catalog really compounds are expanded ("schuh" finds "Laufschuh" but not
 * "Schuhcreme", whose head is "creme"). Pure.
 */

/** Languages that write compounds as one word. */
export const COMPOUNDING_LANGUAGES: ReadonlySet<string> = new Set(['sv', 'nb', 'nn', 'no', 'da', 'de', 'nl', 'fi', 'is']);

/** Shortest head and modifier: shorter parts ("ek", "is") match too much. */
export const MIN_PART = 3;
/** Compounds a word expands to at most (the most frequent first). */
export const MAX_COMPOUNDS = 20;

export const languageOf = (locale: string): string => locale.split('-')[0].toLowerCase();

/** Lower-case words of a text as the catalog is searched: letters and digits, split on anything else. */
export function vocabularyWords(text: string): string[] {
  return text.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= MIN_PART);
}

/** Word counts of one locale, filled during an import. */
export class VocabularyCounter {
  private readonly counts = new Map<string, number>();

  add(text: string | undefined): void {
    if (!text) return;
    for (const w of vocabularyWords(text)) this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
  }

  entries(): [string, number][] {
    return [...this.counts];
  }
}

/** A word without diacritics, as a visitor may type it ("troja" for "tröja"). */
export const folded = (word: string): string => word.normalize('NFD').replace(/\p{M}+/gu, '');

/** head word (folded) → compounds ending with it, most frequent first. */
export type CompoundIndex = Map<string, string[]>;

export function compoundIndex(words: Iterable<[string, number]>): CompoundIndex {
  const counts = new Map(words);
  const byHead = new Map<string, [string, number][]>();
  for (const [word, count] of counts) {
    // Every split leaving a modifier and a head of MIN_PART letters or more, where the head is a word of its own.
    for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
      const head = word.slice(i);
      if (!counts.has(head) || splitsAWord(word, i, counts)) continue;
      const list = byHead.get(head) ?? [];
      list.push([word, count]);
      byHead.set(head, list);
    }
  }
  const index: CompoundIndex = new Map();
  for (const [head, list] of byHead) {
    const key = folded(head);
    const merged = [...(index.get(key) ?? []), ...list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w)];
    index.set(key, [...new Set(merged)].slice(0, MAX_COMPOUNDS));
  }
  return index;
}

/**
 * True when the split at `i` cuts through a longer catalog word that ends the compound: "axelväskor" ends
 * with "väskor", so its head is "väskor", not "skor" ("vä" is no modifier). A longer ending that is itself a
 * compound of the head ("dunjacka" in "vinterdunjacka") does not count: "jacka" still finds it.
 */
function splitsAWord(word: string, i: number, counts: ReadonlyMap<string, number>): boolean {
  for (let j = Math.max(0, i - MIN_PART + 1); j < i; j++) if (counts.has(word.slice(j))) return true;
  return false;
}

/** The compounds of each word of a phrase that has some, by word. */
export function compoundsOf(phrase: string, index: CompoundIndex): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of vocabularyWords(phrase)) {
    const compounds = index.get(folded(w));
    if (compounds?.length) out.set(w, compounds);
  }
  return out;
}
