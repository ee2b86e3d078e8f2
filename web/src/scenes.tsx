import { useEffect, useState } from 'preact/hooks';
import { api, message } from './api';
import { humanError } from './errors';
import { useModule } from './lazy';
import type { HomeStore } from './live';
import type { CommandResult, Scene } from './types';

interface Activation {
  id: string;
  text: string;
  ok: boolean;
}

function useScenes() {
  const [scenes, setScenes] = useState<Scene[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    api<Scene[]>('GET', '/api/home/scenes').then(setScenes, (e: unknown) => setError(message(e)));
  useEffect(() => void reload(), []);
  return { scenes, error, reload };
}

/** Activates a scene and says which devices, by name, did not do their part. */
async function activate(id: string, nameOf: (entityId: string) => string): Promise<Activation> {
  try {
    const r = await api<{ name: string; results: CommandResult[] }>(
      'POST',
      `/api/home/scenes/${id}/activate`,
    );
    const bad = r.results.filter((x) => x.outcome === 'failed' || x.outcome === 'timeout');
    const why = (x: CommandResult) =>
      `${nameOf(x.entity_id)} ${x.outcome === 'timeout' ? 'did not answer' : `failed${x.error ? ` (${x.error})` : ''}`}`;
    return {
      id,
      ok: bad.length === 0,
      text: bad.length
        ? `${r.name}: ${bad.length} of ${r.results.length} devices did not do their part: ${bad.map(why).join('; ')}.`
        : `${r.name} is on`,
    };
  } catch (err) {
    return { id, ok: false, text: humanError(err) };
  }
}

/** One-tap scene buttons, named after each scene. */
export function SceneBar({ readOnly, store }: { readOnly: boolean; store?: HomeStore }) {
  const nameOf = (id: string) => store?.entities.get(id)?.name ?? id;
  const { scenes } = useScenes();
  const [last, setLast] = useState<Activation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!scenes?.length) return null;
  return (
    <section class="scene-bar" aria-label="Scenes">
      <div class="buttons">
        {scenes.map((s) => (
          <button
            type="button"
            key={s.id}
            data-scene-id={s.id}
            disabled={readOnly || busy !== null}
            aria-busy={busy === s.id}
            onClick={async () => {
              setBusy(s.id);
              setLast(await activate(s.id, nameOf));
              setBusy(null);
            }}
          >
            {s.name}
          </button>
        ))}
      </div>
      {last && (
        <p role="status" class={`outcome ${last.ok ? 'confirmed' : 'failed'}`}>
          {last.text}
        </p>
      )}
    </section>
  );
}

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
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {status && (
        <p role="status" class={`outcome ${status.ok ? 'confirmed' : 'failed'}`}>
          {status.text}
        </p>
      )}
      <ul class="list">
        {scenes?.map((s) => (
          <li key={s.id} data-scene-id={s.id}>
            <span class="grow">
              <strong>{s.name}</strong>{' '}
              <small>
                {s.builtin ? (s.modified ? 'built-in, edited' : 'built-in') : 'custom'} · {s.actions.length}{' '}
                actions
              </small>
            </span>
            <button
              type="button"
              disabled={readOnly}
              onClick={async () =>
                setStatus(await activate(s.id, (id) => store.entities.get(id)?.name ?? id))
              }
            >
              Activate
            </button>
            <button
              type="button"
              disabled={readOnly}
              onClick={() => setEditing(s)}
              aria-label={`Edit ${s.name}`}
            >
              Edit
            </button>
            {s.builtin ? (
              s.modified && (
                <button
                  type="button"
                  disabled={readOnly}
                  onClick={async () => {
                    await api('POST', `/api/home/scenes/${s.id}/reset`);
                    await reload();
                  }}
                  aria-label={`Reset ${s.name}`}
                >
                  Reset
                </button>
              )
            ) : (
              <button
                type="button"
                disabled={readOnly}
                onClick={async () => {
                  if (!confirm(`Delete the scene ${s.name}? This cannot be undone.`)) return;
                  await api('DELETE', `/api/home/scenes/${s.id}`);
                  await reload();
                }}
                aria-label={`Delete ${s.name}`}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && !editing && (
        <button type="button" class="primary" onClick={() => setEditing('new')}>
          New scene
        </button>
      )}
      {editing && (
        <LazySceneEditor
          key={editing === 'new' ? 'new' : editing.id}
          store={store}
          scene={editing === 'new' ? null : editing}
          onDone={async (saved) => {
            setEditing(null);
            if (saved) setStatus({ id: '', ok: true, text: saved });
            await reload();
          }}
        />
      )}
      {!readOnly && (
        <form class="card" onSubmit={saveSnapshot}>
          <h3>Save the current state of a room</h3>
          <label>
            Scene name
            <input
              required
              maxLength={100}
              value={snap.name}
              onInput={(e) => setSnap({ ...snap, name: e.currentTarget.value })}
            />
          </label>
          <label>
            Room
            <select value={snap.area} onChange={(e) => setSnap({ ...snap, area: e.currentTarget.value })}>
              {store.areas.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          {snapError && (
            <p role="alert" class="error">
              {snapError}
            </p>
          )}
          <button type="submit">Save room as scene</button>
        </form>
      )}
    </div>
  );
}

/** Loads the scene editor on demand. */
function LazySceneEditor({
  store,
  scene,
  onDone,
}: {
  store: HomeStore;
  scene: Scene | null;
  onDone: (saved: string | null) => void;
}) {
  const { module, error } = useModule(() => import('./scene-editor'));
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (!module) return <p>Loading the editor…</p>;
  return <module.SceneEditor store={store} scene={scene} onDone={onDone} />;
}
