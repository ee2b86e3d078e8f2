import {
  byDomain,
  DevicePicker,
  KindSelect,
  PersonSelect,
  SecondsInput,
  StateInput,
  TimeOfDay,
  Thresholds,
  type EditorContext,
} from './automation-fields';
import { DaysInput, EntityPicker, NumberInput, Select, patch, type Obj } from './form';
import { text } from './text';

/**
 * The trigger rows of the automation editor: one form per trigger kind, editing the wire shape
 * (specification §2.6) directly, so what the form holds is what is sent.
 */

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
  const forSeconds = (
    <SecondsInput
      name={`${name} for (seconds)`}
      label="For (seconds)"
      path={`${path}.for`}
      value={value.for}
      onChange={(v) => set('for', v)}
    />
  );
  let fields;
  switch (type) {
    case 'time':
      fields = (
        <>
          <TimeOfDay
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
            <Thresholds
              name={name}
              path={path}
              above={value.above}
              below={value.below}
              entity={entity}
              onChange={set}
            />
          )}
          {forSeconds}
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
          <DevicePicker
            name={name}
            path={path}
            value={value.entity}
            ctx={ctx}
            onChange={(id) => set('entity', id)}
          />
          <StateInput
            name={`${name} from state`}
            label="From (any)"
            path={`${path}.from`}
            value={value.from}
            onChange={(v) => set('from', v)}
          />
          <StateInput
            name={`${name} to state`}
            label="To (any)"
            path={`${path}.to`}
            value={value.to}
            onChange={(v) => set('to', v)}
          />
          {forSeconds}
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
