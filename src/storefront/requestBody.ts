/** Request bodies of storefront queries: one validation path, so every endpoint words its 400s alike. */
import Joi from 'joi';
import { invalid } from '../kernel/errors';
import { validateWithSchema } from '../kernel/validation';

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
  const result = validateWithSchema<T>(schema, body, { abortEarly: true });
  if (!result.ok) {
    const [first] = result.problems.errors;
    throw invalid(`Body${first.path ? ` ${first.path.replace(/\[(\d+)\]/g, '.$1')}` : ''}: ${first.message}`);
  }
  return result.value;
}
