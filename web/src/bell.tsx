import { useEffect, useRef, useState } from 'preact/hooks';
import { api, message } from './api';
import type { HomeStore } from './live';
import type { NotificationView as Notification } from './types';

const needsReading = (n: Notification) => !n.read && !n.resolved_at;

/**
 * The bell: unread count, the list, mark as read. Live over the page's socket (a new
 * notification, one resolved, read marks from this person's other devices) and re-read on
 * every reconnect, so nothing said while the page was offline is missed.
 */
export function Bell({ store }: { store: HomeStore }) {
  const [list, setList] = useState<Notification[]>([]);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const load = () =>
      api<Notification[]>('GET', '/api/home/notifications?limit=50').then(
        (l) => {
          setList(l);
          setError(null);
        },
        (err: unknown) => setError(message(err)),
      );
    void load();
    const offs = [
      store.subscribeConnection(() => store.connected && void load()),
      store.listen<Omit<Notification, 'read'>>('notification', (n) =>
        setList((l) => [{ ...n, read: false }, ...l.filter((x) => x.id !== n.id)].slice(0, 50)),
      ),
      store.listen<{ id: string }>('notification_resolved', (r) =>
        setList((l) => l.map((n) => (n.id === r.id ? { ...n, resolved_at: new Date().toISOString() } : n))),
      ),
      store.listen<{ ids: string[] | 'all' }>('notifications_read', (r) =>
        setList((l) => l.map((n) => (r.ids === 'all' || r.ids.includes(n.id) ? { ...n, read: true } : n))),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [store]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => {
      if (!panel.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    addEventListener('keydown', onKey);
    addEventListener('click', onClick);
    return () => {
      removeEventListener('keydown', onKey);
      removeEventListener('click', onClick);
    };
  }, [open]);

  const mark = async (body: { ids: string[] } | { all: true }) => {
    try {
      await api('POST', '/api/home/notifications/read', body);
      setList((l) => l.map((n) => ('all' in body || body.ids.includes(n.id) ? { ...n, read: true } : n)));
    } catch (err) {
      setError(message(err));
    }
  };

  const unread = list.filter(needsReading).length;
  return (
    <div class="bell">
      <button
        type="button"
        class="bell-button"
        aria-expanded={open}
        aria-controls="notifications-panel"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 && (
          <span class="badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div class="bell-panel" id="notifications-panel" ref={panel} role="region" aria-label="Notifications">
          <header>
            <h2>Notifications</h2>
            <button
              type="button"
              class="link"
              disabled={unread === 0}
              onClick={() => void mark({ all: true })}
            >
              Mark all read
            </button>
          </header>
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
          {list.length === 0 && <p class="empty">Nothing yet.</p>}
          <ul>
            {list.map((n) => (
              <li
                key={n.id}
                data-notification={n.key ?? n.id}
                class={`${needsReading(n) ? 'unread' : ''} ${n.resolved_at ? 'resolved' : ''}`}
              >
                <p>{n.message}</p>
                <small>
                  <time dateTime={n.created_at}>{new Date(n.created_at).toLocaleString()}</time>
                  {n.resolved_at && ' · resolved'}
                </small>
                <div class="buttons">
                  {n.link && (
                    <a href={n.link} onClick={() => setOpen(false)}>
                      Open
                    </a>
                  )}
                  {needsReading(n) && (
                    <button type="button" class="link" onClick={() => void mark({ ids: [n.id] })}>
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
