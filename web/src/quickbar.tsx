import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from './api';
import { humanError } from './errors';
import { useModal } from './hooks';
import type { HomeStore } from './live';
import { describe } from './tile';

interface Item {
  kind: 'entity' | 'room' | 'scene' | 'automation';
  id: string;
  name: string;
  hint: string;
  /** What Enter does, as the button says it. */
  verb: string;
  act: () => Promise<string | null> | string | null;
}

const TOGGLES = new Set(['light', 'switch', 'fan']);

/**
 * The quick bar (`/` or `e`): find any entity, room, scene or automation by name and act on it.
 * Enter does the first thing (toggle, activate, run, go to); the details of an entity are a
 * button away. Loaded the first time it opens.
 */
export function QuickBar({
  store,
  readOnly,
  onClose,
}: {
  store: HomeStore;
  readOnly: boolean;
  onClose: () => void;
}) {
  const ref = useModal(onClose);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [extra, setExtra] = useState<{
    scenes: { id: string; name: string }[];
    automations: { id: string; name: string }[];
  }>({ scenes: [], automations: [] });
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    void Promise.all([
      api<{ id: string; name: string }[]>('GET', '/api/home/scenes').catch(() => []),
      api<{ id: string; name: string }[]>('GET', '/api/home/automations').catch(() => []),
    ]).then(([scenes, automations]) => setExtra({ scenes, automations }));
  }, []);

  const items = useMemo<Item[]>(() => {
    const close = () => ref.current?.close();
    const out: Item[] = [];
    for (const e of store.entities.values()) {
      const toggles = TOGGLES.has(e.domain) && !readOnly && e.available;
      out.push({
        kind: 'entity',
        id: e.entity_id,
        name: e.name,
        hint: `${describe(e)} · ${store.areas.find((a) => a.id === e.area)?.name ?? 'no room'}`,
        verb: toggles ? (e.state === 'off' ? 'Turn on' : 'Turn off') : 'Details',
        act: () => {
          if (!toggles) {
            close();
            store.showDetails(e.entity_id);
            return null;
          }
          void store.send(e.entity_id, e.state === 'off' ? 'on' : 'off');
          return `${e.name}: ${e.state === 'off' ? 'turning on' : 'turning off'}…`;
        },
      });
    }
    for (const a of store.areas)
      out.push({
        kind: 'room',
        id: a.id,
        name: a.name,
        hint: 'Room',
        verb: 'Go to',
        act: () => {
          close();
          location.hash = '#home';
          setTimeout(() => document.querySelector(`.room[data-area="${a.id}"]`)?.scrollIntoView(), 50);
          return null;
        },
      });
    /** A scene or automation: a person acts on it (POST `path`), a viewer is shown its page. */
    const runnable = (
      kind: 'scene' | 'automation',
      x: { id: string; name: string },
      verb: string,
      path: string,
      page: string,
      done: string,
    ): Item => ({
      kind,
      id: x.id,
      name: x.name,
      hint: kind === 'scene' ? 'Scene' : 'Automation',
      verb: readOnly ? 'Show' : verb,
      act: async () => {
        if (readOnly) {
          close();
          location.hash = page;
          return null;
        }
        await api('POST', path);
        return done;
      },
    });
    for (const x of extra.scenes)
      out.push(
        runnable(
          'scene',
          x,
          'Activate',
          `/api/home/scenes/${x.id}/activate`,
          '#scenes',
          `${x.name} activated.`,
        ),
      );
    for (const x of extra.automations)
      out.push(
        runnable(
          'automation',
          x,
          'Run',
          `/api/home/automations/${x.id}/run`,
          `#automations?traces=${x.id}`,
          `${x.name} is running.`,
        ),
      );
    return out;
  }, [store, extra, readOnly, store.structureVersion]);

  const found = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return items
      .filter((i) => {
        const text = `${i.name} ${i.id} ${i.kind}`.toLowerCase();
        return words.every((w) => text.includes(w));
      })
      .sort(
        (a, b) =>
          Number(!a.name.toLowerCase().startsWith(words[0]!)) -
          Number(!b.name.toLowerCase().startsWith(words[0]!)),
      )
      .slice(0, 12);
  }, [items, query]);

  const run = async (i: Item) => {
    try {
      const text = await i.act();
      if (text) setSaid(text);
    } catch (err) {
      setSaid(humanError(err));
    }
  };

  return (
    <dialog ref={ref} class="quickbar" aria-label="Find and act">
      <input
        type="search"
        role="combobox"
        aria-expanded={found.length > 0}
        aria-controls="quickbar-results"
        aria-activedescendant={found[active] ? `qb-${active}` : undefined}
        aria-label="Find a device, room, scene or automation"
        placeholder="Find a device, room, scene or automation…"
        value={query}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setSaid(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(found.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter' && found[active]) void run(found[active]);
          // A search field eats the first Escape (it clears itself): close at once instead.
          else if (e.key === 'Escape') ref.current?.close();
          else return;
          e.preventDefault();
        }}
      />
      <ul id="quickbar-results" role="listbox" aria-label="Results">
        {found.map((i, n) => (
          <li
            key={`${i.kind}:${i.id}`}
            id={`qb-${n}`}
            role="option"
            aria-selected={n === active}
            data-kind={i.kind}
            class={n === active ? 'active' : ''}
          >
            <span class="grow">
              <strong>{i.name}</strong> <small>{i.hint}</small>
            </span>
            <button type="button" tabIndex={-1} onClick={() => void run(i)}>
              {i.verb}
            </button>
            {i.kind === 'entity' && i.verb !== 'Details' && (
              <button
                type="button"
                tabIndex={-1}
                onClick={() => {
                  ref.current?.close();
                  store.showDetails(i.id);
                }}
              >
                Details
              </button>
            )}
          </li>
        ))}
      </ul>
      {said && (
        <p role="status" class="outcome confirmed">
          {said}
        </p>
      )}
      <p class="hint">Enter acts on the highlighted line · ↑↓ to move · Esc to close</p>
    </dialog>
  );
}
