/**
 * Facet selections from the query string: `f.<id>`, `f.<id>.min`, `f.<id>.max`. Parsed once at the edge
 * into a map from facet id to Selection. An id that no shown facet has is looked up with `selectable` (an
 * attribute the catalog has, so a link from another page keeps filtering); an id nothing knows is ignored.
 * A malformed value is a 400 naming the parameter.
 */
import { invalid } from '../../kernel/errors';
import type { RawQuery } from '../../kernel/params';
import type { Facet, RawSelection, Selection } from './types';

export type Selections = ReadonlyMap<string, Selection>;

/**
 * Limits of a request's selections (docs/storefront.md#limits), at many times what a shop's facet list sends:
 * values selected in one facet (as many as a product rule's restriction takes), and facets selected at once.
 */
export const MAX_SELECTED_VALUES = 200;
export const MAX_SELECTED_FACETS = 50;

export interface ParsedSelections {
  selections: Selections;
  /** The facets selected that were not among the shown ones, in parameter order. */
  added: Facet[];
}

/** The selections of the shown facets (ids no shown facet has are ignored). */
export function parseSelections(query: RawQuery, facets: Facet[]): Selections {
  return readSelections(query, facets, () => undefined).selections;
}

export function readSelections(query: RawQuery, facets: Facet[], selectable: (id: string) => Facet | undefined): ParsedSelections {
  const byId = new Map(facets.map((f) => [f.id, f]));
  const added: Facet[] = [];
  const known = (id: string): boolean => {
    if (byId.has(id)) return true;
    const facet = selectable(id);
    if (!facet) return false;
    byId.set(id, facet);
    added.push(facet);
    return true;
  };
  const raw = new Map<string, RawSelection>();
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('f.') || value === undefined) continue;
    if (Array.isArray(value)) throw invalid(`Query parameter ${name} is given more than once`);
    const rest = name.slice(2);
    const suffix = /\.(min|max)$/.exec(rest)?.[1] as 'min' | 'max' | undefined;
    let id = rest;
    let part: keyof RawSelection = 'value';
    if (suffix && !known(rest) && known(rest.slice(0, -4))) {
      id = rest.slice(0, -4);
      part = suffix;
    } else if (!known(id)) continue;
    raw.set(id, { ...raw.get(id), [part]: value });
  }
  if (raw.size > MAX_SELECTED_FACETS) throw invalid(`Query parameters f.*: at most ${MAX_SELECTED_FACETS} facets may be selected at once (got ${raw.size})`);
  const selections = new Map<string, Selection>();
  for (const [id, r] of raw) {
    const count = r.value === undefined ? 0 : r.value.split('|').length;
    if (count > MAX_SELECTED_VALUES) throw invalid(`Query parameter f.${id}: at most ${MAX_SELECTED_VALUES} values may be selected (got ${count})`);
    const s = byId.get(id)!.parse(r);
    if (s) selections.set(id, s);
  }
  return { selections, added: added.filter((f) => selections.has(f.id)) };
}
