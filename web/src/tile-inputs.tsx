import { useEffect, useRef, useState } from 'preact/hooks';
import { cap } from './wording';

/**
 * The inputs a tile's controls are made of: a button that asks before it opens the home, a
 * slider that sends once the hand or the keys rest, a stepper and a select.
 */

/**
 * A button for an action that opens the home (unlock, disarm): it asks first, in the tile, with
 * an optional code field for panels that need one (the code is sent only when typed).
 */
export function Confirmed(props: {
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
export function Slider({ label, short, unit, min, max, step = 1, value, disabled, onCommit }: SliderProps) {
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

export function Stepper({
  label,
  unit,
  min,
  max,
  step,
  value,
  disabled,
  onCommit,
}: SliderProps & { step: number }) {
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

export function Select({
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
