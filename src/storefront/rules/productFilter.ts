/**
 * The deprecated `productFilter` (attribute → value, values, or `{min, max}`) read into the rule tree:
 * one rule whose restrictions are one `incl` per attribute (attributes AND, values of one attribute OR).
 * A single number means exactly that number; `{min, max}` is an inclusive interval (min defaults to 0).
 */
import { badRequest } from '../../http/errors';
import { acceptedKinds, attributeName, MAX_VALUES, ruleAttribute, type Restriction, type RuleExpression, type RuleValue } from './ast';

export function productFilterRules(filter: unknown, parameter: string): RuleExpression {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest(`${parameter} must be an object`);
  const restrictions: Restriction[] = Object.entries(filter).map(([name, raw]) => {
    const attribute = ruleAttribute(name);
    if (!attribute) throw badRequest(`${parameter}.${name}: unknown attribute`);
    const value = filterValue(raw, `${parameter}.${name}`);
    if (!acceptedKinds(attribute).includes(value.kind)) {
      throw badRequest(`${parameter}.${name}: ${attributeName(attribute)} does not take ${value.kind === 'strings' ? 'strings' : 'a range'}`);
    }
    return { mode: 'incl', attribute, value };
  });
  return restrictions.length ? [{ restrictions }] : [];
}

function filterValue(raw: unknown, where: string): RuleValue {
  if (typeof raw === 'string') return { kind: 'strings', values: [raw] };
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) {
    if (raw.length > MAX_VALUES) throw badRequest(`${where}: at most ${MAX_VALUES} values`);
    return { kind: 'strings', values: raw as string[] };
  }
  if (typeof raw === 'number' && Number.isFinite(raw)) return { kind: 'interval', min: raw, max: raw };
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const { min, max, ...rest } = raw as Record<string, unknown>;
    const ok = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
    if (Object.keys(rest).length || !ok(min) || !ok(max) || (min === undefined && max === undefined)) {
      throw badRequest(`${where}: a range is {min, max} with numbers`);
    }
    return { kind: 'interval', min: (min as number | undefined) ?? 0, ...(max !== undefined ? { max: max as number } : {}) };
  }
  throw badRequest(`${where}: expected a string, a list of strings, a number or {min, max}`);
}
