import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, message } from './api';
import type { HomeStore } from './live';
import type { CommandResult, Scene } from './types';

type Activation = { id: string; text: string; ok: boolean };

function useScenes() {
  const [scenes, setScenes] = useState<Scene[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () => api<Scene[]>('GET', '/api/home/scenes').then(setScenes, (e) => setError(message(e)));
  useEffect(() => void reload(), []);
  return { scenes, error, reload };
}

async function activate(id: string): Promise<Activation> {
  try {
    const r = await api<{ name: string; results: CommandResult[] }>('POST', `/api/home/scenes/${id}/activate`);
    const bad = r.results.filter((x) => x.outcome === 'failed' || x.outcome === 'timeout');
    return { id, ok: bad.length === 0, text: bad.length ? `${r.name}: ${bad.length} of ${r.results.length} devices did not respond` : `${r.name} is on` };
  } catch (err) {
    return { id, ok: false, text: message(err) };
  }
}

/** One-tap scene buttons, named after each scene. */
export function SceneBar({ readOnly }: { readOnly: boolean }) {
  const { scenes } = useScenes();
  const [last, setLast] = useState<Activation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!scenes?.length) return null;
  return (
    <section class="scene-bar" aria-label="Scenes">
      <div class="buttons">
        {scenes.map((s) => (
          <button type="button" key={s.id} data-scene-id={s.id} disabled={readOnly || busy !== null} aria-busy={busy === s.id}
            onClick={async () => { setBusy(s.id); setLast(await activate(s.id)); setBusy(null); }}>{s.name}</button>
        ))}
      </div>
      {last && <p role="status" class={`outcome ${last.ok ? 'confirmed' : 'failed'}`}>{last.text}</p>}
    </section>
  );
}

interface Row { entity: string; action: string; params: string }
const toRows = (s: Scene | null): Row[] => (s?.actions ?? []).filter((a) => typeof a.entity === 'string').map((a) => {
  const { entity, action, ...params } = a;
  return { entity: String(entity), action: String(action), params: Object.keys(params).length ? JSON.stringify(params) : '' };
});

/** Scenes page: activate, create and edit custom scenes, or save the current state of a room. */
export function ScenesView({ store, readOnly }: { store: HomeStore; readOnly: boolean }) {
  const { scenes, error, reload } = useScenes();
  const [editing, setEditing] = useState<Scene | 'new' | null>(null);
  const [status, setStatus] = useState<Activation | null>(null);
  const [snap, setSnap] = useState({ name: '', area: store.areas[0]?.id ?? '' });
  const [snapError, setSnapError] = useState<string | null>(null);

  const saveSnapshot = async (ev: Event) => {
    ev.preventDefault();
    setSnapError(null);
    try {
      const s = await api<Scene>('POST', '/api/home/scenes/snapshot', snap);
      setStatus({ id: s.id, ok: true, text: `Saved "${s.name}"` });
      setSnap({ ...snap, name: '' });
      await reload();
    } catch (err) {
      setSnapError(message(err));
    }
  };

  return (
    <div class="page">
      <h2>Scenes</h2>
      {error && <p role="alert" class="error">{error}</p>}
      {status && <p role="status" class={`outcome ${status.ok ? 'confirmed' : 'failed'}`}>{status.text}</p>}
      <ul class="list">
        {scenes?.map((s) => (
          <li key={s.id} data-scene-id={s.id}>
            <span class="grow"><strong>{s.name}</strong> <small>{s.builtin ? (s.modified ? 'built-in, edited' : 'built-in') : 'custom'} · {s.actions.length} actions</small></span>
            <button type="button" disabled={readOnly} onClick={async () => setStatus(await activate(s.id))}>Activate</button>
            <button type="button" disabled={readOnly} onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>Edit</button>
            {s.builtin
              ? s.modified && <button type="button" disabled={readOnly} onClick={async () => { await api('POST', `/api/home/scenes/${s.id}/reset`); await reload(); }} aria-label={`Reset ${s.name}`}>Reset</button>
              : <button type="button" disabled={readOnly} onClick={async () => { await api('DELETE', `/api/home/scenes/${s.id}`); await reload(); }} aria-label={`Delete ${s.name}`}>Delete</button>}
          </li>
        ))}
      </ul>
      {!readOnly && !editing && <button type="button" class="primary" onClick={() => setEditing('new')}>New scene</button>}
      {editing && <SceneEditor store={store} scene={editing === 'new' ? null : editing} onDone={async () => { setEditing(null); await reload(); }} />}
      {!readOnly && (
        <form class="card" onSubmit={saveSnapshot}>
          <h3>Save the current state of a room</h3>
          <label>Scene name<input required maxLength={100} value={snap.name} onInput={(e) => setSnap({ ...snap, name: e.currentTarget.value })} /></label>
          <label>Room<select value={snap.area} onChange={(e) => setSnap({ ...snap, area: e.currentTarget.value })}>
            {store.areas.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </select></label>
          {snapError && <p role="alert" class="error">{snapError}</p>}
          <button type="submit">Save room as scene</button>
        </form>
      )}
    </div>
  );
}

function SceneEditor({ store, scene, onDone }: { store: HomeStore; scene: Scene | null; onDone: () => void }) {
  const [name, setName] = useState(scene?.name ?? '');
  const [rows, setRows] = useState<Row[]>(() => (toRows(scene).length ? toRows(scene) : [{ entity: '', action: 'on', params: '' }]));
  const [error, setError] = useState<{ text: string; field?: string | undefined } | null>(null);
  const kept = (scene?.actions ?? []).filter((a) => typeof a.entity !== 'string');
  const controllable = [...store.entities.values()].filter((e) => e.capabilities.actions.length > 0).sort((a, b) => a.name.localeCompare(b.name));
  const set = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const save = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    try {
      const actions = [...kept, ...rows.map((r, i) => {
        let params: Record<string, unknown> = {};
        if (r.params.trim()) {
          try { params = JSON.parse(r.params); } catch { throw new ApiError(400, 'VALIDATION_FAILED', `Row ${i + 1}: parameters must be JSON, e.g. {"brightness": 40}`); }
        }
        return { entity: r.entity, action: r.action, ...params };
      })];
      if (scene) await api('PUT', `/api/home/scenes/${scene.id}`, { name, actions });
      else await api('POST', '/api/home/scenes', { name, actions });
      onDone();
    } catch (err) {
      setError({ text: message(err), field: err instanceof ApiError ? err.field : undefined });
    }
  };

  return (
    <form class="card scene-editor" onSubmit={save} aria-label={scene ? `Edit ${scene.name}` : 'New scene'}>
      <h3>{scene ? `Edit ${scene.name}` : 'New scene'}</h3>
      <label>Name<input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      {kept.length > 0 && <p><small>Also keeps {kept.length} room- or type-wide actions.</small></p>}
      {rows.map((r, i) => {
        const entity = store.entities.get(r.entity);
        return (
          <fieldset key={i} class="row">
            <legend>Action {i + 1}</legend>
            <select aria-label={`Action ${i + 1} device`} value={r.entity} required onChange={(e) => set(i, { entity: e.currentTarget.value })}>
              <option value="">Choose a device…</option>
              {controllable.map((e) => <option key={e.entity_id} value={e.entity_id}>{e.name}</option>)}
            </select>
            <select aria-label={`Action ${i + 1} action`} value={r.action} onChange={(e) => set(i, { action: e.currentTarget.value })}>
              {(entity?.capabilities.actions ?? [r.action]).map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
            <input aria-label={`Action ${i + 1} parameters (JSON)`} placeholder='{"brightness": 40}' value={r.params} onInput={(e) => set(i, { params: e.currentTarget.value })} />
            <button type="button" aria-label={`Remove action ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>✕</button>
            {error?.field === `actions[${kept.length + i}]` && <p class="error">{error.text}</p>}
          </fieldset>
        );
      })}
      <button type="button" onClick={() => setRows([...rows, { entity: '', action: 'on', params: '' }])}>Add action</button>
      {error && <p role="alert" class="error">{error.text}</p>}
      <div class="buttons"><button type="submit" class="primary">Save scene</button><button type="button" onClick={onDone}>Cancel</button></div>
    </form>
  );
}
