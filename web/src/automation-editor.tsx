import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, message } from './api';
import { ActionFields, newAction } from './automation-actions';
import { ConditionList } from './automation-conditions';
import { STATE_SUGGESTIONS, type EditorContext } from './automation-fields';
import { newTrigger, TriggerFields } from './automation-triggers';
import {
  FieldError,
  NumberInput,
  RowError,
  RowTools,
  Select,
  TextInput,
  move,
  replace,
  type Obj,
} from './form';
import { useStructure } from './hooks';
import type { HomeStore } from './live';
import type { Scene } from './types';
import { text } from './text';

/**
 * The automation editor (loaded on demand): name, enabled, mode, triggers, conditions and actions
 * as forms, or the same body as JSON. The service validates; its 400 names the field
 * (`trigger.at`, `actions[1].delay`), and the message appears beside that field.
 */

export interface AutomationRecord extends Obj {
  id: string;
  name: string;
  enabled: boolean;
}

interface Draft {
  name: string;
  enabled: boolean;
  mode: string;
  triggers: Obj[];
  conditions: Obj[];
  actions: Obj[];
  rest: Obj;
}

const BASE = '/api/home/automations';
const MODES: [string, string][] = [
  ['single', 'single — ignore triggers while running'],
  ['restart', 'restart — start again'],
  ['queued', 'queued — run afterwards'],
  ['parallel', 'parallel — run alongside'],
];

function fromWire(a: Obj | null): Draft {
  if (!a) {
    return {
      // The specification's own example (§2.6) as a starting point to adapt.
      name: 'Evening lights',
      enabled: true,
      mode: 'single',
      triggers: [{ type: 'time', at: '19:30' }],
      conditions: [{ type: 'presence', state: 'home' }],
      actions: [{ entity: 'light.living_room', action: 'dim', brightness: 30 }],
      rest: {},
    };
  }
  const triggers = Array.isArray(a.triggers) ? (a.triggers as Obj[]) : a.trigger ? [a.trigger as Obj] : [];
  const rest: Obj = {};
  if (typeof a.description === 'string') rest.description = a.description;
  if (typeof a.catch_up === 'number') rest.catch_up = a.catch_up;
  return {
    name: text(a.name),
    enabled: a.enabled !== false,
    mode: text(a.mode, 'single'),
    triggers,
    conditions: Array.isArray(a.conditions) ? (a.conditions as Obj[]) : [],
    actions: Array.isArray(a.actions) ? (a.actions as Obj[]) : [],
    rest,
  };
}

/** The specification's shape: one trigger as `trigger`, several as `triggers`. */
function toWire(d: Draft): Obj {
  return {
    name: d.name,
    enabled: d.enabled,
    mode: d.mode,
    ...(d.triggers.length === 1 ? { trigger: d.triggers[0] } : { triggers: d.triggers }),
    conditions: d.conditions,
    actions: d.actions,
    ...d.rest,
  };
}

/** The form shows one trigger as `triggers[0]`; the wire calls it `trigger`. */
const formPath = (field: string) => field.replace(/^trigger(?=$|\.)/, 'triggers[0]');

export function AutomationEditor({
  automation,
  store,
  onDone,
}: {
  automation: AutomationRecord | null;
  store: HomeStore;
  onDone: (saved: string | null) => void;
}) {
  useStructure(store);
  const [draft, setDraft] = useState<Draft>(() => fromWire(automation));
  const [json, setJson] = useState<string | null>(null);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [scenes, setScenes] = useState<Scene[]>([]);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => void api<Scene[]>('GET', '/api/home/scenes').then(setScenes, () => {}), []);
  const ctx: EditorContext = useMemo(
    () => ({
      entities: store.entities,
      areas: new Map(store.areas.map((a) => [a.id, a.name])),
      scenes: scenes.map((s) => ({ id: s.id, name: s.name })),
    }),
    [store.entities, store.areas, scenes],
  );
  // Take keyboard users to the field the service complained about.
  useEffect(() => {
    if (!error?.field) return;
    form.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(error.field)}"]`)?.focus();
  }, [error]);

  const up = (p: Partial<Draft>) => setDraft({ ...draft, ...p });

  const toggleJson = () => {
    if (json === null) {
      setJson(JSON.stringify(toWire(draft), null, 2));
      return;
    }
    try {
      setDraft(fromWire(JSON.parse(json) as Obj));
      setJson(null);
      setError(null);
    } catch (err) {
      setError({ field: '', text: `Not valid JSON: ${message(err)}` });
    }
  };

  const save = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    let body: Obj;
    try {
      body = json === null ? toWire(draft) : (JSON.parse(json) as Obj);
    } catch (err) {
      setError({ field: '', text: `Not valid JSON: ${message(err)}` });
      return;
    }
    try {
      const saved = automation
        ? await api<{ warnings?: string[] }>('PUT', `${BASE}/${automation.id}`, body)
        : await api<{ warnings?: string[] }>('POST', BASE, body);
      onDone(
        saved.warnings?.length
          ? `Saved "${String(body.name)}", but: ${saved.warnings.join('; ')}`
          : `Saved "${String(body.name)}"`,
      );
    } catch (err) {
      const field = err instanceof ApiError && err.field ? formPath(err.field) : '';
      setError({ field: json === null ? field : '', text: message(err) });
    }
  };

  const title = automation ? `Edit ${automation.name}` : 'New automation';
  return (
    <form class="card editor" ref={form} onSubmit={save} aria-label={title} noValidate>
      <div class="editor-head">
        <h3>{title}</h3>
        <button type="button" class="link" aria-pressed={json !== null} onClick={toggleJson}>
          {json === null ? 'Edit as JSON' : 'Back to the form'}
        </button>
      </div>
      <datalist id="state-suggestions">
        {STATE_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <FieldError.Provider value={error}>
        {json !== null ? (
          <label>
            Automation (JSON)
            <textarea
              rows={18}
              spellcheck={false}
              value={json}
              onInput={(e) => setJson(e.currentTarget.value)}
              aria-invalid={error !== null}
            />
          </label>
        ) : (
          <>
            <div class="row plain">
              <TextInput
                name="Name"
                label="Name"
                path="name"
                maxLength={100}
                value={draft.name}
                onChange={(v) => up({ name: v })}
              />
              <Select
                name="Mode"
                label="Mode"
                path="mode"
                value={draft.mode}
                options={MODES}
                onChange={(v) => up({ mode: v })}
              />
              <label class="check">
                <input
                  type="checkbox"
                  checked={draft.enabled}
                  onChange={(e) => up({ enabled: e.currentTarget.checked })}
                />
                Enabled
              </label>
            </div>

            <section aria-labelledby="triggers-h">
              <h4 id="triggers-h">
                When <small>(any of these triggers)</small>
              </h4>
              <RowError path="triggers" />
              <div class="rows">
                {draft.triggers.map((t, i) => (
                  <fieldset key={i} class="row" data-row={`triggers[${i}]`}>
                    <legend>Trigger {i + 1}</legend>
                    <TriggerFields
                      name={`Trigger ${i + 1}`}
                      path={`triggers[${i}]`}
                      value={t}
                      ctx={ctx}
                      onChange={(v) => up({ triggers: replace(draft.triggers, i, v) })}
                    />
                    <RowTools
                      what={`trigger ${i + 1}`}
                      index={i}
                      count={draft.triggers.length}
                      onMove={(to) => up({ triggers: move(draft.triggers, i, to) })}
                      onRemove={() => up({ triggers: draft.triggers.filter((_, j) => j !== i) })}
                    />
                    <RowError path={`triggers[${i}]`} />
                  </fieldset>
                ))}
                <button
                  type="button"
                  onClick={() => up({ triggers: [...draft.triggers, newTrigger('time')] })}
                >
                  Add trigger
                </button>
              </div>
            </section>

            <section aria-labelledby="conditions-h">
              <h4 id="conditions-h">
                Only if <small>(all of these hold)</small>
              </h4>
              <ConditionList
                name="Condition"
                path="conditions"
                list={draft.conditions}
                ctx={ctx}
                depth={0}
                onChange={(list) => up({ conditions: list })}
              />
            </section>

            <section aria-labelledby="actions-h">
              <h4 id="actions-h">
                Then <small>(in order)</small>
              </h4>
              <RowError path="actions" />
              <div class="rows">
                {draft.actions.map((a, i) => (
                  <fieldset key={i} class="row" data-row={`actions[${i}]`}>
                    <legend>Action {i + 1}</legend>
                    <ActionFields
                      name={`Action ${i + 1}`}
                      path={`actions[${i}]`}
                      value={a}
                      ctx={ctx}
                      onChange={(v) => up({ actions: replace(draft.actions, i, v) })}
                    />
                    <RowTools
                      what={`action ${i + 1}`}
                      index={i}
                      count={draft.actions.length}
                      onMove={(to) => up({ actions: move(draft.actions, i, to) })}
                      onRemove={() => up({ actions: draft.actions.filter((_, j) => j !== i) })}
                    />
                    <RowError path={`actions[${i}]`} />
                  </fieldset>
                ))}
                <button
                  type="button"
                  onClick={() => up({ actions: [...draft.actions, newAction('entity', ctx)] })}
                >
                  Add action
                </button>
              </div>
            </section>

            <details>
              <summary>More options</summary>
              <p>
                <small>
                  Catch up: a time or sunrise/sunset run missed while Hearth was down still runs at start if
                  it is at most this many seconds late (0 or empty: never).
                </small>
              </p>
              <div class="row plain">
                <TextInput
                  name="Description"
                  label="Description"
                  path="description"
                  maxLength={1000}
                  value={draft.rest.description}
                  onChange={(v) => up({ rest: { ...draft.rest, description: v || undefined } })}
                />
                <NumberInput
                  name="Catch up seconds"
                  label="Catch up seconds"
                  path="catch_up"
                  value={draft.rest.catch_up}
                  min={0}
                  max={86400}
                  step={1}
                  onChange={(v) => up({ rest: { ...draft.rest, catch_up: v } })}
                />
              </div>
            </details>
          </>
        )}
        {error && (
          <p role="alert" class="error">
            Not saved: {error.field && json === null ? <strong>{error.field}: </strong> : null}
            {error.text}
          </p>
        )}
      </FieldError.Provider>
      <div class="buttons">
        <button type="submit" class="primary">
          Save automation
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
