import { useState } from 'preact/hooks';
import { api, ApiError, message, session, type User } from './api';
import type { LoginResult } from './types';

type Mode = 'onboard' | 'login' | 'register';

interface Props {
  needsAdmin: boolean;
  invite: string | null;
  onSignedIn: (user: User) => void;
}

/** Onboarding (first admin), login, and registration (with an invite link or for approval). */
export function AuthScreen({ needsAdmin, invite, onSignedIn }: Props) {
  const [mode, setMode] = useState<Mode>(needsAdmin ? 'onboard' : invite ? 'register' : 'login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'login') {
        // The service ends a session without "remember me" after HEARTH_SESSION_HOURS.
        const r = await api<LoginResult>('POST', '/api/auth/login', { username, password, remember });
        session.save(r.access_token, remember);
        onSignedIn(r.user);
        return;
      }
      const body = { username, password, ...(mode === 'register' && invite ? { invite } : {}) };
      const r = await api<({ status: 'active' } & LoginResult) | { status: 'pending'; user: User }>(
        'POST',
        '/api/auth/register',
        body,
      );
      if (invite) history.replaceState(null, '', location.pathname + location.hash);
      if (r.status === 'pending') {
        setPending(true);
        return;
      }
      session.save(r.access_token, remember);
      onSignedIn(r.user);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 0 ? 'The service cannot be reached.' : message(err));
    } finally {
      setBusy(false);
    }
  };

  if (pending) {
    return (
      <main class="auth">
        <h1>Hearth</h1>
        <p role="status" class="notice">
          Your account is waiting for an administrator's approval. You can log in once it is approved.
        </p>
        <button
          type="button"
          onClick={() => {
            setPending(false);
            setMode('login');
          }}
        >
          Back to login
        </button>
      </main>
    );
  }

  const title = {
    onboard: 'Welcome to Hearth',
    login: 'Log in',
    register: invite ? 'Create your account' : 'Request an account',
  }[mode];
  return (
    <main class="auth">
      <h1>{title}</h1>
      {mode === 'onboard' && <p>No accounts yet. Create the first one: it becomes the administrator.</p>}
      {mode === 'register' && invite && <p>You were invited to this home. Choose a username and password.</p>}
      {mode === 'register' && !invite && (
        <p>Without an invite, an administrator must approve your account.</p>
      )}
      <form onSubmit={submit}>
        <label>
          Username
          <input
            name="username"
            autocomplete="username"
            required
            minLength={mode === 'login' ? 1 : 3}
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'login' ? 1 : 8}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <label class="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          Remember me on this device
        </label>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {
            {
              onboard: 'Create admin account',
              login: 'Log in',
              register: invite ? 'Create account' : 'Request account',
            }[mode]
          }
        </button>
      </form>
      {mode === 'login' && (
        <button type="button" class="link" onClick={() => setMode('register')}>
          No account? Request one
        </button>
      )}
      {mode === 'register' && (
        <button type="button" class="link" onClick={() => setMode('login')}>
          Already have an account? Log in
        </button>
      )}
    </main>
  );
}
