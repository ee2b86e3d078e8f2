import type { Weekday } from './zoned.js';

/**
 * The automation model as the wire shows it (specification §2.6, snake_case). An automation
 * runs its actions when one of its triggers fires and all of its conditions hold.
 */

export type StateValue = string | number | boolean;

export interface TimeTrigger { type: 'time'; at: string; days?: Weekday[] }
export interface SensorTrigger { type: 'sensor'; entity: string; above?: number; below?: number; to?: StateValue; for?: number }
export type PresenceEvent = 'arrive' | 'leave' | 'first_arrived' | 'last_left';
export interface PresenceTrigger { type: 'presence'; person?: string; event: PresenceEvent }
export interface SolarTrigger { type: 'solar'; event: 'sunrise' | 'sunset'; offset?: number }
export interface DeviceStateTrigger { type: 'device_state'; entity: string; from?: StateValue; to?: StateValue; for?: number }
export type Trigger = TimeTrigger | SensorTrigger | PresenceTrigger | SolarTrigger | DeviceStateTrigger;

export interface PresenceCondition { type: 'presence'; state: 'home' | 'away'; person?: string }
export interface TimeCondition { type: 'time'; after?: string; before?: string; days?: Weekday[] }
export interface StateCondition { type: 'state'; entity: string; state: StateValue }
export interface NumericCondition { type: 'numeric'; entity: string; above?: number; below?: number }
export interface SunCondition { type: 'sun'; after?: 'sunrise' | 'sunset'; before?: 'sunrise' | 'sunset' }
export interface GroupCondition { type: 'and' | 'or' | 'not'; conditions: Condition[] }
export type Condition = PresenceCondition | TimeCondition | StateCondition | NumericCondition | SunCondition | GroupCondition;

export type EntityAction = { entity: string; action: string } & Record<string, unknown>;
export interface SceneAction { scene: string }
export interface DelayAction { delay: number }
export interface NotifyAction { notify: string }
export interface WaitAction { wait: Condition; timeout: number }
export type Action = EntityAction | SceneAction | DelayAction | NotifyAction | WaitAction;

export type Mode = 'single' | 'restart' | 'queued' | 'parallel';
export const MODES: Mode[] = ['single', 'restart', 'queued', 'parallel'];

/** What a person writes (POST/PUT body). */
export interface AutomationDefinition {
  name: string;
  description?: string;
  enabled?: boolean;
  /** One trigger (the specification's shape) … */
  trigger?: Trigger;
  /** … or several; one of the two is required. */
  triggers?: Trigger[];
  conditions?: Condition[];
  actions: Action[];
  mode?: Mode;
  /** Seconds: a time or solar occurrence missed while Hearth was down runs at start if it is at most this old. 0 (default) = never replay. */
  catch_up?: number;
}

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
