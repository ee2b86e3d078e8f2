import { useEffect, useState } from 'preact/hooks';
import { api, message } from './api';
import type { Area, MatterBridgeExpose as Expose, MatterBridgeStatus as BridgeStatus } from './types';

/**
 * Administration → Matter bridge (its own chunk, loaded when Administration opens): Hearth's
 * entities in Apple Home, Google Home, Alexa and SmartThings. Turn it on, choose what it exposes
 * and whether controllers may control or only see, show the QR code (drawn by the service as an
 * SVG, so no QR library is downloaded) and manual code, open pairing again for a second
 * ecosystem, and list and remove the paired controllers.
 */

const BASE = '/api/matter-bridge';

/** The domains the bridge can expose; the first group is the default when none is ticked. */
const DOMAINS: { id: string; label: string; sensitive?: boolean }[] = [
  { id: 'light', label: 'Lights' },
  { id: 'switch', label: 'Switches and plugs' },
  { id: 'cover', label: 'Covers' },
  { id: 'climate', label: 'Thermostats' },
  { id: 'fan', label: 'Fans' },
  { id: 'sensor', label: 'Temperature and humidity sensors' },
  { id: 'binary_sensor', label: 'Contact and motion sensors' },
  { id: 'lock', label: 'Locks', sensitive: true },
];

/** Well-known vendor ids of the ecosystems (CSA's list); others are shown as a number. */
const VENDORS: Record<number, string> = {
  0x1349: 'Apple',
  0x6006: 'Google',
  0x1217: 'Amazon',
  0x110a: 'Samsung SmartThings',
  0xfff1: 'test vendor',
};

const grouped = (code: string) =>
  /^\d{11}$/.test(code) ? code.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1-$2-$3') : code;
const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function MatterBridgeSection() {
  const [status, setStatus] = useState<BridgeStatus | null>(null);
  const [areas, setAreas] = useState<Area[]>([]);
  const [busy, setBusy] = useState(false);
  // The chosen access shows at once (a controlled radio would spring back until the server answers).
  const [access, setAccess] = useState<BridgeStatus['access']>('control');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The exposure form, edited locally until saved.
  const [domains, setDomains] = useState<string[]>([]);
  const [chosenAreas, setChosenAreas] = useState<string[]>([]);
  const [entities, setEntities] = useState('');
  const [exclude, setExclude] = useState('');

  const show = (s: BridgeStatus) => {
    setStatus(s);
    setAccess(s.access);
    setDomains(s.expose.domains ?? []);
    setChosenAreas(s.expose.areas ?? []);
    setEntities((s.expose.entities ?? []).join(', '));
    setExclude((s.expose.exclude ?? []).join(', '));
  };
  useEffect(() => {
    api<BridgeStatus>('GET', BASE).then(show, (err: unknown) => setError(message(err)));
    api<Area[]>('GET', '/api/home/areas').then(setAreas, () => setAreas([]));
  }, []);

  const run = async (what: string, fn: () => Promise<BridgeStatus>): Promise<boolean> => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      show(await fn());
      setDone(what);
      return true;
    } catch (err) {
      setError(message(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const patch = (what: string, body: Record<string, unknown>) =>
    run(what, () => api<BridgeStatus>('PATCH', BASE, body));
  const chooseAccess = async (value: BridgeStatus['access'], what: string) => {
    const before = access;
    setAccess(value);
    if (!(await patch(what, { access: value }))) setAccess(before);
  };

  if (!status)
    return error ? (
      <p role="alert" class="error">
        {error}
      </p>
    ) : (
      <p class="empty">Loading the Matter bridge…</p>
    );

  const toggle = (values: string[], set: (v: string[]) => void, id: string, on: boolean) =>
    set(on ? [...values, id] : values.filter((v) => v !== id));
  const lockChosen =
    domains.includes('lock') || list(entities).some((id) => id.startsWith('lock.') || id.startsWith('alarm'));

  return (
    <div class="matter-bridge" data-bridge-enabled={status.enabled}>
      <p class="hint">
        Shows Hearth's devices in Apple Home, Google Home, Alexa and SmartThings, on your network, with no
        cloud. Their commands go through Hearth like any other, and appear in history as "Matter bridge".
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <p class="buttons">
        <span class="grow">
          The bridge is <strong>{status.enabled ? 'on' : 'off'}</strong>
          {status.enabled ? ` · ${status.exposed.length} devices exposed` : ''}.
        </span>
        <button
          type="button"
          class={status.enabled ? '' : 'primary'}
          disabled={busy}
          onClick={() =>
            void patch(status.enabled ? 'Turned off.' : 'Turned on.', {
              enabled: !status.enabled,
            })
          }
        >
          {status.enabled ? 'Turn the bridge off' : 'Turn the bridge on'}
        </button>
      </p>

      <fieldset>
        <legend>What controllers may do</legend>
        <label class="check">
          <input
            type="radio"
            name="bridge-access"
            checked={access === 'control'}
            disabled={busy}
            onChange={() => void chooseAccess('control', 'Controllers may control.')}
          />{' '}
          See and control
        </label>{' '}
        <label class="check">
          <input
            type="radio"
            name="bridge-access"
            checked={access === 'read_only'}
            disabled={busy}
            onChange={() => void chooseAccess('read_only', 'Controllers may only see.')}
          />{' '}
          Only see (their commands are refused)
        </label>
      </fieldset>

      <form
        aria-label="What the Matter bridge exposes"
        onSubmit={(e) => {
          e.preventDefault();
          const expose: Expose = {};
          if (domains.length) expose.domains = domains;
          if (chosenAreas.length) expose.areas = chosenAreas;
          if (status.expose.labels?.length) expose.labels = status.expose.labels;
          if (list(entities).length) expose.entities = list(entities);
          if (list(exclude).length) expose.exclude = list(exclude);
          void patch('Saved what the bridge exposes.', { expose });
        }}
      >
        <fieldset>
          <legend>Kinds of device (none ticked: all but locks)</legend>
          {DOMAINS.map((d) => (
            <label key={d.id} class="check">
              <input
                type="checkbox"
                checked={domains.includes(d.id)}
                onChange={(e) => toggle(domains, setDomains, d.id, e.currentTarget.checked)}
              />{' '}
              {d.label}
              {d.sensitive ? ' (only when ticked)' : ''}
            </label>
          ))}
        </fieldset>
        {areas.length > 0 && (
          <fieldset>
            <legend>Rooms (none ticked: every room)</legend>
            {areas.map((a) => (
              <label key={a.id} class="check">
                <input
                  type="checkbox"
                  checked={chosenAreas.includes(a.id)}
                  onChange={(e) => toggle(chosenAreas, setChosenAreas, a.id, e.currentTarget.checked)}
                />{' '}
                {a.name}
              </label>
            ))}
          </fieldset>
        )}
        <label class="wide">
          Also these entities{' '}
          <input
            value={entities}
            placeholder="lock.front_door, light.porch"
            onInput={(e) => setEntities(e.currentTarget.value)}
          />
        </label>
        <label class="wide">
          Never these entities{' '}
          <input
            value={exclude}
            placeholder="switch.server_rack"
            onInput={(e) => setExclude(e.currentTarget.value)}
          />
        </label>
        {lockChosen && (
          <p class="warning" role="note">
            Locks and alarm panels open the house: anyone who can use a paired app or speaker can then unlock
            or disarm them. Expose them only if you mean to.
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          Save what is exposed
        </button>
      </form>

      {status.warnings.length > 0 && (
        <ul class="warnings" aria-label="Matter bridge warnings">
          {status.warnings.map((w) => (
            <li key={w} class="warning">
              {w}
            </li>
          ))}
        </ul>
      )}
      {status.over_cap.length > 0 && (
        <p class="warning" data-over-cap={status.over_cap.length}>
          {status.over_cap.length} more devices match than the bridge can show (at most {status.cap}). These
          are left out: {status.over_cap.slice(0, 10).join(', ')}
          {status.over_cap.length > 10 ? '…' : ''}
        </p>
      )}
      {status.unsupported.length > 0 && (
        <p class="hint">Matter has no device type for: {status.unsupported.join(', ')}.</p>
      )}
      {status.enabled && (
        <details>
          <summary>Exposed devices ({status.exposed.length})</summary>
          <ul class="compact" aria-label="Exposed devices">
            {status.exposed.map((id) => (
              <li key={id}>
                <code>{id}</code>
              </li>
            ))}
          </ul>
        </details>
      )}

      {status.enabled && (
        <div class="matter-pairing">
          <h4>Pairing</h4>
          {status.commissioning_open && status.qr_svg && status.manual_code ? (
            <div class="pairing-codes" data-commissioning="open">
              <img
                class="qr"
                width={180}
                height={180}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(status.qr_svg)}`}
                alt={`Matter QR code for pairing the Hearth bridge (${status.qr_payload ?? ''})`}
              />
              <p>
                Open for pairing. In Apple Home, Google Home, Alexa or SmartThings choose "Add device" →
                Matter, scan this code or type{' '}
                <strong data-bridge-manual-code>{grouped(status.manual_code)}</strong>.
              </p>
            </div>
          ) : (
            <p data-commissioning="closed">
              Pairing is closed.{' '}
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run('Pairing is open for 15 minutes.', () =>
                    api<BridgeStatus>('POST', `${BASE}/commissioning`, {}),
                  )
                }
              >
                Open pairing again
              </button>{' '}
              <small>for another app (Matter lets several apps control the bridge at once).</small>
            </p>
          )}
          <ul class="list" aria-label="Paired Matter apps">
            {status.fabrics.length === 0 && <li class="empty">No app paired yet.</li>}
            {status.fabrics.map((f) => (
              <li key={f.index} data-fabric={f.index}>
                <span class="grow">
                  <strong>{f.label || `App ${f.index}`}</strong>{' '}
                  <small>{VENDORS[f.vendor_id] ?? `vendor 0x${f.vendor_id.toString(16)}`}</small>
                </span>
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  onClick={() => {
                    if (
                      !confirm(`Remove ${f.label || 'this app'}? It can no longer see or control anything.`)
                    )
                      return;
                    void run(`Removed ${f.label || 'the app'}.`, () =>
                      api<BridgeStatus>('DELETE', `${BASE}/fabrics/${f.index}`),
                    );
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
