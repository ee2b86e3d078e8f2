import { useEffect, useMemo, useState } from 'preact/hooks';
import { AdminView } from './admin';
import { api, ApiError, message, session, type User } from './api';
import { AuthScreen } from './auth';
import { Bell } from './bell';
import { AutomationsView } from './automations';
import { ChatView } from './chat';
import { HomeView } from './home';
import { useConnected, useDelayed, useDetails } from './hooks';
import { useModule } from './lazy';
import { HomeStore } from './live';
import { ScenesView } from './scenes';

type View =
  | 'home'
  | 'scenes'
  | 'automations'
  | 'logbook'
  | 'chat'
  | 'setup'
  | 'integrations'
  | 'devices'
  | 'profile'
  | 'admin';
const VIEWS: { id: View; label: string; admin?: boolean }[] = [
  { id: 'home', label: 'Home' },
  { id: 'scenes', label: 'Scenes' },
  { id: 'automations', label: 'Automations' },
  { id: 'logbook', label: 'Logbook' },
  { id: 'chat', label: 'Chat' },
  { id: 'setup', label: 'Setup', admin: true },
  { id: 'integrations', label: 'Integrations', admin: true },
  { id: 'devices', label: 'Add a device', admin: true },
  { id: 'admin', label: 'Admin', admin: true },
  { id: 'profile', label: 'Profile' },
];
/** `#logbook`, or `#automations?traces=<id>` (a page and its parameters). */
const viewFromHash = (): View =>
  VIEWS.find((v) => v.id === location.hash.slice(1).split(/[?/]/)[0])?.id ?? 'home';

const loadLogbook = () => import('./logbook');
const loadSetup = () => import('./setup');
const loadIntegrations = () => import('./integrations');
const loadProfile = () => import('./profile');
const loadAddDevice = () => import('./add-device');

type Boot =
  | { kind: 'loading' }
  | { kind: 'signed-out'; needsAdmin: boolean }
  | { kind: 'signed-in'; user: User }
  | { kind: 'error'; text: string };

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
    api<User>('GET', '/api/auth/me').then(
      (user) => setBoot({ kind: 'signed-in', user }),
      (err: unknown) => {
        if (!(err instanceof ApiError && err.status === 401)) setBoot({ kind: 'error', text: message(err) });
      },
    );
  }, []);

  if (boot.kind === 'loading')
    return (
      <main class="auth">
        <p>Loading…</p>
      </main>
    );
  if (boot.kind === 'error')
    return (
      <main class="auth">
        <p role="alert" class="error">
          {boot.text}
        </p>
        <button type="button" onClick={() => location.reload()}>
          Try again
        </button>
      </main>
    );
  if (boot.kind === 'signed-out')
    return (
      <AuthScreen
        needsAdmin={boot.needsAdmin}
        invite={invite}
        onSignedIn={(user) => setBoot({ kind: 'signed-in', user })}
      />
    );
  return (
    <Shell
      user={boot.user}
      onLogout={() => {
        session.clear();
        void signedOut();
      }}
    />
  );
}

function Shell({ user, onLogout }: { user: User; onLogout: () => void }) {
  const store = useMemo(() => new HomeStore(), []);
  const [view, setView] = useState<View>(viewFromHash);
  const [ready, setReady] = useState<string | null | true>(null);
  const connected = useConnected(store);
  const offline = useDelayed(!connected && ready === true, 1500);
  const readOnly = user.role === 'viewer';
  const [quick, setQuick] = useState(false);

  // `/` or `e` anywhere but in a field opens the quick bar.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== '/' && e.key !== 'e')) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      setQuick(true);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const onHash = () => {
      setView(viewFromHash());
      store.showDetails(null);
    };
    addEventListener('hashchange', onHash);
    store.load().then(
      () => setReady(true),
      (err: unknown) => setReady(message(err)),
    );
    store.onSessionEnded = onLogout;
    store.connect();
    return () => {
      removeEventListener('hashchange', onHash);
      store.disconnect();
    };
  }, [store]);

  const logout = async () => {
    await api('POST', '/api/auth/logout').catch(() => {});
    store.disconnect();
    onLogout();
  };

  return (
    <div class="shell" data-role={user.role}>
      <header class="top">
        <h1>
          <a href="#home">Hearth</a>
        </h1>
        <nav aria-label="Main">
          {VIEWS.filter((v) => !v.admin || user.role === 'admin').map((v) => (
            <a key={v.id} href={`#${v.id}`} aria-current={view === v.id ? 'page' : undefined}>
              {v.label}
            </a>
          ))}
        </nav>
        <span
          class={`live ${connected ? 'on' : 'off'}`}
          title={connected ? 'Live updates on' : 'Reconnecting…'}
          role="status"
          aria-label={connected ? 'Live' : 'Offline'}
        />
        <button type="button" class="find" aria-keyshortcuts="/ e" onClick={() => setQuick(true)}>
          Find <kbd>/</kbd>
        </button>
        <Bell store={store} />
        <span class="who">
          {user.username} <small>{user.role}</small>
        </span>
        <button type="button" onClick={logout}>
          Log out
        </button>
      </header>
      {offline && (
        <p class="banner offline" role="alert">
          <strong>Reconnecting…</strong> — controls paused until the service answers again.
        </p>
      )}
      {readOnly && (
        <p class="notice" role="note">
          You are a viewer: you can see the home but not change it.
        </p>
      )}
      <main>
        {ready !== true &&
          (ready === null ? (
            <p>Loading the home…</p>
          ) : (
            <p role="alert" class="error">
              {ready}
            </p>
          ))}
        {ready === true && view === 'home' && <HomeView store={store} readOnly={readOnly || !connected} />}
        {ready === true && view === 'scenes' && (
          <ScenesView store={store} readOnly={readOnly || !connected} />
        )}
        {view === 'automations' && <AutomationsView store={store} readOnly={readOnly} />}
        {ready === true && view === 'logbook' && (
          <Lazy load={loadLogbook} render={(m) => <m.LogbookView store={store} />} />
        )}
        {view === 'chat' && <ChatView />}
        {ready === true && view === 'setup' && user.role === 'admin' && (
          <Lazy load={loadSetup} render={(m) => <m.SetupView store={store} />} />
        )}
        {view === 'profile' && (
          <Lazy
            load={loadProfile}
            render={(m) => (
              <m.ProfileView
                me={user}
                onSignedOut={() => {
                  store.disconnect();
                  onLogout();
                }}
              />
            )}
          />
        )}
        {view === 'integrations' && user.role === 'admin' && (
          <Lazy load={loadIntegrations} render={(m) => <m.IntegrationsView />} />
        )}
        {view === 'devices' && user.role === 'admin' && (
          <Lazy load={loadAddDevice} render={(m) => <m.AddDeviceView store={store} />} />
        )}
        {view === 'admin' && user.role === 'admin' && <AdminView me={user} />}
      </main>
      <DetailsHost store={store} />
      {quick && (
        <Lazy
          load={loadQuickBar}
          render={(m) => (
            <m.QuickBar store={store} readOnly={readOnly || !connected} onClose={() => setQuick(false)} />
          )}
        />
      )}
    </div>
  );
}

/** A page loaded on first visit, so the initial download stays small. */
function Lazy<T>({ load, render }: { load: () => Promise<T>; render: (m: T) => preact.JSX.Element }) {
  const { module, error } = useModule(load);
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  return module ? render(module) : <p>Loading…</p>;
}

const loadDetails = () => import('./details');
const loadQuickBar = () => import('./quickbar');

/** The entity details dialog, loaded the first time one is opened. */
function DetailsHost({ store }: { store: HomeStore }) {
  const id = useDetails(store);
  if (!id) return null;
  return <LoadedDetails key={id} store={store} id={id} />;
}

function LoadedDetails({ store, id }: { store: HomeStore; id: string }) {
  const { module, error } = useModule(loadDetails);
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  return module ? (
    <module.EntityDetails store={store} id={id} onClose={() => store.showDetails(null)} />
  ) : null;
}
