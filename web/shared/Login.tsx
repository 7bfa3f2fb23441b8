/**
 * The admin pages' log-in: the key (admin, merchandiser or analyst: the service knows its role) and, optionally,
 * the person's name, which the history records with every change; checked by calling the admin API once.
 */
import { useState } from 'preact/hooks';
import { logIn, logOut } from './admin';

/** As the service takes it in X-Elevate-User (src/http/access.ts). */
const MAX_NAME = 80;

export function Login({ title, check, onLoggedIn }: { title: string; check: () => Promise<unknown>; onLoggedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const key = String(form.get('key') ?? '').trim();
    const name = String(form.get('name') ?? '').trim();
    if (!key) return setError('Enter your key.');
    setBusy(true);
    logIn(key, name);
    try {
      await check();
      onLoggedIn();
    } catch (err) {
      logOut();
      const status = (err as { status?: number }).status;
      setError(
        status === 403
          ? 'That key is not accepted.'
          : status === 429
            ? (err as Error).message
            : status === 400
              ? `Your name: ${(err as Error).message}`
              : `The service did not answer: ${(err as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login">
      <h1>{title}</h1>
      <form onSubmit={submit}>
        {/* Named "Admin key" as before (tests and password managers know it); the hint says the other roles' keys work too. */}
        <label>
          Admin key
          <input type="password" name="key" autoComplete="current-password" required aria-describedby="login-key-hint" />
        </label>
        <p id="login-key-hint" class="muted">
          Or a merchandiser or analyst key: the service knows what each may do.
        </p>
        <label>
          Your name (optional)
          <input type="text" name="name" autoComplete="name" maxLength={MAX_NAME} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          Log in
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
      <p class="muted">
        The key is kept in this tab only and sent in the <code>Api-Key</code> header; your name goes into the history of what you change.
      </p>
    </main>
  );
}
