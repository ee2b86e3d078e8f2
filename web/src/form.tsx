import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { Entity } from './types';
import { text } from './text';

/**
 * Small form pieces for the editors: each control has an accessible name that says which row it
 * belongs to ("Trigger 2 time"), and shows the server's validation message beside itself when
 * the 400's `details.field` names its path.
 */

export type Obj = Record<string, unknown>;

/** The field path (`triggers[0].at`) and message of the last validation error. */
export const FieldError = createContext<{ field: string; text: string } | null>(null);

export function useFieldError(path: string): string | null {
  const err = useContext(FieldError);
  return err?.field === path ? err.text : null;
}

const errorId = (path: string) => `err-${path.replace(/[^a-z0-9]/gi, '-')}`;

/** A labelled control (`children` gets the accessible name and error wiring through `control`). */
export function Field({
  label,
  path,
  children,
  wide,
}: {
  label: string;
  path: string;
  wide?: boolean;
  children: (aria: {
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    'data-path': string;
  }) => ComponentChildren;
}) {
  const error = useFieldError(path);
  const aria = {
    'data-path': path,
    ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId(path) } : {}),
  };
  return (
    <label class={`field${wide ? ' wide' : ''}`}>
      <span>{label}</span>
      {children(aria)}
      {error && (
        <span class="field-error error" id={errorId(path)}>
          {error}
        </span>
      )}
    </label>
  );
}

/** A message for a whole row (e.g. `actions[2]` must be one of …). */
export function RowError({ path }: { path: string }) {
  const error = useFieldError(path);
  return error ? (
    <p class="field-error error" data-path={path}>
      {error}
    </p>
  ) : null;
}

/** Sets or (for undefined / empty) removes a key, keeping the object's other fields. */
export function patch(o: Obj, key: string, value: unknown): Obj {
  if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value)))
    return without(o, key);
  return { ...o, [key]: value };
}

/** A copy of `o` without `key` (the others in their order). */
export function without(o: Obj, key: string): Obj {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
}

export function NumberInput({
  name,
  path,
  value,
  onChange,
  min,
  max,
  step,
  label,
}: {
  name: string;
  path: string;
  label: string;
  value: unknown;
  onChange: (v: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number | 'any';
}) {
  return (
    <Field label={label} path={path}>
      {(aria) => (
        <input
          type="number"
          inputMode="decimal"
          aria-label={name}
          {...aria}
          min={min}
          max={max}
          step={step ?? 'any'}
          value={typeof value === 'number' ? value : ''}
          onInput={(e) => {
            const v = e.currentTarget.value;
            onChange(v === '' ? undefined : Number(v));
          }}
        />
      )}
    </Field>
  );
}

export function TextInput({
  name,
  path,
  value,
  onChange,
  label,
  list,
  type = 'text',
  maxLength,
}: {
  name: string;
  path: string;
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  list?: string;
  type?: string;
  maxLength?: number;
}) {
  return (
    <Field label={label} path={path}>
      {(aria) => (
        <input
          type={type}
          aria-label={name}
          {...aria}
          list={list}
          maxLength={maxLength}
          value={text(value)}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

export function Select({
  name,
  path,
  value,
  onChange,
  label,
  options,
}: {
  name: string;
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: (string | [string, string])[];
}) {
  return (
    <Field label={label} path={path}>
      {(aria) => (
        <select aria-label={name} {...aria} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((o) => {
            const [v, text] = typeof o === 'string' ? [o, o] : o;
            return (
              <option key={v} value={v}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/** Picks an entity from the registry, grouped by room; `filter` narrows it to those that fit. */
export function EntityPicker({
  name,
  path,
  value,
  onChange,
  entities,
  areas,
  label = 'Device',
}: {
  name: string;
  path: string;
  value: unknown;
  onChange: (id: string) => void;
  entities: Entity[];
  areas: Map<string, string>;
  label?: string;
}) {
  const groups = new Map<string, Entity[]>();
  for (const e of [...entities].sort((a, b) => a.name.localeCompare(b.name))) {
    const room = (e.area && areas.get(e.area)) ?? 'No room';
    groups.set(room, [...(groups.get(room) ?? []), e]);
  }
  const current = typeof value === 'string' ? value : '';
  return (
    <Field label={label} path={path}>
      {(aria) => (
        <select aria-label={name} {...aria} value={current} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">Choose…</option>
          {current && !entities.some((e) => e.entity_id === current) && (
            <option value={current}>{current} (unknown)</option>
          )}
          {[...groups]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([room, list]) => (
              <optgroup key={room} label={room}>
                {list.map((e) => (
                  <option key={e.entity_id} value={e.entity_id}>
                    {e.name} ({e.entity_id})
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
      )}
    </Field>
  );
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Weekday checkboxes; none ticked means every day (the key is left out). */
export function DaysInput({
  name,
  path,
  value,
  onChange,
}: {
  name: string;
  path: string;
  value: unknown;
  onChange: (v: string[] | undefined) => void;
}) {
  const days = Array.isArray(value) ? (value as string[]) : [];
  const error = useFieldError(path);
  return (
    <fieldset class="days" data-path={path} aria-invalid={error ? true : undefined}>
      <legend>
        Days <small>(none = every day)</small>
      </legend>
      {WEEKDAYS.map((d) => (
        <label key={d} class="check">
          <input
            type="checkbox"
            aria-label={`${name} ${d}`}
            checked={days.includes(d)}
            onChange={(e) => {
              const next = WEEKDAYS.filter((x) => (x === d ? e.currentTarget.checked : days.includes(x)));
              onChange(next.length ? [...next] : undefined);
            }}
          />
          {d}
        </label>
      ))}
      {error && <span class="field-error error">{error}</span>}
    </fieldset>
  );
}

/** Move up / move down / remove for one row of a list. */
export function RowTools({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <span class="row-tools">
      <button
        type="button"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button type="button" aria-label={`Remove ${what}`} onClick={onRemove}>
        ✕
      </button>
    </span>
  );
}

export function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export const replace = <T,>(list: T[], i: number, item: T): T[] => list.map((x, j) => (j === i ? item : x));
