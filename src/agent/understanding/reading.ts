/**
 * What the second stage hands back: a reading of one sentence (intent, slots, the target it
 * acts on), and the referent a conversation keeps for pronouns and follow-ups.
 */
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';

/** Intents that ask about the home rather than act on it. */
export const QUESTION_INTENTS: ReadonlySet<string> = new Set(['HassGetState', 'HassClimateGetTemperature']);

/** What a reading acts on: named entities, or every device of a kind in a place. */
export type Target =
  | { kind: 'entities'; entities: IntentEntity[] }
  | {
      kind: 'group';
      domain: string;
      device_class?: string | undefined;
      area?: IntentArea | undefined;
      floor?: IntentFloor | undefined;
      /** The domain came from the intent, not from a word: not reported as a slot. */
      implied?: boolean;
    };

/** The last turn of a conversation, for pronouns and follow-ups. */
export interface Referent {
  intent: string;
  slots: Record<string, string | number>;
  target: Target;
  /** The last turn was set for later ("… in 10 minutes"): "and the kettle" is for then too. */
  later?: { delay_seconds?: number; at?: string; tomorrow?: boolean } | undefined;
}

export interface Reading {
  intent: string;
  slots: Record<string, string | number>;
  entity_ids: string[];
  target?: Target;
  /** A question back when several devices fit; `candidates` are the devices. */
  ask?: string;
  candidates?: IntentEntity[];
}

export interface ReadContext {
  /** The caller's area (dashboard room, voice satellite), by name or id. */
  area?: string | null;
  referent?: Referent | undefined;
}

/** What a reading leaves for the next turn to refer to. */
export function referentOf(r: Reading): Referent | undefined {
  if (!r.target) return undefined;
  return { intent: r.intent, slots: r.slots, target: r.target };
}
