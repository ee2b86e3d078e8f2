import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { humanError } from './errors';
import { HIDDEN } from './home';
import { useStructure } from './hooks';
import type { HomeStore } from './live';
import type { Area, Device, Entity } from './types';

type Say = (text: string, ok?: boolean) => void;

/** Setting the home up (admin): rooms (add, rename, delete, order), devices into rooms, names, aliases, hidden entities. */
export function SetupView({ store }: { store: HomeStore }) {
  useStructure(store);
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const say: Say = (text, ok = true) => setStatus({ text, ok });
  const reload = async () => {
    const [d] = await Promise.all([api<Device[]>('GET', '/api/home/devices'), store.load()]);
    setDevices(d.sort((a, b) => a.name.localeCompare(b.name)));
  };
  useEffect(() => void reload().catch((e: unknown) => say(humanError(e), false)), []);
  const run = (fn: () => Promise<unknown>, done: string) => async () => {
    try {
      await fn();
      await reload();
      say(done);
    } catch (err) {
      say(humanError(err), false);
    }
  };

  return (
    <div class="page setup">
      <h2>Set up the home</h2>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} class={`outcome ${status.ok ? 'confirmed' : 'failed'}`}>
          {status.text}
        </p>
      )}
      <Rooms areas={store.areas} run={run} />
      <section class="card" aria-labelledby="setup-devices">
        <h3 id="setup-devices">Devices</h3>
        <p class="hint">
          Give each device a room and a name people use. Aliases are other names the assistant understands;
          hidden entities stay off the home page.
        </p>
        {!devices && <p>Loading…</p>}
        {devices?.map((d) => (
          <DeviceEditor key={d.id} device={d} store={store} run={run} />
        ))}
      </section>
    </div>
  );
}

function Rooms({
  areas,
  run,
}: {
  areas: Area[];
  run: (fn: () => Promise<unknown>, done: string) => () => Promise<void>;
}) {
  const [name, setName] = useState('');
  // the order is taken from the home as it is now, not as this page last drew it: a room
  // added or removed meanwhile (another tab, a load still running) is neither lost nor sent back
  const move = (id: string, by: number) =>
    run(async () => {
      const ids = (await api<Area[]>('GET', '/api/home/areas')).map((a) => a.id);
      const i = ids.indexOf(id);
      if (i < 0) return;
      ids.splice(i, 1);
      ids.splice(Math.max(0, Math.min(ids.length, i + by)), 0, id);
      return api('PUT', '/api/home/areas/order', { ids });
    }, 'Rooms rearranged.');
  return (
    <section class="card" aria-labelledby="setup-rooms">
      <h3 id="setup-rooms">Rooms</h3>
      <ol class="rooms-list">
        {areas.map((a, i) => (
          <RoomRow
            key={a.id}
            area={a}
            first={i === 0}
            last={i === areas.length - 1}
            up={move(a.id, -1)}
            down={move(a.id, 1)}
            run={run}
          />
        ))}
      </ol>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () => api('POST', '/api/home/areas', { name: name.trim() }),
            `Room ${name.trim()} added.`,
          )().then(() => setName(''));
        }}
      >
        <label>
          New room
          <input value={name} required maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">Add room</button>
      </form>
    </section>
  );
}

function RoomRow(props: {
  area: Area;
  first: boolean;
  last: boolean;
  up: () => Promise<void>;
  down: () => Promise<void>;
  run: (fn: () => Promise<unknown>, done: string) => () => Promise<void>;
}) {
  const { area: a, run } = props;
  const [name, setName] = useState(a.name);
  return (
    <li data-area={a.id}>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () => api('PATCH', `/api/home/areas/${a.id}`, { name: name.trim() }),
            `Room renamed to ${name.trim()}.`,
          )();
        }}
      >
        <label>
          <span class="sr-only">Name of room {a.name}</span>
          <input value={name} required maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={name.trim() === a.name}>
          Rename
        </button>
        <button type="button" aria-label={`Move ${a.name} up`} disabled={props.first} onClick={props.up}>
          ↑
        </button>
        <button type="button" aria-label={`Move ${a.name} down`} disabled={props.last} onClick={props.down}>
          ↓
        </button>
        <button
          type="button"
          class="danger"
          aria-label={`Delete room ${a.name}`}
          onClick={() => {
            if (confirm(`Delete the room ${a.name}? Its devices keep working, without a room.`))
              void run(() => api('DELETE', `/api/home/areas/${a.id}`), `Room ${a.name} deleted.`)();
          }}
        >
          Delete
        </button>
      </form>
    </li>
  );
}

function DeviceEditor({
  device: d,
  store,
  run,
}: {
  device: Device;
  store: HomeStore;
  run: (fn: () => Promise<unknown>, done: string) => () => Promise<void>;
}) {
  const [name, setName] = useState(d.name);
  const [area, setArea] = useState(d.area ?? '');
  const changed = name.trim() !== d.name || area !== (d.area ?? '');
  return (
    <details class="device" data-device={d.id}>
      <summary>
        <strong>{d.name}</strong>{' '}
        <small>
          {store.areas.find((a) => a.id === d.area)?.name ?? 'No room'} · {d.integration}
          {d.model ? ` · ${d.model}` : ''}
          {d.available ? '' : ' · unavailable'}
        </small>
      </summary>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () =>
              api('PATCH', `/api/home/devices/${encodeURIComponent(d.id)}`, {
                name: name.trim(),
                area: area || null,
              }),
            `${name.trim()} saved.`,
          )();
        }}
      >
        <label>
          Device name
          <input value={name} required maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Room
          <select value={area} onChange={(e) => setArea(e.currentTarget.value)}>
            <option value="">No room</option>
            {store.areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary" disabled={!changed}>
          Save device
        </button>
      </form>
      <ul class="entities">
        {d.entities.map((id) => {
          const e = store.entities.get(id);
          return e ? <EntityEditor key={id} entity={e} run={run} /> : null;
        })}
      </ul>
    </details>
  );
}

function EntityEditor({
  entity: e,
  run,
}: {
  entity: Entity;
  run: (fn: () => Promise<unknown>, done: string) => () => Promise<void>;
}) {
  const [name, setName] = useState(e.name);
  const [aliases, setAliases] = useState(e.aliases.join(', '));
  const [hidden, setHidden] = useState(e.labels.includes(HIDDEN));
  const list = aliases
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const changed =
    name.trim() !== e.name || list.join(',') !== e.aliases.join(',') || hidden !== e.labels.includes(HIDDEN);
  return (
    <li data-entity={e.entity_id}>
      <form
        class="inline"
        onSubmit={(ev) => {
          ev.preventDefault();
          const labels = hidden ? [...new Set([...e.labels, HIDDEN])] : e.labels.filter((l) => l !== HIDDEN);
          void run(
            () =>
              api('PATCH', `/api/home/entities/${e.entity_id}`, { name: name.trim(), aliases: list, labels }),
            `${name.trim()} saved.`,
          )();
        }}
      >
        <code>{e.entity_id}</code>
        <label>
          Name
          <input value={name} required maxLength={100} onInput={(ev) => setName(ev.currentTarget.value)} />
        </label>
        <label>
          Aliases
          <input
            value={aliases}
            placeholder="e.g. big lamp, reading light"
            onInput={(ev) => setAliases(ev.currentTarget.value)}
          />
        </label>
        <label class="check">
          <input type="checkbox" checked={hidden} onChange={(ev) => setHidden(ev.currentTarget.checked)} />
          Hide from the home page
        </label>
        <button type="submit" disabled={!changed}>
          Save
        </button>
      </form>
    </li>
  );
}
