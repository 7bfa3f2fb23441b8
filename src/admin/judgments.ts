/**
 * Judgment lists (docs/merchandising.md "Replay before publishing"): `PUT /api/admin/v4/import/judgments`
 * replaces the judgments of each market the body names (others keep theirs); `GET /api/admin/v4/export/judgments`
 * answers them in the import's shape. One document per market in the judgments index; replays read them.
 * Body: `{"judgments": [{"market", "locale"?, "phrase", "productKey", "grade"}]}`, grade 0–3; the locale
 * defaults to the market's first; phrases are kept as search events keep them (trimmed, lower case).
 */
import type { CatalogConfiguration } from '../catalog/types';
import { configuredLocale, configuredMarket } from '../configuration/markets';
import type { ConfigurationReader } from '../configuration/store';
import { MAX_GRADE, type Judgment } from '../contract/replay';
import { normalizePhrase } from '../events/events';
import { Problems, array, integer, field, object, requireFields, requiredBody, string, own, type Validated } from '../kernel/validation';
import type { DocumentIndex } from '../search/documents';
import type { ImportOutcome, ImportRunner } from './importRunner';

/** Judgments one import holds at most (every market together). */
export const MAX_JUDGMENTS = 20_000;
export const MAX_PHRASE_LENGTH = 200;
export const MAX_PRODUCT_KEY_LENGTH = 200;

/** Pure: the judgments of a body, or the problems naming each bad item and field (`judgments[3].grade`). */
export function validateJudgments(raw: unknown, configuration: CatalogConfiguration): Validated<Judgment[]> {
  const p = new Problems();
  const o = requiredBody(p, raw, 'judgments', '{"judgments": [{"market", "locale", "phrase", "productKey", "grade"}]}');
  if (!o) return { ok: false, problems: p };
  const out: Judgment[] = [];
  const seen = new Set<string>();
  array(p, 'judgments', o.judgments, {
    max: MAX_JUDGMENTS,
    each: (v, path) => {
      if (p.full) return;
      const j = object(p, path, v, ['market', 'locale', 'phrase', 'productKey', 'grade']);
      if (!j) return;
      requireFields(p, path, j, 'market', 'phrase', 'productKey', 'grade');
      const market = configuredMarket(p, field(path, 'market'), j.market, configuration);
      const locale =
        j.locale === undefined
          ? market
            ? own(configuration.markets, market)?.locales[0]
            : undefined
          : configuredLocale(p, field(path, 'locale'), j.locale, market, configuration);
      const typed = string(p, field(path, 'phrase'), j.phrase, { min: 1, max: MAX_PHRASE_LENGTH, pattern: /\S/, patternText: 'must hold a word' });
      const productKey = string(p, field(path, 'productKey'), j.productKey, { min: 1, max: MAX_PRODUCT_KEY_LENGTH });
      const grade = integer(p, field(path, 'grade'), j.grade, { min: 0, max: MAX_GRADE });
      if (market === undefined || locale === undefined || typed === undefined || productKey === undefined || grade === undefined) return;
      const phrase = normalizePhrase(typed);
      const key = JSON.stringify([market, locale, phrase, productKey]);
      if (seen.has(key)) {
        p.add(path, `judges "${productKey}" for "${phrase}" in ${market} ${locale} a second time`);
        return;
      }
      seen.add(key);
      out.push({ market, locale, phrase, productKey, grade });
    },
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: out };
}

interface JudgmentDocument {
  market: string;
  updatedAt: string;
  judgments: Omit<Judgment, 'market'>[];
}

export interface JudgmentDeps {
  documents: DocumentIndex;
  index: string;
  configuration: ConfigurationReader;
  runner: Pick<ImportRunner, 'run'>;
}

/** Replaces the judgments of each market in the body, as a tracked import under the import lock. */
export async function importJudgments(deps: JudgmentDeps, body: unknown, options: { name?: string; blockingTimeoutMs?: number }): Promise<ImportOutcome> {
  const validated = validateJudgments(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Judgments import');
  const byMarket = new Map<string, Omit<Judgment, 'market'>[]>();
  for (const { market, ...rest } of validated.value) byMarket.set(market, [...(byMarket.get(market) ?? []), rest]);
  return deps.runner.run(
    {
      kind: 'judgments',
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.blockingTimeoutMs !== undefined ? { blockingTimeoutMs: options.blockingTimeoutMs } : {}),
    },
    async () => {
      const updatedAt = new Date().toISOString();
      const operations = [...byMarket].flatMap(([market, judgments]) => [
        { index: { _index: deps.index, _id: market } },
        { market, updatedAt, judgments } satisfies JudgmentDocument,
      ]);
      const res = await deps.documents.bulk(operations);
      const failed = res.errors && res.items.map((i) => Object.values(i)[0]).find((r) => r?.error);
      if (failed) throw new Error(`judgments write failed for ${failed._id}: ${failed.error?.type}`);
      await deps.documents.refresh(deps.index);
    },
  );
}

/** Every market's judgments (or one market's), in import order per market. */
export async function exportJudgments(deps: Pick<JudgmentDeps, 'documents' | 'index'>, market?: string): Promise<{ judgments: Judgment[] }> {
  const out: Judgment[] = [];
  const query = market !== undefined ? { term: { market } } : { match_all: {} };
  for await (const hits of deps.documents.scan<JudgmentDocument>(
    { index: deps.index, ignore_unavailable: true, allow_no_indices: true, query, sort: [{ market: 'asc' }] },
    100,
  )) {
    for (const hit of hits) {
      const doc = hit._source;
      if (!doc) continue;
      for (const j of doc.judgments) out.push({ market: doc.market, ...j });
    }
  }
  return { judgments: out };
}
