/**
 * Validation of catalog import lines against the spec's rules and limits (admin spec "Catalog entities",
 * "Limits"). Pure: a parsed JSON line in, a typed entity or operation plus field-level errors out.
 * Cross-line limits (distinct content types, variant custom attributes per market-locale, duplicate keys)
 * are checked by CatalogLimits, which the import feeds line by line.
 */
import type { CatalogConfiguration, CatalogOperation, ReplaceEntity } from './types';

/** One problem in one line; `path` is the field path inside the line, e.g. `replace.productGroup.products.p1.defaults.url`. */
export interface FieldError { path: string; message: string }
export interface LineError extends FieldError { line: number }

export interface ValidationContext {
  configuration: CatalogConfiguration;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** A line of a full (PUT) import: `{"replace": {...}}` only. */
export function validateReplaceLine(_line: unknown, _ctx: ValidationContext): Validated<ReplaceEntity> {
  throw new Error('not implemented');
}

/** A line of an operations (POST) import: exactly one operation. */
export function validateOperationLine(_line: unknown, _ctx: ValidationContext): Validated<CatalogOperation> {
  throw new Error('not implemented');
}

/** Full validation of one entity (used for replace lines and for the result of merging an edit). */
export function validateEntity(_entity: ReplaceEntity, _ctx: ValidationContext, _pathPrefix: string): FieldError[] {
  throw new Error('not implemented');
}

/** Limits that span lines of one import. */
export class CatalogLimits {
  /** Records an accepted entity; returns errors for limits it breaks. */
  add(_entity: ReplaceEntity, _pathPrefix: string): FieldError[] {
    throw new Error('not implemented');
  }
}
