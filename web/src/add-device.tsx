import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, message } from './api';

interface Pairable {
  id: string;
  name: string;
  pairing: { code?: string; address?: string; credentials?: string; button?: boolean };
  loaded: boolean;
  devices: number;
}
interface PairedDevice {
  id: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  address: string | null;
}
interface PairResult {
  device: { id: string; name: string; model: string | null };
  entities: { entity_id: string; name: string; domain: string }[];
}

/** A bridge's link button: Hearth asks again every few seconds for this long after the first 409. */
const BUTTON_WAIT_MS = 45_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Add a device (admin): pick the kind, give its address (and password), and Hearth probes it and
 * adds it — or says why not. A Hue bridge asks for its button: the page says so and repeats the
 * request until it is pressed. Loaded on first visit.
 */
export function AddDeviceView() {
  const [kinds, setKinds] = useState<Pairable[]>([]);
  const [kind, setKind] = useState('');
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<{ tone: 'info' | 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [devices, setDevices] = useState<PairedDevice[]>([]);

  const selected = kinds.find((k) => k.id === kind);
  const refresh = (id: string) =>
    api<PairedDevice[]>('GET', `/api/home/integrations/${id}/devices`).then(setDevices, () => setDevices([]));

  useEffect(() => {
    api<Pairable[]>('GET', '/api/home/integrations/pairable').then(
      (list) => {
        setKinds(list);
        if (list[0]) {
          setKind(list[0].id);
          void refresh(list[0].id);
        }
      },
      (err) => setStatus({ tone: 'error', text: message(err) }),
    );
  }, []);

  async function submit(e: Event) {
    e.preventDefault();
    if (!selected) return;
    setBusy(true);
    setStatus({ tone: 'info', text: `Looking for a ${selected.name} device at ${address}…` });
    const body = {
      address: address.trim(),
      ...(selected.pairing.credentials && username ? { username } : {}),
      ...(selected.pairing.credentials && password ? { password } : {}),
    };
    const started = Date.now();
    try {
      for (;;) {
        try {
          const res = await api<PairResult>('POST', `/api/home/integrations/${selected.id}/pair`, body);
          setStatus({
            tone: 'ok',
            text: `Added ${res.device.name}${res.device.model ? ` (${res.device.model})` : ''}: ${res.entities.map((x) => x.name).join(', ') || 'no entities yet'}.`,
          });
          setPassword('');
          void refresh(selected.id);
          return;
        } catch (err) {
          if (
            err instanceof ApiError &&
            err.code === 'BUTTON_NOT_PRESSED' &&
            Date.now() - started < BUTTON_WAIT_MS
          ) {
            setStatus({ tone: 'info', text: 'Press the round button on the bridge now — waiting for it…' });
            await sleep(3_000);
            continue;
          }
          throw err;
        }
      }
    } catch (err) {
      setStatus({ tone: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(d: PairedDevice) {
    if (!selected || !confirm(`Remove ${d.name} and its entities?`)) return;
    try {
      await api('DELETE', `/api/home/integrations/${selected.id}/devices/${encodeURIComponent(d.id)}`);
      void refresh(selected.id);
    } catch (err) {
      setStatus({ tone: 'error', text: message(err) });
    }
  }

  return (
    <section aria-labelledby="add-device-title">
      <h2 id="add-device-title">Add a device</h2>
      <form onSubmit={submit}>
        <label>
          Kind of device
          <select
            value={kind}
            onChange={(e) => {
              const id = (e.target as HTMLSelectElement).value;
              setKind(id);
              setStatus(null);
              void refresh(id);
            }}
          >
            {kinds.map((k) => (
              <option value={k.id} key={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </label>
        {selected?.pairing.address && (
          <label>
            Address (IP or host name, optionally :port)
            <input
              required={selected.pairing.address === 'required'}
              value={address}
              placeholder="192.168.1.20"
              onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
            />
          </label>
        )}
        {selected?.pairing.credentials && (
          <>
            <label>
              User name (if the device asks for one)
              <input
                value={username}
                autocomplete="off"
                onInput={(e) => setUsername((e.target as HTMLInputElement).value)}
              />
            </label>
            <label>
              Password (if the device has one)
              <input
                type="password"
                value={password}
                autocomplete="new-password"
                onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
              />
            </label>
          </>
        )}
        {selected?.pairing.button && <p>You will be asked to press the button on the bridge.</p>}
        <button type="submit" disabled={busy || !selected}>
          {busy ? 'Adding…' : 'Add'}
        </button>
      </form>
      {status && (
        <p
          role={status.tone === 'error' ? 'alert' : 'status'}
          class={status.tone === 'error' ? 'error' : undefined}
        >
          {status.text}
        </p>
      )}
      {selected && (
        <>
          <h3>{selected.name} devices</h3>
          {devices.length === 0 ? (
            <p>None added yet.</p>
          ) : (
            <ul>
              {devices.map((d) => (
                <li key={d.id}>
                  {d.name} — {d.model ?? 'unknown model'} at {d.address ?? 'unknown address'}{' '}
                  <button type="button" onClick={() => void remove(d)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
