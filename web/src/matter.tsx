import { io, type Socket } from 'socket.io-client';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, message, session } from './api';
import type { MatterNode, MatterStatus, PairingProgress as Progress, SharedNode } from './types';

/**
 * Admin → Integrations → Matter (loaded only when an admin opens Administration): turn Matter on,
 * add a device by its pairing code with live progress, see nodes and their reachability, remove
 * one, and share one with another Matter app.
 */

const BASE = '/api/home/integrations/matter';

/** Formats 11 digits as the 4-3-4 groups printed on devices. */
const grouped = (code: string) =>
  /^\d{11}$/.test(code) ? code.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1-$2-$3') : code;

export function MatterSection() {
  const [status, setStatus] = useState<MatterStatus | null>(null);
  const [nodes, setNodes] = useState<MatterNode[]>([]);
  const [code, setCode] = useState('');
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [steps, setSteps] = useState<Progress[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; field?: string | undefined } | null>(null);
  const [shared, setShared] = useState<SharedNode | null>(null);

  const reload = async () => {
    try {
      const [s, n] = await Promise.all([
        api<MatterStatus>('GET', BASE),
        api<{ nodes: MatterNode[] }>('GET', `${BASE}/nodes`),
      ]);
      setStatus(s);
      setNodes(n.nodes);
    } catch (err) {
      setError({ text: message(err) });
    }
  };
  useEffect(() => void reload(), []);

  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setError({ text: message(err), field: err instanceof ApiError ? err.field : undefined });
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const pair = () =>
    run(async () => {
      setResult(null);
      setSteps([]);
      const pairingId = `dash-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      // Progress arrives on this admin's sockets; a socket of its own while the pairing runs.
      const socket: Socket = io({ auth: { token: session.token }, transports: ['websocket'] });
      let finished = () => {};
      const lastStep = new Promise<void>((resolve) => (finished = resolve));
      socket.on('pairing_progress', (p: Progress) => {
        if (p.pairing_id !== pairingId) return;
        setSteps((s) => [...s, p]);
        if (p.step === 'done' || p.step === 'failed') finished();
      });
      await new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', () => resolve());
      });
      try {
        const added = await api<{ device: { name: string }; entities: unknown[] }>('POST', `${BASE}/pair`, {
          code: code.trim(),
          ...(address.trim() ? { address: address.trim() } : {}),
          pairing_id: pairingId,
        });
        setResult(`Added ${added.device.name} with ${added.entities.length} entities.`);
        setCode('');
        setAddress('');
      } finally {
        // The last step may arrive just after the answer; wait a moment for it.
        await Promise.race([lastStep, new Promise((r) => setTimeout(r, 1000))]);
        socket.close();
      }
    });

  const remove = (n: MatterNode) =>
    run(async () => {
      if (!confirm(`Remove ${n.name}? It leaves Hearth, and its entities are deleted.`)) return;
      try {
        await api('DELETE', `${BASE}/devices/matter:${n.node_id}`);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 503)) throw err;
        if (!confirm(`${n.name} is not reachable, so it cannot be told to leave. Forget it anyway?`)) return;
        await api('DELETE', `${BASE}/nodes/${n.node_id}?force=true`);
      }
    });

  const share = (n: MatterNode) =>
    run(async () => {
      setShared(await api<SharedNode>('POST', `${BASE}/nodes/${n.node_id}/share`, {}));
    });

  if (!status) return <p class="empty">Loading Matter…</p>;
  return (
    <div class="matter" data-matter-state={status.state}>
      <h4>Matter</h4>
      {error && !error.field && (
        <p role="alert" class="error">
          {error.text}
        </p>
      )}
      {!status.enabled ? (
        <p>
          Matter is off.{' '}
          <button type="button" disabled={busy} onClick={() => void run(() => api('POST', `${BASE}/enable`))}>
            Turn Matter on
          </button>{' '}
          <small>(or add a device below: that turns it on too)</small>
        </p>
      ) : (
        <p>
          <small>
            Matter is {status.state}
            {status.detail ? ` — ${status.detail}` : ''} · {status.nodes} nodes
          </small>
        </p>
      )}

      <form
        class="buttons"
        aria-label="Add a Matter device"
        onSubmit={(e) => {
          e.preventDefault();
          void pair();
        }}
      >
        <label>
          Pairing code{' '}
          <input
            value={code}
            placeholder="3497-011-2332 or MT:…"
            onInput={(e) => setCode(e.currentTarget.value)}
            aria-invalid={error?.field === 'code'}
            aria-describedby={error?.field === 'code' ? 'matter-code-error' : undefined}
            required
          />
        </label>
        <label>
          Address (optional){' '}
          <input
            value={address}
            placeholder="192.168.1.20:5540"
            onInput={(e) => setAddress(e.currentTarget.value)}
            aria-invalid={error?.field === 'address'}
          />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add a Matter device'}
        </button>
      </form>
      {error?.field && (
        <p role="alert" class="error" id="matter-code-error">
          {error.text}
        </p>
      )}
      <p class="empty">
        Use the code printed on the device, or the one another Matter app (Apple Home, Google Home…) shows
        when you share the device. Thread devices work through a Thread border router. Bluetooth pairing of
        new devices is not supported: add the device to another Matter app first, then share it to Hearth.
      </p>
      {steps.length > 0 && (
        <ol class="matter-progress" aria-live="polite">
          {steps.map((s, i) => (
            <li key={i} data-step={s.step}>
              {s.message}
            </li>
          ))}
        </ol>
      )}
      {result && <p role="status">{result}</p>}

      {shared && (
        <div class="matter-share" role="status">
          <p>
            Pairing code for another Matter app (valid {Math.round(shared.expires_in / 60)} min):{' '}
            <strong data-manual-code>{grouped(shared.manual_code)}</strong>
          </p>
          <p>
            <small>
              QR payload: <code>{shared.qr_code}</code>
            </small>
          </p>
          <button type="button" onClick={() => setShared(null)}>
            Done
          </button>
        </div>
      )}

      <ul class="list" aria-label="Matter nodes">
        {nodes.length === 0 && <li class="empty">No Matter devices yet.</li>}
        {nodes.map((n) => (
          <li key={n.node_id} data-node={n.node_id}>
            <span class="grow">
              <strong>{n.name}</strong>{' '}
              <small>
                {[n.vendor, n.product].filter(Boolean).join(' · ')} · {n.entities.length} entities
                {n.devices.length > 1 ? ` · ${n.devices.length - 1} bridged devices` : ''}
              </small>
            </span>
            <small data-reachable={n.reachable}>{n.reachable ? 'reachable' : 'not reachable'}</small>
            <button type="button" disabled={busy || !n.reachable} onClick={() => void share(n)}>
              Share
            </button>
            <button type="button" class="danger" disabled={busy} onClick={() => void remove(n)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
