import { validateAction as validateCommand } from '../home/actions.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import { evaluate, type Verdict } from './conditions.js';
import type { AutomationEngine } from './engine.js';
import {
  isDelayAction,
  isEntityAction,
  isNotifyAction,
  isSceneAction,
  isWaitAction,
  triggersOf,
  type Action,
  type AutomationDefinition,
  type Condition,
} from './model.js';
import { describeTrigger } from './triggers.js';

/** References to entities, people and scenes that do not exist: warnings on save, errors at run time. */
export function warningsOf(
  def: AutomationDefinition,
  home: HomeService,
  scenes: SceneService | undefined,
): string[] {
  const out: string[] = [];
  const entity = (id: string, field: string) => {
    if (!home.registry.get(id)) out.push(`${field}: unknown entity ${id}`);
  };
  const field = def.triggers ? 'triggers' : 'trigger';
  triggersOf(def).forEach((t, i) => {
    const f = def.triggers ? `${field}[${i}]` : field;
    if ('entity' in t && t.entity) entity(t.entity, `${f}.entity`);
    if (t.type === 'presence' && t.person) entity(t.person, `${f}.person`);
  });
  const cond = (c: Condition, f: string) => {
    if (c.type === 'state' || c.type === 'numeric') entity(c.entity, `${f}.entity`);
    if (c.type === 'presence' && c.person) entity(c.person, `${f}.person`);
    if (c.type === 'and' || c.type === 'or' || c.type === 'not')
      c.conditions.forEach((x, i) => cond(x, `${f}.conditions[${i}]`));
  };
  (def.conditions ?? []).forEach((c, i) => cond(c, `conditions[${i}]`));
  def.actions.forEach((a, i) => {
    if (isEntityAction(a)) entity(a.entity, `actions[${i}].entity`);
    if (isSceneAction(a) && scenes && !scenes.list().some((s) => s.id === a.scene))
      out.push(`actions[${i}].scene: unknown scene ${a.scene}`);
    if (isWaitAction(a)) cond(a.wait, `actions[${i}].wait`);
  });
  return out;
}

export interface DryRunInput {
  /** Which trigger to pretend fired (index into the triggers; default 0) and its data. */
  trigger?: { index?: number; entity_id?: string; from_state?: unknown; to_state?: unknown; person?: string };
  /** Evaluate as if it were this time (ISO); default now. */
  time?: string;
  /** Entity states to assume, e.g. {"person.resident":"away"}. */
  states?: Record<string, string | number | boolean>;
}

export interface DryRunAction {
  index: number;
  kind: 'entity' | 'scene' | 'delay' | 'notify' | 'wait';
  description: string;
  /** Whether the home core would accept it now (entity exists, action and parameters fit its capabilities). */
  ok: boolean;
  problem?: string;
}

/** What would happen if the trigger fired: every condition's verdict and the actions it would run. Changes nothing. */
export function dryRun(
  engine: AutomationEngine,
  home: HomeService,
  scenes: SceneService | undefined,
  id: string,
  input: DryRunInput,
) {
  const a = engine.get(id);
  const now = input.time ? Date.parse(input.time) : Date.now();
  const env = engine.env(Number.isFinite(now) ? now : Date.now(), {
    ...(input.states ?? {}),
    ...(input.trigger?.entity_id && input.trigger.to_state !== undefined
      ? { [input.trigger.entity_id]: input.trigger.to_state }
      : {}),
  });
  const triggers = triggersOf(a);
  const index = input.trigger?.index ?? 0;
  const t = triggers[index];
  const conditions: Verdict[] = (a.conditions ?? []).map((c) => evaluate(c, env));
  const blocked = conditions.find((v) => !v.ok);
  return {
    automation_id: a.id,
    time: new Date(env.now).toISOString(),
    trigger: {
      index,
      type: t?.type ?? 'manual',
      description: t ? describeTrigger(t) : 'run by hand',
      ...(input.trigger ?? {}),
    },
    conditions,
    would_run: !blocked,
    blocked_by: blocked?.reason ?? null,
    actions: blocked ? [] : a.actions.map((x, i) => describeAction(x, i, home, scenes)),
  };
}

function describeAction(
  a: Action,
  index: number,
  home: HomeService,
  scenes: SceneService | undefined,
): DryRunAction {
  if (isEntityAction(a)) {
    const { entity, action, ...params } = a;
    const description = `${action} ${entity}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`;
    const e = home.registry.get(entity);
    if (!e) return { index, kind: 'entity', description, ok: false, problem: `unknown entity ${entity}` };
    try {
      validateCommand(e, action, params);
      if (!e.available)
        return {
          index,
          kind: 'entity',
          description,
          ok: false,
          problem: `${entity} is unavailable right now`,
        };
      return { index, kind: 'entity', description, ok: true };
    } catch (err) {
      return {
        index,
        kind: 'entity',
        description,
        ok: false,
        problem: err instanceof Error ? err.message : String(err),
      };
    }
  }
  if (isSceneAction(a)) {
    const known = scenes?.list().some((s) => s.id === a.scene) ?? false;
    return {
      index,
      kind: 'scene',
      description: `activate scene ${a.scene}`,
      ok: known,
      ...(known ? {} : { problem: `unknown scene ${a.scene}` }),
    };
  }
  if (isDelayAction(a)) return { index, kind: 'delay', description: `wait ${a.delay} s`, ok: true };
  if (isNotifyAction(a)) return { index, kind: 'notify', description: `notify "${a.notify}"`, ok: true };
  if (isWaitAction(a))
    return {
      index,
      kind: 'wait',
      description: `wait up to ${a.timeout} s for a ${a.wait.type} condition`,
      ok: true,
    };
  return { index, kind: 'notify', description: 'unknown action', ok: false };
}
