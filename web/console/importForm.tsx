/**
 * What the configuration forms (facets, labels, navigation) share with the synonyms form: save through the
 * existing import, say so, and show a refused import's problems at the field each path names. A problem whose
 * path no field claims is listed with its path under the form, so none is hidden.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { AdminError, type MarketInfo } from '../shared/admin';
import { confirmGoingLive } from './safeEditing';

export interface Problem {
  path: string;
  message: string;
}
export interface ImportStatus {
  kind: 'ok' | 'error';
  text: string;
  problems: Problem[];
}

/** The problems at `path` or inside it (`path.x`, `path[2]`). */
export function problemsAt(problems: readonly Problem[], path: string): Problem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`));
}

/** What a confirmation before going live says: its title and what changes where. */
/** `action`: the confirming button's words (default Publish). */
export interface GoingLive {
  title: string;
  detail: string;
  action?: string;
}

/**
 * Saves through `send` (true when it was taken); a 409 (another import running) and a 400 with its problems
 * become the status. With `live`, the merchandiser confirms first (false, and nothing sent, when they cancel).
 */
export function useImport(): {
  status: ImportStatus | null;
  setStatus: (s: ImportStatus | null) => void;
  save: (send: () => Promise<unknown>, done: string, live?: GoingLive) => Promise<boolean>;
} {
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const save = async (send: () => Promise<unknown>, done: string, live?: GoingLive) => {
    if (live && !(await confirmGoingLive(live.title, live.detail, live.action))) return false;
    setStatus(null);
    try {
      await send();
      setStatus({ kind: 'ok', text: done, problems: [] });
      return true;
    } catch (err) {
      const e = err as AdminError;
      const text = e.status === 409 ? 'Another import is running: try again in a moment. Nothing was lost.' : e.message;
      setStatus({ kind: 'error', text, problems: e.errors ?? [] });
      return false;
    }
  };
  return { status, setStatus, save };
}

/** Ids from paths: paths hold dots and brackets, which ids may hold too, but not spaces. */
const idOf = (kind: string, path: string) => `${kind}-${path.replace(/\s/g, '_')}`;

/**
 * A labelled input, select or checkbox with its problems under it. The control is given `aria-invalid` and is
 * described by the messages, so a screen reader reads them with the field. The label names the control by
 * `for` rather than by wrapping it, so a select's name is not followed by its options' texts.
 */
export function Field({
  label,
  path,
  problems,
  children,
  wide,
  fieldId,
}: {
  label: string;
  path: string;
  problems: readonly Problem[];
  fieldId?: string;
  children: (aria: { id: string; 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => ComponentChildren;
  wide?: boolean;
}) {
  const mine = problems.filter((p) => p.path === path);
  // `fieldId` where two rows may name one path (two label rows of one key).
  const id = idOf('field', fieldId ?? path);
  const problemId = idOf('problem', fieldId ?? path);
  return (
    <div class={`field${wide ? ' wide' : ''}${mine.length ? ' invalid' : ''}`}>
      <label for={id}>{label}</label>
      {children(mine.length ? { id, 'aria-invalid': 'true', 'aria-describedby': problemId } : { id })}
      {mine.length > 0 && (
        <span class="field-problem" id={problemId}>
          {mine.map((p) => p.message).join('; ')}
        </span>
      )}
    </div>
  );
}

/** The outcome of the last save; problems that `placed` says no field shows are listed with their path. */
export function SaveStatus({ status, placed }: { status: ImportStatus | null; placed: (path: string) => boolean }) {
  if (!status) return null;
  const elsewhere = status.problems.filter((p) => !placed(p.path));
  return (
    <div role={status.kind === 'error' ? 'alert' : 'status'} class={`save-status ${status.kind === 'error' ? 'error' : 'ok'}`}>
      <p>{status.text}</p>
      {elsewhere.length > 0 && (
        <ul>
          {elsewhere.map((p, i) => (
            <li key={i}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Move up, move down (where order matters) and remove for row `i` of `count`, named after the row for assistive technology. */
export function RowActions({
  name,
  i,
  count,
  move,
  remove,
}: {
  name: string;
  i: number;
  count: number;
  move?: (from: number, to: number) => void;
  remove: () => void;
}) {
  return (
    <div class="row-actions">
      {move && (
        <button type="button" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
          ↑
        </button>
      )}
      {move && (
        <button type="button" aria-label={`Move ${name} down`} disabled={i === count - 1} onClick={() => move(i, i + 1)}>
          ↓
        </button>
      )}
      <button type="button" aria-label={`Remove ${name}`} onClick={remove}>
        Remove
      </button>
    </div>
  );
}

/** `list` with the element at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The market and locale a per-locale form edits (labels, navigation); choosing a market picks its first locale. */
export function MarketLocalePicker({
  markets,
  market,
  locale,
  setMarket,
  setLocale,
}: {
  markets: readonly MarketInfo[];
  market: string;
  locale: string;
  setMarket: (m: string) => void;
  setLocale: (l: string) => void;
}) {
  const locales = markets.find((m) => m.id === market)?.locales ?? [];
  return (
    <div class="filters-form">
      <label>
        Market
        <select
          value={market}
          onChange={(e) => {
            const m = markets.find((x) => x.id === e.currentTarget.value)!;
            setMarket(m.id);
            setLocale(m.locales[0] ?? '');
          }}
        >
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Locale
        <select value={locale} onChange={(e) => setLocale(e.currentTarget.value)}>
          {locales.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
