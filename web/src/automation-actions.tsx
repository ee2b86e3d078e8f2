import { SecondsInput, type EditorContext } from './automation-fields';
import { ConditionFields, newCondition } from './automation-conditions';
import { EntityActionFields } from './entity-action';
import { RowError, Select, TextInput, patch, type Obj } from './form';
import { text } from './text';

/**
 * The action rows of the automation editor: control a device, activate a scene, wait, notify
 * or wait for a condition, each editing the wire shape (specification §2.6) directly.
 */

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
        <SecondsInput
          name={`${name} seconds`}
          label="Seconds"
          path={`${path}.delay`}
          value={value.delay}
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
          <SecondsInput
            name={`${name} timeout seconds`}
            label="Timeout seconds"
            path={`${path}.timeout`}
            value={value.timeout}
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
