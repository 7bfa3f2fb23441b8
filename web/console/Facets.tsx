/**
 * The facet configuration per market as a form: the facets in their order (move up and down, add, remove),
 * each with its attribute, type, id, label per locale of the market, value order and count, unit and whether
 * search pages show it; and how many dynamic facets follow. Saved as the facet import (PUT: every market at
 * once; a market without a configuration shows the defaults), a refused import's problems at their fields.
 */
import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_LABELS, FACET_TYPES, facetAttribute, facetTypesOf } from '../../src/merchandising/facets/attributes';
import { FACET_SORT_ORDERS } from '../../src/merchandising/facets/types';
import { builtInLabel } from '../../src/merchandising/labels';
import { defaultDynamicFacets, exportFacets, importFacets, type FacetConfiguration, type FacetRow } from './api';
import { Field, moved, problemsAt, RowActions, SaveStatus, useImport } from './importForm';
import { useBaseline } from './safeEditing';
import { useMarkets } from './markets';

/** What a market shows without a configuration (README "Facets"), as the rows a merchandiser starts from. */
const DEFAULT_FACETS: FacetRow[] = [
  { attribute: 'brand', type: 'TEXT' },
  { attribute: 'category', type: 'TEXT' },
  { attribute: 'price', type: 'RANGE' },
  { attribute: 'color', type: 'COLOR' },
  { attribute: 'size', type: 'SIZE' },
  { attribute: 'onlyInStock', type: 'CHECKBOX' },
];

/** The export writes `id` even when it is the attribute; the form leaves it empty then, so a new attribute does not keep an old id. */
function forForm(configuration: FacetConfiguration): FacetConfiguration {
  const markets = Object.fromEntries(
    Object.entries(configuration.markets).map(([market, m]) => [
      market,
      {
        ...m,
        facets: m.facets.map((f) => (f.id === f.attribute ? { ...f, id: undefined } : f)),
      },
    ]),
  );
  return { markets };
}

/** The import body: empty optional fields left out, so the service's defaults apply. */
function forImport(configuration: FacetConfiguration): FacetConfiguration {
  const clean = (f: FacetRow): FacetRow => {
    const labels = Object.fromEntries(Object.entries(f.labels ?? {}).filter(([, text]) => text !== ''));
    return {
      ...(f.id ? { id: f.id } : {}),
      attribute: f.attribute,
      type: f.type,
      ...(Object.keys(labels).length ? { labels } : {}),
      ...(f.sortOrder ? { sortOrder: f.sortOrder } : {}),
      ...(f.size !== undefined ? { size: f.size } : {}),
      ...(f.unit ? { unit: f.unit } : {}),
      // As loaded: an explicit `true` stays (the form writes back what it did not change).
      ...(f.searchPage !== undefined ? { searchPage: f.searchPage } : {}),
    };
  };
  return {
    markets: Object.fromEntries(
      Object.entries(configuration.markets).map(([market, m]) => [
        market,
        { facets: m.facets.map(clean), ...(m.dynamicFacets !== undefined ? { dynamicFacets: m.dynamicFacets } : {}) },
      ]),
    ),
  };
}

/** A number field's value: empty is "not set"; anything else is sent as typed, so the service judges it. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export function Facets() {
  const markets = useMarkets();
  const [market, setMarket] = useState(markets[0]!.id);
  const [configuration, setConfiguration] = useState<FacetConfiguration | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dynamicDefault, setDynamicDefault] = useState<number | null>(null);
  const { status, save } = useImport();
  const { settle } = useBaseline(configuration);
  useEffect(() => {
    exportFacets().then(
      (c) => setConfiguration(forForm(c)),
      (err: Error) => setLoadError(err.message),
    );
    defaultDynamicFacets().then(setDynamicDefault, (err: Error) => setLoadError(err.message));
  }, []);
  if (!configuration)
    return (
      <section>
        <h2>Facets</h2>
        {loadError ? (
          <p role="alert" class="error">
            {loadError}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );

  const locales = markets.find((m) => m.id === market)?.locales ?? [];
  const own = Object.hasOwn(configuration.markets, market) ? configuration.markets[market]! : undefined;
  const base = `markets.${market}`;
  const problems = status?.problems ?? [];
  const setOwn = (next: { facets: FacetRow[]; dynamicFacets?: number } | undefined) => {
    const { [market]: _left, ...others } = configuration.markets;
    setConfiguration({ markets: next ? { ...others, [market]: next } : others });
  };
  const facets = own?.facets ?? [];
  const setFacets = (next: FacetRow[]) => setOwn({ ...own, facets: next });
  const update = (i: number, change: Partial<FacetRow>) => setFacets(facets.map((f, j) => (j === i ? { ...f, ...change } : f)));
  // A problem inside a facet row is shown in that row (at its field when the form shows it); any other is listed under the form.
  const rowOf = (path: string) => {
    const at = /^markets\.([^.]+)\.facets\[(\d+)\]/.exec(path);
    return at && at[1] === market && Number(at[2]) < facets.length ? Number(at[2]) : undefined;
  };
  const placed = (path: string) => path === `${base}.dynamicFacets` || rowOf(path) !== undefined;
  const fieldPaths = (f: FacetRow, at: string) =>
    [
      'attribute',
      'type',
      'id',
      'searchPage',
      ...locales.map((l) => `labels.${l}`),
      ...(f.type === 'TEXT' || f.type === 'COLOR' ? ['sortOrder', 'size'] : []),
      ...(f.type === 'RANGE' ? ['unit'] : []),
    ].map((name) => `${at}.${name}`);

  return (
    <section aria-labelledby="facets-heading">
      <h2 id="facets-heading">Facets</h2>
      <div class="filters-form">
        <label>
          Market
          <select value={market} onChange={(e) => setMarket(e.currentTarget.value)}>
            {markets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!own ? (
        <div class="notice">
          <p>
            {market} shows the default facets: brand, category, price, color, size and in stock, followed by the {dynamicDefault ?? ''} most useful attributes
            of the hits.
          </p>
          {/* A configured market shows no dynamic facets unless it says how many: start from exactly what the market shows now. */}
          <button
            type="button"
            disabled={dynamicDefault === null}
            onClick={() => setOwn({ facets: DEFAULT_FACETS.map((f) => ({ ...f })), dynamicFacets: dynamicDefault! })}
          >
            Configure the facets of {market}
          </button>
        </div>
      ) : (
        <>
          <datalist id="facet-attributes">
            {Object.keys(DEFAULT_LABELS).map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <ol class="form-rows" aria-label={`Facets of ${market}`}>
            {facets.map((f, i) => {
              const at = `${base}.facets[${i}]`;
              const name = `facet ${i + 1}`;
              const mine = problemsAt(problems, at);
              return (
                <li key={i}>
                  <fieldset class={mine.length ? 'invalid' : undefined} aria-label={`Facet ${i + 1}`}>
                    <legend>
                      {i + 1}. {f.labels?.[locales[0] ?? ''] || builtInLabel(locales[0] ?? 'en', `facet.${f.attribute}`) || f.attribute || 'New facet'}
                    </legend>
                    <div class="field-grid">
                      <Field label="Attribute" path={`${at}.attribute`} problems={problems}>
                        {(aria) => (
                          <input
                            {...aria}
                            list="facet-attributes"
                            value={f.attribute}
                            onInput={(e) => {
                              const attribute = e.currentTarget.value.trim();
                              const a = facetAttribute(attribute);
                              update(i, { attribute, ...(a && !facetTypesOf(a).includes(f.type as never) ? { type: facetTypesOf(a)[0] } : {}) });
                            }}
                          />
                        )}
                      </Field>
                      <Field label="Type" path={`${at}.type`} problems={problems}>
                        {(aria) => (
                          <select {...aria} value={f.type} onChange={(e) => update(i, { type: e.currentTarget.value })}>
                            {FACET_TYPES.map((t) => (
                              <option key={t} value={t}>
                                {t}
                              </option>
                            ))}
                          </select>
                        )}
                      </Field>
                      <Field label="Id (f.<id>)" path={`${at}.id`} problems={problems}>
                        {(aria) => (
                          <input
                            {...aria}
                            value={f.id ?? ''}
                            placeholder={f.attribute}
                            onInput={(e) => update(i, { id: e.currentTarget.value.trim() || undefined })}
                          />
                        )}
                      </Field>
                      {locales.map((locale) => (
                        <Field key={locale} label={`Label ${locale}`} path={`${at}.labels.${locale}`} problems={problems}>
                          {(aria) => (
                            <input
                              {...aria}
                              value={f.labels?.[locale] ?? ''}
                              placeholder={builtInLabel(locale, `facet.${f.attribute}`) ?? ''}
                              onInput={(e) => update(i, { labels: { ...f.labels, [locale]: e.currentTarget.value } })}
                            />
                          )}
                        </Field>
                      ))}
                      {(f.type === 'TEXT' || f.type === 'COLOR') && (
                        <>
                          <Field label="Value order" path={`${at}.sortOrder`} problems={problems}>
                            {(aria) => (
                              <select {...aria} value={f.sortOrder ?? ''} onChange={(e) => update(i, { sortOrder: e.currentTarget.value || undefined })}>
                                <option value="">default (by count)</option>
                                {FACET_SORT_ORDERS.map((o) => (
                                  <option key={o} value={o}>
                                    {o}
                                  </option>
                                ))}
                              </select>
                            )}
                          </Field>
                          <Field label="Values shown" path={`${at}.size`} problems={problems}>
                            {(aria) => (
                              <input
                                {...aria}
                                type="number"
                                inputMode="numeric"
                                value={f.size ?? ''}
                                placeholder="100"
                                onInput={(e) => update(i, { size: numberOf(e.currentTarget.value) })}
                              />
                            )}
                          </Field>
                        </>
                      )}
                      {f.type === 'RANGE' && (
                        <Field label="Unit" path={`${at}.unit`} problems={problems}>
                          {(aria) => (
                            <input
                              {...aria}
                              value={f.unit ?? ''}
                              placeholder="mm, cm, g, ml…"
                              onInput={(e) => update(i, { unit: e.currentTarget.value.trim() || undefined })}
                            />
                          )}
                        </Field>
                      )}
                      <Field label="On search pages" path={`${at}.searchPage`} problems={problems}>
                        {(aria) => (
                          <input
                            {...aria}
                            type="checkbox"
                            checked={f.searchPage !== false}
                            onChange={(e) => update(i, { searchPage: e.currentTarget.checked ? undefined : false })}
                          />
                        )}
                      </Field>
                      <RowActions
                        name={name}
                        i={i}
                        count={facets.length}
                        move={(from, to) => setFacets(moved(facets, from, to))}
                        remove={() => setFacets(facets.filter((_, j) => j !== i))}
                      />
                    </div>
                    {mine
                      .filter((p) => !fieldPaths(f, at).includes(p.path))
                      .map((p, k) => (
                        <p key={k} class="error">
                          {p.message}
                        </p>
                      ))}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div class="filters-form">
            <Field label="Dynamic facets after these (0–30)" path={`${base}.dynamicFacets`} problems={problems}>
              {(aria) => (
                <input
                  {...aria}
                  type="number"
                  inputMode="numeric"
                  value={own.dynamicFacets ?? ''}
                  placeholder={facets.length ? '0' : 'default'}
                  onInput={(e) => setOwn({ ...own, dynamicFacets: numberOf(e.currentTarget.value) })}
                />
              )}
            </Field>
          </div>
          <div class="editor-actions">
            <button type="button" onClick={() => setFacets([...facets, { attribute: '', type: 'TEXT' }])}>
              Add a facet
            </button>
            <button type="button" class="link-button" onClick={() => setOwn(undefined)}>
              Use the defaults for {market}
            </button>
          </div>
        </>
      )}
      <div class="editor-actions">
        <button
          type="button"
          class="primary"
          onClick={async () => {
            if (
              await save(() => importFacets(forImport(configuration)), 'Saved: listings show these facets now.', {
                title: 'Publish these facets?',
                detail: "Every market's listings show these facets as soon as you publish.",
              })
            )
              settle(configuration);
          }}
        >
          Save facets
        </button>
      </div>
      <SaveStatus status={status} placed={placed} />
    </section>
  );
}
