import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { humanError } from './errors';
import { cap } from './wording';

interface Summary {
  id: string;
  name: string;
  kind: 'transport' | 'integration';
  status: Record<string, unknown> & { state?: string };
  entities: number;
  devices: number;
}
interface Details extends Summary {
  actions: string[];
  device_list: { id: string; name: string; area: string | null; available: boolean; model: string | null }[];
}
interface Broker {
  embedded: boolean;
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  anonymous_loopback: boolean;
}

/**
 * A panel for one of an integration's actions, keyed by the action name the service lists.
 * Integrations with their own page parts (Matter, WiFi devices) add theirs to `PANELS` by
 * integration id; both maps are the extension points of this page.
 */
export type ActionPanel = ComponentType<{ details: Details; reload: () => void }>;
export const ACTIONS: Record<string, ActionPanel> = { permit_join: PermitJoin };
export const PANELS: Record<string, ActionPanel> = { mqtt: BrokerSettings };

/** Integrations: each one's state, details, devices and actions (admin). */
export function IntegrationsView() {
  const [list, setList] = useState<Summary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    api<Summary[]>('GET', '/api/home/integrations').then(setList, (e: unknown) => setError(humanError(e)));
  }, []);
  return (
    <div class="page integrations">
      <h2>Integrations</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!list && !error && <p>Loading…</p>}
      {list?.map((i) => (
        <section class="card" key={i.id} data-integration={i.id} aria-labelledby={`int-${i.id}`}>
          <header class="row">
            <h3 id={`int-${i.id}`}>{i.name}</h3>
            <span class={`badge-state ${i.status.state ?? 'unknown'}`}>
              {cap(i.status.state ?? 'unknown')}
            </span>
          </header>
          <p class="hint">
            {i.kind === 'transport'
              ? 'Carries other integrations'
              : `${i.devices} devices · ${i.entities} entities`}
          </p>
          <button
            type="button"
            aria-expanded={open === i.id}
            onClick={() => setOpen(open === i.id ? null : i.id)}
          >
            {open === i.id ? 'Hide details' : 'Details'}
          </button>
          {open === i.id && <IntegrationDetails id={i.id} />}
        </section>
      ))}
    </div>
  );
}

function IntegrationDetails({ id }: { id: string }) {
  const [d, setD] = useState<Details | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    api<Details>('GET', `/api/home/integrations/${id}`).then(setD, (e: unknown) => setError(humanError(e)));
  useEffect(() => void reload(), [id]);
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (!d) return <p>Loading…</p>;
  const Own = PANELS[id];
  return (
    <div class="integration-details">
      {d.actions.map((a) => {
        const Panel = ACTIONS[a];
        return Panel ? <Panel key={a} details={d} reload={() => void reload()} /> : null;
      })}
      {Own && <Own details={d} reload={() => void reload()} />}
      <dl class="status">
        {Object.entries(d.status)
          .filter(([, v]) => v !== null && typeof v !== 'object')
          .map(([k, v]) => (
            <>
              <dt key={`k${k}`}>{cap(k.replace(/_/g, ' '))}</dt>
              <dd key={`v${k}`}>{String(v)}</dd>
            </>
          ))}
      </dl>
      {d.device_list.length > 0 && (
        <details>
          <summary>{d.device_list.length} devices</summary>
          <ul>
            {d.device_list.map((x) => (
              <li key={x.id}>
                {x.name}{' '}
                <small>{[x.model, x.available ? null : 'unavailable'].filter(Boolean).join(' · ')}</small>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Zigbee2MQTT: let new devices join for some minutes, with the time left counting down. */
function PermitJoin({ details, reload }: { details: Details; reload: () => void }) {
  const until =
    typeof details.status.permit_join_until === 'string' ? Date.parse(details.status.permit_join_until) : 0;
  const [minutes, setMinutes] = useState(5);
  const [now, setNow] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  const left = Math.max(0, Math.round((until - now) / 1000));
  useEffect(() => {
    if (!left) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [left > 0]);
  const send = async (m: number) => {
    setError(null);
    try {
      await api('POST', `/api/home/integrations/${details.id}/permit_join`, { minutes: m });
      setNow(Date.now());
      reload();
    } catch (err) {
      setError(humanError(err));
    }
  };
  return (
    <div class="permit-join" role="group" aria-label="Add Zigbee devices">
      {left > 0 ? (
        <p role="status" class="outcome pending">
          New devices may join for{' '}
          <strong>
            {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
          </strong>
          . Put the device in pairing mode now.{' '}
          <button type="button" onClick={() => void send(0)}>
            Stop
          </button>
        </p>
      ) : (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void send(minutes);
          }}
        >
          <label>
            Allow joining for
            <select value={minutes} onChange={(e) => setMinutes(Number(e.currentTarget.value))}>
              {[1, 2, 5, 10, 15, 30].map((m) => (
                <option key={m} value={m}>
                  {m} {m === 1 ? 'minute' : 'minutes'}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="primary">
            Let devices join
          </button>
        </form>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The MQTT connection: the broker's address, and the credentials bridges on other machines need. */
function BrokerSettings() {
  const [b, setB] = useState<Broker | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    api<Broker>('GET', '/api/settings/mqtt-broker').then(setB, () => setB(null));
  }, []);
  if (!b) return null;
  if (!b.embedded) return <p class="hint">Hearth uses an external MQTT broker (HEARTH_MQTT_URL).</p>;
  return (
    <section aria-label="MQTT broker settings" class="broker">
      <h4>Embedded broker</h4>
      <dl class="status">
        <dt>Address</dt>
        <dd>
          mqtt://{b.host}:{b.port}
        </dd>
        <dt>Username</dt>
        <dd>{b.username ?? '—'}</dd>
        <dt>Password</dt>
        <dd>
          {shown ? <code>{b.password}</code> : '••••••••'}{' '}
          <button type="button" class="link" onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </dd>
      </dl>
      {b.anonymous_loopback && <p class="hint">Clients on this machine may connect without credentials.</p>}
    </section>
  );
}
