/**
 * Replay before publishing (docs/merchandising.md "Replay before publishing"): `POST /api/admin/v4/replays`
 * starts a job that asks the most searched phrases of the last days (and every judged phrase) live and with a
 * pending change (the preview versions, an experiment's variant or pending synonyms), and reports what
 * changes: zero-result phrases gained and lost, phrases whose first three products change, where the products
 * shoppers clicked move, the estimated clicks in the first ten positions (events/clickModel.ts) and nDCG@10 on
 * judgments. The job lives in the import-jobs index (kind `replay`), so any API process answers
 * `GET /api/admin/v4/replays/:id`; a job whose process stopped reads FAILURE once its heartbeat is older
 * than the import lock's lease. Nothing live is written: the change is request-scoped in every answer.
 */
import type { CatalogConfiguration } from '../catalog/types';
import type { ConfigurationReader } from '../configuration/store';
import type { ClickedMove, Judgment, PhraseChange, ReplayChange, ReplayJob, ReplayReport, ReplayedPhraseRef } from '../contract/replay';
import { attractiveness, expectedClicks, implicitJudgments, ndcg, TOP_POSITIONS, type RankedInteraction } from '../events/clickModel';
import type { SearchClick } from '../events/queries/searchClicks';
import type { TopPhrase, TopPhrasesInput } from '../events/queries/topPhrases';
import { Conflict } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import { Problems, integer, isObject, object, oneOf, requireFields, string } from '../kernel/validation';
import type { Experiment } from '../merchandising/experiments/types';
import type { ReplayCandidate } from '../merchandising/replayCandidate';
import { validateSynonyms } from '../merchandising/synonyms/validate';
import type { ImportJob, ImportJobs } from './importJobs';
import { phrasesToAsk, type PhraseAnswer } from './impactReport';

export const DEFAULT_REPLAY_PHRASES = 500;
export const MAX_REPLAY_PHRASES = 1000;
export const DEFAULT_REPLAY_DAYS = 30;
export const MAX_REPLAY_DAYS = 90;
/** Judged phrases asked besides the logged ones, at most. */
export const MAX_JUDGED_PHRASES = 1000;
/** Phrases whose searches share one catalog version and one rounds gateway (a few `_msearch` per batch). */
export const REPLAY_BATCH = 50;
/** Batches in flight at once. */
const BATCHES_AT_ONCE = 2;
/** Replays one process runs at once (each asks up to two thousand searches). */
export const MAX_RUNNING_REPLAYS = 2;
/** Entries each list of the report keeps; the better and worse lists keep ten. */
const LIST_LIMIT = 100;
const EXTREMES = 10;

/** Both answers of a phrase (storefront/searchPage/replayAnswers.ts). */
export interface ReplayedAnswers {
  live: PhraseAnswer;
  candidate: PhraseAnswer;
}

/** What a replay reads, wired by app.ts (admin imports no other use case). */
export interface ReplaySources {
  topPhrases(input: TopPhrasesInput): Promise<TopPhrase[]>;
  searchClicks(input: { days: number; phrases: readonly string[] }): Promise<SearchClick[]>;
  answers(
    at: { market: string; locale: string },
    phrases: readonly string[],
    candidate: ReplayCandidate,
    size: number,
    onError: (phrase: string, err: unknown) => void,
  ): Promise<(ReplayedAnswers | undefined)[]>;
  experiments(): Promise<Experiment[]>;
  judgments(): Promise<Judgment[]>;
}

export interface ReplayDeps {
  jobs: ImportJobs;
  configuration: ConfigurationReader;
  sources: ReplaySources;
  log: Logger;
  now?: () => Date;
}

interface ValidRequest {
  change: ReplayChange;
  candidate: ReplayCandidate;
  markets?: string[];
  phrases: number;
  days: number;
}

/** The request, checked (400 naming the field), with the change resolved to request-scoped settings. */
export async function validateReplay(raw: unknown, configuration: CatalogConfiguration, experiments: () => Promise<Experiment[]>): Promise<ValidRequest> {
  const p = new Problems();
  const body = object(p, '', raw ?? undefined, ['change', 'phrases', 'days']);
  if (!body) {
    if (!p.any) p.add('', 'a JSON object {"change": {...}, "phrases", "days"} is required');
    throw p.rejection('Replay');
  }
  requireFields(p, '', body, 'change');
  const phrases = integer(p, 'phrases', body.phrases, { min: 1, max: MAX_REPLAY_PHRASES }) ?? DEFAULT_REPLAY_PHRASES;
  const days = integer(p, 'days', body.days, { min: 1, max: MAX_REPLAY_DAYS }) ?? DEFAULT_REPLAY_DAYS;
  const c = isObject(body.change) ? body.change : undefined;
  if (body.change !== undefined && !c) p.add('change', 'must be an object {"kind": "preview" | "experiment" | "synonyms", ...}');
  const kind = c ? oneOf(p, 'change.kind', c.kind, ['preview', 'experiment', 'synonyms'] as const) : undefined;
  if (c && c.kind === undefined) p.add('change.kind', 'is required');
  if (p.any) throw p.rejection('Replay');
  if (kind === 'preview') {
    object(p, 'change', c, ['kind']);
    if (p.any) throw p.rejection('Replay');
    return { change: { kind }, candidate: { preview: true }, phrases, days };
  }
  if (kind === 'experiment') {
    const o = object(p, 'change', c, ['kind', 'experimentId', 'variantId'])!;
    requireFields(p, 'change', o, 'experimentId', 'variantId');
    const experimentId = string(p, 'change.experimentId', o.experimentId, { min: 1, max: 200 });
    const variantId = string(p, 'change.variantId', o.variantId, { min: 1, max: 200 });
    if (p.any || experimentId === undefined || variantId === undefined) throw p.rejection('Replay');
    const experiment = (await experiments()).find((e) => e.id === experimentId);
    if (!experiment) p.add('change.experimentId', `no experiment "${experimentId.slice(0, 50)}"`);
    const variant = experiment?.variants.find((v) => v.id === variantId);
    if (experiment && !variant)
      p.add(
        'change.variantId',
        `experiment "${experimentId.slice(0, 50)}" has no variant "${variantId.slice(0, 50)}" (variants: ${experiment.variants.map((v) => v.id).join(', ')})`,
      );
    if (p.any || !experiment || !variant) throw p.rejection('Replay');
    return { change: { kind, experimentId, variantId }, candidate: { overrides: variant.overrides }, markets: experiment.markets, phrases, days };
  }
  const o = object(p, 'change', c, ['kind', 'locales'])!;
  requireFields(p, 'change', o, 'locales');
  if (p.any) throw p.rejection('Replay');
  const synonyms = validateSynonyms({ locales: o.locales }, configuration);
  if (!synonyms.ok) {
    // Paths as the synonyms import names them, under change.
    const nested = new Problems();
    for (const e of synonyms.problems.errors) nested.add(`change.${e.path || 'locales'}`, e.message);
    throw nested.rejection('Replay');
  }
  return { change: { kind: 'synonyms', locales: synonyms.value }, candidate: { synonyms: synonyms.value }, phrases, days };
}

/** One replayed phrase with what shoppers did and what was judged of it. */
export interface ReplayInput {
  phrase: ReplayedPhraseRef;
  answers: ReplayedAnswers;
  interactions: RankedInteraction[];
  /** Imported judgments of the phrase (product → grade); empty when none. */
  judged: ReadonlyMap<string, number>;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const rankOf = (top: readonly string[], key: string): number | null => {
  const i = top.indexOf(key);
  return i < 0 ? null : i + 1;
};

/** Pure: the report's lists and totals from each phrase's answers (most searched first). */
export function replayReport(inputs: readonly ReplayInput[], skipped: number): Omit<ReplayReport, 'change' | 'window' | 'durationMs'> {
  const titles = new Map<string, string>();
  const changes: PhraseChange[] = [];
  const clickedMoves: ClickedMove[] = [];
  const ndcgSums = { judged: { phrases: 0, live: 0, candidate: 0 }, implicit: { phrases: 0, live: 0, candidate: 0 } };
  let liveClicks = 0;
  let candidateClicks = 0;
  for (const {
    phrase,
    answers: { live, candidate },
    ...named
  } of inputs) {
    // Clicks and judgments name products; the answers list groups: each product key counts as its group's.
    const groupOf = new Map<string, string>();
    for (const a of [live, candidate])
      a.members?.forEach((keys, i) => {
        for (const k of keys) groupOf.set(k, a.top[i]);
      });
    const toGroup = (key: string) => groupOf.get(key) ?? key;
    const interactions = named.interactions.map((i) => ({ ...i, productKey: toGroup(i.productKey) }));
    const judged = new Map<string, number>();
    for (const [k, g] of named.judged) judged.set(toGroup(k), Math.max(g, judged.get(toGroup(k)) ?? 0));
    const behaviour = { searches: phrase.searches, interactions };
    const alpha = attractiveness(behaviour);
    const lc = phrase.searches * expectedClicks(live.top, alpha);
    const cc = phrase.searches * expectedClicks(candidate.top, alpha);
    liveClicks += lc;
    candidateClicks += cc;
    const grades = judged.size ? judged : implicitJudgments(behaviour);
    const ln = ndcg(live.top, grades);
    const cn = ndcg(candidate.top, grades);
    if (ln !== null && cn !== null) {
      const sums = judged.size ? ndcgSums.judged : ndcgSums.implicit;
      sums.phrases++;
      sums.live += ln;
      sums.candidate += cn;
    }
    const reasons: string[] = [];
    const rescued = live.totalHits === 0 && candidate.totalHits > 0;
    const broken = live.totalHits > 0 && candidate.totalHits === 0;
    if (rescued) reasons.push('finds products now');
    if (broken) reasons.push('finds nothing now');
    const firstThree = !rescued && !broken && live.totalHits > 0 && live.top.slice(0, 3).join('\n') !== candidate.top.slice(0, 3).join('\n');
    if (firstThree) reasons.push('first three products change');
    // Each product shoppers clicked, by its clicks; moved when its rank in the first ten differs.
    const clicks = new Map<string, number>();
    for (const i of interactions) if (i.clicks > 0) clicks.set(i.productKey, (clicks.get(i.productKey) ?? 0) + i.clicks);
    let moved = 0;
    for (const [productKey, n] of clicks) {
      const liveRank = rankOf(live.top, productKey);
      const candidateRank = rankOf(candidate.top, productKey);
      if (liveRank === candidateRank) continue;
      moved++;
      clickedMoves.push({ ...phrase, productKey, clicks: n, liveRank, candidateRank });
    }
    if (moved) reasons.push(`${moved} clicked product${moved === 1 ? '' : 's'} move${moved === 1 ? 's' : ''}`);
    if (!reasons.length && live.top.join('\n') !== candidate.top.join('\n')) reasons.push('order below the first three changes');
    if (!reasons.length) continue;
    for (const answer of [live, candidate]) for (const [k, t] of Object.entries(answer.titles ?? {})) titles.set(k, t);
    const score = cc - lc + (ln !== null && cn !== null ? phrase.searches * (cn - ln) : 0) + (rescued ? phrase.searches : 0) - (broken ? phrase.searches : 0);
    changes.push({
      ...phrase,
      liveTotalHits: live.totalHits,
      candidateTotalHits: candidate.totalHits,
      live: live.top,
      candidate: candidate.top,
      liveClicks: round(lc),
      candidateClicks: round(cc),
      ...(ln !== null && cn !== null ? { liveNdcg: round(ln, 4), candidateNdcg: round(cn, 4) } : {}),
      reasons,
      score: round(score),
    });
  }
  const zeroResultsLost = changes.filter((c) => c.liveTotalHits === 0 && c.candidateTotalHits > 0);
  const zeroResultsGained = changes.filter((c) => c.liveTotalHits > 0 && c.candidateTotalHits === 0);
  const firstThreeChanged = changes.filter((c) => c.reasons.includes('first three products change'));
  const better = changes
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || b.searches - a.searches)
    .slice(0, EXTREMES);
  const worse = changes
    .filter((c) => c.score < 0)
    .sort((a, b) => a.score - b.score || b.searches - a.searches)
    .slice(0, EXTREMES);
  const movesShown = clickedMoves.sort((a, b) => b.clicks - a.clicks || b.searches - a.searches).slice(0, LIST_LIMIT);
  const listed = [...zeroResultsLost, ...zeroResultsGained, ...firstThreeChanged].slice(0, 3 * LIST_LIMIT);
  const named = new Set([...listed, ...better, ...worse].flatMap((c) => [...c.live, ...c.candidate]).concat(movesShown.map((m) => m.productKey)));
  const summary = (s: { phrases: number; live: number; candidate: number }) =>
    s.phrases ? { phrases: s.phrases, live: round(s.live / s.phrases, 4), candidate: round(s.candidate / s.phrases, 4) } : undefined;
  const judgedNdcg = summary(ndcgSums.judged);
  const implicitNdcg = summary(ndcgSums.implicit);
  return {
    totals: {
      phrases: inputs.length,
      skipped,
      zeroResultsLost: zeroResultsLost.length,
      zeroResultsGained: zeroResultsGained.length,
      firstThreeChanged: firstThreeChanged.length,
      clickedMoved: clickedMoves.length,
      liveClicks: round(liveClicks),
      candidateClicks: round(candidateClicks),
    },
    ndcg: { ...(judgedNdcg ? { judged: judgedNdcg } : {}), ...(implicitNdcg ? { implicit: implicitNdcg } : {}) },
    zeroResultsLost: zeroResultsLost.slice(0, LIST_LIMIT),
    zeroResultsGained: zeroResultsGained.slice(0, LIST_LIMIT),
    firstThreeChanged: firstThreeChanged.slice(0, LIST_LIMIT),
    clickedMoves: movesShown,
    better,
    worse,
    titles: Object.fromEntries([...titles].filter(([k]) => named.has(k))),
  };
}

const phraseKey = (market: string, phrase: string) => `${market}\n${phrase}`;

/** The replay use cases: start a job, read one. */
export function replays(deps: ReplayDeps) {
  let running = 0;
  const now = () => deps.now?.() ?? new Date();

  async function run(id: string, request: ValidRequest, configuration: CatalogConfiguration, started: number): Promise<ReplayReport> {
    const { sources } = deps;
    const inMarkets = (market: string) => !request.markets || request.markets.includes(market);
    const logged = phrasesToAsk(await sources.topPhrases({ days: request.days, limit: request.phrases }), configuration).filter((p) => inMarkets(p.market));
    // Judged phrases join the logged ones (searches 0 when nobody searched them in the window).
    const judgedBy = new Map<string, Map<string, number>>();
    for (const j of await sources.judgments()) {
      if (!inMarkets(j.market)) continue;
      const key = `${j.market}\n${j.locale}\n${j.phrase}`;
      const grades = judgedBy.get(key) ?? new Map<string, number>();
      grades.set(j.productKey, j.grade);
      judgedBy.set(key, grades);
    }
    const asked = new Map<string, (typeof logged)[number]>(logged.map((p) => [`${p.market}\n${p.locale}\n${p.phrase}`, p]));
    for (const key of [...judgedBy.keys()].slice(0, MAX_JUDGED_PHRASES)) {
      if (asked.has(key)) continue;
      const [market, locale, phrase] = key.split('\n') as [string, string, string];
      asked.set(key, { market, locale, phrase, searches: 0 });
    }
    const phrases = [...asked.values()];
    await deps.jobs.update(id, { replay: { total: phrases.length }, heartbeatAt: now().toISOString() });

    const clicks = await sources.searchClicks({ days: request.days, phrases: [...new Set(phrases.map((p) => p.phrase))] });
    const interactions = new Map<string, Map<string, RankedInteraction>>();
    for (const c of clicks) {
      const byProduct = interactions.get(phraseKey(c.market, c.phrase)) ?? new Map<string, RankedInteraction>();
      const at = `${c.productKey}\n${c.rank}`;
      const i = byProduct.get(at) ?? { productKey: c.productKey, rank: c.rank, clicks: 0, carts: 0 };
      if (c.type === 'click') i.clicks += c.count;
      else i.carts += c.count;
      byProduct.set(at, i);
      interactions.set(phraseKey(c.market, c.phrase), byProduct);
    }

    // Batches of one market and locale each.
    const groups = new Map<string, typeof phrases>();
    for (const p of phrases) groups.set(`${p.market}\n${p.locale}`, [...(groups.get(`${p.market}\n${p.locale}`) ?? []), p]);
    const batches = [...groups.values()].flatMap((list) =>
      Array.from({ length: Math.ceil(list.length / REPLAY_BATCH) }, (_, i) => list.slice(i * REPLAY_BATCH, (i + 1) * REPLAY_BATCH)),
    );
    const inputs: (ReplayInput | undefined)[][] = new Array<(ReplayInput | undefined)[]>(batches.length);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < batches.length) {
        const b = next++;
        const batch = batches[b];
        const at = { market: batch[0].market, locale: batch[0].locale };
        const answers = await sources.answers(
          at,
          batch.map((p) => p.phrase),
          request.candidate,
          TOP_POSITIONS,
          (phrase, err) => deps.log.warn('replay: phrase left out', { ...at, phrase, err }),
        );
        inputs[b] = batch.map((phrase, i) => {
          const a = answers[i];
          return a
            ? {
                phrase,
                answers: a,
                interactions: [...(interactions.get(phraseKey(phrase.market, phrase.phrase))?.values() ?? [])],
                judged: judgedBy.get(`${phrase.market}\n${phrase.locale}\n${phrase.phrase}`) ?? new Map<string, number>(),
              }
            : undefined;
        });
        done += batch.length;
        await deps.jobs.update(id, { linesRead: done, heartbeatAt: now().toISOString() });
      }
    };
    await Promise.all(Array.from({ length: BATCHES_AT_ONCE }, worker));
    const flat = inputs.flat();
    const ok = flat.filter((i): i is ReplayInput => !!i);
    const at = now();
    return {
      change: request.change,
      window: { days: request.days, from: new Date(at.getTime() - request.days * 86_400_000).toISOString(), to: at.toISOString() },
      durationMs: Date.now() - started,
      ...replayReport(ok, flat.length - ok.length),
    };
  }

  return {
    /** Checks the request (400), records the job and starts it; answers its id at once. */
    async start(body: unknown): Promise<{ id: string }> {
      const configuration = await deps.configuration.required();
      const request = await validateReplay(body, configuration, () => deps.sources.experiments());
      if (running >= MAX_RUNNING_REPLAYS) throw new Conflict(`${MAX_RUNNING_REPLAYS} replays are running in this process: try again once one has finished`);
      running++;
      const id = deps.jobs.newId();
      const started = Date.now();
      try {
        await deps.jobs.create({
          id,
          kind: 'replay',
          status: 'IN_PROGRESS',
          reason: null,
          startedAt: now().toISOString(),
          heartbeatAt: now().toISOString(),
          linesRead: 0,
          errorCount: 0,
          replay: { total: 0 },
        });
      } catch (err) {
        running--;
        throw err;
      }
      void run(id, request, configuration, started)
        .then(
          (report) =>
            deps.jobs.update(id, {
              status: 'SUCCESS',
              finishedAt: now().toISOString(),
              linesRead: report.totals.phrases + report.totals.skipped,
              errorCount: report.totals.skipped,
              replay: { total: report.totals.phrases + report.totals.skipped, report },
            }),
          (err: unknown) => {
            deps.log.error('replay failed', { id, err });
            return deps.jobs.update(id, { status: 'FAILURE', finishedAt: now().toISOString(), reason: 'The replay failed: see the service log' });
          },
        )
        .catch((err: unknown) => deps.log.error('replay: could not record its end', { id, err }))
        .finally(() => {
          running--;
        });
      return { id };
    },

    /** The job as the console polls it; undefined for an id that is no replay. */
    async get(id: string): Promise<ReplayJob | undefined> {
      const job = await deps.jobs.get(id);
      return job?.kind === 'replay' ? replayJobOf(job) : undefined;
    },
  };
}

export type Replays = ReturnType<typeof replays>;

function replayJobOf(job: ImportJob): ReplayJob {
  const status = job.status === 'SUCCESS' || job.status === 'IN_PROGRESS' ? job.status : 'FAILURE';
  return {
    id: job.id,
    status,
    reason: job.reason,
    startedAt: job.startedAt,
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
    done: job.linesRead,
    total: job.replay?.total ?? 0,
    ...(job.replay?.report ? { report: job.replay.report as ReplayReport } : {}),
  };
}
