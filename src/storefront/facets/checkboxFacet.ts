/**
 * CHECKBOX facets: `f.<id>=true` applies the facet's filter, `false` (or absent) nothing. We offer one,
 * `onlyInStock`: products in stock under the query's channels and stores. Its `count` is the number of
 * products the filter would leave (always given, so a client can preview it before selecting).
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../../kernel/errors';
import { AGG } from '../aggNames';
import type { CheckboxFacetResult } from '../responseTypes';
import type { Facet, RawSelection, Selection } from './types';

export function parseCheckbox(id: string, raw: RawSelection): Selection | undefined {
  if (raw.min !== undefined || raw.max !== undefined) throw invalid(`Query parameter f.${id}.min/f.${id}.max: ${id} is not a range facet`);
  const v = (raw.value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false') return undefined;
  if (v === 'true') return { kind: 'checkbox', selected: true };
  throw invalid(`Query parameter f.${id} must be true or false (got "${raw.value}")`);
}

export function checkboxFacet(o: { id: string; label: string; query: estypes.QueryDslQueryContainer }): Facet {
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parseCheckbox(o.id, raw),
    filter: () => o.query,
    aggregations: () => ({ [AGG.matching]: { filter: o.query } }),
    shape(results, selection): CheckboxFacetResult {
      const count = (results[AGG.matching] as { doc_count?: number } | undefined)?.doc_count ?? 0;
      return { id: o.id, label: o.label, type: 'CHECKBOX', selected: selection?.kind === 'checkbox', count };
    },
  };
}
