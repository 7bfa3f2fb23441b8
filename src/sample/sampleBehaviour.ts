/**
 * Thirty days of generated shoppers for the sample shop (docs/behaviour.md "The sample shop's history"), so the
 * analytics page and the suggestions show something on a fresh install: searches answered by the storefront's own
 * search-page (what each phrase really lists), refinements, clicks weighted to the top, add-to-carts, purchases,
 * searches that end without a click, and planted cases the suggestions must find: reformulation journeys
 * (PLANTED_SYNONYMS: a phrase that gets no click, then another that does), a phrase whose clicks all land in one
 * category (PLANTED_CATEGORY) and a product clicked far down one phrase's list (PLANTED_PIN).
 *
 * Every event is dated in the past and belongs to a session and visitor named SAMPLE_KEY_PREFIX…: loading again
 * replaces them (the loader deletes those first), it never adds a second history.
 */
import type { BehaviourEvent, EventDocument, ProductFacts } from '../events/events';
import { eventDocument } from '../events/events';
import type { Ticket } from '../events/tickets';
import type { CatalogConfiguration } from '../catalog/types';
import type { Logger } from '../kernel/log';
import { generatedCategoryPaths, generatedLanguageOf } from './generator';
import { Rng } from './random';

/** Session and customer keys of generated shoppers start with this: the loader replaces exactly these events. */
export const SAMPLE_KEY_PREFIX = 'sample-shopper-';
export const SAMPLE_DAYS = 30;
/** Sessions per day per market and locale. */
export const SAMPLE_SESSIONS_PER_DAY = 24;

type Lang = 0 | 1 | 2;
/** A phrase that gets no click, then the phrase the shopper clicks in, per language (en, sv, nb). */
export const PLANTED_SYNONYMS: Readonly<Record<Lang, readonly (readonly [string, string])[]>> = {
  0: [
    ['kicks', 'sneakers'],
    ['rucksack', 'backpacks'],
    ['frock', 'dresses'],
  ],
  1: [
    ['dojor', 'sneakers'],
    ['täcke', 'sängkläder'],
  ],
  2: [
    ['joggere', 'joggesko'],
    ['sekk', 'ryggsekker'],
  ],
};
/** A phrase whose clicks all land in the category of its first result. */
export const PLANTED_CATEGORY: Readonly<Record<Lang, string>> = { 0: 'knives', 1: 'knivar', 2: 'kniver' };
/** A phrase whose shoppers keep clicking the product listed at PLANTED_PIN_POSITION (1-based). */
export const PLANTED_PIN: Readonly<Record<Lang, string>> = { 0: 'jackets', 1: 'jackor', 2: 'jakker' };
export const PLANTED_PIN_POSITION = 14;

/** What search-page lists for a phrase: its total and the first product of each group, in order. */
export interface PhraseAnswer {
  totalHits: number;
  productKeys: string[];
}
/** An answer and the 0-based positions generated shoppers click in it (absent: any). */
interface PlannedAnswer extends PhraseAnswer {
  clickable?: number[];
}

export interface SampleBehaviourDeps {
  log: Pick<Logger, 'info'>;
  configuration: { get(fresh?: boolean): Promise<CatalogConfiguration | undefined> };
  /** The storefront's answer (registering nothing). */
  answer(at: { market: string; locale: string }, phrase: string, size: number): Promise<PhraseAnswer>;
  facts(market: string, keys: readonly string[]): Promise<Map<string, ProductFacts>>;
  /** Deletes every event of sessions starting with the prefix, writes these, refreshes; answers how many were written. */
  replaceEvents(sessionPrefix: string, documents: EventDocument[]): Promise<number>;
}

/** The phrases shoppers of a language search: category names, as a shop's top phrases are. */
export function samplePhrases(lang: Lang): string[] {
  const leaves = generatedCategoryPaths()
    .filter((c) => c.path.length === 3)
    .map((c) => c.names.at(-1)![lang].toLowerCase());
  return [...new Set(leaves)];
}

interface Step {
  kind: 'search';
  phrase: string;
  refine?: boolean;
  clicks: number[];
  carts: number[];
}

export interface GeneratedSession {
  market: string;
  locale: string;
  start: number;
  steps: Step[];
}

/** Plans one session: which phrases in which order, which positions are clicked (0-based) and which added to cart. */
function planSession(rng: Rng, lang: Lang, phrases: readonly string[], answerOf: (phrase: string) => PlannedAnswer | undefined): Step[] {
  const clicksOn = (phrase: string): number[] => {
    const answer = answerOf(phrase);
    const positions = answer?.clickable ?? [...Array(Math.min(answer?.productKeys.length ?? 0, 12)).keys()];
    if (!positions.length) return [];
    const count = rng.weighted([1, 1, 1, 2, 2, 3], () => 1);
    return [...new Set(Array.from({ length: count }, () => rng.weighted(positions, (p) => 1 / (p + 1))))].sort((a, b) => a - b);
  };
  const carts = (clicks: number[]) => clicks.filter(() => rng.chance(0.3));
  const r = rng.float();
  const planted = PLANTED_SYNONYMS[lang];
  if (r < 0.14 && planted.length) {
    const [failed, chosen] = rng.pick(planted);
    // Now and then the shopper gives up on the failed phrase with another one: consistency below 1.
    const next = rng.chance(0.85) ? chosen : rng.pick(phrases);
    const clicks = clicksOn(next);
    return [
      { kind: 'search', phrase: failed, clicks: [], carts: [] },
      { kind: 'search', phrase: next, clicks, carts: carts(clicks) },
    ];
  }
  if (r < 0.22) {
    const phrase = PLANTED_PIN[lang];
    const far = PLANTED_PIN_POSITION - 1;
    const clicks = (answerOf(phrase)?.productKeys.length ?? 0) > far && rng.chance(0.7) ? [far] : clicksOn(phrase);
    return [{ kind: 'search', phrase, clicks, carts: carts(clicks) }];
  }
  if (r < 0.3) {
    const phrase = PLANTED_CATEGORY[lang];
    const clicks = clicksOn(phrase);
    return [{ kind: 'search', phrase, clicks, carts: carts(clicks) }];
  }
  if (r < 0.4) return [{ kind: 'search', phrase: rng.pick(phrases), clicks: [], carts: [] }];
  // Browsing: one to three phrases, some refined, most clicked.
  const steps: Step[] = [];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const phrase = rng.weighted(phrases, (p) => 1 / (phrases.indexOf(p) + 2));
    const clicks = rng.chance(0.75) ? clicksOn(phrase) : [];
    steps.push({ kind: 'search', phrase, refine: rng.chance(0.25), clicks, carts: carts(clicks) });
  }
  return steps;
}

const answerKey = (at: { market: string; locale: string }, phrase: string) => `${at.market}|${at.locale}|${phrase}`;

/** Pure: the events of generated sessions, as the storefront and the notifications would have recorded them. */
export function sampleEvents(
  sessions: readonly GeneratedSession[],
  answers: ReadonlyMap<string, PhraseAnswer>,
  facts: ReadonlyMap<string, ReadonlyMap<string, ProductFacts>>,
): EventDocument[] {
  const documents: EventDocument[] = [];
  sessions.forEach((session, n) => {
    const context = {
      market: session.market,
      locale: session.locale,
      customerKey: `${SAMPLE_KEY_PREFIX}c${n % 700}`,
      sessionKey: `${SAMPLE_KEY_PREFIX}s${n}`,
      touchpoint: n % 3 === 0 ? ('MOBILE' as const) : ('DESKTOP' as const),
    };
    const marketFacts = facts.get(session.market) ?? new Map<string, ProductFacts>();
    let t = session.start;
    const add = (event: BehaviourEvent) => documents.push(eventDocument(event, new Date(t), marketFacts));
    session.steps.forEach((step, i) => {
      const answer = answers.get(answerKey(session, step.phrase)) ?? { totalHits: 0, productKeys: [] };
      const queryId = `${SAMPLE_KEY_PREFIX}q${n}-${i}`;
      const query = { queryId, at: new Date(t).toISOString(), locale: session.locale, phrase: step.phrase, totalHits: answer.totalHits };
      add({ ...context, type: 'search', phrase: step.phrase, totalHits: answer.totalHits, queryId, skip: 0, hitKeys: answer.productKeys.slice(0, 10) });
      if (step.refine) {
        t += 8_000;
        add({
          ...context,
          type: 'search',
          phrase: step.phrase,
          totalHits: Math.max(1, Math.round(answer.totalHits / 3)),
          queryId,
          skip: 0,
          continued: true,
          refinement: ['facet'],
        });
      }
      for (const position of step.clicks) {
        const productKey = answer.productKeys[position];
        if (!productKey) continue;
        const ticket: Ticket = {
          kind: 'product',
          productKey,
          pageType: 'SEARCH_PAGE',
          listId: 'PRIMARY_LIST',
          position,
          market: session.market,
          touchpoint: context.touchpoint,
          queryId,
        };
        t += 15_000 + position * 2_000;
        add({ ...context, type: 'click', ticket, query });
        if (!step.carts.includes(position)) continue;
        t += 40_000;
        add({ ...context, type: 'add-to-cart', ticket, query });
        if (n % 5 < 2) {
          t += 120_000;
          const price = marketFacts.get(productKey)?.price ?? 499;
          add({
            ...context,
            type: 'purchase',
            productKey,
            variantKey: productKey,
            quantity: 1,
            sellingPrice: price,
            purchaseId: `${SAMPLE_KEY_PREFIX}p${n}`,
            query,
            position,
          });
        }
      }
      t += 25_000 + (n % 7) * 5_000;
    });
  });
  return documents;
}

/**
 * Generates SAMPLE_DAYS days of sessions for every configured market and locale, ending an hour before `now`,
 * and replaces the generated events of an earlier load. Deterministic for a given `now` (seeded).
 */
export async function loadSampleBehaviour(deps: SampleBehaviourDeps, now = new Date()): Promise<number> {
  const configuration = await deps.configuration.get(true);
  if (!configuration) return 0;
  const rng = new Rng(20_260_101);
  const answers = new Map<string, PlannedAnswer>();
  const sessions: GeneratedSession[] = [];
  const facts = new Map<string, Map<string, ProductFacts>>();
  const end = now.getTime() - 3_600_000;
  for (const [market, { locales }] of Object.entries(configuration.markets)) {
    const keys = new Set<string>();
    for (const locale of locales) {
      const at = { market, locale };
      const lang = generatedLanguageOf(locale);
      const phrases = samplePhrases(lang);
      for (const phrase of new Set([...phrases, ...PLANTED_SYNONYMS[lang].flat(), PLANTED_CATEGORY[lang], PLANTED_PIN[lang]])) {
        const answer = await deps.answer(at, phrase, 24);
        answer.productKeys.forEach((k) => keys.add(k));
        answers.set(answerKey(at, phrase), answer);
      }
      // The category phrase's shoppers click only what lies in the category of its first result.
      const categoryKey = answerKey(at, PLANTED_CATEGORY[lang]);
      const categoryAnswer = answers.get(categoryKey)!;
      const categoryFacts = await deps.facts(market, categoryAnswer.productKeys);
      const first = categoryFacts.get(categoryAnswer.productKeys[0] ?? '')?.categoryIds[0];
      const clickable = categoryAnswer.productKeys.flatMap((k, i) =>
        i < 12 && first !== undefined && categoryFacts.get(k)?.categoryIds.includes(first) ? [i] : [],
      );
      answers.set(categoryKey, { ...categoryAnswer, clickable });
      for (let day = SAMPLE_DAYS; day >= 1; day--) {
        for (let s = 0; s < SAMPLE_SESSIONS_PER_DAY; s++) {
          const start = end - day * 86_400_000 + rng.int(0, 86_400_000 - 3_600_000);
          sessions.push({ market, locale, start, steps: planSession(rng, lang, phrases, (phrase) => answers.get(answerKey(at, phrase))) });
        }
      }
    }
    facts.set(market, await deps.facts(market, [...keys]));
  }
  const written = await deps.replaceEvents(SAMPLE_KEY_PREFIX, sampleEvents(sessions, answers, facts));
  deps.log.info('sample behaviour loaded', { days: SAMPLE_DAYS, sessions: sessions.length, events: written });
  return written;
}
