/**
 * The catalog's words near a typed word, for spelling (storefront/suggest/candidates.ts): every word of a
 * locale's vocabulary (vocabulary.ts) by its first letter, and the words one or two edits away from a typed
 * word, diacritics folded, as the phrase suggester's direct generator reaches them (same first letter). Pure.
 */

/** Shortest catalog word offered as a correction (the phrase suggester's `min_word_length`). */
export const MIN_CORRECTED_WORD = 3;

/**
 * A word without diacritics and lower-case, as the suggester's folding field holds it ("röda" → roda,
 * "søt" → sot): spelling compares words so.
 */
export function folded(word: string): string {
  return word
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øœ]/g, (c) => (c === 'ø' ? 'o' : 'oe'))
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l');
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent transpositions) of two
 * words, or `max + 1` as soon as it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** The catalog's words by folded first letter, built once per vocabulary (`words`: lower-case catalog words). */
export class NearWords {
  private byLetter: Map<string, [string, string][]> | undefined;

  constructor(private readonly words: () => Iterable<string>) {}

  near(word: string, maxEdits: number): string[] {
    const typed = folded(word);
    const bucket = this.buckets().get(typed[0] ?? '') ?? [];
    const found: [string, number][] = [];
    for (const [w, f] of bucket) {
      if (f === typed) continue;
      const d = editDistance(typed, f, maxEdits);
      if (d <= maxEdits) found.push([w, d]);
    }
    // Nearest first; then the length nearest the typed word's, the longer shared start, and the word itself.
    const shared = (w: string) => {
      let i = 0;
      while (i < w.length && w[i] === typed[i]) i++;
      return i;
    };
    return found
      .sort(
        (a, b) =>
          a[1] - b[1] ||
          Math.abs(a[0].length - typed.length) - Math.abs(b[0].length - typed.length) ||
          shared(folded(b[0])) - shared(folded(a[0])) ||
          (a[0] < b[0] ? -1 : 1),
      )
      .map(([w]) => w);
  }

  private buckets(): Map<string, [string, string][]> {
    if (this.byLetter) return this.byLetter;
    const byLetter = new Map<string, [string, string][]>();
    const seen = new Set<string>();
    for (const w of this.words()) {
      const f = folded(w);
      // Words as the suggester sees them (letters and digits, MIN_CORRECTED_WORD letters and up), once.
      if (seen.has(f) || f.length < MIN_CORRECTED_WORD || !/^\p{L}+$/u.test(f)) continue;
      seen.add(f);
      const list = byLetter.get(f[0]) ?? [];
      list.push([w, f]);
      byLetter.set(f[0], list);
    }
    this.byLetter = byLetter;
    return byLetter;
  }
}
