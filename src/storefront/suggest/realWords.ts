/**
 * Whether a word is a word of the locale's language, for the correction policy (correction.ts): the general
 * lexicon (docs/language.md "General lexicon") kept as a Bloom filter per language, read the first time a
 * correction in that language is weighed. About 10 bits a word (Norwegian, the largest: 0.6 MB instead of the
 * 25 MB of the word set an import holds while it reads the file); a false positive (about 1%) only keeps a
 * misspelling uncorrected. A language without a lexicon answers undefined: the catalog count alone decides.
 */
import { languageOf } from '../../catalog/vocabulary';

const BITS_PER_WORD = 10;
const HASHES = 7;

/** FNV-1a over the UTF-16 code units, with a seed: two of them give every probe (double hashing). */
function hash(word: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class WordFilter {
  private readonly bits: Uint32Array;
  private readonly size: number;

  constructor(words: Iterable<string>, count: number) {
    this.size = Math.max(64, count * BITS_PER_WORD);
    this.bits = new Uint32Array(Math.ceil(this.size / 32));
    for (const w of words) for (const p of this.probes(w)) this.bits[p >>> 5] |= 1 << (p & 31);
  }

  has(word: string): boolean {
    for (const p of this.probes(word)) if (!(this.bits[p >>> 5] & (1 << (p & 31)))) return false;
    return true;
  }

  private probes(word: string): number[] {
    const a = hash(word, 0);
    const b = hash(word, 0x5bd1e995) | 1;
    return Array.from({ length: HASHES }, (_, i) => ((a + Math.imul(i, b)) >>> 0) % this.size);
  }
}

export type RealWord = (word: string) => boolean;

/** Reads a language's lexicon (catalog/lexicon.ts `readLexicon`); rejects when it has none. */
export type LexiconReader = (language: string) => Promise<ReadonlySet<string>>;

/** The lexicon's words per language, loaded once (a failed or missing file: undefined, not retried). */
export class RealWords {
  private readonly filters = new Map<string, Promise<RealWord | undefined>>();

  constructor(private readonly read: LexiconReader) {}

  of(locale: string): Promise<RealWord | undefined> {
    const language = languageOf(locale);
    let filter = this.filters.get(language);
    if (!filter) {
      filter = this.read(language).then(
        (words) => {
          const f = new WordFilter(words, words.size);
          return (word: string) => f.has(word.toLocaleLowerCase());
        },
        () => undefined,
      );
      this.filters.set(language, filter);
    }
    return filter;
  }
}
