import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, message } from './api';
import type { HomeStore } from './live';
import type {
  DiscoveredOffer as Offer,
  Pairable,
  PairedDevice,
  PairingProgress as ProgressEvent,
  PairResult,
} from './types';

/** A bridge's link button: Hearth asks again every few seconds for this long after the first 409. */
const BUTTON_WAIT_MS = 45_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const newPairingId = () => `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const offerKey = (o: Offer) => `${o.integration} ${o.address}`;

/**
 * Add a device (admin): pick the kind, give its address (and password), and Hearth probes it and
 * adds it — or says why not. The steps Hearth reports (`pairing_progress`) appear under the form
 * as they happen. A Hue bridge asks for its button: the page says so and repeats the request until
 * it is pressed. Devices discovery found are offered above the form, each with its own Add button
 * that fills the form in. Loaded on first visit.
 */
export function AddDeviceView({ store }: { store: HomeStore }) {
  const [kinds, setKinds] = useState<Pairable[]>([]);
  const [kind, setKind] = useState('');
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<{ tone: 'info' | 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [devices, setDevices] = useState<PairedDevice[]>([]);
  const [steps, setSteps] = useState<{ step: string; message: string }[]>([]);
  const [offers, setOffers] = useState<Offer[]>([]);
  const [scanning, setScanning] = useState(false);
  const pairingId = useRef<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const selected = kinds.find((k) => k.id === kind);
  const refresh = (id: string) =>
    api<PairedDevice[]>('GET', `/api/home/integrations/${id}/devices`).then(setDevices, () => setDevices([]));

  const loadOffers = () => api<Offer[]>('GET', '/api/home/discovered').then(setOffers, () => setOffers([]));

  useEffect(() => {
    void loadOffers();
    const offs = [
      // Only the steps of this page's own pairing: each request carries the id the page chose.
      store.listen('pairing_progress', (e: ProgressEvent) => {
        // The outcome (done/failed) is said once, by the status line below.
        if (e.pairing_id !== pairingId.current || e.step === 'done' || e.step === 'failed') return;
        // A bridge's retries repeat the same steps: each sentence is shown once, in order.
        setSteps((l) =>
          l.some((x) => x.message === e.message)
            ? l
            : [...l, { step: e.step, message: e.message }].slice(-12),
        );
      }),
      store.listen('device_discovered', (o: Offer) =>
        setOffers((l) => [o, ...l.filter((x) => offerKey(x) !== offerKey(o))]),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [store]);

  useEffect(() => {
    api<Pairable[]>('GET', '/api/home/integrations/pairable').then(
      (list) => {
        setKinds(list);
        if (list[0]) {
          setKind(list[0].id);
          void refresh(list[0].id);
        }
      },
      (err: unknown) => setStatus({ tone: 'error', text: message(err) }),
    );
  }, []);

  async function submit(e?: Event) {
    e?.preventDefault();
    await pair(selected, address, username, password);
  }

  async function pair(selected: Pairable | undefined, address: string, username: string, password: string) {
    if (!selected) return;
    setBusy(true);
    setStatus({ tone: 'info', text: `Looking for a ${selected.name} device at ${address}…` });
    pairingId.current = newPairingId();
    setSteps([]);
    const body = {
      address: address.trim(),
      pairing_id: pairingId.current,
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
          void loadOffers();
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
      // A device with a password (e.g. an offered Shelly): the field is right there to fill in.
      if (err instanceof ApiError && err.code === 'DEVICE_AUTH_FAILED') passwordInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  /** An offer's Add: the form filled in; sent at once unless the device needs a password first. */
  function addOffer(o: Offer) {
    const k = kinds.find((x) => x.id === o.integration);
    if (!k) return;
    setKind(k.id);
    setAddress(o.address);
    // Credentials typed for another device are never sent to this one.
    setUsername('');
    setPassword('');
    void refresh(k.id);
    if (k.pairing.credentials === 'required') {
      setStatus({ tone: 'info', text: `Give the password of ${o.name ?? o.address}, then press Add.` });
      setTimeout(() => passwordInput.current?.focus(), 0);
      return;
    }
    void pair(k, o.address, '', '');
  }

  async function scan() {
    setScanning(true);
    try {
      setOffers(await api<Offer[]>('POST', '/api/home/discovered/scan'));
    } catch (err) {
      setStatus({ tone: 'error', text: message(err) });
    } finally {
      setScanning(false);
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
      <section class="offers" aria-labelledby="offers-title">
        <h3 id="offers-title">Found on your network</h3>
        {offers.length === 0 ? (
          <p>
            Nothing to offer. Hearth looks for Shelly, WLED, Hue, Kasa and ONVIF devices only when discovery
            is on (HEARTH_DISCOVERY=on); you can always add a device by its address below.
          </p>
        ) : (
          <ul aria-label="Devices found on your network">
            {offers.map((o) => {
              const k = kinds.find((x) => x.id === o.integration);
              const label = `${o.name ?? o.address} (${k?.name ?? o.integration})`;
              return (
                <li key={offerKey(o)}>
                  {label}
                  {o.model ? ` — ${o.model}` : ''} at {o.address}{' '}
                  <button
                    type="button"
                    aria-label={`Add ${label}`}
                    disabled={busy || !k}
                    title={k ? undefined : `This Hearth cannot add ${o.integration} devices yet.`}
                    onClick={() => addOffer(o)}
                  >
                    Add
                  </button>
                  {!k && <span class="hint"> Hearth cannot add {o.integration} devices yet.</span>}
                </li>
              );
            })}
          </ul>
        )}
        <button type="button" disabled={scanning} onClick={() => void scan()}>
          {scanning ? 'Looking…' : 'Look for devices now'}
        </button>
      </section>
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
                ref={passwordInput}
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
      <ol class="pairing-steps" role="log" aria-live="polite" aria-label="Pairing progress">
        {steps.map((s) => (
          <li key={s.message} data-step={s.step}>
            {s.message}
          </li>
        ))}
      </ol>
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
          <h3 id="paired-title">{selected.name} devices</h3>
          {devices.length === 0 ? (
            <p>None added yet.</p>
          ) : (
            <ul aria-labelledby="paired-title">
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
