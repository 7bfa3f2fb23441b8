/**
 * Response templates as a form: each template's id and which attributes its product lists return, for all
 * products or for the first and the rest, with the variants they carry (how many, and which attributes).
 * Built-in fields are checkboxes, custom attributes a comma-separated list (`material`, or `*` for all).
 * Saved as the templates import (PUT: all of them); deleting a template asks first and then sends `force=true`,
 * which the import requires for that. A refused import's problems are shown at the part their path names.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { PRODUCT_FIELDS, VARIANT_FIELDS } from '../../src/merchandising/templates/types';
import { exportTemplates, importTemplates, type Mapping, type ProductTemplate, type Templates as TemplateSet, type VariantTemplate } from './api';
import { Field, problemsAt, RowActions, SaveStatus, useImport, type Problem } from './importForm';
import { useBaseline } from './safeEditing';

const CUSTOM = 'custom.';

/** The parts of a mapping present, in order: `all`, or `first` and `rest`. */
const partsOf = <T,>(m: Mapping<T>): ('all' | 'first' | 'rest')[] => ('all' in m ? ['all'] : ['first', 'rest']);
const PART_NAMES = { all: 'All products', first: 'The first product', rest: 'The others' } as const;

/**
 * A field list as checkboxes of the built-in names and a text of custom attribute names. A problem of the list
 * (an unknown name, which only the text can make) describes the group and marks the text invalid.
 */
function FieldsPicker({
  legend,
  known,
  fields,
  path,
  problems,
  onChange,
}: {
  legend: string;
  known: readonly string[];
  fields: string[];
  path: string;
  problems: readonly Problem[];
  onChange: (next: string[]) => void;
}) {
  const custom = fields.filter((f) => f.startsWith(CUSTOM)).map((f) => f.slice(CUSTOM.length));
  const other = fields.filter((f) => !f.startsWith(CUSTOM));
  const mine = problemsAt(problems, `${path}.fields`);
  const problemId = `problem-${path}.fields`;
  return (
    <fieldset class={`fields-picker${mine.length ? ' invalid' : ''}`} aria-label={legend} aria-describedby={mine.length ? problemId : undefined}>
      <legend>{legend}</legend>
      <div class="checkboxes">
        {known.map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={other.includes(name)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...fields, name] : fields.filter((f) => f !== name))}
            />{' '}
            {name}
          </label>
        ))}
        {other
          .filter((f) => !known.includes(f))
          .map((name) => (
            <label key={name}>
              <input type="checkbox" checked onChange={() => onChange(fields.filter((f) => f !== name))} /> {name}
            </label>
          ))}
      </div>
      <Field label="Custom attributes (comma-separated, * for all)" path={`${path}.custom`} problems={[]} wide>
        {(aria) => (
          <input
            {...aria}
            {...(mine.length ? { 'aria-invalid': 'true', 'aria-describedby': problemId } : {})}
            value={custom.join(', ')}
            onChange={(e) =>
              onChange([
                ...other,
                ...e.currentTarget.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
                  .map((s) => `${CUSTOM}${s}`),
              ])
            }
          />
        )}
      </Field>
      {mine.length > 0 && (
        <p class="field-problem" id={problemId}>
          {mine.map((p) => p.message).join('; ')}
        </p>
      )}
    </fieldset>
  );
}

/** all, or first and rest, of a mapping; switching keeps what there was (first becomes all, all becomes both). */
function MappingPicker<T>({
  label,
  mapping,
  path,
  problems,
  onChange,
  children,
}: {
  label: string;
  mapping: Mapping<T>;
  path: string;
  problems: readonly Problem[];
  onChange: (next: Mapping<T>) => void;
  children: (part: 'all' | 'first' | 'rest', value: T, set: (v: T) => void) => ComponentChildren;
}) {
  const split = !('all' in mapping);
  const value = (part: 'all' | 'first' | 'rest') => (mapping as Record<string, T>)[part]!;
  const own = problems.filter((p) => p.path === path);
  return (
    <div class="mapping">
      <Field label={label} path={path} problems={own}>
        {(aria) => (
          <select
            {...aria}
            value={split ? 'split' : 'all'}
            onChange={(e) =>
              onChange(
                e.currentTarget.value === 'split'
                  ? ({ first: value('all'), rest: structuredClone(value('all')) } as Mapping<T>)
                  : ({ all: value('first') } as Mapping<T>),
              )
            }
          >
            <option value="all">the same for all</option>
            <option value="split">the first, and the others</option>
          </select>
        )}
      </Field>
      {partsOf(mapping).map((part) => (
        <div key={part} class="mapping-part">
          {children(part, value(part), (v) => onChange({ ...mapping, [part]: v } as Mapping<T>))}
        </div>
      ))}
    </div>
  );
}

export function Templates() {
  const [rows, setRows] = useState<{ id: string; settings: TemplateSet[string] }[] | null>(null);
  const [stored, setStored] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { status, setStatus, save } = useImport();
  const { settle } = useBaseline(rows);
  const load = () =>
    exportTemplates().then(
      (t) => {
        setRows(Object.entries(t).map(([id, settings]) => ({ id, settings })));
        setStored(Object.keys(t));
      },
      (err: Error) => setLoadError(err.message),
    );
  useEffect(() => {
    void load();
  }, []);
  if (!rows)
    return (
      <section>
        <h2>Templates</h2>
        {loadError ? (
          <p role="alert" class="error">
            {loadError}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );

  const problems = status?.problems ?? [];
  const update = (i: number, settings: TemplateSet[string]) => setRows(rows.map((r, j) => (j === i ? { ...r, settings } : r)));
  const submit = async () => {
    const deleted = stored.filter((id) => !rows.some((r) => r.id === id));
    if (deleted.length && !confirm(`Delete the template${deleted.length > 1 ? 's' : ''} ${deleted.join(', ')}? A listing that names it gets no template.`))
      return;
    const body = Object.fromEntries(rows.map((r) => [r.id, r.settings]));
    if (
      await save(() => importTemplates(body, deleted.length > 0), 'Saved: product lists that name these templates return these attributes now.', {
        title: 'Publish these templates?',
        detail: 'Product lists that name these templates return these attributes as soon as you publish.',
      })
    ) {
      setStored(rows.map((r) => r.id));
      settle(rows);
    }
  };
  // Paths start with the template id; the ids on screen are the ones sent.
  const placed = (path: string) => rows.some((r) => path === r.id || path.startsWith(`${r.id}.`));

  const productPart = (at: string, t: ProductTemplate, set: (t: ProductTemplate) => void, name: string) => (
    <>
      <FieldsPicker
        legend={`${name}: product attributes`}
        known={PRODUCT_FIELDS}
        fields={t.fields}
        path={at}
        problems={problems}
        onChange={(fields) => set({ ...t, fields })}
      />
      <div class="field-grid">
        <Field label="Variants per product (empty: all, 0: none)" path={`${at}.maxVariants`} problems={problems} wide>
          {(aria) => (
            <input
              {...aria}
              type="number"
              inputMode="numeric"
              value={t.maxVariants ?? ''}
              onInput={(e) => {
                const text = e.currentTarget.value.trim();
                const { maxVariants: _old, ...rest } = t;
                set(
                  text === ''
                    ? rest
                    : { ...rest, maxVariants: Number(text), ...(Number(text) === 0 ? {} : { variants: t.variants ?? { all: { fields: ['key'] } } }) },
                );
              }}
            />
          )}
        </Field>
      </div>
      {t.maxVariants !== 0 && (
        <MappingPicker<VariantTemplate>
          label={`${name}: variant attributes`}
          mapping={t.variants ?? { all: { fields: ['key'] } }}
          path={`${at}.variants`}
          problems={problems}
          onChange={(variants) => set({ ...t, variants })}
        >
          {(part, v, setV) => (
            <FieldsPicker
              legend={`${name}, variants${part === 'all' ? '' : `: ${PART_NAMES[part].toLowerCase()}`}`}
              known={VARIANT_FIELDS}
              fields={v.fields}
              path={`${at}.variants.${part}`}
              problems={problems}
              onChange={(fields) => setV({ fields })}
            />
          )}
        </MappingPicker>
      )}
    </>
  );

  return (
    <section aria-labelledby="templates-heading">
      <h2 id="templates-heading">Templates</h2>
      <p class="muted">
        Which attributes a product list returns when a request names the template (<code>templateId</code>).
      </p>
      {rows.length === 0 && <p class="muted">No template yet.</p>}
      <ol class="form-rows" aria-label="Templates">
        {rows.map((r, i) => {
          const mine = problemsAt(problems, r.id);
          return (
            <li key={i}>
              <fieldset class={mine.length ? 'invalid' : undefined} aria-label={`Template ${r.id || i + 1}`}>
                <legend>{r.id || 'New template'}</legend>
                <div class="field-grid">
                  <Field label="Id" path={r.id} fieldId={`template-${i}-id`} problems={problems.filter((p) => r.id !== '' && p.path === r.id)}>
                    {(aria) => (
                      <input {...aria} value={r.id} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, id: e.currentTarget.value.trim() } : x)))} />
                    )}
                  </Field>
                  <RowActions name={`template ${r.id || i + 1}`} i={i} count={rows.length} remove={() => setRows(rows.filter((_, j) => j !== i))} />
                </div>
                <MappingPicker<ProductTemplate>
                  label="Products"
                  mapping={r.settings.products}
                  path={`${r.id}.products`}
                  problems={problems}
                  onChange={(products) => update(i, { products })}
                >
                  {(part, t, set) => productPart(`${r.id}.products.${part}`, t, set, PART_NAMES[part])}
                </MappingPicker>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div class="editor-actions">
        <button
          type="button"
          onClick={() => {
            setStatus(null);
            setRows([...rows, { id: '', settings: { products: { all: { fields: ['key', 'title', 'link', 'sellingPrice', 'imageInfo'], maxVariants: 0 } } } }]);
          }}
        >
          Add a template
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => {
            void submit().then(() => undefined);
          }}
        >
          Save templates
        </button>
      </div>
      <SaveStatus status={status} placed={placed} />
    </section>
  );
}
