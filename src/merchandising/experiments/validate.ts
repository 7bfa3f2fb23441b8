/**
 * Validation of an experiments import `{"experiments": [...]}`. Pure; paths like `experiments[0].variants[1].share`.
 * Overrides are checked as the resources they override are: relevance values by their settings' ranges, a
 * recommendation algorithm against the list algorithms pages take, a page's rules by the rule parser.
 */
import type { CatalogConfiguration } from '../../catalog/types';
import {
  Problems,
  own,
  array,
  boolean,
  field,
  isObject,
  kindOf,
  map,
  object,
  oneOf,
  requireFields,
  string,
  stringArray,
  stripNulls,
  integer,
  type Validated,
} from '../../kernel/validation';
import { parseRules, RuleSyntaxError } from '../../rules';
import { REC_LIST_ALGORITHMS } from '../pages/types';
import {
  EXPERIMENT_TOUCHPOINTS,
  MAX_EXPERIMENTS,
  MAX_VARIANTS,
  MIN_VARIANTS,
  SYNONYM_SETS,
  UNDERSTANDING_MODES,
  type Experiment,
  type ExperimentSet,
  type PageOverride,
  type Variant,
  type VariantOverrides,
} from './types';

const ID = { id: true, min: 1, max: 64, pattern: /^[A-Za-z0-9_-]+$/, patternText: 'letters, digits, _ and - only' };
const MAX_BEHAVIOUR_WEIGHT = 10;
const MAX_PINS = 100;

export function validateExperiments(raw: unknown, configuration: CatalogConfiguration): Validated<ExperimentSet> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw), ['experiments']);
  if (!body) {
    if (!p.any) p.add('', 'must be an object {"experiments": [...]}');
    return { ok: false, problems: p };
  }
  requireFields(p, '', body, 'experiments');
  const experiments: Experiment[] = [];
  const ids = new Set<string>();
  array(p, 'experiments', body.experiments, {
    max: MAX_EXPERIMENTS,
    each: (v, path) => {
      const e = experiment(p, path, v, configuration);
      if (!e) return;
      if (ids.has(e.id)) p.add(field(path, 'id'), `experiment "${e.id}" appears twice`);
      ids.add(e.id);
      experiments.push(e);
    },
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: { experiments } };
}

function instant(p: Problems, path: string, v: unknown): string | undefined {
  const s = string(p, path, v, { min: 1 });
  if (s === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s) || Number.isNaN(Date.parse(s))) {
    p.add(path, `must be an ISO 8601 date and time, e.g. 2026-12-01T00:00:00Z (got "${s.slice(0, 40)}")`);
    return undefined;
  }
  return new Date(s).toISOString();
}

function experiment(p: Problems, path: string, v: unknown, configuration: CatalogConfiguration): Experiment | undefined {
  const o = object(p, path, v, ['id', 'name', 'start', 'end', 'markets', 'touchpoints', 'variants']);
  if (!o) {
    if (v === undefined) p.add(path, 'must be an object');
    return undefined;
  }
  requireFields(p, path, o, 'id', 'name', 'start', 'end', 'markets', 'variants');
  const id = string(p, field(path, 'id'), o.id, ID);
  const name = string(p, field(path, 'name'), o.name, { min: 1, max: 200 });
  const start = instant(p, field(path, 'start'), o.start);
  const end = instant(p, field(path, 'end'), o.end);
  if (start && end && Date.parse(end) <= Date.parse(start)) p.add(field(path, 'end'), `must be after start (${start})`);
  const markets = stringArray(p, field(path, 'markets'), o.markets, { min: 1, unique: true, rule: { min: 1, id: true } });
  markets?.forEach((m, i) => {
    if (!own(configuration.markets, m))
      p.add(`${field(path, 'markets')}[${i}]`, `market "${m}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
  });
  let touchpoints: Experiment['touchpoints'];
  if (o.touchpoints !== undefined) {
    touchpoints = [];
    array(p, field(path, 'touchpoints'), o.touchpoints, {
      min: 1,
      max: 2,
      each: (t, at) => {
        const x = oneOf(p, at, t, EXPERIMENT_TOUCHPOINTS);
        if (x) touchpoints!.push(x);
      },
    });
  }
  const variants: Variant[] = [];
  const variantsPath = field(path, 'variants');
  array(p, variantsPath, o.variants, {
    min: MIN_VARIANTS,
    max: MAX_VARIANTS,
    each: (x, at) => {
      const vr = variant(p, at, x, configuration);
      if (vr) variants.push(vr);
    },
  });
  const seen = new Set<string>();
  variants.forEach((vr, i) => {
    if (seen.has(vr.id)) p.add(`${variantsPath}[${i}].id`, `variant "${vr.id}" appears twice`);
    seen.add(vr.id);
  });
  if (Array.isArray(o.variants) && variants.length === o.variants.length && variants.length >= MIN_VARIANTS) {
    const total = variants.reduce((n, vr) => n + vr.share, 0);
    if (total !== 100) p.add(variantsPath, `shares must sum to 100 (got ${total})`);
  }
  if (!id || !name || !start || !end || !markets) return undefined;
  return { id, name, start, end, markets, ...(touchpoints ? { touchpoints } : {}), variants };
}

function variant(p: Problems, path: string, v: unknown, configuration: CatalogConfiguration): Variant | undefined {
  const o = object(p, path, v, ['id', 'share', 'overrides']);
  if (!o) {
    if (v === undefined) p.add(path, 'must be an object');
    return undefined;
  }
  requireFields(p, path, o, 'id', 'share');
  const id = string(p, field(path, 'id'), o.id, ID);
  const share = integer(p, field(path, 'share'), o.share, { min: 1, max: 99 });
  const overrides = o.overrides === undefined ? {} : variantOverrides(p, field(path, 'overrides'), o.overrides, configuration);
  if (id === undefined || share === undefined || !overrides) return undefined;
  return { id, share, overrides };
}

function variantOverrides(p: Problems, path: string, v: unknown, _configuration: CatalogConfiguration): VariantOverrides | undefined {
  const o = object(p, path, v, ['relevance', 'synonyms', 'recommendations', 'pages']);
  if (!o) return undefined;
  const out: VariantOverrides = {};
  const r = object(p, field(path, 'relevance'), o.relevance, ['behaviourWeight', 'queryUnderstanding', 'relaxedMatching', 'semanticWeight']);
  if (r) {
    const at = field(path, 'relevance');
    out.relevance = {};
    if (r.behaviourWeight !== undefined) {
      const w = r.behaviourWeight;
      if (typeof w !== 'number' || !Number.isFinite(w) || w < 0 || w > MAX_BEHAVIOUR_WEIGHT)
        p.add(field(at, 'behaviourWeight'), `must be a number from 0 to ${MAX_BEHAVIOUR_WEIGHT} (got ${typeof w === 'number' ? w : kindOf(w)})`);
      else out.relevance.behaviourWeight = w;
    }
    const qu = oneOf(p, field(at, 'queryUnderstanding'), r.queryUnderstanding, UNDERSTANDING_MODES);
    if (qu) out.relevance.queryUnderstanding = qu;
    const relaxed = boolean(p, field(at, 'relaxedMatching'), r.relaxedMatching);
    if (relaxed !== undefined) out.relevance.relaxedMatching = relaxed;
    if (r.semanticWeight !== undefined) {
      const w = r.semanticWeight;
      if (typeof w !== 'number' || !Number.isFinite(w) || w < 0 || w > 1)
        p.add(field(at, 'semanticWeight'), `must be a number from 0 to 1 (got ${typeof w === 'number' ? w : kindOf(w)})`);
      else out.relevance.semanticWeight = w;
    }
  }
  const synonyms = oneOf(p, field(path, 'synonyms'), o.synonyms, SYNONYM_SETS);
  if (synonyms) out.synonyms = synonyms;
  if (o.recommendations !== undefined) {
    const recs: Record<string, { algorithm: string }> = {};
    map(p, field(path, 'recommendations'), o.recommendations, (entry, at, listId) => {
      const e = object(p, at, entry, ['algorithm']);
      if (!e) return;
      requireFields(p, at, e, 'algorithm');
      const algorithm = oneOf(p, field(at, 'algorithm'), e.algorithm, REC_LIST_ALGORITHMS);
      if (algorithm) recs[listId] = { algorithm };
    });
    out.recommendations = recs;
  }
  if (o.pages !== undefined) {
    const pages: Record<string, PageOverride> = {};
    map(p, field(path, 'pages'), o.pages, (entry, at, pagePath) => {
      if (!pagePath.startsWith('/')) p.add(at, `a page path starts with / (got "${pagePath.slice(0, 60)}")`);
      const e = object(p, at, entry, ['productRules', 'pins']);
      if (!e) return;
      const page: PageOverride = {};
      const rules = string(p, field(at, 'productRules'), e.productRules, { max: 10_000 });
      if (rules !== undefined) {
        try {
          parseRules(rules);
          page.productRules = rules;
        } catch (err) {
          p.add(field(at, 'productRules'), err instanceof RuleSyntaxError ? err.message : String(err));
        }
      }
      const pins = stringArray(p, field(at, 'pins'), e.pins, { max: MAX_PINS, unique: true, rule: { min: 1 } });
      if (pins) page.pins = pins;
      pages[pagePath] = page;
    });
    out.pages = pages;
  }
  return isObject(out) ? out : undefined;
}
