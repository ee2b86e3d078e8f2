import { EntityActionFields } from './entity-action';
import {
  DaysInput,
  EntityPicker,
  NumberInput,
  RowError,
  RowTools,
  Select,
  TextInput,
  move,
  patch,
  replace,
  type Obj,
} from './form';
import type { Entity } from './types';
import { text } from './text';

/**
 * The rows of the automation editor: one form per trigger, condition and action kind, editing
 * the wire shape (specification §2.6) directly, so what the form holds is what is sent.
 */

export interface EditorContext {
  entities: Map<string, Entity>;
  areas: Map<string, string>;
  scenes: { id: string; name: string }[];
}

const byDomain = (ctx: EditorContext, ...domains: string[]) =>
  [...ctx.entities.values()].filter((e) => domains.includes(e.domain));
const all = (ctx: EditorContext) => [...ctx.entities.values()];

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

function KindSelect({
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

// ---- triggers ----

export const TRIGGER_KINDS: [string, string][] = [
  ['time', 'At a time of day'],
  ['sensor', 'A sensor reading'],
  ['presence', 'Someone arrives or leaves'],
  ['solar', 'Sunrise or sunset'],
  ['device_state', 'A device changes state'],
];
const TRIGGER_DEFAULTS: Record<string, Obj> = {
  time: { type: 'time', at: '07:00' },
  sensor: { type: 'sensor', entity: '' },
  presence: { type: 'presence', event: 'arrive' },
  solar: { type: 'solar', event: 'sunset' },
  device_state: { type: 'device_state', entity: '' },
};
export const newTrigger = (kind = 'time'): Obj => ({ ...TRIGGER_DEFAULTS[kind] });

function PersonSelect({
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

export function TriggerFields({
  name,
  path,
  value,
  ctx,
  onChange,
}: {
  name: string;
  path: string;
  value: Obj;
  ctx: EditorContext;
  onChange: (v: Obj) => void;
}) {
  const type = text(value.type, 'time');
  const set = (key: string, v: unknown) => onChange(patch(value, key, v));
  const seconds = (key: string, label: string) => (
    <NumberInput
      name={`${name} ${label.toLowerCase()}`}
      label={label}
      path={`${path}.${key}`}
      value={value[key]}
      min={0}
      step={1}
      onChange={(v) => set(key, v)}
    />
  );
  let fields;
  switch (type) {
    case 'time':
      fields = (
        <>
          <TextInput
            type="time"
            name={`${name} time`}
            label="Time"
            path={`${path}.at`}
            value={value.at}
            onChange={(v) => set('at', v)}
          />
          <DaysInput
            name={`${name} days`}
            path={`${path}.days`}
            value={value.days}
            onChange={(v) => set('days', v)}
          />
        </>
      );
      break;
    case 'sensor': {
      const entity = ctx.entities.get(text(value.entity));
      const binary = entity?.domain === 'binary_sensor';
      fields = (
        <>
          <EntityPicker
            name={`${name} sensor`}
            label="Sensor"
            path={`${path}.entity`}
            value={value.entity}
            entities={byDomain(ctx, 'sensor', 'binary_sensor', 'number')}
            areas={ctx.areas}
            onChange={(id) =>
              onChange({
                type: 'sensor',
                entity: id,
                ...(ctx.entities.get(id)?.domain === 'binary_sensor' ? { to: 'on' } : {}),
                ...(value.for !== undefined ? { for: value.for } : {}),
              })
            }
          />
          {binary ? (
            <Select
              name={`${name} changes to`}
              label="Changes to"
              path={`${path}.to`}
              value={text(value.to, 'on')}
              options={['on', 'off']}
              onChange={(v) => set('to', v)}
            />
          ) : (
            <>
              <NumberInput
                name={`${name} above`}
                label={`Above${unit(entity)}`}
                path={`${path}.above`}
                value={value.above}
                onChange={(v) => set('above', v)}
              />
              <NumberInput
                name={`${name} below`}
                label={`Below${unit(entity)}`}
                path={`${path}.below`}
                value={value.below}
                onChange={(v) => set('below', v)}
              />
            </>
          )}
          {seconds('for', 'For (seconds)')}
        </>
      );
      break;
    }
    case 'presence':
      fields = (
        <>
          <PersonSelect
            name={name}
            path={path}
            value={value.person}
            ctx={ctx}
            none="Anyone"
            onChange={(v) => set('person', v)}
          />
          <Select
            name={`${name} event`}
            label="Event"
            path={`${path}.event`}
            value={text(value.event, 'arrive')}
            onChange={(v) => set('event', v)}
            options={[
              ['arrive', 'arrives'],
              ['leave', 'leaves'],
              ['first_arrived', 'first person arrives'],
              ['last_left', 'last person leaves'],
            ]}
          />
        </>
      );
      break;
    case 'solar':
      fields = (
        <>
          <Select
            name={`${name} event`}
            label="Event"
            path={`${path}.event`}
            value={text(value.event, 'sunset')}
            options={[
              ['sunrise', 'Sunrise'],
              ['sunset', 'Sunset'],
            ]}
            onChange={(v) => set('event', v)}
          />
          <NumberInput
            name={`${name} offset minutes`}
            label="Offset minutes (− before)"
            path={`${path}.offset`}
            value={value.offset}
            min={-720}
            max={720}
            step={1}
            onChange={(v) => set('offset', v)}
          />
        </>
      );
      break;
    case 'device_state':
      fields = (
        <>
          <EntityPicker
            name={`${name} device`}
            path={`${path}.entity`}
            value={value.entity}
            entities={all(ctx)}
            areas={ctx.areas}
            onChange={(id) => set('entity', id)}
          />
          <TextInput
            name={`${name} from state`}
            label="From (any)"
            path={`${path}.from`}
            list="state-suggestions"
            value={value.from}
            onChange={(v) => set('from', v)}
          />
          <TextInput
            name={`${name} to state`}
            label="To (any)"
            path={`${path}.to`}
            list="state-suggestions"
            value={value.to}
            onChange={(v) => set('to', v)}
          />
          {seconds('for', 'For (seconds)')}
        </>
      );
      break;
  }
  return (
    <>
      <KindSelect
        name={name}
        path={path}
        value={type}
        kinds={TRIGGER_KINDS}
        onChange={(k) => onChange(newTrigger(k))}
      />
      {fields}
    </>
  );
}

const unit = (e: Entity | undefined) => {
  const u = e?.attributes.unit_of_measurement ?? e?.attributes.unit;
  return typeof u === 'string' ? ` (${u})` : '';
};

// ---- conditions ----

export const CONDITION_KINDS: [string, string][] = [
  ['presence', 'Someone is home / away'],
  ['time', 'Time of day'],
  ['state', 'A device is in a state'],
  ['numeric', 'A value is above / below'],
  ['sun', 'Sun (after sunset, before sunrise)'],
  ['and', 'All of these (and)'],
  ['or', 'Any of these (or)'],
  ['not', 'None of these (not)'],
];
const CONDITION_DEFAULTS: Record<string, Obj> = {
  presence: { type: 'presence', state: 'home' },
  time: { type: 'time', after: '22:00' },
  state: { type: 'state', entity: '', state: 'on' },
  numeric: { type: 'numeric', entity: '' },
  sun: { type: 'sun', after: 'sunset' },
};
export const newCondition = (kind = 'presence'): Obj =>
  CONDITION_DEFAULTS[kind] ? { ...CONDITION_DEFAULTS[kind] } : { type: kind, conditions: [newCondition()] };
const isGroup = (t: string) => t === 'and' || t === 'or' || t === 'not';

export function ConditionFields({
  name,
  path,
  value,
  ctx,
  onChange,
  depth,
}: {
  name: string;
  path: string;
  value: Obj;
  ctx: EditorContext;
  onChange: (v: Obj) => void;
  depth: number;
}) {
  const type = text(value.type, 'presence');
  const set = (key: string, v: unknown) => onChange(patch(value, key, v));
  const kinds = depth >= 8 ? CONDITION_KINDS.filter(([k]) => !isGroup(k)) : CONDITION_KINDS;
  const changeKind = (k: string) =>
    onChange(isGroup(k) && isGroup(type) ? { ...value, type: k } : newCondition(k));
  let fields;
  switch (type) {
    case 'presence':
      fields = (
        <>
          <PersonSelect
            name={name}
            path={path}
            value={value.person}
            ctx={ctx}
            none="Anyone / everyone"
            onChange={(v) => set('person', v)}
          />
          <Select
            name={`${name} state`}
            label="State"
            path={`${path}.state`}
            value={text(value.state, 'home')}
            options={[
              ['home', 'home'],
              ['away', 'away'],
            ]}
            onChange={(v) => set('state', v)}
          />
        </>
      );
      break;
    case 'time':
      fields = (
        <>
          <TextInput
            type="time"
            name={`${name} after`}
            label="After"
            path={`${path}.after`}
            value={value.after}
            onChange={(v) => set('after', v)}
          />
          <TextInput
            type="time"
            name={`${name} before`}
            label="Before"
            path={`${path}.before`}
            value={value.before}
            onChange={(v) => set('before', v)}
          />
          <DaysInput
            name={`${name} days`}
            path={`${path}.days`}
            value={value.days}
            onChange={(v) => set('days', v)}
          />
        </>
      );
      break;
    case 'state':
      fields = (
        <>
          <EntityPicker
            name={`${name} device`}
            path={`${path}.entity`}
            value={value.entity}
            entities={all(ctx)}
            areas={ctx.areas}
            onChange={(id) => set('entity', id)}
          />
          <TextInput
            name={`${name} state`}
            label="Is in state"
            path={`${path}.state`}
            list="state-suggestions"
            value={value.state}
            onChange={(v) => onChange({ ...value, state: v })}
          />
        </>
      );
      break;
    case 'numeric': {
      const entity = ctx.entities.get(text(value.entity));
      fields = (
        <>
          <EntityPicker
            name={`${name} sensor`}
            label="Sensor"
            path={`${path}.entity`}
            value={value.entity}
            entities={all(ctx).filter(
              (e) => typeof e.state === 'number' || e.domain === 'sensor' || e.domain === 'number',
            )}
            areas={ctx.areas}
            onChange={(id) => set('entity', id)}
          />
          <NumberInput
            name={`${name} above`}
            label={`Above${unit(entity)}`}
            path={`${path}.above`}
            value={value.above}
            onChange={(v) => set('above', v)}
          />
          <NumberInput
            name={`${name} below`}
            label={`Below${unit(entity)}`}
            path={`${path}.below`}
            value={value.below}
            onChange={(v) => set('below', v)}
          />
        </>
      );
      break;
    }
    case 'sun': {
      const opts: [string, string][] = [
        ['', '—'],
        ['sunrise', 'sunrise'],
        ['sunset', 'sunset'],
      ];
      fields = (
        <>
          <Select
            name={`${name} after`}
            label="After"
            path={`${path}.after`}
            value={text(value.after)}
            options={opts}
            onChange={(v) => set('after', v || undefined)}
          />
          <Select
            name={`${name} before`}
            label="Before"
            path={`${path}.before`}
            value={text(value.before)}
            options={opts}
            onChange={(v) => set('before', v || undefined)}
          />
        </>
      );
      break;
    }
    default:
      fields = (
        <ConditionList
          name={name}
          path={`${path}.conditions`}
          list={Array.isArray(value.conditions) ? (value.conditions as Obj[]) : []}
          ctx={ctx}
          depth={depth + 1}
          onChange={(list) => onChange({ ...value, conditions: list })}
        />
      );
  }
  return (
    <>
      <KindSelect name={name} path={path} value={type} kinds={kinds} onChange={changeKind} />
      {fields}
    </>
  );
}

/** A list of conditions (top level, or nested in and/or/not), each row reorderable. */
export function ConditionList({
  name,
  path,
  list,
  ctx,
  onChange,
  depth,
}: {
  name: string;
  path: string;
  list: Obj[];
  ctx: EditorContext;
  onChange: (list: Obj[]) => void;
  depth: number;
}) {
  const label = (i: number) => (depth === 0 ? `Condition ${i + 1}` : `${name} condition ${i + 1}`);
  return (
    <div class={depth > 0 ? 'nested' : 'rows'}>
      <RowError path={path} />
      {list.map((c, i) => (
        <fieldset key={i} class="row" data-row={`${path}[${i}]`}>
          <legend>{label(i)}</legend>
          <ConditionFields
            name={label(i)}
            path={`${path}[${i}]`}
            value={c}
            ctx={ctx}
            depth={depth}
            onChange={(v) => onChange(replace(list, i, v))}
          />
          <RowTools
            what={label(i).toLowerCase()}
            index={i}
            count={list.length}
            onMove={(to) => onChange(move(list, i, to))}
            onRemove={() => onChange(list.filter((_, j) => j !== i))}
          />
          <RowError path={`${path}[${i}]`} />
        </fieldset>
      ))}
      <button type="button" onClick={() => onChange([...list, newCondition()])}>
        {depth === 0 ? 'Add condition' : `Add to ${name.toLowerCase()}`}
      </button>
    </div>
  );
}

// ---- actions ----

export const ACTION_KINDS: [string, string][] = [
  ['entity', 'Control a device'],
  ['scene', 'Activate a scene'],
  ['delay', 'Wait some time'],
  ['notify', 'Send a notification'],
  ['wait', 'Wait for a condition'],
];
export function actionKind(a: Obj): string {
  if ('entity' in a || 'action' in a) return 'entity';
  return ['scene', 'delay', 'notify', 'wait'].find((k) => k in a) ?? 'entity';
}
export function newAction(kind: string, ctx: EditorContext): Obj {
  switch (kind) {
    case 'scene':
      return { scene: ctx.scenes[0]?.id ?? '' };
    case 'delay':
      return { delay: 60 };
    case 'notify':
      return { notify: '' };
    case 'wait':
      return { wait: { type: 'state', entity: '', state: 'off' }, timeout: 600 };
    default:
      return { entity: '', action: '' };
  }
}

export function ActionFields({
  name,
  path,
  value,
  ctx,
  onChange,
}: {
  name: string;
  path: string;
  value: Obj;
  ctx: EditorContext;
  onChange: (v: Obj) => void;
}) {
  const kind = actionKind(value);
  let fields;
  switch (kind) {
    case 'scene':
      fields = (
        <Select
          name={`${name} scene`}
          label="Scene"
          path={`${path}.scene`}
          value={text(value.scene)}
          onChange={(v) => onChange({ scene: v })}
          options={[
            ...(ctx.scenes.some((s) => s.id === value.scene)
              ? []
              : [[text(value.scene), text(value.scene) || 'Choose…'] as [string, string]]),
            ...ctx.scenes.map((s): [string, string] => [s.id, s.name]),
          ]}
        />
      );
      break;
    case 'delay':
      fields = (
        <NumberInput
          name={`${name} seconds`}
          label="Seconds"
          path={`${path}.delay`}
          value={value.delay}
          min={0}
          step={1}
          onChange={(v) => onChange(patch({}, 'delay', v))}
        />
      );
      break;
    case 'notify':
      fields = (
        <TextInput
          name={`${name} message`}
          label="Message"
          path={`${path}.notify`}
          maxLength={1000}
          value={value.notify}
          onChange={(v) => onChange({ notify: v })}
        />
      );
      break;
    case 'wait':
      fields = (
        <>
          <div class="nested">
            <ConditionFields
              name={`${name} wait for`}
              path={`${path}.wait`}
              value={(value.wait as Obj | undefined) ?? newCondition('state')}
              ctx={ctx}
              depth={1}
              onChange={(v) => onChange({ ...value, wait: v })}
            />
            <RowError path={`${path}.wait`} />
          </div>
          <NumberInput
            name={`${name} timeout seconds`}
            label="Timeout seconds"
            path={`${path}.timeout`}
            value={value.timeout}
            min={0}
            step={1}
            onChange={(v) => onChange(patch(value, 'timeout', v))}
          />
        </>
      );
      break;
    default:
      fields = (
        <EntityActionFields
          name={name}
          path={path}
          value={value}
          entities={ctx.entities}
          areas={ctx.areas}
          onChange={onChange}
        />
      );
  }
  return (
    <>
      <Select
        name={`${name} kind`}
        label="Kind"
        path={`${path}.kind`}
        value={kind}
        options={ACTION_KINDS}
        onChange={(k) => onChange(newAction(k, ctx))}
      />
      {fields}
    </>
  );
}
