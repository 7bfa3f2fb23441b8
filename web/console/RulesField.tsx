/**
 * A page's product rules, checked as the merchandiser types by the service's own rule parser (src/rules,
 * bundled into the console): its message, and a marker under the position it names.
 */
import { useMemo } from 'preact/hooks';
import { parseRules } from '../../src/rules/parser';
import { RuleSyntaxError } from '../../src/rules/errors';

export interface RuleCheck {
  ok: boolean;
  message?: string;
  position?: number;
}

/** Pure: the parser's verdict on a landing page's rules (handpicked products first, as page imports require). */
export function checkRules(source: string, handpickedFirst = true): RuleCheck {
  if (!source.trim()) return { ok: true };
  try {
    parseRules(source, { handpickedFirst, parameter: handpickedFirst ? 'primaryList.rules' : 'rules' });
    return { ok: true };
  } catch (err) {
    if (err instanceof RuleSyntaxError) return { ok: false, message: err.message, position: err.position };
    return { ok: false, message: (err as Error).message };
  }
}

/**
 * `id`, `label`, `empty` and `handpickedFirst` default to a landing page's rules; phrase rules' boost and bury
 * fields name their own (their rules need no handpicked rule first).
 */
export function RulesField({
  value,
  onChange,
  id = 'rules',
  label = 'Product rules',
  empty = 'No rules: the page lists the whole assortment.',
  handpickedFirst = true,
  placeholder = 'rule incl category { "Women > Shoes" }',
}: {
  value: string;
  onChange: (v: string) => void;
  id?: string;
  label?: string;
  empty?: string;
  handpickedFirst?: boolean;
  placeholder?: string;
}) {
  const check = useMemo(() => checkRules(value, handpickedFirst), [value, handpickedFirst]);
  const line = check.position === undefined ? undefined : value.slice(0, check.position).split('\n').length;
  const column = check.position === undefined ? undefined : check.position - value.lastIndexOf('\n', check.position - 1);
  return (
    <div class="rules-field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        spellcheck={false}
        value={value}
        aria-invalid={!check.ok}
        aria-describedby={`${id}-check`}
        onInput={(e) => onChange(e.currentTarget.value)}
        placeholder={placeholder}
      />
      <p id={`${id}-check`} role="status" class={check.ok ? 'ok' : 'error'}>
        {check.ok ? (value.trim() ? 'The rules are valid.' : empty) : `${check.message}${line !== undefined ? ` (line ${line}, column ${column})` : ''}`}
      </p>
    </div>
  );
}
