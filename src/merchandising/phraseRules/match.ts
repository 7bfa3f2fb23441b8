/**
 * Finding the phrase rule of a search (pure): rules indexed by market, view and normalised phrase once per
 * load, so a storefront query looks one up in a map.
 */
import { normalisePhrase } from './normalise';
import type { MarketPhraseRules, PhraseRule } from './types';

export type PhraseRuleView = 'production' | 'preview';

/** `market|view|phrase` → the rules holding the phrase, in import order. */
export type PhraseRuleIndex = Map<string, PhraseRule[]>;

const keyOf = (market: string, view: PhraseRuleView, phrase: string) => `${market}|${view}|${phrase}`;

export function indexPhraseRules(markets: Record<string, MarketPhraseRules>): PhraseRuleIndex {
  const out: PhraseRuleIndex = new Map();
  for (const [market, stored] of Object.entries(markets)) {
    const views: [PhraseRuleView, PhraseRule[]][] = [
      ['production', stored.published],
      ['preview', stored.preview ?? stored.published],
    ];
    for (const [view, rules] of views) {
      for (const rule of rules) {
        for (const phrase of rule.phrases) {
          const key = keyOf(market, view, phrase);
          out.set(key, [...(out.get(key) ?? []), rule]);
        }
      }
    }
  }
  return out;
}

/** Whether `now` is within the rule's start (inclusive) and end (exclusive). */
export const isActive = (rule: Pick<PhraseRule, 'start' | 'end'>, now: Date): boolean =>
  (rule.start === undefined || Date.parse(rule.start) <= now.getTime()) && (rule.end === undefined || now.getTime() < Date.parse(rule.end));

/** The first rule, in import order, for the phrase in this market and locale that applies now. */
export function phraseRuleFor(
  index: PhraseRuleIndex,
  at: { market: string; locale: string; view: PhraseRuleView },
  phrase: string,
  now: Date,
): PhraseRule | undefined {
  return index.get(keyOf(at.market, at.view, normalisePhrase(phrase)))?.find((r) => (r.locale === undefined || r.locale === at.locale) && isActive(r, now));
}
