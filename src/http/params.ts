/** Parsing of query parameters shared by routes; every failure is a 400 naming the parameter. */
import type { Context } from 'koa';
import { invalid } from '../kernel/errors';

export function single(ctx: Context, name: string): string | undefined {
  const v = ctx.query[name];
  if (Array.isArray(v)) throw invalid(`Query parameter ${name} is given more than once`);
  return v;
}

export function required(ctx: Context, name: string): string {
  const v = single(ctx, name);
  if (v === undefined || v === '') throw invalid(`Query parameter ${name} is required`);
  return v;
}

export function booleanParam(ctx: Context, name: string, fallback: boolean): boolean {
  const v = single(ctx, name);
  if (v === undefined || v === '') return fallback;
  const lower = v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalid(`Query parameter ${name} must be true or false (got "${v}")`);
}

export function integerParam(ctx: Context, name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  const v = single(ctx, name);
  if (v === undefined || v === '') return fallback;
  if (!/^-?\d+$/.test(v)) throw invalid(`Query parameter ${name} must be an integer (got "${v}")`);
  const n = Number(v);
  if (n < min || n > max) throw invalid(`Query parameter ${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}

/** A list given pipe- or comma-separated, or as repeated parameters. */
export function listParam(ctx: Context, name: string, separator: RegExp = /[|,]/): string[] | undefined {
  const v = ctx.query[name];
  if (v === undefined) return undefined;
  const values = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(separator)).map((s) => s.trim()).filter(Boolean);
  return values;
}
