import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, session } from './api';
import { humanError } from './errors';

/** Admin: download a backup of the whole home, or restore one (checked now, swapped in at the next start). */
export function BackupSection() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    api<{ restart_required: boolean }>('GET', '/api/backup/restore').then(
      (r) => setPending(r.restart_required),
      () => {},
    );
  }, []);

  const download = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const res = await fetch('/api/backup', { headers: { authorization: `Bearer ${session.token}` } });
      if (!res.ok) {
        const e = ((await res.json().catch(() => ({}))) as { error?: { code: string; message: string } })
          .error;
        throw new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? 'Backup failed.');
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
        'hearth-backup.tar.gz';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus({ text: `Backup ${name} downloaded. It holds the home's keys: keep it private.`, ok: true });
    } catch (err) {
      setStatus({ text: humanError(err), ok: false });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (file: File) => {
    if (
      !confirm(
        `Restore ${file.name}? At the next restart it replaces the current home (kept aside on the server).`,
      )
    )
      return;
    setBusy(true);
    setStatus(null);
    try {
      const res = await fetch('/api/backup/restore', {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/gzip' },
        body: file,
      });
      const body = (await res.json()) as { error?: { code: string; message: string; details?: unknown } };
      if (!res.ok) throw new ApiError(res.status, body.error!.code, body.error!.message, body.error!.details);
      setPending(true);
      setStatus({
        text: 'The backup is checked and ready. Restart Hearth to finish restoring it.',
        ok: true,
      });
    } catch (err) {
      setStatus({ text: humanError(err), ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="backup-h">
      <h3 id="backup-h">Backup</h3>
      <p class="hint">
        A backup holds the whole home: devices, rooms, scenes, automations, history, accounts and keys.
      </p>
      <div class="buttons">
        <button type="button" class="primary" disabled={busy} onClick={() => void download()}>
          Download backup
        </button>
        <label class="file">
          Restore from a file
          <input
            type="file"
            accept=".tar.gz,.tgz,application/gzip"
            disabled={busy}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (f) void restore(f);
            }}
          />
        </label>
      </div>
      {pending && (
        <p class="notice" role="note">
          A restored backup waits: it replaces the current home when Hearth restarts (systemctl restart
          hearth).
        </p>
      )}
      {status && (
        <p role={status.ok ? 'status' : 'alert'} class={`outcome ${status.ok ? 'confirmed' : 'failed'}`}>
          {status.text}
        </p>
      )}
    </section>
  );
}
