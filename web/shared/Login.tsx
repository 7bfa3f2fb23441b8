/** The admin pages' log-in: one password field for the admin key, checked by calling the admin API once. */
import { useState } from 'preact/hooks';
import { logIn, logOut } from './admin';

export function Login({ title, check, onLoggedIn }: { title: string; check: () => Promise<unknown>; onLoggedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const key = String(new FormData(e.currentTarget as HTMLFormElement).get('key') ?? '').trim();
    if (!key) return setError('Enter the admin key.');
    setBusy(true);
    logIn(key);
    try {
      await check();
      onLoggedIn();
    } catch (err) {
      logOut();
      setError((err as { status?: number }).status === 403 ? 'That key is not accepted.' : `The service did not answer: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login">
      <h1>{title}</h1>
      <form onSubmit={submit}>
        <label>
          Admin key
          <input type="password" name="key" autoComplete="current-password" required />
        </label>
        <button type="submit" class="primary" disabled={busy}>Log in</button>
        {error && <p role="alert" class="error">{error}</p>}
      </form>
      <p class="muted">The key is kept in this tab only and sent in the <code>Api-Key</code> header.</p>
    </main>
  );
}
