import { EntityPicker, NumberInput, Select, TextInput } from './form';
import type { Entity } from './types';

/**
 * The fields the automation editor's rows share: the kind of a row, a person, a device, a
 * state, a time of day, a sensor's thresholds and a number of seconds, each labelled and addressed the same
 * way wherever a trigger, condition or action uses it.
 */

export interface EditorContext {
  entities: Map<string, Entity>;
  areas: Map<string, string>;
  scenes: { id: string; name: string }[];
}

export const byDomain = (ctx: EditorContext, ...domains: string[]) =>
  [...ctx.entities.values()].filter((e) => domains.includes(e.domain));
export const all = (ctx: EditorContext) => [...ctx.entities.values()];

/** Typical states offered while typing a state (any value is allowed). */
export const STATE_SUGGESTIONS = [
  'on',
  'off',
  'open',
  'closed',
  'locked',
  'unlocked',
  'home',
  'away',
  'playing',
  'paused',
  'idle',
  'recording',
  'heat',
  'cool',
  'auto',
  'armed_home',
  'armed_away',
  'armed_night',
  'disarmed',
  'triggered',
  'unavailable',
];

export function KindSelect({
  name,
  path,
  value,
  kinds,
  onChange,
}: {
  name: string;
  path: string;
  value: string;
  kinds: [string, string][];
  onChange: (kind: string) => void;
}) {
  return (
    <Select
      name={`${name} kind`}
      label="Kind"
      path={`${path}.type`}
      value={value}
      options={kinds}
      onChange={onChange}
    />
  );
}

export function PersonSelect({
  name,
  path,
  value,
  ctx,
  onChange,
  none,
}: {
  name: string;
  path: string;
  value: unknown;
  ctx: EditorContext;
  onChange: (v: string | undefined) => void;
  none: string;
}) {
  const people = byDomain(ctx, 'person');
  return (
    <Select
      name={`${name} person`}
      label="Person"
      path={`${path}.person`}
      value={typeof value === 'string' ? value : ''}
      options={[['', none], ...people.map((p): [string, string] => [p.entity_id, p.name])]}
      onChange={(v) => onChange(v || undefined)}
    />
  );
}

/** Any device of the home, as the entity of a row. */
export function DevicePicker({
  name,
  path,
  value,
  ctx,
  onChange,
}: {
  name: string;
  path: string;
  value: unknown;
  ctx: EditorContext;
  onChange: (id: string) => void;
}) {
  return (
    <EntityPicker
      name={`${name} device`}
      path={`${path}.entity`}
      value={value}
      entities={all(ctx)}
      areas={ctx.areas}
      onChange={onChange}
    />
  );
}

/** A state typed freely, with the usual states offered (the editor's `state-suggestions` list). */
export function StateInput({
  name,
  label,
  path,
  value,
  onChange,
}: {
  name: string;
  label: string;
  path: string;
  value: unknown;
  onChange: (v: string) => void;
}) {
  return (
    <TextInput
      name={name}
      label={label}
      path={path}
      list="state-suggestions"
      value={value}
      onChange={onChange}
    />
  );
}

/** "Above" and "Below" a sensor's value, labelled with its unit when it has one. */
export function Thresholds({
  name,
  path,
  above,
  below,
  entity,
  onChange,
}: {
  name: string;
  path: string;
  above: unknown;
  below: unknown;
  entity: Entity | undefined;
  onChange: (key: 'above' | 'below', v: number | undefined) => void;
}) {
  return (
    <>
      <NumberInput
        name={`${name} above`}
        label={`Above${unit(entity)}`}
        path={`${path}.above`}
        value={above}
        onChange={(v) => onChange('above', v)}
      />
      <NumberInput
        name={`${name} below`}
        label={`Below${unit(entity)}`}
        path={`${path}.below`}
        value={below}
        onChange={(v) => onChange('below', v)}
      />
    </>
  );
}

/** A time of day, `HH:MM` (a time trigger, a time condition's bounds). */
export function TimeOfDay({
  name,
  label,
  path,
  value,
  onChange,
}: {
  name: string;
  label: string;
  path: string;
  value: unknown;
  onChange: (v: string) => void;
}) {
  return <TextInput type="time" name={name} label={label} path={path} value={value} onChange={onChange} />;
}

/** A duration in whole seconds (a `for`, a delay, a timeout). */
export function SecondsInput({
  name,
  label,
  path,
  value,
  onChange,
}: {
  name: string;
  label: string;
  path: string;
  value: unknown;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <NumberInput name={name} label={label} path={path} value={value} min={0} step={1} onChange={onChange} />
  );
}

const unit = (e: Entity | undefined) => {
  const u = e?.attributes.unit_of_measurement ?? e?.attributes.unit;
  return typeof u === 'string' ? ` (${u})` : '';
};
