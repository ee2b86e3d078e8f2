import { useEffect, useRef, useState } from 'preact/hooks';
import type { ParamSpec } from './action-catalogue';
import { api, ApiError, message } from './api';
import { ParamInput } from './entity-action';
import {
  EntityPicker,
  Field,
  FieldError,
  RowError,
  RowTools,
  TextInput,
  move,
  replace,
  type Obj,
  without,
} from './form';
import { useStructure } from './hooks';
import type { HomeStore } from './live';
import { settingsOf, STATES, statesOf, toActions, toTargets, type Target } from './scene-targets';
import type { Entity, Scene } from './types';

/**
 * The scene editor (loaded on demand): pick devices and the state each should be in, with the
 * controls that fit what the device can do (see scene-targets.ts for how that maps to actions).
 */

const describeRule = (a: Obj) => {
  const { target, action, ...params } = a as { target?: Record<string, unknown>; action: string } & Obj;
  const where = Object.entries(target ?? {})
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join(', ');
  const extra = Object.entries(params)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(', ');
  return `Every device with ${where || 'any'}: ${action}${extra ? ` (${extra})` : ''}`;
};

function TargetFields({
  name,
  path,
  target,
  entities,
  areas,
  onChange,
}: {
  name: string;
  path: string;
  target: Target;
  entities: Map<string, Entity>;
  areas: Map<string, string>;
  onChange: (t: Target) => void;
}) {
  const e = entities.get(target.entity);
  const controllable = [...entities.values()].filter(
    (x) => statesOf(x).length > 0 || settingsOf(x, 'on').length > 0,
  );
  const pick = (id: string) => {
    const next = entities.get(id);
    const states = next ? statesOf(next) : [];
    // Lights and switches usually go on in a scene; anything else starts as "leave as it is" until chosen.
    onChange({ entity: id, state: states.includes('on') ? 'on' : '', values: {}, stateParams: {} });
  };
  const setValue = (key: string, v: unknown) => {
    const values = v === undefined ? without(target.values, key) : { ...target.values, [key]: v };
    onChange({ ...target, values });
  };
  return (
    <div class="target-state">
      <EntityPicker
        name={`${name} device`}
        path={`${path}.entity`}
        value={target.entity}
        entities={controllable}
        areas={areas}
        onChange={pick}
      />
      {e && statesOf(e).length > 0 && (
        <Field label="State" path={`${path}.state`}>
          {(aria) => (
            <select
              aria-label={`${name} state`}
              {...aria}
              value={target.state}
              onChange={(ev) => onChange({ ...target, state: ev.currentTarget.value, stateParams: {} })}
            >
              <option value="">Leave as it is</option>
              {statesOf(e).map((s) => (
                <option key={s} value={s}>
                  {STATES[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {e &&
        settingsOf(e, target.state).map(({ key, spec }) => {
          const label = spec.label.toLowerCase();
          return (
            <div key={key} class="param">
              <label class="check">
                <input
                  type="checkbox"
                  aria-label={`${name} set ${label}`}
                  checked={target.values[key] !== undefined}
                  onChange={(ev) =>
                    setValue(key, ev.currentTarget.checked ? currentValue(e, key, spec) : undefined)
                  }
                />
                Set {label}
              </label>
              {target.values[key] !== undefined && (
                <ParamInput
                  name={`${name} ${label}`}
                  path={`${path}.${key}`}
                  spec={spec}
                  value={target.values[key]}
                  onChange={(v) => setValue(key, v)}
                />
              )}
            </div>
          );
        })}
    </div>
  );
}

/** A setting starts at what the device shows now, so ticking it changes nothing by surprise. */
function currentValue(e: Entity, key: string, spec: ParamSpec): unknown {
  const now = key === 'hvac_mode' ? e.state : e.attributes[key];
  if (spec.kind === 'number' && typeof now === 'number')
    return Math.min(spec.max, Math.max(spec.min, Math.round(now / spec.step) * spec.step));
  if (spec.kind === 'choice' && typeof now === 'string' && spec.options.includes(now)) return now;
  if (spec.kind === 'color' && (Array.isArray(now) || typeof now === 'string')) return now;
  return firstValue(spec);
}

function firstValue(spec: ParamSpec): unknown {
  if (spec.kind === 'number') return spec.unit === '%' ? 50 : spec.min;
  if (spec.kind === 'choice') return spec.options[0];
  if (spec.kind === 'color') return '#ffb46b';
  return '';
}

export function SceneEditor({
  store,
  scene,
  onDone,
}: {
  store: HomeStore;
  scene: Scene | null;
  onDone: (saved: string | null) => void;
}) {
  useStructure(store);
  const [name, setName] = useState(scene?.name ?? '');
  const [targets, setTargets] = useState<Target[]>(() => {
    const t = toTargets(scene?.actions ?? []);
    return t.length || scene ? t : [{ entity: '', state: 'on', values: {}, stateParams: {} }];
  });
  const [rules, setRules] = useState<Obj[]>(() =>
    (scene?.actions ?? []).filter((a) => typeof a.entity !== 'string'),
  );
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const areas = new Map(store.areas.map((a) => [a.id, a.name]));
  useEffect(() => {
    if (error?.field)
      form.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(error.field)}"]`)?.focus();
  }, [error]);

  const save = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    const { actions, owner } = toActions(targets, store.entities);
    try {
      const body = { name, actions: [...rules, ...actions] };
      if (scene) await api('PUT', `/api/home/scenes/${scene.id}`, body);
      else await api('POST', '/api/home/scenes', body);
      onDone(`Saved "${name}"`);
    } catch (err) {
      // The service names actions by index; point at the device row that produced it.
      let field = err instanceof ApiError ? (err.field ?? '') : '';
      const m = /^actions\[(\d+)\](?:\.(\w+))?/.exec(field);
      if (m) {
        const i = Number(m[1]) - rules.length;
        field =
          i >= 0 && owner[i] !== undefined
            ? `targets[${owner[i]}]${m[2] === 'entity' ? '.entity' : ''}`
            : 'rules';
      }
      setError({ field, text: message(err) });
    }
  };

  const title = scene ? `Edit ${scene.name}` : 'New scene';
  return (
    <form class="card editor scene-editor" ref={form} onSubmit={save} aria-label={title} noValidate>
      <h3>{title}</h3>
      <FieldError.Provider value={error}>
        <div class="row plain">
          <TextInput
            name="Scene name"
            label="Name"
            path="name"
            maxLength={100}
            value={name}
            onChange={setName}
          />
        </div>
        {rules.length > 0 && (
          <section aria-label="Room- and type-wide actions">
            <h4>
              Rules <small>(resolved when the scene runs)</small>
            </h4>
            <RowError path="rules" />
            <ul class="list">
              {rules.map((r, i) => (
                <li key={i}>
                  <span class="grow">{describeRule(r)}</span>
                  <button
                    type="button"
                    aria-label={`Remove rule ${i + 1}`}
                    onClick={() => setRules(rules.filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-label="Devices">
          <h4>
            Devices <small>(and the state each should be in)</small>
          </h4>
          <div class="rows">
            {targets.map((t, i) => {
              const label = `Device ${i + 1}`;
              return (
                <fieldset key={i} class="row" data-row={`targets[${i}]`}>
                  <legend>
                    {label}
                    {store.entities.get(t.entity) ? `: ${store.entities.get(t.entity)!.name}` : ''}
                  </legend>
                  <TargetFields
                    name={label}
                    path={`targets[${i}]`}
                    target={t}
                    entities={store.entities}
                    areas={areas}
                    onChange={(v) => setTargets(replace(targets, i, v))}
                  />
                  <RowTools
                    what={label.toLowerCase()}
                    index={i}
                    count={targets.length}
                    onMove={(to) => setTargets(move(targets, i, to))}
                    onRemove={() => setTargets(targets.filter((_, j) => j !== i))}
                  />
                  <RowError path={`targets[${i}]`} />
                </fieldset>
              );
            })}
            <button
              type="button"
              onClick={() =>
                setTargets([...targets, { entity: '', state: 'on', values: {}, stateParams: {} }])
              }
            >
              Add device
            </button>
          </div>
        </section>
        {error && (
          <p role="alert" class="error">
            Not saved: {error.text}
          </p>
        )}
      </FieldError.Provider>
      <div class="buttons">
        <button type="submit" class="primary">
          Save scene
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
