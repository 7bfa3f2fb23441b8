/**
 * Checking the product-rule strings of page imports (`primaryList.rules`, `recLists[].rules`): the one
 * place page imports meet the rule language (src/rules). A string is checked by parsing it; a
 * RuleSyntaxError becomes a problem with its position, which page validation reports with the page id.
 */
import { parseRules, RuleSyntaxError } from '../rules';

/** Our cap on one rule string: 100 handpicked keys and 200 values per attribute fit many times over. */
export const MAX_RULE_TEXT_LENGTH = 100_000;

export interface RuleTextOptions {
  /** A handpicked rule (`rule incl product_key {...}` holding only keys) must come first: landing-page primary lists. */
  handpickedFirst: boolean;
}

export interface RuleTextProblem {
  /** 0-based character position in the text. */
  position: number;
  /** What is wrong, naming the position. */
  message: string;
}

/** The first problem of a rule string, or undefined when it is valid. An empty string means "no rules". */
export function validateRuleText(text: string, options: RuleTextOptions): RuleTextProblem | undefined {
  if (text.length > MAX_RULE_TEXT_LENGTH) {
    return {
      position: MAX_RULE_TEXT_LENGTH,
      message: `longer than ${MAX_RULE_TEXT_LENGTH} characters (got ${text.length}) at position ${MAX_RULE_TEXT_LENGTH}`,
    };
  }
  try {
    parseRules(text, { handpickedFirst: options.handpickedFirst });
    return undefined;
  } catch (err) {
    if (err instanceof RuleSyntaxError) return { position: err.position, message: err.message };
    throw err;
  }
}
