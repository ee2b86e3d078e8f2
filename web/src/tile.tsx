import { memo } from 'preact/compat';
import { useEntity } from './hooks';
import type { HomeStore } from './live';
import type { Entity } from './types';
import { cap, stateWord } from './wording';
import { num } from './text';
import { Controls } from './tile-controls';

interface TileProps {
  store: HomeStore;
  id: string;
  readOnly: boolean;
}

const ON_STATES = new Set(['on', 'playing', 'paused', 'heat', 'cool', 'auto', 'open']);

/** One entity: name, state, key attributes, the control that fits its domain, and the last command's outcome. */
export const Tile = memo(function Tile({ store, id, readOnly }: TileProps) {
  const [entity, control] = useEntity(store, id);
  if (!entity) return null;
  const off = readOnly || !entity.available;
  const send = (action: string, params?: Record<string, unknown>) => {
    if (!readOnly) void store.send(id, action, params);
  };
  return (
    <article
      class={`tile ${entity.available ? '' : 'unavailable'} ${isActive(entity) ? 'active' : ''}`}
      data-entity-id={id}
      data-domain={entity.domain}
      aria-label={entity.name}
    >
      <header>
        <h3>
          <button
            type="button"
            class="name"
            aria-haspopup="dialog"
            title="History, logbook and details"
            onClick={() => store.showDetails(id)}
          >
            {entity.name}
          </button>
        </h3>
        {entity.domain === 'light' ||
        entity.domain === 'switch' ||
        entity.domain === 'fan' ||
        (entity.domain === 'media_player' && entity.capabilities.actions.includes('on')) ? (
          <button
            type="button"
            role="switch"
            aria-checked={entity.state !== 'off' && entity.state !== null}
            aria-label={entity.name}
            disabled={off}
            class="switch"
            onClick={() => send(entity.state === 'off' ? 'on' : 'off')}
          >
            <span />
          </button>
        ) : null}
      </header>
      <p class="state" data-state={String(entity.state)}>
        {entity.available ? describe(entity) : 'Unavailable'}
      </p>
      <Controls entity={entity} off={off} send={send} />
      {control && (
        <p class={`outcome ${control.status}`} role="status">
          {control.text}
          {control.retry && (control.status === 'failed' || control.status === 'timeout') && !readOnly && (
            <button type="button" class="link" onClick={control.retry}>
              Retry
            </button>
          )}
        </p>
      )}
    </article>
  );
});

function isActive(e: Entity) {
  return (
    typeof e.state === 'string' &&
    (ON_STATES.has(e.state) ||
      e.state.startsWith('armed') ||
      e.state === 'unlocked' ||
      e.state === 'recording')
  );
}

export function describe(e: Entity): string {
  const a = e.attributes;
  const unit = typeof a.unit_of_measurement === 'string' ? ` ${a.unit_of_measurement}` : '';
  const state = e.state === null ? '—' : String(e.state).replace(/_/g, ' ');
  switch (e.domain) {
    case 'light': {
      const brightness = num(a.brightness);
      const kelvin = num(a.kelvin);
      return e.state === 'on' && brightness !== undefined
        ? `On · ${brightness}%${kelvin ? ` · ${kelvin} K` : ''}`
        : cap(state);
    }
    case 'climate':
      return `${cap(state)} · ${num(a.current_temperature) ?? '—'}${unit} now · set ${num(a.temperature) ?? '—'}${unit}`;
    case 'cover': {
      const position = num(a.position);
      return position !== undefined ? `${cap(state)} · ${position}%` : cap(state);
    }
    case 'media_player': {
      const volume = num(a.volume);
      return `${cap(state)}${volume !== undefined ? ` · volume ${volume}%` : ''}${typeof a.media_title === 'string' ? ` · ${a.media_title}` : ''}`;
    }
    case 'fan':
      return e.state === 'on' && typeof a.speed === 'string' ? `On · ${a.speed}` : cap(state);
    default:
      return stateWord(e.domain, a, e.state) + unit;
  }
}
