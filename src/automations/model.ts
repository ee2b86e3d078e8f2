import type { Action, AutomationDefinition, EntityAction, Mode, Trigger } from './schemas.js';

/**
 * The automation model. The shapes a person writes (triggers, conditions, actions) are the
 * schemas in `schemas.ts`; this module adds what Hearth keeps beside them and the helpers that
 * read them.
 */

export type {
  Action,
  AutomationDefinition,
  Condition,
  DeviceStateTrigger,
  EntityAction,
  Mode,
  PresenceTrigger,
  SensorTrigger,
  SolarTrigger,
  TimeTrigger,
  Trigger,
} from './schemas.js';
export { MODES } from './schemas.js';

export type StateValue = string | number | boolean;
export type PresenceEvent = 'arrive' | 'leave' | 'first_arrived' | 'last_left';
export type SceneAction = Extract<Action, { scene: string }>;
export type DelayAction = Extract<Action, { delay: number }>;
export type NotifyAction = Extract<Action, { notify: string }>;
export type WaitAction = Extract<Action, { wait: unknown }>;

/** What Hearth stores and shows. */
export interface Automation extends AutomationDefinition {
  id: string;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  last_triggered: string | null;
  last_evaluated: string | null;
}

export function triggersOf(a: AutomationDefinition): Trigger[] {
  return a.triggers ?? (a.trigger ? [a.trigger] : []);
}

export function modeOf(a: AutomationDefinition): Mode {
  return a.mode ?? 'single';
}

export const isEntityAction = (a: Action): a is EntityAction => 'entity' in a && 'action' in a;
export const isSceneAction = (a: Action): a is SceneAction => 'scene' in a;
export const isDelayAction = (a: Action): a is DelayAction => 'delay' in a;
export const isNotifyAction = (a: Action): a is NotifyAction => 'notify' in a;
export const isWaitAction = (a: Action): a is WaitAction => 'wait' in a;

/** What a trigger reports when it fires (kept in the trace). */
export interface TriggerData {
  /** Index into the automation's triggers; -1 for a manual run. */
  index: number;
  type: Trigger['type'] | 'manual';
  description: string;
  /** The scheduled occurrence (time/solar), ISO. */
  scheduled_for?: string;
  entity_id?: string;
  from_state?: unknown;
  to_state?: unknown;
  person?: string;
}
