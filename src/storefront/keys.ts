/**
 * Product, variant and content keys a visitor's request names. An import accepts keys of at most
 * MAX_KEY_LENGTH characters, so a longer one names nothing: it is refused with a 400 naming the field
 * instead of being sent to Elasticsearch, where a term over 32,766 bytes fails the whole search (the fuzz
 * test found a 500 from a cart key of 40,000 characters).
 */
import { invalid } from '../kernel/errors';
import { MAX_KEY_LENGTH } from '../catalog/validation/checks';

export { MAX_KEY_LENGTH };

/** `key` when it can be a catalog key; `field` names it in the 400 ("Query parameter cart", "recommendationLists[0].params.cart"). */
export function catalogKey(field: string, key: string): string {
  if (key.length > MAX_KEY_LENGTH) throw invalid(`${field}: a key is at most ${MAX_KEY_LENGTH} characters (got ${key.length})`);
  return key;
}
