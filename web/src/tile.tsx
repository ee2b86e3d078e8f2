import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useEntity } from './hooks';
import type { HomeStore } from './live';
import type { Entity } from './types';
import { cap, stateWord } from './wording';
import { text } from './text';

interface TileProps {
  store: HomeStore;
  id: string;
  readOnly: boolean;
}

const ON_STATES = new Set(['on', 'playing', 'paused', 'heat', 'cool', 'auto', 'open']);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

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

interface ControlsProps {
  entity: Entity;
  off: boolean;
  send: (action: string, params?: Record<string, unknown>) => void;
}

function Controls({ entity: e, off, send }: ControlsProps) {
  const c = e.capabilities;
  const has = (a: string) => c.actions.includes(a);
  const a = e.attributes;
  switch (e.domain) {
    case 'light':
      return (
        <div class="controls">
          {c.brightness && (
            <Slider
              short="Brightness"
              label={`${e.name} brightness`}
              unit="%"
              min={1}
              max={100}
              value={num(a.brightness) ?? 0}
              disabled={off}
              onCommit={(v) => send('dim', { brightness: v })}
            />
          )}
          {c.color_temp && (
            <Slider
              short="Warm–cool"
              label={`${e.name} colour temperature`}
              unit=" K"
              min={c.color_temp.min_kelvin}
              max={c.color_temp.max_kelvin}
              step={100}
              value={num(a.kelvin) ?? c.color_temp.min_kelvin}
              disabled={off}
              onCommit={(v) => send('set_color_temp', { kelvin: v })}
            />
          )}
        </div>
      );
    case 'fan':
      return c.fan_speeds ? (
        <div class="controls">
          <Select
            label={`${e.name} speed`}
            options={c.fan_speeds}
            value={text(a.speed)}
            disabled={off}
            onChange={(v) => send('set_fan_speed', { speed: v })}
          />
        </div>
      ) : null;
    case 'climate': {
      const t = c.temperature;
      return (
        <div class="controls">
          {t && (
            <Stepper
              label={`${e.name} setpoint`}
              unit={t.unit}
              min={t.min}
              max={t.max}
              step={t.step}
              value={num(a.temperature) ?? t.min}
              disabled={off}
              onCommit={(v) => send('set_temperature', { temperature: v })}
            />
          )}
          {c.hvac_modes && (
            <Select
              label={`${e.name} mode`}
              options={c.hvac_modes}
              value={text(e.state)}
              disabled={off}
              onChange={(v) => send('set_hvac_mode', { hvac_mode: v })}
            />
          )}
          {c.presets && (
            <Select
              label={`${e.name} preset`}
              options={c.presets}
              value={text(a.preset)}
              disabled={off}
              onChange={(v) => send('set_preset', { preset: v })}
            />
          )}
        </div>
      );
    }
    case 'lock':
      return (
        <div class="controls buttons">
          <button
            type="button"
            disabled={off || e.state === 'locked'}
            onClick={() => send('lock')}
            aria-label={`Lock ${e.name}`}
          >
            Lock
          </button>
          <Confirmed
            label="Unlock"
            name={e.name}
            question={`Unlock ${e.name}?`}
            disabled={off || e.state === 'unlocked'}
            onConfirm={(code) => send('unlock', code ? { code } : {})}
          />
        </div>
      );
    case 'cover':
      return (
        <div class="controls">
          <div class="buttons">
            {has('open') && (
              <button type="button" disabled={off} onClick={() => send('open')} aria-label={`Open ${e.name}`}>
                Open
              </button>
            )}
            {has('stop') && (
              <button type="button" disabled={off} onClick={() => send('stop')} aria-label={`Stop ${e.name}`}>
                Stop
              </button>
            )}
            {has('close') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('close')}
                aria-label={`Close ${e.name}`}
              >
                Close
              </button>
            )}
          </div>
          {c.position && (
            <Slider
              short="Position"
              label={`${e.name} position`}
              unit="%"
              min={0}
              max={100}
              value={num(a.position) ?? 0}
              disabled={off}
              onCommit={(v) => send('set_position', { position: v })}
            />
          )}
        </div>
      );
    case 'media_player':
      return (
        <div class="controls">
          <div class="buttons">
            {has('previous') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('previous')}
                aria-label={`Previous on ${e.name}`}
              >
                «
              </button>
            )}
            {e.state === 'playing' ? (
              <button
                type="button"
                disabled={off}
                onClick={() => send('pause')}
                aria-label={`Pause ${e.name}`}
              >
                Pause
              </button>
            ) : (
              <button
                type="button"
                disabled={off || !has('play')}
                onClick={() => send('play')}
                aria-label={`Play ${e.name}`}
              >
                Play
              </button>
            )}
            {has('next') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('next')}
                aria-label={`Next on ${e.name}`}
              >
                »
              </button>
            )}
          </div>
          {c.volume && (
            <Slider
              short="Volume"
              label={`${e.name} volume`}
              unit="%"
              min={0}
              max={100}
              value={num(a.volume) ?? 0}
              disabled={off}
              onCommit={(v) => send('set_volume', { volume: v })}
            />
          )}
        </div>
      );
    case 'alarm_control_panel':
      return (
        <div class="controls buttons">
          {['arm_home', 'arm_away', 'arm_night'].filter(has).map((act) => (
            <button
              type="button"
              key={act}
              disabled={off || e.state === `armed_${act.slice(4)}`}
              onClick={() => send(act)}
              aria-label={`${cap(act.replace('_', ' '))} ${e.name}`}
            >
              {cap(act.replace('_', ' '))}
            </button>
          ))}
          {has('disarm') && (
            <Confirmed
              label="Disarm"
              name={e.name}
              question={`Disarm ${e.name}?`}
              disabled={off || e.state === 'disarmed'}
              withCode
              onConfirm={(code) => send('disarm', code ? { code } : {})}
            />
          )}
        </div>
      );
    case 'camera':
      return (
        <div class="controls buttons">
          {e.state === 'recording' ? (
            <button
              type="button"
              disabled={off || !has('stop_recording')}
              onClick={() => send('stop_recording')}
              aria-label={`Stop recording ${e.name}`}
            >
              Stop recording
            </button>
          ) : (
            <button
              type="button"
              disabled={off || !has('start_recording')}
              onClick={() => send('start_recording')}
              aria-label={`Record ${e.name}`}
            >
              Record
            </button>
          )}
          {has('goto_preset') && c.presets && (
            <Select
              label={`${e.name} preset`}
              options={c.presets}
              value={typeof a.preset === 'string' ? a.preset : ''}
              disabled={off}
              onChange={(v) => send('goto_preset', { preset: v })}
            />
          )}
        </div>
      );
    default:
      return null;
  }
}

/**
 * A button for an action that opens the home (unlock, disarm): it asks first, in the tile, with
 * an optional code field for panels that need one (the code is sent only when typed).
 */
function Confirmed(props: {
  label: string;
  name: string;
  question: string;
  disabled: boolean;
  withCode?: boolean;
  onConfirm: (code: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  if (!asking || props.disabled)
    return (
      <button
        type="button"
        disabled={props.disabled}
        onClick={() => setAsking(true)}
        aria-label={`${props.label} ${props.name}`}
      >
        {props.label}
      </button>
    );
  return (
    <form
      class="confirm"
      role="group"
      aria-label={props.question}
      onSubmit={(ev) => {
        ev.preventDefault();
        setAsking(false);
        props.onConfirm(code.trim());
        setCode('');
      }}
    >
      <p>{props.question}</p>
      {props.withCode && (
        <label>
          Code (if the panel needs one)
          <input
            type="password"
            inputMode="numeric"
            autocomplete="off"
            maxLength={32}
            value={code}
            onInput={(ev) => setCode(ev.currentTarget.value)}
          />
        </label>
      )}
      <div class="buttons">
        <button type="submit" class="primary">
          Yes, {props.label.toLowerCase()}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface SliderProps {
  label: string;
  short?: string;
  unit: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  disabled: boolean;
  onCommit: (v: number) => void;
}

/** Keys that move a range input one step (or to an end). */
const STEP_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
]);
/** Keyboard steps are gathered until the keys rest this long, then sent as one command. */
const KEY_PAUSE_MS = 600;
/** After sending, the slider keeps the value sent until the device reports, or this long. */
const HOLD_MS = 5000;

/**
 * A range input that shows its value while it moves and sends one command when the person is
 * done: on release of a drag (mouse or touch), or after a short pause between arrow keys.
 * The native `change` event is listened to directly: preact/compat maps `onChange` on inputs to
 * `input`, which fires for every pixel of a drag.
 */
function Slider({ label, short, unit, min, max, step = 1, value, disabled, onCommit }: SliderProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<number | null>(null);
  const editing = useRef(false);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (!editing.current) setLocal(null);
  }, [value]);

  useEffect(() => {
    const el = ref.current!;
    let keyed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hold: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      editing.current = false;
      commit.current(Number(el.value));
      clearTimeout(hold);
      hold = setTimeout(() => !editing.current && setLocal(null), HOLD_MS);
    };
    const onKey = (ev: KeyboardEvent) => {
      if (STEP_KEYS.has(ev.key)) {
        keyed = true;
        editing.current = true;
      }
    };
    const onPointer = () => {
      keyed = false;
      editing.current = true;
    };
    const onChange = () => {
      clearTimeout(timer);
      if (keyed) timer = setTimeout(send, KEY_PAUSE_MS);
      else send();
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointer);
    el.addEventListener('change', onChange);
    return () => {
      clearTimeout(timer);
      clearTimeout(hold);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointer);
      el.removeEventListener('change', onChange);
    };
  }, []);

  const shown = local ?? value;
  return (
    <label class="slider">
      <span>{short}</span>
      <input
        ref={ref}
        type="range"
        min={min}
        max={max}
        step={step}
        value={shown}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={`${shown}${unit}`}
        onInput={(ev) => {
          editing.current = true;
          setLocal(Number(ev.currentTarget.value));
        }}
      />
      <output>
        {shown}
        {unit}
      </output>
    </label>
  );
}

function Stepper({ label, unit, min, max, step, value, disabled, onCommit }: SliderProps & { step: number }) {
  const clamp = (v: number) => Math.min(max, Math.max(min, Math.round(v / step) * step));
  return (
    <div class="stepper" role="group" aria-label={label}>
      <button
        type="button"
        disabled={disabled || value <= min}
        onClick={() => onCommit(clamp(value - step))}
        aria-label={`Lower ${label}`}
      >
        −
      </button>
      <output aria-live="polite">
        {value}
        {unit}
      </output>
      <button
        type="button"
        disabled={disabled || value >= max}
        onClick={() => onCommit(clamp(value + step))}
        aria-label={`Raise ${label}`}
      >
        +
      </button>
    </div>
  );
}

function Select({
  label,
  options,
  value,
  disabled,
  onChange,
}: {
  label: string;
  options: string[];
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(ev) => onChange(ev.currentTarget.value)}
    >
      {!options.includes(value) && <option value={value}>{value || '—'}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {cap(o)}
        </option>
      ))}
    </select>
  );
}
