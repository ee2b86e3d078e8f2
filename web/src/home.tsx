import { useMemo } from 'preact/hooks';
import { useStructure } from './hooks';
import type { HomeStore } from './live';
import { SceneBar } from './scenes';
import { Tile } from './tile';

/** The label that keeps an entity off the home page. */
export const HIDDEN = 'hidden';

interface Props {
  store: HomeStore;
  readOnly: boolean;
}

/** The home by rooms: one section per area (entities without one under "Other"), scenes on top. */
export function HomeView({ store, readOnly }: Props) {
  const version = useStructure(store);
  const rooms = useMemo(() => {
    const byArea = new Map<string, string[]>();
    for (const e of store.entities.values()) {
      // Hidden from the dashboard by the admin (Setup): still in the home, just not on this page.
      if (e.labels.includes(HIDDEN)) continue;
      const key = e.area ?? '';
      let list = byArea.get(key);
      if (!list) byArea.set(key, (list = []));
      list.push(e.entity_id);
    }
    // Rooms in the order the household arranged them (the service sorts the areas), "Other" last.
    const rank = new Map(store.areas.map((a, i) => [a.id, i]));
    const names = new Map(store.areas.map((a) => [a.id, a.name]));
    const sorted = [...byArea.entries()].map(([id, ids]) => ({
      id,
      name: id ? (names.get(id) ?? id) : 'Other',
      ids: ids.sort((a, b) => store.entities.get(a)!.name.localeCompare(store.entities.get(b)!.name)),
    }));
    const at = (id: string) => (id === '' ? 2e9 : (rank.get(id) ?? 1e9));
    return sorted.sort((a, b) => at(a.id) - at(b.id) || a.name.localeCompare(b.name));
  }, [store, version]);

  return (
    <div class="home">
      <SceneBar readOnly={readOnly} store={store} />
      {rooms.length === 0 && <p class="empty">No devices yet.</p>}
      {rooms.map((room) => (
        <section
          class="room"
          key={room.id}
          data-area={room.id || 'none'}
          aria-labelledby={`room-${room.id || 'none'}`}
        >
          <h2 id={`room-${room.id || 'none'}`}>
            {room.name} <small>{room.ids.length}</small>
          </h2>
          <div class="tiles">
            {room.ids.map((id) => (
              <Tile key={id} store={store} id={id} readOnly={readOnly} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
