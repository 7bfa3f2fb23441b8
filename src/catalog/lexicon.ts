/**
 * The general lexicon of a language (docs/language.md "General lexicon"): the words of Debian's
 * word lists, written by scripts/lexicon.sh as `<dir>/<language>.txt` (lower-case, one word a line). A full
 * import reads the files of its catalog's compounding languages when it publishes and lets them go after:
 * the lexicon names compound heads that never stand alone in the catalog ("jacka" in "Vinterjacka"). A
 * missing file is logged once per language and process; that language then uses the catalog's words only.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fairShare } from '../kernel/fairShare';
import type { Lexicon } from './vocabulary';

export interface LexiconSource {
  /** The language's lexicon, or undefined when it has none (logged once). */
  load(language: string): Promise<Lexicon | undefined>;
}

/** Thrown by readLexicon: the file the lexicon should be in, and why it could not be read. */
export class LexiconUnavailable extends Error {}

/**
 * Words of a lexicon file: one a line, trimmed, lower-cased, blank lines skipped. A file holds up to half a
 * million words (Norwegian): read line by line, giving queries their turns (fairShare.ts), not in one
 * split that held the event loop for a second and a half during the import that reads it.
 */
export async function parseLexicon(text: string): Promise<Set<string>> {
  const words = new Set<string>();
  const giveWay = fairShare();
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const w = text.slice(start, end).trim().toLowerCase();
    if (w) words.add(w);
    start = end + 1;
    const turn = giveWay();
    if (turn) await turn;
  }
  return words;
}

export async function readLexicon(dir: string, language: string): Promise<Set<string>> {
  const file = join(dir, `${language}.txt`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (run scripts/lexicon.sh install)' : String(err);
    throw new LexiconUnavailable(`lexicon of [${language}] unavailable: ${file}: ${reason}`);
  }
  return parseLexicon(text);
}

export class LexiconFiles implements LexiconSource {
  private readonly reported = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly warn: (message: string) => void,
  ) {}

  async load(language: string): Promise<Lexicon | undefined> {
    try {
      return await readLexicon(this.dir, language);
    } catch (err) {
      if (!this.reported.has(language)) {
        this.reported.add(language);
        this.warn(`${(err as Error).message}; compounds of [${language}] come from the catalog's vocabulary only`);
      }
      return undefined;
    }
  }
}
