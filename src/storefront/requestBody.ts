/** Request bodies of storefront queries: one validation path, so every endpoint words its 400s alike. */
import Joi from 'joi';
import { invalid } from '../kernel/errors';

/** `primaryList` of a search-page or landing-page body. */
export const primaryListBodySchema = Joi.object({
  include: Joi.boolean(),
  productRules: Joi.string().allow(''),
  productFilter: Joi.object().unknown(true),
}).oxor('productRules', 'productFilter');

/** Validates a POST body against its schema (`empty` for GET, which has none); 400 names the field. */
export function validateBody<T>(schema: Joi.ObjectSchema, body: unknown, empty: T): T {
  if (body === undefined) return empty;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('Body must be a JSON object');
  const { error, value } = schema.validate(body, { abortEarly: true });
  if (error) {
    const at = error.details[0].path.join('.');
    throw invalid(`Body${at ? ` ${at}` : ''}: ${error.details[0].message}`);
  }
  return value as T;
}
