import { actionLabel, defaultParam, paramsOf, type ParamSpec } from './action-catalogue';
import { EntityPicker, Field, type Obj, without } from './form';
import type { Entity } from './types';
import { text } from './text';

/**
 * One `{entity, action, …params}`: an entity picker, then the actions that entity's capabilities
 * list, then the inputs that action takes with their ranges. Used by automation actions.
 */

const hex = (v: unknown): string => {
  if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) return v;
  if (Array.isArray(v) && v.length === 3)
    return (
      '#' +
      v
        .map((n) =>
          Math.max(0, Math.min(255, Number(n) | 0))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')
    );
  return '#ffffff';
};

/** The input for one parameter; numbers get a slider with its value beside it. */
export function ParamInput({
  name,
  path,
  spec,
  value,
  onChange,
}: {
  name: string;
  path: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const label = spec.kind === 'number' ? `${spec.label} (${spec.min}–${spec.max} ${spec.unit})` : spec.label;
  return (
    <Field label={label} path={path}>
      {(aria) => {
        switch (spec.kind) {
          case 'number': {
            const n = typeof value === 'number' ? value : spec.min;
            return (
              <span class="range">
                <input
                  type="range"
                  aria-label={name}
                  {...aria}
                  min={spec.min}
                  max={spec.max}
                  step={spec.step}
                  value={n}
                  onInput={(e) => onChange(Number(e.currentTarget.value))}
                />
                <output aria-hidden="true">
                  {n}
                  {spec.unit === '%' ? '%' : ` ${spec.unit}`}
                </output>
              </span>
            );
          }
          case 'choice':
            return (
              <select
                aria-label={name}
                {...aria}
                value={text(value)}
                onChange={(e) => onChange(e.currentTarget.value)}
              >
                {spec.options.map((o) => (
                  <option key={o} value={o}>
                    {o.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            );
          case 'color':
            return (
              <input
                type="color"
                aria-label={name}
                {...aria}
                value={hex(value)}
                onInput={(e) => onChange(e.currentTarget.value)}
              />
            );
          case 'text':
            return (
              <input
                type="text"
                aria-label={name}
                {...aria}
                maxLength={32}
                autocomplete="off"
                value={text(value)}
                onInput={(e) => onChange(e.currentTarget.value)}
              />
            );
        }
      }}
    </Field>
  );
}

/** Parameters of `action` for `entity`: required ones always, optional ones behind a checkbox. */
export function ParamInputs({
  name,
  path,
  entity,
  action,
  params,
  onChange,
}: {
  name: string;
  path: string;
  entity: Entity;
  action: string;
  params: Obj;
  onChange: (params: Obj) => void;
}) {
  const list = paramsOf(action, entity.capabilities);
  const known = new Set(list.map((p) => p.name));
  const other = Object.keys(params).filter((k) => !known.has(k));
  const set = (key: string, v: unknown) => {
    onChange(v === undefined ? without(params, key) : { ...params, [key]: v });
  };
  return (
    <>
      {list.map(({ name: p, required, spec }) => (
        <div key={p} class="param">
          {!required && (
            <label class="check">
              <input
                type="checkbox"
                aria-label={`${name} set ${spec.label.toLowerCase()}`}
                checked={params[p] !== undefined}
                onChange={(e) => set(p, e.currentTarget.checked ? defaultParam(spec) : undefined)}
              />
              Set {spec.label.toLowerCase()}
            </label>
          )}
          {(required || params[p] !== undefined) && (
            <ParamInput
              name={`${name} ${spec.label.toLowerCase()}`}
              path={`${path}.${p}`}
              spec={spec}
              value={params[p]}
              onChange={(v) => set(p, v)}
            />
          )}
        </div>
      ))}
      {other.length > 0 && (
        <p class="param">
          <small>Also sends {other.map((k) => `${k}: ${JSON.stringify(params[k])}`).join(', ')}</small>{' '}
          <button
            type="button"
            class="link"
            onClick={() => onChange(Object.fromEntries(Object.entries(params).filter(([k]) => known.has(k))))}
          >
            drop
          </button>
        </p>
      )}
    </>
  );
}

/** Splits `{entity, action, …params}`. */
export function splitAction(a: Obj): { entity: string; action: string; params: Obj } {
  const { entity, action, ...params } = a;
  return {
    entity: typeof entity === 'string' ? entity : '',
    action: typeof action === 'string' ? action : '',
    params,
  };
}

/** The required parameters of an action with their first values. */
export function requiredDefaults(entity: Entity, action: string): Obj {
  return Object.fromEntries(
    paramsOf(action, entity.capabilities)
      .filter((p) => p.required)
      .map((p) => [p.name, defaultParam(p.spec)]),
  );
}

export function EntityActionFields({
  name,
  path,
  value,
  onChange,
  entities,
  areas,
}: {
  name: string;
  path: string;
  value: Obj;
  onChange: (v: Obj) => void;
  entities: Map<string, Entity>;
  areas: Map<string, string>;
}) {
  const { entity: id, action, params } = splitAction(value);
  const entity = entities.get(id);
  const controllable = [...entities.values()].filter(
    (e) => e.capabilities.actions.length > 0 && e.domain !== 'scene',
  );
  const actions = entity?.capabilities.actions ?? (action ? [action] : []);
  const pickEntity = (next: string) => {
    const e = entities.get(next);
    const a = e?.capabilities.actions.includes(action) ? action : (e?.capabilities.actions[0] ?? action);
    onChange({ entity: next, action: a, ...(e ? requiredDefaults(e, a) : {}) });
  };
  const pickAction = (next: string) =>
    onChange({ entity: id, action: next, ...(entity ? requiredDefaults(entity, next) : {}) });
  return (
    <>
      <EntityPicker
        name={`${name} device`}
        path={`${path}.entity`}
        value={id}
        onChange={pickEntity}
        entities={controllable}
        areas={areas}
      />
      <Field label="Action" path={`${path}.action`}>
        {(aria) => (
          <select
            aria-label={`${name} action`}
            {...aria}
            value={action}
            onChange={(e) => pickAction(e.currentTarget.value)}
          >
            {!action && <option value="">Choose…</option>}
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {entity && action && (
        <ParamInputs
          name={name}
          path={path}
          entity={entity}
          action={action}
          params={params}
          onChange={(p) => onChange({ entity: id, action, ...p })}
        />
      )}
    </>
  );
}
