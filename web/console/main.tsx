/**
 * The merchandising console, served at /console/ behind the admin key: a search preview with a reason for
 * every position, landing pages (pins by drag and drop, hidden products, rules checked as you type, preview
 * before saving), search merchandising per phrase with a product picker, synonyms, facets, labels, the navigation tree and templates as forms, A/B experiments with their results, the history of every merchandising import with diff and rollback, and a catalog
 * file's impact on the most searched phrases before it goes live.
 */
import './main.css';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { adminFetch, adminKey, logOut, startAdminPage, type MarketInfo } from '../shared/admin';
import { Login } from '../shared/Login';
import type { Where } from './api';
import { Experiments } from './Experiments';
import { Facets } from './Facets';
import { History } from './History';
import { Impact } from './Impact';
import { Labels } from './Labels';
import { MarketsContext } from './markets';
import { Navigation } from './Navigation';
import { Pages } from './Pages';
import { PhraseRules } from './PhraseRules';
import { Preview } from './Preview';
import { leaveAllowed } from './safeEditing';
import { Suggestions, type Application } from './Suggestions';
import { Synonyms } from './Synonyms';
import { Templates } from './Templates';

const VIEWS = [
  { path: 'preview', label: 'Search preview' },
  { path: 'pages', label: 'Landing pages' },
  { path: 'suggestions', label: 'Suggestions' },
  { path: 'phrases', label: 'Search phrases' },
  { path: 'synonyms', label: 'Synonyms' },
  { path: 'facets', label: 'Facets' },
  { path: 'labels', label: 'Labels' },
  { path: 'navigation', label: 'Navigation' },
  { path: 'templates', label: 'Templates' },
  { path: 'experiments', label: 'Experiments' },
  { path: 'history', label: 'History' },
  { path: 'impact', label: 'Import impact' },
] as const;
type View = (typeof VIEWS)[number]['path'];

function viewOf(pathname: string): View {
  const name = pathname.split('/')[2] ?? '';
  return VIEWS.find((v) => v.path === name)?.path ?? 'preview';
}

function Console({ markets }: { markets: MarketInfo[] }) {
  const [view, setView] = useState<View>(() => viewOf(location.pathname));
  const [loggedIn, setLoggedIn] = useState(() => adminKey() !== null);
  const [where, setWhere] = useState<Where>({ market: markets[0]!.id, locale: markets[0]!.locales[0]!, touchpoint: 'desktop' });
  const shown = useRef(view);
  shown.current = view;
  useEffect(() => {
    // Back and forward have already changed the URL: put it back when the merchandiser stays with their changes.
    const onPop = () => {
      const next = viewOf(location.pathname);
      if (next === shown.current || leaveAllowed()) setView(next);
      else history.pushState(null, '', `/console/${shown.current}`);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (next: View) => {
    if (next === view || !leaveAllowed()) return;
    history.pushState(null, '', `/console/${next}`);
    setView(next);
  };
  // A suggestion's "Apply": its form, told by the URL what to fill in (as the analytics page's links do).
  const apply = ({ view: next, query }: Application) => {
    history.pushState(null, '', `/console/${next}?${new URLSearchParams(query)}`);
    setView(next);
  };
  if (!loggedIn) return <Login title="Merchandising console" check={() => adminFetch('/api/admin/v4/access')} onLoggedIn={() => setLoggedIn(true)} />;
  return (
    <MarketsContext.Provider value={markets}>
      <header class="admin-header">
        <h1>Merchandising console</h1>
        <nav aria-label="Console">
          <ul class="tabs">
            {VIEWS.map((v) => (
              <li key={v.path}>
                <a
                  href={`/console/${v.path}`}
                  aria-current={v.path === view ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    go(v.path);
                  }}
                >
                  {v.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <WhoAmI />
        <button
          type="button"
          class="link-button"
          onClick={() => {
            if (!leaveAllowed()) return;
            logOut();
            setLoggedIn(false);
          }}
        >
          Log out
        </button>
      </header>
      <main class="page console">
        {view === 'preview' && <Preview where={where} onWhere={setWhere} />}
        {view === 'pages' && <Pages where={where} onWhere={setWhere} />}
        {view === 'suggestions' && <Suggestions where={where} onWhere={setWhere} onApply={apply} />}
        {view === 'phrases' && <PhraseRules where={where} onWhere={setWhere} />}
        {view === 'synonyms' && <Synonyms />}
        {view === 'facets' && <Facets />}
        {view === 'labels' && <Labels />}
        {view === 'navigation' && <Navigation />}
        {view === 'templates' && <Templates />}
        {view === 'experiments' && <Experiments />}
        {view === 'history' && <History where={where} />}
        {view === 'impact' && <Impact />}
      </main>
    </MarketsContext.Provider>
  );
}

void startAdminPage((markets, root) => render(<Console markets={markets} />, root));

/** The role of the key and the name given at login, as the service reads them (GET /api/admin/v4/access). */
function WhoAmI() {
  const [who, setWho] = useState<{ role?: string; user?: string } | null>(null);
  useEffect(() => {
    adminFetch<{ role?: string; user?: string }>('/api/admin/v4/access').then(setWho, () => setWho(null));
  }, []);
  if (!who?.role) return null;
  return <span class="muted who">{who.user ? `${who.user} (${who.role})` : `Role: ${who.role}`}</span>;
}
