/** Moving between the shop's URLs without reloading the page: the browser side of route.ts (which stays pure). */

type Listener = () => void;
const listeners = new Set<Listener>();
/** Whether the page's heading should take the focus once it shows: after a route change, not on first load. */
let headingFocusPending = false;
window.addEventListener('popstate', () => {
  headingFocusPending = true;
  listeners.forEach((l) => l());
});

/** Takes the pending heading focus (once): the page calls it when its heading is there. */
export function takeHeadingFocus(): boolean {
  const pending = headingFocusPending;
  headingFocusPending = false;
  return pending;
}

/** Calls `listener` whenever the URL changes (navigate, back, forward). */
export function onNavigate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Goes to `href` without reloading the page; `replace` keeps the history entry (used by "show more").
 * `keepFocus`: a change within the page (a facet, the sort), where the focus stays on the control used.
 */
export function navigate(href: string, options: { replace?: boolean; keepFocus?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  if (!options.replace) window.scrollTo(0, 0);
  if (!options.replace && !options.keepFocus) headingFocusPending = true;
  listeners.forEach((l) => l());
}

/** An in-app link's click: navigate without a reload, unless the visitor asked for a new tab or window. */
export function followLink(event: MouseEvent, href: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}
