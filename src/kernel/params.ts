/**
 * Reading storefront query parameters from a parsed query string, pure so request parsers can be unit
 * tested without Koa. Every failure is a 400 whose message names the parameter.
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

export function optionalBoolean(query: RawQuery, name: string): boolean | undefined {
  const v = single(query, name);
  if (v === undefined || v === '') return undefined;
  const lower = v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalid(`Query parameter ${name} must be true or false (got "${v}")`);
}

export function integer(query: RawQuery, name: string, fallback: number, min: number, max: number): number {
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
  const items = v.split('|').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** One of `allowed`, compared case-insensitively, returned in the allowed spelling. */
export function oneOf<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T | undefined {
  const v = single(query, name);
  if (v === undefined || v === '') return undefined;
  const match = allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase());
  if (!match) throw invalid(`Query parameter ${name} must be one of ${allowed.join(', ')} (got "${v}")`);
  return match;
}
