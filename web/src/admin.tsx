import { useEffect, useState } from 'preact/hooks';
import { BackupSection } from './backup-panel';
import { humanError } from './errors';
import { api, message, type Role, type User } from './api';
import { useModule } from './lazy';
import { HomeSettingsSection } from './settings';
import { text } from './text';
import type { AdminUser, InviteView as Invite, SessionView as Session } from './types';

interface Integration {
  id: string;
  name: string;
  status: Record<string, unknown>;
  entities: number;
  devices: number;
}
interface License {
  state: 'unlicensed' | 'valid' | 'expired' | 'invalid';
  home_id: string;
  customer?: string;
  valid_until?: string | null;
  server?: string;
  reason?: string;
}

/** "valid until 1 Jan 2027", "expired", … — the words the license issue uses. */
function licenseLine(l: License): string {
  if (l.state === 'valid')
    return l.valid_until ? `valid until ${when(l.valid_until)}` : 'valid (no end date)';
  if (l.state === 'invalid') return `invalid${l.reason ? `: ${l.reason}` : ''}`;
  return l.state;
}

const ROLES: Role[] = ['admin', 'user', 'viewer'];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** Administration: users and approvals, invites, sessions, home settings, license, integrations. */
export function AdminView({ me }: { me: User }) {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [sessions, setSessions] = useState<Session[]>([]);
  const [integrations, setIntegrations] = useState<Integration[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [inviteRole, setInviteRole] = useState<Role>('user');
  const [copied, setCopied] = useState<string | null>(null);
  const [license, setLicense] = useState<License | null>(null);
  const [licenseServer, setLicenseServer] = useState('');
  const [licenseKey, setLicenseKey] = useState('');
  const [licenseError, setLicenseError] = useState<string | null>(null);

  const reload = async () => {
    try {
      const [u, i, s, n] = await Promise.all([
        api<AdminUser[]>('GET', '/api/users'),
        api<Invite[]>('GET', '/api/auth/invites'),
        api<Session[]>('GET', '/api/auth/sessions?all=true'),
        api<Integration[]>('GET', '/api/home/integrations').catch(() => []),
      ]);
      setUsers(u);
      setInvites(i);
      setSessions(s);
      setIntegrations(n);
      setLicense(await api<License>('GET', '/api/settings/license').catch(() => null));
    } catch (err) {
      setError(message(err));
    }
  };
  useEffect(() => void reload(), []);
  const act = (fn: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(message(err));
    }
    await reload();
  };
  const link = (code: string) => `${location.origin}/?invite=${encodeURIComponent(code)}`;
  const name = (id: string) => users.find((u) => u.id === id)?.username ?? id.slice(0, 8);
  const pending = users.filter((u) => u.status === 'pending');

  return (
    <div class="page admin">
      <h2>Administration</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}

      <section aria-labelledby="pending-h">
        <h3 id="pending-h">Pending approvals</h3>
        {pending.length === 0 ? (
          <p class="empty">Nobody is waiting.</p>
        ) : (
          <ul class="list">
            {pending.map((u) => (
              <li key={u.id}>
                <span class="grow">
                  {u.username} <small>asked {when(u.created_at)}</small>
                </span>
                <button
                  type="button"
                  onClick={act(() => api('POST', `/api/users/${u.id}/approve`, { role: 'user' }))}
                  aria-label={`Approve ${u.username} as user`}
                >
                  Approve
                </button>
                <button
                  type="button"
                  onClick={act(() => api('POST', `/api/users/${u.id}/approve`, { role: 'viewer' }))}
                  aria-label={`Approve ${u.username} as viewer`}
                >
                  As viewer
                </button>
                <button
                  type="button"
                  onClick={act(() => api('POST', `/api/users/${u.id}/reject`))}
                  aria-label={`Reject ${u.username}`}
                >
                  Reject
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="users-h">
        <h3 id="users-h">Users</h3>
        <ul class="list">
          {users
            .filter((u) => u.status === 'active')
            .map((u) => (
              <li key={u.id} data-user={u.username}>
                <span class="grow">
                  {u.username}
                  {u.id === me.id && <small> (you)</small>}
                  {u.disabled && <small> · disabled</small>}
                </span>
                <select
                  aria-label={`Role of ${u.username}`}
                  value={u.role}
                  disabled={u.id === me.id}
                  onChange={(e) =>
                    act(() => api('PATCH', `/api/users/${u.id}`, { role: e.currentTarget.value }))()
                  }
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  role="switch"
                  class="switch"
                  aria-checked={!u.disabled}
                  aria-label={`${u.username} enabled`}
                  disabled={u.id === me.id}
                  onClick={act(() => api('PATCH', `/api/users/${u.id}`, { disabled: !u.disabled }))}
                >
                  <span />
                </button>
                <button
                  type="button"
                  disabled={u.id === me.id}
                  aria-label={`Delete ${u.username}`}
                  onClick={() =>
                    confirm(`Delete ${u.username}?`) && act(() => api('DELETE', `/api/users/${u.id}`))()
                  }
                >
                  Delete
                </button>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="invites-h">
        <h3 id="invites-h">Invites</h3>
        <div class="buttons">
          <select
            aria-label="Role for the new invite"
            value={inviteRole}
            onChange={(e) => setInviteRole(e.currentTarget.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="primary"
            onClick={act(() => api('POST', '/api/auth/invites', { role: inviteRole }))}
          >
            Create invite
          </button>
        </div>
        <ul class="list">
          {invites.map((i) => (
            <li key={i.code} data-invite={i.code}>
              <span class="grow">
                <code class="invite-link">{link(i.code)}</code>{' '}
                <small>
                  {i.role} · {i.state} · {i.uses}/{i.max_uses} used · expires {when(i.expires_at)}
                </small>
              </span>
              {i.state === 'active' && (
                <>
                  <button
                    type="button"
                    aria-label={`Copy invite link for ${i.role}`}
                    onClick={async () => {
                      // `navigator.clipboard` is missing on pages that are not secure (plain http).
                      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
                      await navigator.clipboard?.writeText(link(i.code)).catch(() => {});
                      setCopied(i.code);
                    }}
                  >
                    {copied === i.code ? 'Copied' : 'Copy link'}
                  </button>
                  <button
                    type="button"
                    aria-label={`Revoke invite ${i.code}`}
                    onClick={act(() => api('DELETE', `/api/auth/invites/${encodeURIComponent(i.code)}`))}
                  >
                    Revoke
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sessions-h">
        <h3 id="sessions-h">Sessions</h3>
        <ul class="list">
          {sessions.map((s) => (
            <li key={s.id}>
              <span class="grow">
                {name(s.user_id)}
                {s.current && <small> (this one)</small>}{' '}
                <small>
                  {s.user_agent?.slice(0, 40) ?? 'unknown client'} · {s.ip ?? ''} · last used{' '}
                  {when(s.last_used_at)}
                </small>
              </span>
              {!s.current && (
                <button
                  type="button"
                  aria-label={`Revoke session of ${name(s.user_id)}`}
                  onClick={act(() => api('DELETE', `/api/auth/sessions/${s.id}`))}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <HomeSettingsSection />

      <BackupSection />

      {license && (
        <section aria-labelledby="license-h">
          <h3 id="license-h">License</h3>
          <p data-license-state={license.state}>
            <strong>{licenseLine(license)}</strong>
            {license.customer && <small> · {license.customer}</small>}
            <small>
              {' '}
              · home id <code>{license.home_id}</code>
            </small>
          </p>
          <p class="empty">An unlicensed home works fully; the license identifies the installation.</p>
          <form
            class="buttons"
            onSubmit={(e) => {
              e.preventDefault();
              setLicenseError(null);
              api('POST', '/api/settings/license', { server: licenseServer, key: licenseKey }).then(
                () => reload(),
                (err: unknown) => setLicenseError(humanError(err)),
              );
            }}
          >
            <label>
              License server{' '}
              <input
                type="url"
                value={licenseServer}
                placeholder="https://licenses.example.com"
                onInput={(e) => setLicenseServer(e.currentTarget.value)}
                required
              />
            </label>
            <label>
              License key{' '}
              <input value={licenseKey} onInput={(e) => setLicenseKey(e.currentTarget.value)} required />
            </label>
            <button type="submit" class="primary">
              Activate
            </button>
          </form>
          {licenseError && (
            <p role="alert" class="error">
              {licenseError}
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="integrations-h">
        <h3 id="integrations-h">Integrations</h3>
        <p class="hint">
          Details, devices and actions (letting Zigbee devices join) are on the{' '}
          <a href="#integrations">Integrations page</a>.
        </p>
        <ul class="list">
          {integrations.map((i) => (
            <li key={i.id} data-integration={i.id}>
              <span class="grow">
                <strong>{i.name}</strong>{' '}
                <small>
                  {i.devices} devices · {i.entities} entities
                </small>
              </span>
              <small class="status-line">
                {Object.entries(i.status)
                  .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : text(v)}`)
                  .join(' · ')}
              </small>
            </li>
          ))}
        </ul>
        <MatterPanel />
      </section>

      <section aria-labelledby="matter-bridge-h">
        <h3 id="matter-bridge-h">Matter bridge</h3>
        <MatterBridgePanel />
      </section>
    </div>
  );
}

/** The Matter bridge card: its own chunk too. */
function MatterBridgePanel() {
  const { module, error } = useModule(() => import('./matter-bridge'));
  if (error) return <p class="error">{error}</p>;
  return module ? <module.MatterBridgeSection /> : null;
}

/** Matter's panel is its own chunk: loaded when Administration opens, not with the home page. */
function MatterPanel() {
  const { module, error } = useModule(() => import('./matter'));
  if (error) return <p class="error">{error}</p>;
  return module ? <module.MatterSection /> : null;
}
