import {
  DevicePicker,
  KindSelect,
  PersonSelect,
  StateInput,
  TimeOfDay,
  Thresholds,
  all,
  type EditorContext,
} from './automation-fields';
import { DaysInput, EntityPicker, RowError, RowTools, Select, move, patch, replace, type Obj } from './form';
import { text } from './text';

/**
 * The condition rows of the automation editor, nested groups (and/or/not) included: one form
 * per condition kind, editing the wire shape (specification §2.6) directly.
 */

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
          <TimeOfDay
            name={`${name} after`}
            label="After"
            path={`${path}.after`}
            value={value.after}
            onChange={(v) => set('after', v)}
          />
          <TimeOfDay
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
          <DevicePicker
            name={name}
            path={path}
            value={value.entity}
            ctx={ctx}
            onChange={(id) => set('entity', id)}
          />
          <StateInput
            name={`${name} state`}
            label="Is in state"
            path={`${path}.state`}
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
          <Thresholds
            name={name}
            path={path}
            above={value.above}
            below={value.below}
            entity={entity}
            onChange={set}
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
