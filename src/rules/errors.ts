/**
 * Errors of the rule language and of the deprecated productFilter. Both are invalid input of the domain's
 * one error hierarchy, so the error middleware answers `{ message }` without knowing about rules.
 */
import { InvalidInput } from '../kernel/errors';

const MAX_SHOWN = 40;

/** A token as messages show it: quoted (string tokens already are), shortened, or "end of input". */
export function showToken(token: string): string {
  if (token === '') return 'end of input';
  const short = token.length > MAX_SHOWN ? `${token.slice(0, MAX_SHOWN)}…` : token;
  return short.startsWith('"') ? short : `"${short}"`;
}

/**
 * A rule expression that cannot be read. `position` is the 0-based offset of the offending token in the
 * source (a JavaScript string index), `token` its text ('' at the end of the input). The message names
 * both, e.g. `Unexpected "}" at position 37: expected an attribute`.
 */
export class RuleSyntaxError extends InvalidInput {
  override readonly name = 'RuleSyntaxError';

  constructor(
    readonly position: number,
    readonly token: string,
    message: string,
  ) {
    super(message);
  }
}

export interface SyntaxErrorSpec {
  /** What went wrong, put before the token: `Unexpected`, `Unknown attribute`, ... */
  problem: string;
  token: string;
  position: number;
  /** Why, or what was expected; after a colon. */
  detail?: string;
  /** Where the expression came from (`primaryList.productRules`), put first. */
  parameter?: string;
}

export function ruleSyntaxError(spec: SyntaxErrorSpec): RuleSyntaxError {
  const prefix = spec.parameter ? `${spec.parameter}: ` : '';
  const detail = spec.detail ? `: ${spec.detail}` : '';
  return new RuleSyntaxError(spec.position, spec.token, `${prefix}${spec.problem} ${showToken(spec.token)} at position ${spec.position}${detail}`);
}

/** A deprecated `productFilter` object that cannot be read; `attribute` is the offending key ('' for the whole object). */
export class ProductFilterError extends InvalidInput {
  override readonly name = 'ProductFilterError';

  constructor(
    readonly attribute: string,
    message: string,
  ) {
    super(message);
  }
}
