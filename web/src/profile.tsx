import { useEffect, useState } from 'preact/hooks';
import { api, type User } from './api';
import { humanError } from './errors';
import { savedTheme, setTheme, type Theme } from './theme';
import type { SessionView as Session } from './types';

/** One's own account: password, sessions (sign out elsewhere or everywhere), and the theme on this device. */
export function ProfileView({ me, onSignedOut }: { me: User; onSignedOut: () => void }) {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [theme, setThemeState] = useState<Theme>(savedTheme());
  const load = () =>
    api<Session[]>('GET', '/api/auth/sessions').then(setSessions, (e: unknown) =>
      setStatus({ text: humanError(e), ok: false }),
    );
  useEffect(() => void load(), []);

  const changePassword = async (e: Event) => {
    e.preventDefault();
    try {
      await api('PUT', '/api/auth/password', { current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setStatus({ text: 'Password changed. Your other sessions were signed out.', ok: true });
      await load();
    } catch (err) {
      setStatus({ text: humanError(err), ok: false });
    }
  };
  const revoke = async (s: Session) => {
    try {
      await api('DELETE', `/api/auth/sessions/${s.id}`);
      await load();
    } catch (err) {
      setStatus({ text: humanError(err), ok: false });
    }
  };
  const everywhere = async () => {
    if (!confirm('Sign out on every device, this one included?')) return;
    try {
      for (const s of sessions ?? []) if (!s.current) await api('DELETE', `/api/auth/sessions/${s.id}`);
      await api('POST', '/api/auth/logout');
    } finally {
      onSignedOut();
    }
  };

  return (
    <div class="page profile">
      <h2>Profile</h2>
      <p>
        Signed in as <strong>{me.username}</strong> ({me.role})
      </p>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} class={`outcome ${status.ok ? 'confirmed' : 'failed'}`}>
          {status.text}
        </p>
      )}
      <section class="card" aria-labelledby="profile-theme">
        <h3 id="profile-theme">Theme on this device</h3>
        <div class="range" role="group" aria-label="Theme">
          {(['system', 'light', 'dark'] as const).map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={theme === t}
              onClick={() => {
                setTheme(t);
                setThemeState(t);
              }}
            >
              {t === 'system' ? 'As the device' : t === 'light' ? 'Light' : 'Dark'}
            </button>
          ))}
        </div>
      </section>
      <section class="card" aria-labelledby="profile-password">
        <h3 id="profile-password">Change password</h3>
        <form onSubmit={changePassword} class="stack">
          <input type="text" name="username" autocomplete="username" value={me.username} hidden readOnly />
          <label>
            Current password
            <input
              type="password"
              autocomplete="current-password"
              required
              value={current}
              onInput={(e) => setCurrent(e.currentTarget.value)}
            />
          </label>
          <label>
            New password
            <input
              type="password"
              autocomplete="new-password"
              required
              minLength={8}
              value={next}
              onInput={(e) => setNext(e.currentTarget.value)}
            />
          </label>
          <button type="submit" class="primary">
            Change password
          </button>
        </form>
      </section>
      <section class="card" aria-labelledby="profile-sessions">
        <h3 id="profile-sessions">Where you are signed in</h3>
        <ul class="sessions">
          {sessions?.map((s) => (
            <li key={s.id}>
              <span>
                {s.user_agent ? shortAgent(s.user_agent) : 'Unknown device'}
                {s.ip ? ` · ${s.ip}` : ''} · last used {new Date(s.last_used_at).toLocaleString()}
                {s.current && <strong> · this device</strong>}
              </span>
              {!s.current && (
                <button type="button" onClick={() => void revoke(s)}>
                  Sign out there
                </button>
              )}
            </li>
          ))}
        </ul>
        <button type="button" class="danger" onClick={() => void everywhere()}>
          Sign out everywhere
        </button>
      </section>
    </div>
  );
}

const shortAgent = (ua: string) =>
  ua.includes('Firefox/')
    ? 'Firefox'
    : ua.includes('Edg/')
      ? 'Edge'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : ua.includes('Safari/')
          ? 'Safari'
          : ua.slice(0, 40);
