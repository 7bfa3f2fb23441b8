/**
 * Recursive-descent parser of the product rule language (EBNF and examples: docs/product-rules.md).
 *
 *   rules       = { rule } ;
 *   rule        = "rule" restriction { restriction } ;
 *   restriction = ( "incl" | "excl" ) attribute condition ;
 *
 * The condition must fit the attribute: a string list for text attributes, an interval for numbers, an
 * interval with units for measurements, a duration for newness. Limits (values per restriction, product
 * keys in total, rules and restrictions) and the landing-page handpicked rule are checked here, where token
 * positions are known; the count limits stop the parser at the first rule or restriction too many.
 */
import {
  lookupAttribute,
  attributeName,
  MAX_PRODUCT_KEYS,
  MAX_RESTRICTIONS,
  MAX_RULES,
  MAX_VALUES_PER_RESTRICTION,
  type AttributeRef,
  type Bound,
  type Dimension,
  type Duration,
  type Interval,
  type Mode,
  type Restriction,
  type Rule,
  type RuleSet,
} from './ast';
import { ruleSyntaxError, type RuleSyntaxError } from './errors';
import { lex, type Token } from './lexer';
import { durationUnit, RULE_UNITS, toBaseUnit } from './units';

export interface ParseOptions {
  /**
   * Landing pages: product keys (handpicked products) may only appear in the first rule, and that rule
   * is then a single `incl product_key { ... }` restriction.
   */
  handpickedFirst?: boolean;
  /** Where the expression came from (e.g. `primaryList.productRules`); prefixes error messages. */
  parameter?: string;
}

/** Parses a rule expression; empty or blank input is an empty rule set. Throws RuleSyntaxError. */
export function parseRules(source: string, options: ParseOptions = {}): RuleSet {
  return new Parser(source, lex(source, options), options).ruleSet();
}

type StringToken = Extract<Token, { kind: 'string' }>;

/** A bound as written: the number token and its unit word, if any. Undefined bounds are infinite. */
interface WrittenBound {
  number: Token;
  value: number;
  unit?: Token;
}
interface WrittenInterval {
  open: Token;
  close: Token;
  min?: WrittenBound;
  max?: WrittenBound;
}

/** A restriction with the tokens that introduced it, for errors found after reading it. */
interface Placed {
  restriction: Restriction;
  mode: Token;
  attribute: Token;
}

const EXPECT = {
  strings: 'takes a list of strings such as { "a" "b" }',
  interval: 'takes an interval such as [ 10, 100 ]',
  measure: 'takes an interval with units such as [ 10 cm, 1 m ]',
  duration: 'takes a duration such as 10d',
  custom: 'takes a list of strings or an interval',
};

class Parser {
  /** The token the parser looks at; the lexer reads the next one only when this one is taken. */
  private current: Token;
  private productKeys = 0;
  private restrictions = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: Iterator<Token, void, undefined>,
    private readonly options: ParseOptions,
  ) {
    this.current = this.read();
  }

  ruleSet(): RuleSet {
    const rules: Rule[] = [];
    while (this.peek().kind !== 'end') {
      const token = this.next();
      if (!isWord(token, 'rule')) {
        throw this.unexpected(token, rules.length === 0 ? 'expected "rule"' : 'expected "incl", "excl", "rule" or end of input');
      }
      if (rules.length === MAX_RULES) throw this.error('Too many rules', token, `at most ${MAX_RULES} rules in one expression`);
      rules.push(this.rule(rules.length));
    }
    return rules;
  }

  private rule(index: number): Rule {
    const placed: Placed[] = [];
    do placed.push(this.restriction());
    while (isWord(this.peek(), 'incl', 'excl'));
    if (this.options.handpickedFirst) this.checkHandpicked(index, placed);
    return { restrictions: placed.map((p) => p.restriction) };
  }

  private restriction(): Placed {
    const modeToken = this.next();
    if (!isWord(modeToken, 'incl', 'excl')) throw this.unexpected(modeToken, 'expected "incl" or "excl"');
    this.restrictions += 1;
    if (this.restrictions > MAX_RESTRICTIONS)
      throw this.error('Too many restrictions', modeToken, `at most ${MAX_RESTRICTIONS} restrictions in one expression`);
    const mode: Mode = modeToken.text.toLowerCase() === 'incl' ? 'incl' : 'excl';
    const attribute = this.next();
    if (attribute.kind !== 'word') throw this.unexpected(attribute, 'expected an attribute');
    const ref = lookupAttribute(attribute.text);
    if (!ref) {
      const detail = attribute.text.toLowerCase() === 'custom.' ? 'expected a name after "custom."' : undefined;
      throw this.error('Unknown attribute', attribute, detail);
    }
    return { restriction: this.condition(mode, ref), mode: modeToken, attribute };
  }

  private condition(mode: Mode, ref: AttributeRef): Restriction {
    const name = attributeName(ref);
    switch (ref.kind) {
      case 'text': {
        const strings = this.stringList(`${name} ${EXPECT.strings}`);
        if (ref.attribute === 'product_key') this.countProductKeys(strings);
        return { kind: 'text', mode, attribute: ref.attribute, values: strings.map((s) => s.value) };
      }
      case 'number':
        return { kind: 'number', mode, attribute: ref.attribute, ranges: [this.plainInterval(this.interval(`${name} ${EXPECT.interval}`), name)] };
      case 'measure':
        return {
          kind: 'measure',
          mode,
          attribute: ref.attribute,
          range: this.measuredInterval(this.interval(`${name} ${EXPECT.measure}`), ref.dimension, name),
        };
      case 'newness':
        return { kind: 'newness', mode, within: this.duration() };
      case 'custom':
        return this.customCondition(mode, ref.name, name);
      default: {
        const never: never = ref;
        throw new Error(`unhandled attribute ${JSON.stringify(never)}`);
      }
    }
  }

  /** Custom attributes: strings are labels, an interval with units a custom length, without units a custom number. */
  private customCondition(mode: Mode, customName: string, name: string): Restriction {
    const expected = `${name} ${EXPECT.custom}`;
    if (isPunct(this.peek(), '{')) return { kind: 'customLabel', mode, name: customName, values: this.stringList(expected).map((s) => s.value) };
    const written = this.interval(expected);
    return written.min?.unit || written.max?.unit
      ? { kind: 'customLength', mode, name: customName, range: this.measuredInterval(written, 'length', name) }
      : { kind: 'customNumber', mode, name: customName, ranges: [this.plainInterval(written, name)] };
  }

  /** `{ "a" "b" }` or `{ "a", "b" }`: at least one string, at most MAX_VALUES_PER_RESTRICTION. */
  private stringList(expected: string): StringToken[] {
    const open = this.next();
    if (!isPunct(open, '{')) throw this.unexpected(open, expected);
    const strings: StringToken[] = [];
    let afterComma = false;
    while (true) {
      const token = this.next();
      if (token.kind === 'string') {
        strings.push(token);
        if (strings.length > MAX_VALUES_PER_RESTRICTION) throw this.unexpected(token, `at most ${MAX_VALUES_PER_RESTRICTION} values per restriction`);
        afterComma = isPunct(this.peek(), ',');
        if (afterComma) this.next();
        continue;
      }
      if (isPunct(token, '}') && strings.length > 0 && !afterComma) return strings;
      throw this.unexpected(token, strings.length === 0 || afterComma ? 'expected a string' : 'expected a string, "," or "}"');
    }
  }

  private countProductKeys(keys: StringToken[]): void {
    for (const key of keys) {
      this.productKeys += 1;
      if (this.productKeys > MAX_PRODUCT_KEYS) throw this.unexpected(key, `at most ${MAX_PRODUCT_KEYS} product keys in total`);
    }
  }

  /** `[`/`(` bound `,` bound `]`/`)`: square brackets include their bound, round ones exclude it. */
  private interval(expected: string): WrittenInterval {
    const open = this.next();
    if (!isPunct(open, '[', '(')) throw this.unexpected(open, expected);
    const min = this.bound('lower');
    const comma = this.next();
    if (!isPunct(comma, ',')) throw this.unexpected(comma, 'expected ","');
    const max = this.bound('upper');
    const close = this.next();
    if (!isPunct(close, ']', ')')) throw this.unexpected(close, 'expected "]" or ")"');
    return { open, close, min, max };
  }

  private bound(end: 'lower' | 'upper'): WrittenBound | undefined {
    const token = this.next();
    const infinite = end === 'lower' ? '-infinity' : 'infinity';
    if (token.kind === 'number') {
      const unit = this.peek().kind === 'word' ? this.next() : undefined;
      return { number: token, value: token.value, unit };
    }
    if (isWord(token, infinite)) return undefined;
    if (isWord(token, '-infinity', 'infinity')) throw this.unexpected(token, `the ${end} bound cannot be ${token.text}`);
    throw this.unexpected(token, `expected a number or ${infinite}`);
  }

  /** An interval of plain numbers: units are an error. */
  private plainInterval(written: WrittenInterval, name: string): Interval {
    for (const bound of [written.min, written.max]) {
      if (bound?.unit) throw this.unexpected(bound.unit, `${name} takes no unit`);
    }
    return this.checked(written, (b) => b.value);
  }

  /** An interval whose finite bounds all carry a unit of the dimension; bounds converted to the base unit. */
  private measuredInterval(written: WrittenInterval, dimension: Dimension, name: string): Interval {
    const units = `${name} takes ${RULE_UNITS[dimension].join(', ')}`;
    return this.checked(written, (b) => {
      if (!b.unit) throw this.error('Missing unit after', b.number, units);
      const base = toBaseUnit(dimension, b.value, b.unit.text);
      if (base === undefined) throw this.error('Unknown unit', b.unit, units);
      return base;
    });
  }

  /** Builds the interval and rejects one that holds no number (lower above upper, or a point with an open end). */
  private checked(written: WrittenInterval, value: (b: WrittenBound) => number): Interval {
    const min: Bound | undefined = written.min && { value: value(written.min), inclusive: isPunct(written.open, '[') };
    const max: Bound | undefined = written.max && { value: value(written.max), inclusive: isPunct(written.close, ']') };
    if (min && max && (min.value > max.value || (min.value === max.value && !(min.inclusive && max.inclusive)))) {
      const text = this.source.slice(written.open.position, written.close.position + 1);
      throw ruleSyntaxError({
        problem: 'Empty interval',
        token: text,
        position: written.open.position,
        detail: 'no number lies between its bounds',
        parameter: this.options.parameter,
      });
    }
    return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
  }

  /** `10d`, `2w`, `12h` (also with a space before the unit): a whole number of hours, days or weeks. */
  private duration(): Duration {
    const number = this.next();
    if (number.kind !== 'number') throw this.unexpected(number, `newness ${EXPECT.duration}`);
    if (!/^\d+$/.test(number.text)) throw this.unexpected(number, 'a duration is a whole number of hours (h), days (d) or weeks (w)');
    const unitToken = this.next();
    const unit = unitToken.kind === 'word' ? durationUnit(unitToken.text) : undefined;
    if (!unit) throw this.unexpected(unitToken, 'expected a duration unit: h, d or w');
    return { amount: number.value, unit };
  }

  private checkHandpicked(index: number, placed: Placed[]): void {
    const keys = placed.filter((p) => p.restriction.kind === 'text' && p.restriction.attribute === 'product_key');
    if (keys.length === 0) return;
    if (index > 0) throw this.unexpected(keys[0].attribute, 'handpicked product keys must be in the first rule');
    const [first, second] = placed;
    if (first !== keys[0]) throw this.unexpected(keys[0].attribute, 'the handpicked rule holds only one "incl product_key" restriction');
    if (first.restriction.mode === 'excl') throw this.unexpected(first.mode, 'the handpicked rule includes its product keys with "incl"');
    if (second) throw this.unexpected(second.attribute, 'the handpicked rule holds only one "incl product_key" restriction');
  }

  private peek(): Token {
    return this.current;
  }

  /** The next token; stays on `end`. */
  private next(): Token {
    const token = this.current;
    if (token.kind !== 'end') this.current = this.read();
    return token;
  }

  private read(): Token {
    const step = this.tokens.next();
    if (step.done) throw new Error('the lexer ended without an end token');
    return step.value;
  }

  private unexpected(token: Token, detail: string): RuleSyntaxError {
    return this.error('Unexpected', token, detail);
  }

  private error(problem: string, token: Token, detail?: string): RuleSyntaxError {
    return ruleSyntaxError({ problem, token: token.text, position: token.position, detail, parameter: this.options.parameter });
  }
}

function isWord(token: Token, ...words: string[]): boolean {
  return token.kind === 'word' && words.includes(token.text.toLowerCase());
}

function isPunct(token: Token, ...texts: string[]): boolean {
  return token.kind === 'punct' && texts.includes(token.text);
}
