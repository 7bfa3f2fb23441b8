/**
 * Units the rule language accepts in intervals, per dimension, and newness duration units. Conversion
 * to base units (mm, ml, g) goes through the catalog's own table so rule bounds and indexed `base`
 * values agree to the last digit.
 */
import { toBase } from '../catalog/units';
import type { Dimension, DurationUnit } from './ast';

export const RULE_UNITS: Record<Dimension, readonly string[]> = {
  length: ['mm', 'cm', 'dm', 'm', 'in', 'ft'],
  volume: ['ml', 'cl', 'dl', 'l'],
  weight: ['mg', 'g', 'kg', 'oz', 'lb'],
};

export const DURATION_UNITS: readonly DurationUnit[] = ['h', 'd', 'w'];

/** The amount in the dimension's base unit; undefined when the unit is not a rule unit of that dimension. */
export function toBaseUnit(dimension: Dimension, amount: number, unit: string): number | undefined {
  const lower = unit.toLowerCase();
  return RULE_UNITS[dimension].includes(lower) ? toBase(dimension, { amount, unit: lower }) : undefined;
}

export function durationUnit(word: string): DurationUnit | undefined {
  const lower = word.toLowerCase();
  return DURATION_UNITS.find((u) => u === lower);
}
