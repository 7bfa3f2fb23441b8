/** Moving between the shop's URLs without reloading the page: the browser side of route.ts (which stays pure). */

type Listener = () => void;
const listeners = new Set<Listener>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

/** Calls `listener` whenever the URL changes (navigate, back, forward). */
export function onNavigate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Goes to `href` without reloading the page; `replace` keeps the history entry (used by "show more"). */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  if (!options.replace) window.scrollTo(0, 0);
  listeners.forEach((l) => l());
}

/** An in-app link's click: navigate without a reload, unless the visitor asked for a new tab or window. */
export function followLink(event: MouseEvent, href: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}
