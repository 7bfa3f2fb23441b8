/**
 * The preview's explanation in a merchandiser's words: one sentence per reason the explain endpoints give
 * (src/storefront/explain.ts), with each scoring part's share of the score explained. The engineer's view
 * (field:term and raw scores) is the reasons themselves (ProductRow's "Show scores").
 *
 * Shares are of the parts that add to the relevance score (text matches, popularity, boosts): stock is a tier
 * that multiplies the score, and pins and rules place or admit a product without adding to it.
 */

/** One reason of the explain endpoints (explain.ts ExplanationEntry); kept here so this module needs no DOM. */
export interface Reason {
  kind: 'text' | 'pin' | 'rule' | 'behaviour' | 'boost' | 'meaning' | 'stock' | 'tie' | 'sort';
  label: string;
  effect: number | string;
}

/** What the sentences read of the search's understanding (api.ts Understanding). */
export interface UnderstoodValues {
  colours: { names: string[] }[];
  genders: { values: string[] }[];
  brands?: { values: string[] }[];
  sizes?: { values: string[] }[];
  attributes?: { name: string; values: string[] }[];
  price?: { min?: number; max?: number };
  mode: 'filter' | 'boost' | 'fallback';
  applied: boolean;
}

export interface Sentence {
  text: string;
  /** 0..1: the part's share of the relevance score explained; absent for a reason that adds no score. */
  share?: number;
}

/** The searched fields (relevance.ts TEXT_FIELDS) in words. */
const FIELD_NAMES: Record<string, string> = {
  title: 'the title',
  name: 'the name',
  brand: 'the brand',
  series: 'the series',
  category: 'the category',
  productType: 'the product type',
  colorNames: 'the colour',
  customText: 'the labels',
  description: 'the description',
};

/** explain.ts BOOST_LABELS in words. */
const BOOST_SENTENCES: Record<string, string> = {
  'product type': 'Of the type the phrase names',
  'type prior': 'Of a type this phrase usually means',
  "shoppers' category": 'Category shoppers choose for this phrase',
};

const fieldName = (field: string) => FIELD_NAMES[field] ?? FIELD_NAMES[field.split('.')[0]] ?? `the ${field.split('.')[0]}`;

/**
 * The word as the phrase has it for a stemmed term ("sneakers" for `sneaker`, "product" for `produc`): the
 * phrase's word the term begins, or that begins the term; else the term as indexed.
 */
export function typedWord(term: string, phrase: string | undefined): string {
  if (!phrase || term.includes(' ')) return term;
  const t = fold(term);
  const words = phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.find((w) => fold(w) === t) ?? words.find((w) => fold(w).startsWith(t) || (t.startsWith(fold(w)) && w.length >= 3)) ?? term;
}

/** Lower case without diacritics: the Scandinavian stemmers index "läder" as `lad`. */
const fold = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** `title:sneaker`, `title:"red shoe"` → [field, term]. */
function fieldTerm(label: string): [string, string] {
  const i = label.indexOf(':');
  if (i < 0) return ['', label];
  return [label.slice(0, i), label.slice(i + 1).replace(/^"|"$/g, '')];
}

/** "page /shoes: pinned", "page /shoes rule 1: handpicked product_key", "page /shoes slice s1: pinnedProducts". */
function pinText(r: Reason): string {
  if (/^Pinned /.test(r.label)) return r.label;
  const page = /^page (\S+)(.*?):/.exec(r.label);
  if (!page) return `Pinned at ${r.effect} by ${r.label}`;
  const how = page[2].trim();
  return `Pinned at ${r.effect} by page ${page[1]}${how ? ` (${how})` : ''}`;
}

/**
 * "page /shoes rule 2: rule incl …", "page /x (restricting) rule 1: …", "request rule 2", and a phrase rule's
 * "Boosted by phrase rule 'x', rule 1: …" / "Buried by …" (phraseMerchandising.ts phraseRuleProbes).
 */
function ruleText(label: string): string {
  const phrase = /^(Boosted|Buried) by (phrase rule '.*'), rule (\d+)/.exec(label);
  if (phrase) return `${phrase[1]} by rule ${phrase[3]} of ${phrase[2]}`;
  const m = /^(.*?) rule (\d+)/.exec(label);
  if (!m) return `Chosen by ${label}`;
  const owner = m[1] === 'request' ? 'the request' : m[1];
  return `Included by rule ${m[2]} of ${owner}`;
}

const TIE_WORDS: Record<string, string> = { popularity: 'popularity', 'product key': 'product key' };

/** What the phrase was understood as, per value: "Understood: colour Svart (filter)". */
export function understoodSentences(u: UnderstoodValues | undefined): Sentence[] {
  if (!u || !u.applied) return [];
  const how = u.mode === 'boost' ? 'ranked first' : 'filter';
  const values = [
    ...u.colours.map((c) => `colour ${c.names[0]}`),
    ...u.genders.map((g) => `gender ${g.values.join(' or ')}`),
    ...(u.brands ?? []).map((b) => `brand ${b.values.join(' or ')}`),
    ...(u.sizes ?? []).map((z) => `size ${z.values.join(' or ')}`),
    ...(u.attributes ?? []).map((a) => `${a.name} ${a.values.join(' or ')}`),
    ...(u.price
      ? [
          `price ${u.price.min !== undefined ? `from ${u.price.min}` : ''}${u.price.min !== undefined && u.price.max !== undefined ? ' ' : ''}${u.price.max !== undefined ? `up to ${u.price.max}` : ''}`,
        ]
      : []),
  ];
  return values.map((v) => ({ text: `Understood: ${v} (${how})` }));
}

/**
 * The sentences of one product's reasons, in the order they act: pins, rules, the scoring parts (largest share
 * first), what the phrase was understood as, stock, the tie-break, and a move by merchandising.
 */
export function explanationSentences(reasons: Reason[], context: { understanding?: UnderstoodValues; phrase?: string } = {}): Sentence[] {
  const scoring: { text: string; value: number }[] = [];
  const terms = new Map<string, { terms: string[]; value: number }>();
  for (const r of reasons) {
    if (typeof r.effect !== 'number') continue;
    if (r.kind === 'text') {
      const [field, indexed] = fieldTerm(r.label);
      const term = typedWord(indexed, context.phrase);
      const name = fieldName(field);
      const entry = terms.get(name) ?? { terms: [], value: 0 };
      if (!entry.terms.includes(term)) entry.terms.push(term);
      entry.value += r.effect;
      terms.set(name, entry);
    } else if (r.kind === 'behaviour' && r.effect > 0) {
      scoring.push({ text: 'Popular this week', value: r.effect });
    } else if (r.kind === 'boost' && r.effect > 0) {
      scoring.push({ text: BOOST_SENTENCES[r.label] ?? `Boosted: ${r.label}`, value: r.effect });
    }
  }
  for (const [name, t] of terms) scoring.push({ text: `Matches ${t.terms.map((x) => `'${x}'`).join(', ')} in ${name}`, value: t.value });
  const total = scoring.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  // Search by meaning: its share of the fused score is given; the words' parts share the rest.
  const meaning = reasons.find((r) => r.kind === 'meaning' && typeof r.effect === 'number');
  const meaningShare = meaning ? Math.min(1, Math.max(0, meaning.effect as number)) : 0;
  const shares = scoring.map((s) => ({ text: s.text, share: total > 0 ? (Math.max(0, s.value) / total) * (1 - meaningShare) : undefined }));
  if (meaning) shares.push({ text: 'Similar in meaning', share: meaningShare });
  shares.sort((a, b) => (b.share ?? 0) - (a.share ?? 0));

  const out: Sentence[] = [];
  for (const r of reasons) if (r.kind === 'pin') out.push({ text: pinText(r) });
  for (const r of reasons) if (r.kind === 'rule') out.push({ text: ruleText(r.label) });
  for (const s of shares) out.push(s.share !== undefined ? { text: s.text, share: s.share } : { text: s.text });
  out.push(...understoodSentences(context.understanding));
  for (const r of reasons) {
    if (r.kind === 'stock') out.push({ text: /^out of stock/.test(r.label) ? 'Out of stock: shown after every product in stock' : 'In stock' });
  }
  for (const r of reasons) {
    if (r.kind !== 'tie') continue;
    out.push({
      text:
        r.label === 'a hair lower score'
          ? `Nearly the same score as #${r.effect}; a hair lower`
          : `Same score as #${r.effect}; ordered by ${TIE_WORDS[r.label] ?? r.label}`,
    });
  }
  const before = reasons.find((r) => r.kind === 'sort' && /before merchandising/.test(r.label))?.effect;
  const after = reasons.find((r) => r.kind === 'sort' && /after merchandising/.test(r.label))?.effect;
  if (before !== undefined && after !== undefined && before !== after && before !== 'pinned') {
    out.push({ text: `At ${after} after merchandising; ${before} without it` });
  }
  return out;
}

/** A share as a whole percentage, never "0%" for a part that counts. */
export function percentText(share: number): string {
  const p = Math.round(share * 100);
  return `${p === 0 && share > 0 ? '<1' : p}%`;
}
