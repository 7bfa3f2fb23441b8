/**
 * Parser of the product rule subset:
 *
 *   expression  := rule+                                  (rules are OR'ed)
 *   rule        := "rule" restriction+                    (restrictions apply in order: AND / AND NOT)
 *   restriction := ("incl" | "excl") attribute value
 *   attribute   := brand | category | product_key | variant_key | size | price | discount | rating | custom.<name>
 *   value       := "{" string* "}"                        (double-quoted, backslash escapes " and \)
 *                | "[" bound "," bound "]"                (inclusive; bound: number | -infinity | infinity)
 *
 * Any error is a 400 naming the parameter and the 0-based character position.
 */
import { badRequest } from '../../http/errors';
import {
  acceptedKinds, attributeName, MAX_PRODUCT_KEYS, MAX_VALUES, ruleAttribute,
  type Restriction, type Rule, type RuleExpression, type RuleValue,
} from './ast';

export function parseRules(source: string, parameter: string): RuleExpression {
  const p = new Parser(source, parameter);
  return p.expression();
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string, private readonly parameter: string) {}

  expression(): RuleExpression {
    const rules: Rule[] = [];
    this.skip();
    if (this.done()) throw this.fail('expected "rule"');
    while (!this.done()) {
      rules.push(this.rule());
      this.skip();
    }
    return rules;
  }

  private rule(): Rule {
    this.keyword('rule');
    const restrictions: Restriction[] = [];
    for (;;) {
      this.skip();
      const word = this.peekWord();
      if (word !== 'incl' && word !== 'excl') break;
      this.pos += word.length;
      restrictions.push(this.restriction(word));
    }
    if (restrictions.length === 0) throw this.fail('expected "incl" or "excl"');
    const keys = restrictions.filter((r) => r.attribute.name === 'product_key' && r.value.kind === 'strings');
    if (keys.some((r) => r.value.kind === 'strings' && r.value.values.length > MAX_PRODUCT_KEYS)) {
      throw this.fail(`a rule holds at most ${MAX_PRODUCT_KEYS} product keys`);
    }
    return { restrictions };
  }

  private restriction(mode: 'incl' | 'excl'): Restriction {
    this.skip();
    const at = this.pos;
    const name = this.peekWord();
    if (!name) throw this.fail('expected an attribute');
    const attribute = ruleAttribute(name);
    if (!attribute) throw this.fail(`unknown attribute "${name}"`, at);
    this.pos += name.length;
    this.skip();
    const valueAt = this.pos;
    const value = this.value();
    if (!acceptedKinds(attribute).includes(value.kind)) {
      throw this.fail(`${attributeName(attribute)} does not take ${value.kind === 'strings' ? 'a list of strings' : 'an interval'}`, valueAt);
    }
    return { mode, attribute, value };
  }

  private value(): RuleValue {
    const c = this.src[this.pos];
    if (c === '{') return this.strings();
    if (c === '[') return this.interval();
    throw this.fail('expected "{" or "["');
  }

  private strings(): RuleValue {
    this.pos++;
    const values: string[] = [];
    for (;;) {
      this.skip();
      const c = this.src[this.pos];
      if (c === '}') { this.pos++; break; }
      if (c !== '"') throw this.fail('expected a double-quoted string or "}"');
      values.push(this.string());
      if (values.length > MAX_VALUES) throw this.fail(`at most ${MAX_VALUES} values per attribute`);
    }
    return { kind: 'strings', values };
  }

  private string(): string {
    const start = this.pos++;
    let out = '';
    while (this.pos < this.src.length) {
      const c = this.src[this.pos++];
      if (c === '"') return out;
      if (c === '\\') {
        const next = this.src[this.pos++];
        if (next !== '"' && next !== '\\') throw this.fail('only \\" and \\\\ may be escaped', this.pos - 2);
        out += next;
      } else out += c;
    }
    throw this.fail('unterminated string', start);
  }

  private interval(): RuleValue {
    this.pos++;
    const min = this.bound('-infinity');
    this.skip();
    if (this.src[this.pos] !== ',') throw this.fail('expected ","');
    this.pos++;
    const max = this.bound('infinity');
    this.skip();
    if (this.src[this.pos] !== ']') throw this.fail('expected "]"');
    this.pos++;
    if (min !== undefined && max !== undefined && min > max) throw this.fail('interval minimum above its maximum');
    return { kind: 'interval', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }

  private bound(infinite: '-infinity' | 'infinity'): number | undefined {
    this.skip();
    const m = /^(-?infinity|-?\d+(\.\d+)?)/.exec(this.src.slice(this.pos));
    if (!m) throw this.fail('expected a number or infinity');
    this.pos += m[0].length;
    if (m[0] === infinite) return undefined;
    if (m[0].endsWith('infinity')) throw this.fail(`"${m[0]}" cannot be this bound`, this.pos - m[0].length);
    return Number(m[0]);
  }

  private keyword(word: string): void {
    if (this.peekWord() !== word) throw this.fail(`expected "${word}"`);
    this.pos += word.length;
  }

  private peekWord(): string {
    return /^[A-Za-z_][A-Za-z0-9_.-]*/.exec(this.src.slice(this.pos))?.[0] ?? '';
  }

  private skip(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  private done(): boolean {
    return this.pos >= this.src.length;
  }

  private fail(message: string, at = this.pos) {
    return badRequest(`${this.parameter}: ${message} at position ${at}`);
  }
}
