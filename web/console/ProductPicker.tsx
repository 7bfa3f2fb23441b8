/**
 * The product picker of the phrase-rule and landing-page editors: search-as-you-type (title or key) over the
 * storefront's own search-page answer, with images; each result pins at the chosen position or hides.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ProductGroup } from '@apptus/esales-api';
import { storefrontSearch, type Where } from './api';
import type { Pin } from './phraseDraft';

/** Search-as-you-type over the storefront's search-page answer: each result pins at the chosen position or hides. */
export function ProductPicker({
  where,
  position,
  onPosition,
  onFound,
  onPin,
  onHide,
  pinned,
  hidden,
}: {
  where: Where;
  position: number;
  onPosition: (n: number) => void;
  onFound: (groups: readonly ProductGroup[]) => void;
  onPin: (key: string) => void;
  onHide: (key: string) => void;
  pinned: readonly Pin[];
  hidden: readonly string[];
}) {
  const [q, setQ] = useState('');
  const [results, setResults] = useState<ProductGroup[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'done' | 'error'>('idle');
  useEffect(() => {
    const phrase = q.trim();
    if (!phrase) {
      setResults([]);
      setState('idle');
      return;
    }
    let current = true;
    setState('searching');
    // Typing settles before the storefront is asked.
    const timer = setTimeout(() => {
      storefrontSearch(where, phrase, 8).then(
        (groups) => {
          if (!current) return;
          setResults(groups);
          onFound(groups);
          setState('done');
        },
        () => {
          if (current) setState('error');
        },
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, where.market, where.locale]);
  return (
    <div class="product-picker">
      <div class="field-grid">
        <div class="field wide">
          <label for="picker-q">Find a product (title or key)</label>
          <input id="picker-q" type="search" value={q} autocomplete="off" onInput={(e) => setQ(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="picker-position">Pin at position</label>
          <input
            id="picker-position"
            type="number"
            min={1}
            value={position}
            onChange={(e) => {
              const n = Number(e.currentTarget.value);
              if (n >= 1) onPosition(n);
            }}
          />
        </div>
      </div>
      <p role="status" class="muted">
        {state === 'searching'
          ? 'Searching…'
          : state === 'error'
            ? 'The storefront did not answer.'
            : state === 'done'
              ? results.length
                ? `${results.length} products found`
                : 'No products found'
              : ''}
      </p>
      {results.length > 0 && (
        <ul class="picker-results" aria-label="Products found">
          {results.map((g) => {
            const p = g.products[0]!;
            const image = p.imageInfo.images[0]?.sources[0]?.url;
            const at = pinned.find((x) => x.productKey === p.key)?.position;
            return (
              <li key={p.key}>
                {image ? <img src={image} alt="" width={40} height={50} /> : <span class="no-image small" />}
                <span class="picker-text">
                  <strong>{p.title}</strong> <span class="muted">{p.key}</span>
                  {at !== undefined && <span class="tag">pinned at {at}</span>}
                  {hidden.includes(p.key) && <span class="tag">hidden</span>}
                </span>
                <span class="picker-actions">
                  <button type="button" aria-label={`Pin at ${position}: ${p.title}`} onClick={() => onPin(p.key)}>
                    Pin at {position}
                  </button>
                  <button type="button" aria-label={`Hide ${p.title}`} onClick={() => onHide(p.key)}>
                    Hide
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
