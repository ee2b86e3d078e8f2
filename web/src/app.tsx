import { useEffect, useMemo, useState } from 'preact/hooks';
import { AdminView } from './admin';
import { api, ApiError, message, session, type User } from './api';
import { AuthScreen } from './auth';
import { AutomationsView } from './automations';
import { ChatView } from './chat';
import { HomeView } from './home';
import { HomeStore } from './live';
import { ScenesView } from './scenes';

type View = 'home' | 'scenes' | 'automations' | 'chat' | 'admin';
const VIEWS: { id: View; label: string; admin?: boolean }[] = [
  { id: 'home', label: 'Home' }, { id: 'scenes', label: 'Scenes' }, { id: 'automations', label: 'Automations' },
  { id: 'chat', label: 'Chat' }, { id: 'admin', label: 'Admin', admin: true },
];
const viewFromHash = (): View => (VIEWS.find((v) => `#${v.id}` === location.hash)?.id ?? 'home');

type Boot = { kind: 'loading' } | { kind: 'signed-out'; needsAdmin: boolean } | { kind: 'signed-in'; user: User } | { kind: 'error'; text: string };

export function App() {
  const [boot, setBoot] = useState<Boot>({ kind: 'loading' });
  const invite = useMemo(() => new URLSearchParams(location.search).get('invite'), []);

  const signedOut = async () => {
    try {
      const setup = await api<{ needs_admin: boolean }>('GET', '/api/auth/setup');
      setBoot({ kind: 'signed-out', needsAdmin: setup.needs_admin });
    } catch (err) {
      setBoot({ kind: 'error', text: message(err) });
    }
  };

  useEffect(() => {
    session.onUnauthorized(() => {
      session.clear();
      void signedOut();
    });
    if (!session.token || invite) {
      if (invite) session.clear();
      void signedOut();
      return;
    }
    api<User>('GET', '/api/auth/me').then((user) => setBoot({ kind: 'signed-in', user }), (err) => {
      if (!(err instanceof ApiError && err.status === 401)) setBoot({ kind: 'error', text: message(err) });
    });
  }, []);

  if (boot.kind === 'loading') return <main class="auth"><p>Loading…</p></main>;
  if (boot.kind === 'error') return <main class="auth"><p role="alert" class="error">{boot.text}</p><button type="button" onClick={() => location.reload()}>Try again</button></main>;
  if (boot.kind === 'signed-out') return <AuthScreen needsAdmin={boot.needsAdmin} invite={invite} onSignedIn={(user) => setBoot({ kind: 'signed-in', user })} />;
  return <Shell user={boot.user} onLogout={() => { session.clear(); void signedOut(); }} />;
}

function Shell({ user, onLogout }: { user: User; onLogout: () => void }) {
  const store = useMemo(() => new HomeStore(), []);
  const [view, setView] = useState<View>(viewFromHash);
  const [ready, setReady] = useState<string | null | true>(null);
  const [connected, setConnected] = useState(false);
  const readOnly = user.role === 'viewer';

  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    addEventListener('hashchange', onHash);
    store.load().then(() => setReady(true), (err) => setReady(message(err)));
    store.connect();
    const unsub = store.subscribeStructure(() => setConnected(store.connected));
    return () => { removeEventListener('hashchange', onHash); unsub(); store.disconnect(); };
  }, [store]);

  const logout = async () => {
    await api('POST', '/api/auth/logout').catch(() => {});
    store.disconnect();
    onLogout();
  };

  return (
    <div class="shell" data-role={user.role}>
      <header class="top">
        <h1><a href="#home">Hearth</a></h1>
        <nav aria-label="Main">
          {VIEWS.filter((v) => !v.admin || user.role === 'admin').map((v) => (
            <a key={v.id} href={`#${v.id}`} aria-current={view === v.id ? 'page' : undefined}>{v.label}</a>
          ))}
        </nav>
        <span class={`live ${connected ? 'on' : 'off'}`} title={connected ? 'Live updates on' : 'Reconnecting…'} role="status" aria-label={connected ? 'Live' : 'Offline'} />
        <span class="who">{user.username} <small>{user.role}</small></span>
        <button type="button" onClick={logout}>Log out</button>
      </header>
      {readOnly && <p class="notice" role="note">You are a viewer: you can see the home but not change it.</p>}
      <main>
        {ready !== true && (ready === null ? <p>Loading the home…</p> : <p role="alert" class="error">{ready}</p>)}
        {ready === true && view === 'home' && <HomeView store={store} readOnly={readOnly} />}
        {ready === true && view === 'scenes' && <ScenesView store={store} readOnly={readOnly} />}
        {view === 'automations' && <AutomationsView store={store} readOnly={readOnly} />}
        {view === 'chat' && <ChatView />}
        {view === 'admin' && user.role === 'admin' && <AdminView me={user} />}
      </main>
    </div>
  );
}
