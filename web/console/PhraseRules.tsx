/**
 * Search merchandising per phrase (docs/merchandising.md "Phrase rules"): the market's phrase rules listed, and
 * one edited at a time. A product picker searches the storefront's own search-page answer as you type (title
 * or key) to pin a product at a chosen position or hide it; boost and bury rules are checked as you type
 * (RulesField); a redirect and a start and end. "Preview" saves the market's rules with previewOnly (the
 * storefront applies them to viewId=PREVIEW only) and shows that answer for the rule's first phrase; "Save"
 * publishes them, after a confirmation. Both are the phrase-rules import: the console has no second write path.
 * `?phrase=...` starts a new rule for that phrase (for links such as the analytics page's); a suggestion's "Apply"
 * adds `locale` and `redirect`, `boost` or `pin` and `position`, and the rule is previewed at once (published only by Save).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProductGroup } from '@apptus/esales-api';
import { explainSearch, exportPhraseRules, importPhraseRules, storefrontSearch, type ExplainedPage, type PhraseRule, type Where } from './api';
import { problemsAt, SaveStatus, useImport } from './importForm';
import { ProductRow } from './ProductRow';
import { RulesField } from './RulesField';
import { useBaseline } from './safeEditing';
import { WherePicker } from './WherePicker';
import { freePosition, pinAtPosition } from './phraseDraft';
import { ProductPicker } from './ProductPicker';
import { useMarkets } from './markets';
import { own } from '../shared/lookup';

/** The fields the editor shows problems at; others are listed under the save button. */
const FIELDS = ['id', 'phrases', 'locale', 'pinned', 'hidden', 'boost', 'bury', 'redirect', 'start', 'end'];
/** What the editor shows of a product it has seen: its title and first image. */
type Seen = Record<string, { title: string; image?: string }>;

const split = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
/** datetime-local values are local times; the import takes ISO 8601 with an offset. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const newId = (rules: PhraseRule[]) => {
  let n = rules.length + 1;
  while (rules.some((r) => r.id === `rule-${n}`)) n++;
  return `rule-${n}`;
};
/** The parts of a suggestion's rule named in the URL (Suggestions.tsx applicationOf). */
function suggestedRule(asked: URLSearchParams): Partial<PhraseRule> {
  const locale = asked.get('locale')?.trim();
  const redirect = asked.get('redirect')?.trim();
  const boost = asked.get('boost')?.trim();
  const pin = asked.get('pin')?.trim();
  const position = Number(asked.get('position') ?? '1');
  return {
    ...(locale && (redirect || boost || pin) ? { locale } : {}),
    ...(redirect ? { redirect } : {}),
    ...(boost ? { boost } : {}),
    ...(pin ? { pinned: [{ productKey: pin, position: Number.isInteger(position) && position > 0 ? position : 1 }] } : {}),
  };
}
const seenOf = (groups: readonly ProductGroup[]): Seen =>
  Object.fromEntries(groups.flatMap((g) => g.products.slice(0, 1).map((p) => [p.key, { title: p.title, image: p.imageInfo.images[0]?.sources[0]?.url }])));

export function PhraseRules({ where, onWhere }: { where: Where; onWhere: (w: Where) => void }) {
  const [rules, setRules] = useState<PhraseRule[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<Seen>({});
  const { dirty, settle } = useBaseline(rules);
  const { status, setStatus, save } = useImport();
  const [preview, setPreview] = useState<{ q: string; page: ExplainedPage } | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const previewOnLoad = useRef(false);
  // The preview is beside the editor on a wide screen, above it on a phone: focus takes the merchandiser there.
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    setRules(null);
    setSelected(null);
    setPreview(null);
    exportPhraseRules(where.market).then(
      (stored) => {
        // `?phrase=...` (a link from the analytics page) starts a new rule for that phrase, once.
        const asked = new URLSearchParams(location.search);
        const phrase = asked.get('phrase')?.trim();
        if (!phrase) {
          setRules(stored);
          return;
        }
        history.replaceState(null, '', location.pathname);
        const suggested = suggestedRule(asked);
        setRules([...stored, { id: newId(stored), phrases: [phrase], ...suggested }]);
        setSelected(stored.length);
        previewOnLoad.current = Object.keys(suggested).length > 0;
      },
      (err: Error) => setError(err.message),
    );
  }, [where.market]);
  const see = (groups: readonly ProductGroup[]) => setSeen((s) => ({ ...s, ...seenOf(groups) }));
  const rule = rules && selected !== null ? rules[selected] : undefined;
  const update = (next: PhraseRule) => setRules(rules!.map((r, i) => (i === selected ? next : r)));
  const problems = status?.problems ?? [];
  const at = (i: number) => `markets.${where.market}[${i}]`;

  // Settled before the status renders, so that render no longer counts the saved rules as unsaved.
  const publish = () =>
    save(
      async () => {
        await importPhraseRules(where.market, rules!, false);
        settle(rules!);
      },
      'Saved: search uses these phrase rules now.',
      {
        title: 'Publish these phrase rules?',
        detail: `Searches in market ${where.market} use them as soon as you publish.`,
      },
    );
  const showPreview = async () => {
    if (!rule || !rule.phrases[0]) {
      setStatus({ kind: 'error', text: 'Give the rule a search phrase to preview.', problems: [] });
      return;
    }
    const q = rule.phrases[0];
    const ok = await save(() => importPhraseRules(where.market, rules!, true), `Preview of "${q}" with these rules: nothing live has changed.`);
    if (!ok) return;
    try {
      const page = await explainSearch(where, q, true);
      see(page.primaryList?.productGroups ?? []);
      setPreview({ q, page });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message, problems: [] });
    }
  };
  // A suggestion's rule is shown in preview as soon as it is filled in.
  useEffect(() => {
    if (!previewOnLoad.current || !rule) return;
    previewOnLoad.current = false;
    void showPreview();
  }, [rules]);

  return (
    <section aria-labelledby="phrases-heading">
      <h2 id="phrases-heading">Search phrases</h2>
      <div class="filters-form">
        <WherePicker where={where} onChange={onWhere} />
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!rules ? (
        <p class="muted">Loading…</p>
      ) : (
        <div class="phrases-layout">
          <div class="phrase-list">
            <table class="phrase-rules" aria-label={`Phrase rules of ${where.market}`}>
              <thead>
                <tr>
                  <th scope="col">Phrases</th>
                  <th scope="col">Does</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((r, i) => (
                  <tr key={i} aria-current={i === selected ? 'true' : undefined} class={problemsAt(problems, at(i)).length ? 'invalid' : undefined}>
                    <td data-label="Phrases">{r.phrases.join(', ') || <span class="muted">(no phrase yet)</span>}</td>
                    <td data-label="Does">{summary(r)}</td>
                    <td class="row-actions">
                      <button
                        type="button"
                        class="link-button"
                        aria-label={`Edit rule ${r.id}`}
                        onClick={() => {
                          setSelected(i);
                          setPreview(null);
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        class="link-button"
                        aria-label={`Remove rule ${r.id}`}
                        onClick={() => {
                          setRules(rules.filter((_, j) => j !== i));
                          setSelected(null);
                          setPreview(null);
                        }}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rules.length === 0 && <p class="muted">No phrase rules in {where.market} yet.</p>}
            <div class="editor-actions">
              <button
                type="button"
                onClick={() => {
                  setRules([...rules, { id: newId(rules), phrases: [] }]);
                  setSelected(rules.length);
                  setPreview(null);
                }}
              >
                New phrase rule
              </button>
              <button type="button" class="primary" disabled={!dirty && !status} onClick={publish}>
                Save phrase rules
              </button>
            </div>
            <SaveStatus
              status={status}
              placed={(p) => selected !== null && FIELDS.some((f) => problemsAt([{ path: p, message: '' }], `${at(selected)}.${f}`).length > 0)}
            />
            {preview && (
              <section aria-labelledby="phrase-preview-heading" class="phrase-preview">
                <h3 id="phrase-preview-heading" tabIndex={-1} ref={previewHeading}>
                  Preview: “{preview.q}” ({preview.page.primaryList?.totalHits ?? 0} products)
                </h3>
                <p class="muted">The storefront's answer with this rule (viewId=PREVIEW); shoppers get it once you save.</p>
                <ol class="product-list" aria-label={`Preview of ${preview.q}`}>
                  {(preview.page.primaryList?.productGroups ?? []).map((g, i) => (
                    <li key={g.key}>
                      <ProductRow group={g} position={i + 1} />
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
          {rule ? (
            <RuleEditor
              key={`${where.market}/${selected}`}
              rule={rule}
              path={at(selected!)}
              problems={problems}
              where={where}
              seen={seen}
              onSeen={see}
              onChange={update}
              onPreview={showPreview}
              onSave={publish}
            />
          ) : (
            <p class="muted">Choose a rule to edit, or make a new one.</p>
          )}
        </div>
      )}
    </section>
  );
}

function summary(r: PhraseRule): string {
  const parts = [
    r.pinned?.length ? `${r.pinned.length} pinned` : '',
    r.hidden?.length ? `${r.hidden.length} hidden` : '',
    r.boost ? 'boost' : '',
    r.bury ? 'bury' : '',
    r.redirect ? `→ ${r.redirect}` : '',
    r.start || r.end ? 'scheduled' : '',
    r.locale ? r.locale : '',
  ].filter(Boolean);
  return parts.join(' · ') || 'nothing yet';
}

function RuleEditor({
  rule,
  path,
  problems,
  where,
  seen,
  onSeen,
  onChange,
  onPreview,
  onSave,
}: {
  rule: PhraseRule;
  path: string;
  problems: readonly { path: string; message: string }[];
  where: Where;
  seen: Seen;
  onSeen: (groups: readonly ProductGroup[]) => void;
  onChange: (r: PhraseRule) => void;
  onPreview: () => void;
  onSave: () => void;
}) {
  const markets = useMarkets();
  const locales = markets.find((m) => m.id === where.market)?.locales ?? [];
  const pinned = rule.pinned ?? [];
  const hidden = rule.hidden ?? [];
  const [position, setPosition] = useState(() => freePosition(pinned));
  // A stored rule names products by key: their titles and images come from the storefront, found by key.
  useEffect(() => {
    const unknown = [...pinned.map((p) => p.productKey), ...hidden].filter((key) => !own(seen, key)).slice(0, 20);
    let current = true;
    for (const key of unknown) {
      storefrontSearch(where, key, 1).then(
        (groups) => {
          if (current) onSeen(groups.filter((g) => g.products[0]?.key === key));
        },
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [where.market, where.locale]);
  const set = <K extends keyof PhraseRule>(key: K, value: PhraseRule[K] | undefined) => {
    const next = { ...rule };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const pin = (key: string) => {
    const next = pinAtPosition(pinned, key, position);
    onChange({ ...rule, pinned: next, ...(hidden.includes(key) ? { hidden: hidden.filter((k) => k !== key) } : {}) });
    setPosition(freePosition(next));
  };
  const hide = (key: string) => {
    const pins = pinned.filter((p) => p.productKey !== key);
    const next: PhraseRule = { ...rule, hidden: [...hidden.filter((k) => k !== key), key] };
    if (pins.length) next.pinned = pins;
    else delete next.pinned;
    onChange(next);
  };
  const errorsOf = (field: string) =>
    problemsAt(problems, `${path}.${field}`).map((p, i) => (
      <p key={i} class="error">
        {p.message}
      </p>
    ));
  const name = (key: string) => own(seen, key)?.title ?? key;
  return (
    <form class="phrase-editor" aria-label={`Phrase rule ${rule.id}`} onSubmit={(e) => e.preventDefault()}>
      <div class="field-grid">
        <div class="field">
          <label for="phrase-id">Rule name</label>
          <input id="phrase-id" value={rule.id} onInput={(e) => set('id', e.currentTarget.value)} />
          {errorsOf('id')}
        </div>
        <div class="field wide">
          <label for="phrase-phrases">Search phrases (comma-separated)</label>
          <input
            id="phrase-phrases"
            value={rule.phrases.join(', ')}
            placeholder="sneakers, trainers"
            onChange={(e) => onChange({ ...rule, phrases: split(e.currentTarget.value) })}
          />
          {errorsOf('phrases')}
        </div>
        <div class="field">
          <label for="phrase-locale">Locales</label>
          <select id="phrase-locale" value={rule.locale ?? ''} onChange={(e) => set('locale', e.currentTarget.value || undefined)}>
            <option value="">Every locale of {where.market}</option>
            {locales.map((l) => (
              <option key={l} value={l}>
                Only {l}
              </option>
            ))}
          </select>
          {errorsOf('locale')}
        </div>
      </div>

      <fieldset>
        <legend>Pinned and hidden products</legend>
        {pinned.length === 0 && hidden.length === 0 && <p class="muted">Find products below to pin or hide them.</p>}
        {pinned.length > 0 && <h4>Pinned</h4>}
        {pinned.length > 0 && (
          <ul class="chosen" aria-label="Pinned products">
            {pinned.map((p) => (
              <li key={p.productKey}>
                <label class="position-field">
                  Position of {name(p.productKey)}
                  <input
                    type="number"
                    min={1}
                    value={p.position}
                    onChange={(e) => {
                      const n = Number(e.currentTarget.value);
                      if (n >= 1) onChange({ ...rule, pinned: pinAtPosition(pinned, p.productKey, n) });
                    }}
                  />
                </label>
                <Thumb seen={seen[p.productKey]} /> <span>{name(p.productKey)}</span> {seen[p.productKey] && <span class="muted">{p.productKey}</span>}
                <button
                  type="button"
                  class="link-button"
                  aria-label={`Unpin ${name(p.productKey)}`}
                  onClick={() =>
                    set(
                      'pinned',
                      pinned.filter((x) => x.productKey !== p.productKey),
                    )
                  }
                >
                  Unpin
                </button>
              </li>
            ))}
          </ul>
        )}
        {errorsOf('pinned')}
        {hidden.length > 0 && <h4>Hidden</h4>}
        {hidden.length > 0 && (
          <ul class="chosen" aria-label="Hidden products">
            {hidden.map((key) => (
              <li key={key}>
                <span class="tag">hidden</span> <Thumb seen={seen[key]} /> <span>{name(key)}</span> {seen[key] && <span class="muted">{key}</span>}
                <button
                  type="button"
                  class="link-button"
                  aria-label={`Show ${name(key)} again`}
                  onClick={() =>
                    set(
                      'hidden',
                      hidden.filter((k) => k !== key),
                    )
                  }
                >
                  Show again
                </button>
              </li>
            ))}
          </ul>
        )}
        {errorsOf('hidden')}
        <ProductPicker where={where} position={position} onPosition={setPosition} onFound={onSeen} onPin={pin} onHide={hide} pinned={pinned} hidden={hidden} />
      </fieldset>

      <fieldset>
        <legend>Boost and bury</legend>
        <RulesField
          id="phrase-boost"
          label="Boost rules"
          placeholder='rule incl brand { "Nova" }'
          empty="No boost rules."
          handpickedFirst={false}
          value={rule.boost ?? ''}
          onChange={(v) => set('boost', v)}
        />
        {errorsOf('boost')}
        <RulesField
          id="phrase-bury"
          label="Bury rules"
          placeholder="rule incl stock_number [ -infinity, 0 ]"
          empty="No bury rules."
          handpickedFirst={false}
          value={rule.bury ?? ''}
          onChange={(v) => set('bury', v)}
        />
        {errorsOf('bury')}
      </fieldset>

      <div class="field">
        <label for="phrase-redirect">Redirect to (a page path or URL)</label>
        <input
          id="phrase-redirect"
          value={rule.redirect ?? ''}
          placeholder="/women/shoes"
          onInput={(e) => set('redirect', e.currentTarget.value.trim() || undefined)}
        />
        {errorsOf('redirect')}
      </div>
      <div class="field-grid schedule">
        <div class="field">
          <label for="phrase-start">Starts</label>
          <input id="phrase-start" type="datetime-local" value={toLocal(rule.start)} onChange={(e) => set('start', toIso(e.currentTarget.value))} />
          {errorsOf('start')}
        </div>
        <div class="field">
          <label for="phrase-end">Ends</label>
          <input id="phrase-end" type="datetime-local" value={toLocal(rule.end)} onChange={(e) => set('end', toIso(e.currentTarget.value))} />
          {errorsOf('end')}
        </div>
      </div>

      <div class="editor-actions">
        <button type="button" onClick={onPreview}>
          Preview
        </button>
        <button type="button" class="primary" onClick={onSave}>
          Save
        </button>
      </div>
    </form>
  );
}

function Thumb({ seen }: { seen?: { image?: string } }) {
  return seen?.image ? <img src={seen.image} alt="" width={32} height={40} /> : <span class="no-image small" />;
}
