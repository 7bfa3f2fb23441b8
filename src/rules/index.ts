/** The product rule language: parse, compile, and the deprecated productFilter. See docs/product-rules.md. */
export * from './ast';
export { RuleSyntaxError, ProductFilterError } from './errors';
export { tokenize, type Token } from './lexer';
export { parseRules, type ParseOptions } from './parser';
export { compileRules, compileRuleSet, compileRule, compileRestriction, handpickedKeys, type CompileContext, type CompiledRules } from './compile';
export { parseProductFilter, compileProductFilter, type ProductFilterOptions } from './productFilter';
