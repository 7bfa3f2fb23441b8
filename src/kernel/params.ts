/**
 * The one reader of query parameters (storefront queries, notifications, admin imports and exports), from a
 * parsed query string, pure so request parsers can be unit tested without Koa. Every failure is invalid
 * input whose message names the parameter. An empty value counts as not given (a blank one too where a
 * value is required or parsed).
 */
import { invalid } from './errors';

/** A parsed query string, as Koa's `ctx.query` gives it. */
export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

export function single(query: RawQuery, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw invalid(`Query parameter ${name} is given more than once`);
  return v;
}

export function required(query: RawQuery, name: string): string {
  const v = single(query, name);
  if (v === undefined || v.trim() === '') throw invalid(`Query parameter ${name} is required`);
  return v;
}

/** true or false (any case); undefined when not given. */
export function optionalBoolean(query: RawQuery, name: string): boolean | undefined {
  const v = single(query, name);
  if (v === undefined || v === '') return undefined;
  const lower = v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalid(`Query parameter ${name} must be true or false (got "${v}")`);
}

/** true or false (any case); `fallback` when not given. */
export function booleanParam(query: RawQuery, name: string, fallback: boolean): boolean {
  return optionalBoolean(query, name) ?? fallback;
}

/** An integer within `min`..`max`; `fallback` when not given. */
export function integer(query: RawQuery, name: string, fallback: number, min: number, max: number): number;
export function integer(query: RawQuery, name: string, fallback: number | undefined, min: number, max: number): number | undefined;
export function integer(query: RawQuery, name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  const v = single(query, name);
  if (v === undefined || v === '') return fallback;
  if (!/^-?\d+$/.test(v.trim())) throw invalid(`Query parameter ${name} must be an integer (got "${v}")`);
  const n = Number(v);
  if (n < min || n > max) throw invalid(`Query parameter ${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}

/** A pipe-separated list; empty items are dropped; undefined when the parameter is absent or empty. */
export function pipeList(query: RawQuery, name: string): string[] | undefined {
  const v = single(query, name);
  if (v === undefined) return undefined;
  const items = v
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

/** A list given pipe- or comma-separated, or as repeated parameters (admin exports); undefined when absent. */
export function list(query: RawQuery, name: string): string[] | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(/[|,]/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One of `allowed`, compared case-insensitively, returned in the allowed spelling. */
export function oneOf<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T | undefined {
  const v = single(query, name);
  if (v === undefined || v === '') return undefined;
  const match = allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase());
  if (!match) throw invalid(`Query parameter ${name} must be one of ${allowed.join(', ')} (got "${v}")`);
  return match;
}
