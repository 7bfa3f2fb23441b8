/**
 * The few OpenAPI 3.1 object types the description uses, and helpers that keep its schemas short. Schemas
 * are JSON Schema 2020-12 (what OpenAPI 3.1 takes); they use only keywords JSON Schema draft 7 reads the same
 * way (type lists, `const`, `oneOf`), so the tests validate answers against them with ajv.
 */

export type Schema = { [keyword: string]: unknown };

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path';
  description: string;
  required?: boolean;
  schema: Schema;
  /** What "Try it out" and the example test send (test/http/openapi-examples.test.ts). */
  example?: unknown;
  style?: 'form';
  explode?: boolean;
}

export interface Response {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: Schema; example?: unknown }>;
}

export interface RequestBody {
  description: string;
  required?: boolean;
  content: Record<string, { schema: Schema; example?: unknown }>;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: RequestBody;
  responses: Record<string, Response | { $ref: string }>;
  security?: Record<string, string[]>[];
  /**
   * The status the operation answers when sent with its examples (every parameter's `example`, the body's
   * `example`), on the sample catalog `npm start` loads. test/http/openapi-examples.test.ts sends every
   * operation that has one and checks it; operations without one have examples only where a value cannot be
   * known in advance (an import job's or a version's id).
   */
  'x-example-status'?: number;
  /** Our addition: the least role whose key may call it (src/http/access.ts ROUTE_ROLES). */
  'x-minimal-role'?: string;
}

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
export type PathItem = Partial<Record<Method, Operation>>;
export type Paths = Record<string, PathItem>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  tags: { name: string; description: string }[];
  paths: Paths;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    headers: Record<string, { description: string; schema: Schema }>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
  };
}

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const int = (description?: string, extra: Schema = {}): Schema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
export const num = (description?: string, extra: Schema = {}): Schema => ({ type: 'number', ...(description ? { description } : {}), ...extra });
export const bool = (description?: string, extra: Schema = {}): Schema => ({ type: 'boolean', ...(description ? { description } : {}), ...extra });
export const arr = (items: Schema, description?: string, extra: Schema = {}): Schema => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
  ...extra,
});
export const enumOf = (values: readonly (string | number)[], description?: string, extra: Schema = {}): Schema => ({
  type: typeof values[0] === 'number' ? 'integer' : 'string',
  enum: [...values],
  ...(description ? { description } : {}),
  ...extra,
});
/** A map of string keys to `values`. */
export const map = (values: Schema, description?: string, extra: Schema = {}): Schema => ({
  type: 'object',
  additionalProperties: values,
  ...(description ? { description } : {}),
  ...extra,
});

/** An object with its properties; those named in `required` must be present. */
export function obj(properties: Record<string, Schema>, required: readonly string[] = [], extra: Schema = {}): Schema {
  return { type: 'object', properties, ...(required.length ? { required: [...required] } : {}), ...extra };
}

/** The parameter of that name in components.parameters. */
export const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
/** The response of that name in components.responses. */
export const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** A JSON response. */
export function json(description: string, schema: Schema, extra: Partial<Response> = {}): Response {
  return { description, content: { 'application/json': { schema } }, ...extra };
}
