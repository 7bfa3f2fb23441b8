/**
 * Tokenizer of the rule language. Whitespace separates tokens and is otherwise ignored. Tokens:
 * - word: a letter or `_` (optionally after `-`), then letters, digits, `_`, `.`, `:`, `-` (keywords,
 *   attribute names such as `custom.material`, units, `-infinity`);
 * - number: `-?digits(.digits)?`; a word may follow with no space (`10d`, `10cm`);
 * - string: double-quoted; `\"` and `\\` are the only escapes; may span lines;
 * - punctuation: `{ } [ ] ( ) ,`;
 * - end: after the last token, so the parser always has something to look at.
 */
import { ruleSyntaxError } from './errors';
import { MAX_FILTER_VALUE_LENGTH } from './ast';

export type Punctuation = '{' | '}' | '[' | ']' | '(' | ')' | ',';

/** `text` is the token as written in the source; `position` its 0-based offset. */
export type Token =
  | { kind: 'word'; text: string; position: number }
  | { kind: 'number'; text: string; position: number; value: number }
  | { kind: 'string'; text: string; position: number; value: string }
  | { kind: 'punct'; text: Punctuation; position: number }
  | { kind: 'end'; text: ''; position: number };

const WHITESPACE = /\s+/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const WORD = /-?[\p{L}_][\p{L}\p{N}_.:-]*/uy;
const PUNCTUATION: ReadonlySet<string> = new Set<Punctuation>(['{', '}', '[', ']', '(', ')', ',']);

export interface LexOptions {
  /** Prefix for error messages. */
  parameter?: string;
}

/** The tokens of `source`, ending with an `end` token. Throws RuleSyntaxError on a character no token starts with. */
export function tokenize(source: string, options: LexOptions = {}): Token[] {
  return [...lex(source, options)];
}

/**
 * The tokens of `source` one at a time, ending with an `end` token: the parser reads only as far as it gets, so
 * an expression past a limit costs the tokens up to the limit, not the whole input. Throws RuleSyntaxError on
 * a character no token starts with.
 */
export function* lex(source: string, options: LexOptions = {}): Generator<Token, void, undefined> {
  let at = 0;
  const match = (re: RegExp): string | undefined => {
    re.lastIndex = at;
    return re.exec(source)?.[0];
  };
  while (true) {
    at += match(WHITESPACE)?.length ?? 0;
    if (at >= source.length) break;
    const c = source[at];
    if (c === '"') {
      const token = readString(source, at, options);
      yield token;
      at += token.text.length;
      continue;
    }
    if (PUNCTUATION.has(c)) {
      yield { kind: 'punct', text: c as Punctuation, position: at };
      at += 1;
      continue;
    }
    const number = match(NUMBER);
    if (number !== undefined) {
      const value = Number(number);
      if (!Number.isFinite(value)) throw ruleSyntaxError({ problem: 'Number', token: number, position: at, detail: 'too large', parameter: options.parameter });
      yield { kind: 'number', text: number, position: at, value };
      at += number.length;
      continue;
    }
    const word = match(WORD);
    if (word !== undefined) {
      yield { kind: 'word', text: word, position: at };
      at += word.length;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(at) ?? 0);
    throw ruleSyntaxError({ problem: 'Unexpected character', token: char, position: at, parameter: options.parameter });
  }
  yield { kind: 'end', text: '', position: source.length };
}

function readString(source: string, start: number, options: LexOptions): Token {
  let value = '';
  let at = start + 1;
  while (at < source.length) {
    const c = source[at];
    if (c === '"') {
      if (value.length > MAX_FILTER_VALUE_LENGTH) {
        throw ruleSyntaxError({
          problem: 'String too long',
          token: source.slice(start, at + 1),
          position: start,
          detail: `a value is at most ${MAX_FILTER_VALUE_LENGTH} characters (got ${value.length})`,
          parameter: options.parameter,
        });
      }
      return { kind: 'string', text: source.slice(start, at + 1), position: start, value };
    }
    if (c === '\\') {
      const next = source[at + 1];
      if (next !== '"' && next !== '\\') {
        throw ruleSyntaxError({
          problem: 'Invalid escape',
          token: source.slice(at, at + 2),
          position: at,
          detail: 'only \\" and \\\\ may be escaped in a string',
          parameter: options.parameter,
        });
      }
      value += next;
      at += 2;
    } else {
      value += c;
      at += 1;
    }
  }
  throw ruleSyntaxError({
    problem: 'Unterminated string',
    token: source.slice(start),
    position: start,
    detail: 'expected a closing double quote',
    parameter: options.parameter,
  });
}
