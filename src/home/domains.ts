import type { Domain } from './types.js';

/** Every domain as a value, for checking names that arrive from devices (types.ts stays types-only). */
export const DOMAINS = [
  'light',
  'switch',
  'sensor',
  'binary_sensor',
  'lock',
  'climate',
  'cover',
  'fan',
  'media_player',
  'camera',
  'alarm_control_panel',
  'person',
  'scene',
  'vacuum',
  'button',
  'number',
  'select',
  'device_tracker',
] as const satisfies readonly Domain[];

/** Fails to compile when a domain is added to the Domain union but not to DOMAINS. */
export type DomainsComplete = [Exclude<Domain, (typeof DOMAINS)[number]>] extends [never] ? true : never;
true satisfies DomainsComplete;
