/**
 * Normalisation of measurements to a base unit (mm, ml, g) so products compare, sort and range-filter
 * across units. Imperial volumes are US customary (fl oz, gal).
 */
import type { Measurement } from './documentTypes';
import type { Length } from './types';

export type MeasureKind = 'length' | 'volume' | 'weight';

const factors: Record<MeasureKind, Record<string, number>> = {
  length: { mm: 1, cm: 10, dm: 100, m: 1000, km: 1_000_000, in: 25.4, ft: 304.8, yd: 914.4 },
  volume: { ml: 1, cl: 10, dl: 100, l: 1000, m3: 1_000_000, cm3: 1, 'fl oz': 29.5735295625, gal: 3785.411784 },
  weight: { mg: 0.001, g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237, t: 1_000_000 },
};

/** The amount in mm / ml / g, or undefined for an unknown unit. */
export function toBase(kind: MeasureKind, m: Length): number | undefined {
  const factor = factors[kind][m.unit.trim().toLowerCase().replace(/\s+/g, ' ')];
  if (factor === undefined || !Number.isFinite(m.amount)) return undefined;
  // Rounded to shed float noise such as 1.1 cm = 11.000000000000002 mm.
  return Math.round(m.amount * factor * 1e6) / 1e6;
}

/** The measurement as imported plus `base` when the unit is known. */
export function measurement(kind: MeasureKind, m: Length | undefined): Measurement | undefined {
  if (!m) return undefined;
  const base = toBase(kind, m);
  return base === undefined ? { amount: m.amount, unit: m.unit } : { amount: m.amount, unit: m.unit, base };
}
