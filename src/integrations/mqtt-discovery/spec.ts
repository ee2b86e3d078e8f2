import type { Attributes, Capabilities, Domain, EntityState } from '../../home/types.js';
import { BadPayload } from './config.js';

/** What one discovery config becomes: an entity, the topics that report it, and how to command it. */
export interface Reading {
  state?: EntityState;
  attributes?: Attributes;
}

export interface Listener {
  topic: string;
  read: (text: string) => Reading | undefined;
}

export interface Publish {
  topic: string;
  payload: string;
}

export interface ComponentSpec {
  domain: Domain;
  capabilities: Capabilities;
  attributes?: Attributes;
  listeners: Listener[];
  command?(action: string, params: Record<string, unknown>): Publish[];
  /** No state topic (HA's optimistic mode): what the entity is assumed to be after a command. */
  assume?(action: string, params: Record<string, unknown>): Reading | undefined;
}

export function onOff(text: string, on: string, off: string): 'on' | 'off' {
  if (text === on) return 'on';
  if (text === off) return 'off';
  throw new BadPayload(
    `expected ${JSON.stringify(on)} or ${JSON.stringify(off)}, got ${JSON.stringify(text.slice(0, 80))}`,
  );
}

export function number(v: unknown, what: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new BadPayload(`${what} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

/** The state an on/off command leaves (for optimistic entities). */
export const assumeOnOff = (action: string): Reading | undefined =>
  action === 'on' || action === 'dim' ? { state: 'on' } : action === 'off' ? { state: 'off' } : undefined;
