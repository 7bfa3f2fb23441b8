/**
 * Facet selections from the query string: `f.<id>`, `f.<id>.min`, `f.<id>.max`. Parsed once at the edge
 * into a map from facet id to Selection; an unknown facet id or a malformed value is a 400 naming the
 * parameter.
 */
import { badRequest } from '../../http/errors';
import type { RawQuery } from '../queryParams';
import type { Facet, RawSelection, Selection } from './types';

export type Selections = ReadonlyMap<string, Selection>;

export function parseSelections(query: RawQuery, facets: Facet[]): Selections {
  const byId = new Map(facets.map((f) => [f.id, f]));
  const raw = new Map<string, RawSelection>();
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('f.') || value === undefined) continue;
    if (Array.isArray(value)) throw badRequest(`Query parameter ${name} is given more than once`);
    const rest = name.slice(2);
    const suffix = /\.(min|max)$/.exec(rest)?.[1] as 'min' | 'max' | undefined;
    let id = rest;
    let part: keyof RawSelection = 'value';
    if (!byId.has(rest) && suffix && byId.has(rest.slice(0, -4))) {
      id = rest.slice(0, -4);
      part = suffix;
    }
    if (!byId.has(id)) throw badRequest(`Query parameter ${name}: unknown facet "${id}"`);
    raw.set(id, { ...raw.get(id), [part]: value });
  }
  const selections = new Map<string, Selection>();
  for (const [id, r] of raw) {
    const s = byId.get(id)!.parse(r);
    if (s) selections.set(id, s);
  }
  return selections;
}
