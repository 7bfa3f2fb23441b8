/**
 * The autocomplete request, parsed once at the edge: shared parameters (QueryContext, `templateId`
 * allowed), the optional phrase `q` (what the visitor has typed so far) and the POST body
 * (`productRules` or the deprecated `productFilter`, and `contentLists`). GET has no body.
 */
import Joi from 'joi';
import { invalid } from '../../kernel/errors';
import { parseProductFilter, parseRules, type RuleSet } from '../../rules';
import type { CatalogFacts } from '../catalogFacts';
import { contentListSettings, contentListsSchema, type ContentListSettings } from '../contentLists';
import { single, type RawQuery } from '../../kernel/params';
import { MAX_PHRASE_LENGTH } from '../relevance';
import { validateBody } from '../requestBody';
import { parseQueryContext, type EndpointRules, type QueryContext } from '../request';

export const AUTOCOMPLETE_RULES: EndpointRules = { templates: true, presentCustomPrefixes: ['variant', 'number', 'length'] };

export interface AutocompleteRequest {
  context: QueryContext;
  /** The phrase typed so far, whitespace-normalised; '' when absent (then trending and recent searches). */
  q: string;
  /** From `productRules` or the deprecated `productFilter`: restricts productSuggestions (and totalHits). */
  rules: RuleSet;
  contentLists: ContentListSettings[];
  /** Suggestions collapse on `collapseKey`: some product group of the market suppresses duplicates. */
  collapse: boolean;
}

export interface AutocompleteBody {
  productRules?: string;
  productFilter?: Record<string, unknown>;
  contentLists: { id: string; limit: number; contentFilter: Record<string, string | string[]> }[];
}

const bodySchema = Joi.object({
  productRules: Joi.string().allow(''),
  productFilter: Joi.object().unknown(true),
  contentLists: contentListsSchema,
})
  .oxor('productRules', 'productFilter')
  .unknown(true);

/** Validates a POST body (undefined for GET). */
export function parseAutocompleteBody(body: unknown): AutocompleteBody {
  return validateBody<AutocompleteBody>(bodySchema, body, { contentLists: [] });
}

export function parseAutocompleteRequest(query: RawQuery, body: AutocompleteBody, facts: CatalogFacts | undefined): AutocompleteRequest {
  const q = (single(query, 'q') ?? '').trim().replace(/\s+/g, ' ');
  if (q.length > MAX_PHRASE_LENGTH) throw invalid(`Query parameter q is longer than ${MAX_PHRASE_LENGTH} characters`);
  const context = parseQueryContext(query, facts, AUTOCOMPLETE_RULES);
  const rules = body.productRules
    ? parseRules(body.productRules, { parameter: 'productRules' })
    : body.productFilter
      ? parseProductFilter(body.productFilter, { parameter: 'productFilter' })
      : [];
  return {
    context,
    q,
    rules,
    contentLists: contentListSettings(body.contentLists),
    collapse: facts!.collapsingMarkets.has(context.market), // parseQueryContext answered 503 without facts
  };
}
