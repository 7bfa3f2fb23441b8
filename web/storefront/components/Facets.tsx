/**
 * The facets of a result list, one component per facet type the client models (TEXT, COLOR, RANGE, SIZE,
 * CHECKBOX). A change yields the next selection; the page puts it in the URL, which makes the next query.
 */
import type { CheckboxFacet, ColorFacet, Facet, FacetParams, RangeFacet, SizeFacet, TextFacet, TextFacetValue } from '@apptus/esales-api';
import { isCheckboxFacet, isColorFacet, isRangeFacet, isSizeFacet, isTextFacet } from '@apptus/esales-api';
import { useRef, useState } from 'preact/hooks';
import { formatPrice } from '../format';
import { useShop } from '../shop';
import { own } from '../../shared/lookup';

type Change = (facets: FacetParams) => void;

/** How many values a list shows before "Show all", and from how many a value search is offered. */
const SHOWN = 8;
const SEARCHABLE = 12;
/** Facets shown open on arrival (on a phone the list starts closed: see main.css). */
const OPEN_AT_FIRST = 3;

/**
 * Whether a value is ticked: read from the URL's selection rather than the answer's `selected`, so a tick
 * shows at once, before the next answer arrives.
 */
function isSelected(facets: FacetParams, id: string, value: string): boolean {
  const current = own(facets, id);
  return Array.isArray(current) && current.includes(value);
}

function toggle(facets: FacetParams, id: string, value: string, on: boolean): FacetParams {
  const current = own(facets, id);
  const values = Array.isArray(current) ? current.filter((v) => v !== value) : [];
  if (on) values.push(value);
  const next = { ...facets };
  if (values.length) next[id] = values;
  else delete next[id];
  return next;
}

export function Facets({ facets, selection, onChange, hits }: { facets: Facet[]; selection: FacetParams; onChange: Change; hits: number }) {
  const shop = useShop();
  const t = shop.text;
  const count = Object.keys(selection).length;
  // On a phone the filters are a drawer over the page behind one "Filter" toggle, so the results stay first.
  const [wide] = useState(() => window.matchMedia('(min-width: 900px)').matches);
  const drawer = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (!drawer.current) return;
    drawer.current.open = false;
    drawer.current.querySelector<HTMLElement>('summary')?.focus();
  };
  return (
    <details
      class="filters"
      ref={drawer}
      open={wide || undefined}
      onToggle={(e) => {
        if (!wide && e.currentTarget.open) e.currentTarget.querySelector<HTMLElement>('.drawer-close')?.focus();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !wide) close();
      }}
    >
      <summary class="filters-toggle">
        {t.filter}
        {count > 0 ? ` (${count})` : ''}
      </summary>
      <section class="facets" aria-label={t.filters}>
        <div class="facets-head">
          <h2>{t.filter}</h2>
          {count > 0 && (
            <button type="button" class="link-button" onClick={() => onChange({})}>
              {t.clearAll}
            </button>
          )}
          <button type="button" class="drawer-close icon" aria-label={t.close} onClick={close}>
            ×
          </button>
        </div>
        {facets.map((facet, i) => (
          <FacetBox key={facet.id} facet={facet} selection={selection} onChange={onChange} openAtFirst={i < OPEN_AT_FIRST} />
        ))}
        <button type="button" class="primary drawer-done" onClick={close}>
          {t.showResults(hits, shop.locale)}
        </button>
      </section>
    </details>
  );
}

function FacetBox({ facet, selection, onChange, openAtFirst }: { facet: Facet; selection: FacetParams; onChange: Change; openAtFirst: boolean }) {
  const body = isTextFacet(facet) ? (
    <TextValues facet={facet} selection={selection} onChange={onChange} />
  ) : isColorFacet(facet) ? (
    <ColorValues facet={facet} selection={selection} onChange={onChange} />
  ) : isRangeFacet(facet) ? (
    <RangeValues facet={facet} selection={selection} onChange={onChange} />
  ) : isSizeFacet(facet) ? (
    <SizeValues facet={facet} selection={selection} onChange={onChange} />
  ) : isCheckboxFacet(facet) ? (
    <CheckboxValue facet={facet} selection={selection} onChange={onChange} />
  ) : null;
  if (!body) return null;
  if (isCheckboxFacet(facet)) return <div class="facet facet-checkbox">{body}</div>;
  const t = useShop().text;
  const active = facet.id in selection;
  return (
    <details class="facet" open={active || openAtFirst || undefined} data-facet={facet.id}>
      <summary>
        {facet.label}
        {active && <span class="dot" aria-label={t.filtered} />}
      </summary>
      <fieldset>
        <legend class="visually-hidden">{facet.label}</legend>
        {body}
      </fieldset>
    </details>
  );
}

function ValueCheckbox({
  facetId,
  value,
  selection,
  onChange,
  swatch,
}: {
  facetId: string;
  value: TextFacetValue;
  selection: FacetParams;
  onChange: Change;
  swatch?: string;
}) {
  return (
    <li>
      <label class={swatch ? 'value colour' : 'value'}>
        <input
          type="checkbox"
          aria-label={value.label}
          checked={isSelected(selection, facetId, value.id)}
          disabled={!value.selected && value.count === 0}
          onChange={(e) => onChange(toggle(selection, facetId, value.id, e.currentTarget.checked))}
        />
        {swatch !== undefined && <span class="swatch-dot" style={{ background: swatch }} />}
        <span class="value-label">{value.label}</span>
        <span class="count">{value.count}</span>
      </label>
    </li>
  );
}

function LongList({ facet, values, render }: { facet: TextFacet | ColorFacet; values: TextFacetValue[]; render: (v: TextFacetValue) => preact.JSX.Element }) {
  const t = useShop().text;
  const [all, setAll] = useState(false);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matching = needle ? values.filter((v) => v.label.toLowerCase().includes(needle)) : values;
  // Selected values always stay in view.
  const shown = all || needle ? matching : matching.filter((v, i) => i < SHOWN || v.selected);
  return (
    <>
      {values.length >= SEARCHABLE && (
        <input
          type="text"
          class="value-search"
          aria-label={t.find(facet.label)}
          placeholder={`${t.find(facet.label.toLowerCase())}…`}
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      <ul class="values">{shown.map(render)}</ul>
      {!needle && matching.length > SHOWN && (
        <button type="button" class="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t.showFewer : t.showAll(matching.length)}
        </button>
      )}
      {needle && !matching.length && <p class="muted">{t.noMatch}</p>}
    </>
  );
}

function TextValues({ facet, selection, onChange }: { facet: TextFacet; selection: FacetParams; onChange: Change }) {
  return (
    <LongList
      facet={facet}
      values={facet.values}
      render={(v) => <ValueCheckbox key={v.id} facetId={facet.id} value={v} selection={selection} onChange={onChange} />}
    />
  );
}

function ColorValues({ facet, selection, onChange }: { facet: ColorFacet; selection: FacetParams; onChange: Change }) {
  return (
    <LongList
      facet={facet}
      values={facet.values}
      render={(v) => (
        <ValueCheckbox
          key={v.id}
          facetId={facet.id}
          value={v}
          selection={selection}
          onChange={onChange}
          swatch={facet.values.find((c) => c.id === v.id)?.color ?? ''}
        />
      )}
    />
  );
}

function SizeValues({ facet, selection, onChange }: { facet: SizeFacet; selection: FacetParams; onChange: Change }) {
  return (
    <>
      {facet.sizeTypes.map((type) => (
        <div key={type.label} class="size-type">
          {facet.sizeTypes.length > 1 && <h3>{type.label}</h3>}
          {type.formats.map((format) => (
            <ul key={format.format} class="values sizes" aria-label={format.format || type.label}>
              {format.values.map((v) => (
                <ValueCheckbox key={v.id} facetId={facet.id} value={v} selection={selection} onChange={onChange} />
              ))}
            </ul>
          ))}
        </div>
      ))}
    </>
  );
}

function CheckboxValue({ facet, selection, onChange }: { facet: CheckboxFacet; selection: FacetParams; onChange: Change }) {
  return (
    <label class="value">
      <input
        type="checkbox"
        aria-label={facet.label}
        checked={own(selection, facet.id) === true}
        onChange={(e) => {
          const next = { ...selection };
          if (e.currentTarget.checked) next[facet.id] = true;
          else delete next[facet.id];
          onChange(next);
        }}
      />
      <span class="value-label">{facet.label}</span>
      {facet.count !== undefined && <span class="count">{facet.count}</span>}
    </label>
  );
}

function RangeValues({ facet, selection, onChange }: { facet: RangeFacet; selection: FacetParams; onChange: Change }) {
  const shop = useShop();
  const isPrice = facet.id === 'price';
  const show = (n: number | undefined) =>
    n === undefined ? '' : isPrice ? formatPrice(n, shop.locale, shop.currency) : `${n}${facet.unit ? ` ${facet.unit}` : ''}`;
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (name: string) => {
      const v = String(data.get(name) ?? '').trim();
      return v === '' ? undefined : Number(v);
    };
    const min = read('min');
    const max = read('max');
    const next = { ...selection };
    // A bound outside the values there are is clamped to them (a minimum of 10 where the cheapest is 179 means
    // "from the cheapest"), rather than refused by the browser's own number check.
    const clamp = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? undefined : Math.min(Math.max(n, facet.min ?? n), facet.max ?? n));
    let lower = clamp(min);
    let upper = clamp(max);
    if (lower !== undefined && upper !== undefined && lower > upper) [lower, upper] = [upper, lower];
    if (lower !== undefined) next[facet.id] = upper !== undefined ? { min: lower, max: upper } : { min: lower };
    else if (upper !== undefined) next[facet.id] = { max: upper };
    else delete next[facet.id];
    onChange(next);
  };
  return (
    <form
      class="range"
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      <label>
        <span>{shop.text.min}</span>
        <input
          type="number"
          name="min"
          inputMode="decimal"
          aria-label={shop.text.minimum(facet.label)}
          placeholder={String(facet.min ?? '')}
          value={facet.minSelected ?? ''}
          step="any"
        />
      </label>
      <span aria-hidden="true">–</span>
      <label>
        <span>{shop.text.max}</span>
        <input
          type="number"
          name="max"
          inputMode="decimal"
          aria-label={shop.text.maximum(facet.label)}
          placeholder={String(facet.max ?? '')}
          value={facet.maxSelected ?? ''}
          step="any"
        />
      </label>
      <button type="submit">{shop.text.apply}</button>
      <p class="muted range-bounds">
        {show(facet.min)} – {show(facet.max)}
      </p>
    </form>
  );
}
