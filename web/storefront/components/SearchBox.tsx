/**
 * The search box with autocomplete as you type: phrase suggestions (the typed part highlighted), product
 * suggestions with image and price, recent searches and recently viewed products when the box is empty, and a page's link when the phrase
 * is one of its keywords (`redirectLink`). The box is a `combobox` named "Search" (the ARIA combobox pattern:
 * `aria-expanded`, `aria-controls`); suggestions are `option`s of a `listbox`, chosen with the arrow keys and
 * Enter (the focus stays in the box: aria-activedescendant), Escape closes them.
 */
import type { Autocomplete, PhraseSuggestion, ProductGroup, SearchOrigin } from '@apptus/esales-api';
import { useEffect, useRef, useState } from 'preact/hooks';
import { notifyClick } from '../api';
import { highlightParts, priceText } from '../format';
import { navigate } from '../history';
import { useShop } from '../shop';
import { productHref } from './ProductCard';
import { sourceFor } from './ProductImage';

type Choice =
  | { kind: 'phrase'; q: string; origin: SearchOrigin; suggestion?: PhraseSuggestion }
  | { kind: 'product'; group: ProductGroup }
  | { kind: 'page'; link: string };

/** Milliseconds after the last keystroke before asking: the 50 ms the autocomplete spec recommends. */
const DEBOUNCE_MS = 50;

export function SearchBox({ initial }: { initial: string }) {
  const shop = useShop();
  const t = shop.text;
  const [q, setQ] = useState(initial);
  const [answer, setAnswer] = useState<{ q: string; data: Autocomplete } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => setQ(initial), [initial]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const ask = (phrase: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const n = ++asked.current;
      shop.api.query.autocomplete({ q: phrase.trim() }).then(
        (data) => {
          if (n === asked.current) {
            setAnswer({ q: phrase, data });
            setActive(-1);
          }
        },
        () => {
          if (n === asked.current) setAnswer(null);
        },
      );
    }, DEBOUNCE_MS);
  };

  const choices: Choice[] = [];
  const data = answer?.data;
  const empty = q.trim() === '';
  if (data) {
    if (!empty && data.redirectLink) choices.push({ kind: 'page', link: data.redirectLink });
    if (empty) for (const r of data.recentSearches) choices.push({ kind: 'phrase', q: r.q, origin: 'RECENT_SEARCH' });
    else for (const s of data.phraseSuggestions) choices.push({ kind: 'phrase', q: s.q, origin: 'PHRASE_SUGGEST', suggestion: s });
    // An empty box offers what the visitor saw last; a phrase, the products it suggests.
    for (const g of empty ? data.recentlyViewed : data.productSuggestions) choices.push({ kind: 'product', group: g });
  }
  const shown = open && choices.length > 0;

  // A phrase rule may redirect to another site (an http(s) URL); a path is a page of this shop.
  const follow = (link: string) =>
    /^https?:\/\//.test(link) ? location.assign(link) : navigate(shop.href({ kind: 'landing', path: link, page: 1, facets: {} }));
  const choose = (choice: Choice | undefined) => {
    setOpen(false);
    if (!choice) {
      const phrase = q.trim();
      if (!phrase) return;
      // A phrase that is a page's keyword leads to that page, as Elevate's redirect intends.
      if (data && answer?.q.trim() === phrase && data.redirectLink) return follow(data.redirectLink);
      return navigate(shop.href({ kind: 'search', q: phrase, origin: 'ORGANIC', page: 1, facets: {} }));
    }
    switch (choice.kind) {
      case 'phrase':
        setQ(choice.q);
        return navigate(shop.href({ kind: 'search', q: choice.q, origin: choice.origin, page: 1, facets: {} }));
      case 'page':
        return follow(choice.link);
      case 'product': {
        const product = choice.group.products[0]!;
        notifyClick(shop.api, product.ticket);
        return navigate(productHref(shop, product));
      }
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past the last suggestion, back to what was typed.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? choices.length - 1 : next >= choices.length ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(shown && active >= 0 ? choices[active] : undefined);
    }
  };

  const optionId = (i: number) => `suggestion-${i}`;
  const phrases = choices.map((c, i) => ({ c, i })).filter((x) => x.c.kind !== 'product');
  const products = choices.map((c, i) => ({ c, i })).filter((x) => x.c.kind === 'product');
  return (
    <div class="search" ref={box}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          choose(undefined);
        }}
      >
        <input
          type="search"
          role="combobox"
          aria-expanded={shown}
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          spellcheck={false}
          value={q}
          aria-controls="suggestions"
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 && active < choices.length ? optionId(active) : undefined}
          onInput={(e) => {
            const v = e.currentTarget.value;
            setQ(v);
            setOpen(true);
            ask(v);
          }}
          onFocus={() => {
            setOpen(true);
            ask(q);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" aria-label={t.searchPlaceholder}>
          {t.searchButton}
        </button>
      </form>
      <div id="suggestions" role="listbox" aria-label={t.suggestions} class="suggestions" hidden={!shown}>
        {phrases.length > 0 && (
          <div role="group" aria-label={empty ? t.recentSearches : t.searches} class="suggestion-group">
            {empty && (
              <p class="group-title" aria-hidden="true">
                {t.recentSearches}
              </p>
            )}
            {phrases.map(({ c, i }) => (
              <div
                key={i}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                class="suggestion phrase"
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(c);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {c.kind === 'page' ? (
                  <span>
                    {t.goToPage} <strong>{c.link}</strong>
                  </span>
                ) : c.kind === 'phrase' && c.suggestion ? (
                  highlightParts(c.suggestion.highlighted).map((p, k) => (p.match ? <mark key={k}>{p.text}</mark> : <span key={k}>{p.text}</span>))
                ) : c.kind === 'phrase' ? (
                  c.q
                ) : null}
              </div>
            ))}
          </div>
        )}
        {products.length > 0 && (
          <div role="group" aria-label={empty ? t.recentlyViewed : t.products} class="suggestion-group products">
            {empty && (
              <p class="group-title" aria-hidden="true">
                {t.recentlyViewed}
              </p>
            )}
            {products.map(({ c, i }) => {
              if (c.kind !== 'product') return null;
              const product = c.group.products[0]!;
              const src = sourceFor(product.imageInfo.images[0], 100);
              return (
                <div
                  key={i}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  aria-label={product.title}
                  class="suggestion product"
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(c);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  {src ? <img src={src} alt="" width={40} height={50} /> : <span class="no-image small" />}
                  <span class="suggestion-title">{product.title}</span>
                  <span class="price">{priceText(product.sellingPrice, shop.locale, shop.currency, t)}</span>
                </div>
              );
            })}
            {data && !empty && data.totalHits > products.length && (
              <p class="muted all-results" aria-hidden="true">
                {t.productsMatch(data.totalHits)}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
