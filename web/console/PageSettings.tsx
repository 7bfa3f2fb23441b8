/**
 * A landing page's listing settings in the page editor, as the page import takes them (admin spec
 * "PagePrimaryList", "PageRecList"): its facets (`primaryList.facetsOverride`), its sort orders
 * (`primaryList.sortOrderOverride`, the first is the default) and the product lists shown beside it (`recLists`,
 * the page's recommendation lists; a page has no content lists of its own: those are asked for in the storefront
 * request). Each section edits rows the way the configuration forms do (importForm.tsx) and shows a refused
 * import's problems at the field their path names; a problem no field shows is listed under its section.
 */
import { DEFAULT_LABELS } from '../../src/merchandising/facets/attributes';
import { FACET_SORT_ORDERS, FACET_VISUALIZATIONS, REC_LIST_ALGORITHMS, type FacetSetting, type PageSortOrder } from '../../src/merchandising/pages/types';
import { SORT_IDS } from '../../src/merchandising/sortOrders';
import { Field, moved, problemsAt, RowActions, type Problem } from './importForm';
import type { FacetsOverride, RecListRow, SortOrderOverride } from './pageDraft';

/** A number field's value: empty is "not set"; anything else is sent as typed, so the service judges it. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The problems inside `prefix` that none of `fields` shows and no row of `rows` lists, so none is hidden. */
function Elsewhere({ problems, prefix, fields, rows = [] }: { problems: readonly Problem[]; prefix: string; fields: string[]; rows?: string[] }) {
  const rest = problemsAt(problems, prefix).filter((p) => !fields.includes(p.path) && !rows.some((row) => problemsAt([p], row).length));
  return (
    <>
      {rest.map((p, i) => (
        <p key={i} class="error">
          {p.message}
        </p>
      ))}
    </>
  );
}

interface SectionProps<T> {
  value: T | undefined;
  onChange: (v: T) => void;
  problems: readonly Problem[];
  at: string;
}

/** `at` is the page's path in the import (`addOrUpdate[0]`). */
export function FacetsSection({ value, onChange, problems, at }: SectionProps<FacetsOverride>) {
  const base = `${at}.primaryList.facetsOverride`;
  const facets = value?.facets ?? [];
  const setFacets = (next: FacetSetting[]) => onChange({ ...value, facets: next });
  const update = (i: number, change: Partial<FacetSetting>) => setFacets(facets.map((f, j) => (j === i ? { ...f, ...change } : f)));
  const shown: string[] = [`${base}.enabled`];
  return (
    <fieldset class="page-settings" aria-label="Facets of the page">
      <legend>Facets</legend>
      <p class="muted">
        {facets.length && value?.enabled !== false
          ? 'The page shows these facets, in this order.'
          : "The page shows the market's facets (the facet configuration). Add facets to show the page's own instead."}
      </p>
      {value && (
        <Field label="Use the page's facets" path={`${base}.enabled`} problems={problems}>
          {(aria) => (
            <input
              {...aria}
              type="checkbox"
              checked={value.enabled !== false}
              onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked ? undefined : false })}
            />
          )}
        </Field>
      )}
      <datalist id="page-facet-attributes">
        {Object.keys(DEFAULT_LABELS).map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <ol class="form-rows" aria-label="Page facets">
        {facets.map((f, i) => {
          const row = `${base}.facets[${i}]`;
          const fields = ['attribute', 'sortOrder', 'unit', ...(f.attribute.startsWith('custom.') ? ['visualization'] : [])].map((n) => `${row}.${n}`);
          shown.push(...fields);
          return (
            <li key={i}>
              <fieldset class={problemsAt(problems, row).length ? 'invalid' : undefined} aria-label={`Page facet ${i + 1}`}>
                <legend>
                  {i + 1}. {f.attribute || 'New facet'}
                </legend>
                <div class="field-grid">
                  <Field label="Attribute" path={`${row}.attribute`} problems={problems}>
                    {(aria) => (
                      <input
                        {...aria}
                        list="page-facet-attributes"
                        value={f.attribute}
                        onInput={(e) => update(i, { attribute: e.currentTarget.value.trim() })}
                      />
                    )}
                  </Field>
                  <Field label="Value order" path={`${row}.sortOrder`} problems={problems}>
                    {(aria) => (
                      <select
                        {...aria}
                        value={f.sortOrder ?? ''}
                        onChange={(e) => update(i, { sortOrder: (e.currentTarget.value || undefined) as FacetSetting['sortOrder'] })}
                      >
                        <option value="">default (by count)</option>
                        {FACET_SORT_ORDERS.map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Unit" path={`${row}.unit`} problems={problems}>
                    {(aria) => (
                      <input
                        {...aria}
                        value={f.unit ?? ''}
                        placeholder="mm, cm, g, ml…"
                        onInput={(e) => update(i, { unit: e.currentTarget.value.trim() || undefined })}
                      />
                    )}
                  </Field>
                  {f.attribute.startsWith('custom.') && (
                    <Field label="Shown as" path={`${row}.visualization`} problems={problems}>
                      {(aria) => (
                        <select
                          {...aria}
                          value={f.visualization ?? ''}
                          onChange={(e) => update(i, { visualization: (e.currentTarget.value || undefined) as FacetSetting['visualization'] })}
                        >
                          <option value="">default (VALUES)</option>
                          {FACET_VISUALIZATIONS.map((o) => (
                            <option key={o} value={o}>
                              {o}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                  )}
                  <RowActions
                    name={`page facet ${i + 1}`}
                    i={i}
                    count={facets.length}
                    move={(from, to) => setFacets(moved(facets, from, to))}
                    remove={() => setFacets(facets.filter((_, j) => j !== i))}
                  />
                </div>
                <Elsewhere problems={problems} prefix={row} fields={fields} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => setFacets([...facets, { attribute: '' }])}>
        Add a facet
      </button>
      <Elsewhere problems={problems} prefix={base} fields={shown} rows={facets.map((_, i) => `${base}.facets[${i}]`)} />
    </fieldset>
  );
}

const SORTS: readonly PageSortOrder[] = SORT_IDS;

export function SortSection({ value, onChange, problems, at }: SectionProps<SortOrderOverride>) {
  const base = `${at}.primaryList.sortOrderOverride`;
  const orders = value?.sortOrders ?? [];
  const setOrders = (next: PageSortOrder[]) => onChange({ ...value, sortOrders: next });
  const shown = [`${base}.enabled`, ...orders.map((_, i) => `${base}.sortOrders[${i}]`)];
  const unused = SORTS.find((s) => !orders.includes(s));
  return (
    <fieldset class="page-settings" aria-label="Sort orders of the page">
      <legend>Sort orders</legend>
      <p class="muted">
        {orders.length && value?.enabled !== false
          ? 'Visitors choose among these; the first is the default, the order pins apply in.'
          : 'The page offers every sort order, relevance first. Add sort orders to offer only those.'}
      </p>
      {value && (
        <Field label="Use the page's sort orders" path={`${base}.enabled`} problems={problems}>
          {(aria) => (
            <input
              {...aria}
              type="checkbox"
              checked={value.enabled !== false}
              onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked ? undefined : false })}
            />
          )}
        </Field>
      )}
      <ol class="form-rows" aria-label="Page sort orders">
        {orders.map((o, i) => (
          <li key={i}>
            <fieldset class={`compact${problemsAt(problems, `${base}.sortOrders[${i}]`).length ? ' invalid' : ''}`} aria-label={`Sort order ${i + 1}`}>
              <div class="field-grid">
                <Field label={i === 0 ? 'Sort order (default)' : 'Sort order'} path={`${base}.sortOrders[${i}]`} problems={problems}>
                  {(aria) => (
                    <select {...aria} value={o} onChange={(e) => setOrders(orders.map((x, j) => (j === i ? (e.currentTarget.value as PageSortOrder) : x)))}>
                      {/* PRICE_INCREASING and PRICE_DECREASING (the spec example's names) stay selectable on a page that has them. */}
                      {(SORTS.includes(o) ? SORTS : [o, ...SORTS]).map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <RowActions
                  name={`sort order ${i + 1}`}
                  i={i}
                  count={orders.length}
                  move={(from, to) => setOrders(moved(orders, from, to))}
                  remove={() => setOrders(orders.filter((_, j) => j !== i))}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" disabled={!unused} onClick={() => unused && setOrders([...orders, unused])}>
        Add a sort order
      </button>
      <Elsewhere problems={problems} prefix={base} fields={shown} />
    </fieldset>
  );
}

export function RecListsSection({ value, onChange, problems, at }: SectionProps<RecListRow[]>) {
  const base = `${at}.recLists`;
  const lists = value ?? [];
  const update = (i: number, change: Partial<RecListRow>) => onChange(lists.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const shown: string[] = [];
  return (
    <fieldset class="page-settings" aria-label="Product lists of the page">
      <legend>Product lists beside the page</legend>
      <p class="muted">
        The page's recommendation lists (<code>recLists</code>), answered with the page before any list the storefront asks for.
      </p>
      <ol class="form-rows" aria-label="Page product lists">
        {lists.map((r, i) => {
          const row = `${base}[${i}]`;
          const fields = ['id', 'algorithm', 'limit', 'rules', 'pinned', 'blocked'].map((n) => `${row}.${n}`);
          shown.push(...fields);
          return (
            <li key={i}>
              <fieldset class={problemsAt(problems, row).length ? 'invalid' : undefined} aria-label={`Product list ${i + 1}`}>
                <legend>
                  {i + 1}. {r.id || 'New list'}
                </legend>
                <div class="field-grid">
                  <Field label="Id" path={`${row}.id`} problems={problems}>
                    {(aria) => <input {...aria} value={r.id} placeholder="top-sellers" onInput={(e) => update(i, { id: e.currentTarget.value })} />}
                  </Field>
                  <Field label="Algorithm" path={`${row}.algorithm`} problems={problems}>
                    {(aria) => (
                      <select
                        {...aria}
                        value={r.algorithm ?? ''}
                        onChange={(e) => update(i, { algorithm: (e.currentTarget.value || undefined) as RecListRow['algorithm'] })}
                      >
                        <option value="">default (TOP_PRODUCTS)</option>
                        {REC_LIST_ALGORITHMS.map((a) => (
                          <option key={a} value={a}>
                            {a}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Products shown (1–100)" path={`${row}.limit`} problems={problems}>
                    {(aria) => (
                      <input
                        {...aria}
                        type="number"
                        inputMode="numeric"
                        value={r.limit ?? ''}
                        placeholder="default"
                        onInput={(e) => update(i, { limit: numberOf(e.currentTarget.value) })}
                      />
                    )}
                  </Field>
                  <Field label="Rules" path={`${row}.rules`} problems={problems} wide>
                    {(aria) => (
                      <input
                        {...aria}
                        value={r.rules ?? ''}
                        spellcheck={false}
                        placeholder='rule incl brand { "Acme" }'
                        onInput={(e) => update(i, { rules: e.currentTarget.value })}
                      />
                    )}
                  </Field>
                  <Field label="Pinned product keys" path={`${row}.pinned`} problems={problems}>
                    {(aria) => <input {...aria} value={r.pinned} placeholder="key, key" onInput={(e) => update(i, { pinned: e.currentTarget.value })} />}
                  </Field>
                  <Field label="Hidden product keys" path={`${row}.blocked`} problems={problems}>
                    {(aria) => <input {...aria} value={r.blocked} placeholder="key, key" onInput={(e) => update(i, { blocked: e.currentTarget.value })} />}
                  </Field>
                  <RowActions
                    name={`product list ${i + 1}`}
                    i={i}
                    count={lists.length}
                    move={(from, to) => onChange(moved(lists, from, to))}
                    remove={() => onChange(lists.filter((_, j) => j !== i))}
                  />
                </div>
                <Elsewhere problems={problems} prefix={row} fields={fields} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => onChange([...lists, { id: '', pinned: '', blocked: '' }])}>
        Add a product list
      </button>
      <Elsewhere problems={problems} prefix={base} fields={shown} rows={lists.map((_, i) => `${base}[${i}]`)} />
    </fieldset>
  );
}
