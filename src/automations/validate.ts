import { Errors } from '../errors.js';
import { ENTITY_ID } from '../home/slug.js';
import { MODES, type Action, type AutomationDefinition, type Condition, type Trigger } from './model.js';
import { WEEKDAYS, parseHhMm } from './zoned.js';

/**
 * Validates an automation body once, at the edge, by hand rather than by a JSON Schema union:
 * every problem names its field in the automation's own terms
 * (`trigger.at must be HH:MM, 00:00–23:59`, `actions[1].delay must be a number of seconds ≥ 0`).
 * The TypeBox schemas in `schemas.ts` describe the same shape for the OpenAPI document.
 */

type Obj = Record<string, unknown>;

class Problem extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new Problem(field, message);
};

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeName(v: unknown) {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}

function obj(v: unknown, field: string): Obj {
  if (!isObj(v)) fail(field, `${field || 'the body'} must be object`);
  return v as Obj;
}

function only(o: Obj, field: string, allowed: string[]) {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(join(field, k), `field "${join(field, k)}" is not allowed`);
}

function join(field: string, key: string) {
  return field ? `${field}.${key}` : key;
}

function required(o: Obj, field: string, key: string) {
  if (o[key] === undefined) fail(join(field, key), `field "${join(field, key)}" is required`);
  return o[key];
}

function str(v: unknown, field: string, max = 200): string {
  if (typeof v !== 'string') fail(field, `${field} must be string`);
  const s = v as string;
  if (s.length === 0 || s.length > max) fail(field, `${field} must be 1–${max} characters`);
  return s;
}

function num(v: unknown, field: string, opts: { min?: number; max?: number; what?: string } = {}): number {
  const what = opts.what ?? 'number';
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(field, `${field} must be ${what}`);
  const n = v as number;
  if (opts.min !== undefined && n < opts.min) fail(field, `${field} must be ${what} ≥ ${opts.min}`);
  if (opts.max !== undefined && n > opts.max) fail(field, `${field} must be ${what} ≤ ${opts.max}`);
  return n;
}

function oneOf<T extends string>(v: unknown, field: string, values: readonly T[]): T {
  if (typeof v !== 'string' || !values.includes(v as T)) fail(field, `${field} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
  return v as T;
}

function entityId(v: unknown, field: string, domain?: string): string {
  const s = str(v, field, 255);
  if (!ENTITY_ID.test(s)) fail(field, `${field} must be an entity id like light.kitchen`);
  if (domain && !s.startsWith(`${domain}.`)) fail(field, `${field} must be a ${domain} entity (${domain}.…)`);
  return s;
}

function hhmm(v: unknown, field: string): string {
  if (typeof v !== 'string' || !parseHhMm(v)) fail(field, `${field} must be HH:MM, 00:00–23:59`);
  return v as string;
}

function days(v: unknown, field: string) {
  if (!Array.isArray(v) || v.length === 0) fail(field, `${field} must be a non-empty array of weekdays (mon, tue, …)`);
  (v as unknown[]).forEach((d, i) => oneOf(d, `${field}[${i}]`, ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const));
  return v as (typeof WEEKDAYS)[number][];
}

function stateValue(v: unknown, field: string) {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') fail(field, `${field} must be string, number or boolean`);
  return v;
}

const seconds = (v: unknown, field: string, max = 7 * 86_400) => num(v, field, { min: 0, max, what: 'a number of seconds' });

function range(o: Obj, field: string) {
  if (o.above !== undefined) num(o.above, `${field}.above`);
  if (o.below !== undefined) num(o.below, `${field}.below`);
  if (typeof o.above === 'number' && typeof o.below === 'number' && o.above >= o.below) {
    // above 22 and below 6 would be an empty range; say so rather than never firing.
    fail(`${field}.below`, `${field}.below must be greater than ${field}.above`);
  }
}

export function validateTrigger(v: unknown, field: string): Trigger {
  const o = obj(v, field);
  const type = oneOf(required(o, field, 'type'), `${field}.type`, ['time', 'sensor', 'presence', 'solar', 'device_state'] as const);
  switch (type) {
    case 'time':
      only(o, field, ['type', 'at', 'days']);
      hhmm(required(o, field, 'at'), `${field}.at`);
      if (o.days !== undefined) days(o.days, `${field}.days`);
      break;
    case 'sensor':
      only(o, field, ['type', 'entity', 'above', 'below', 'to', 'for']);
      entityId(required(o, field, 'entity'), `${field}.entity`);
      range(o, field);
      if (o.to !== undefined) stateValue(o.to, `${field}.to`);
      if (o.above === undefined && o.below === undefined && o.to === undefined) fail(`${field}.above`, `${field} needs "above", "below" or "to"`);
      if (o.to !== undefined && (o.above !== undefined || o.below !== undefined)) fail(`${field}.to`, `${field}.to cannot be combined with above/below`);
      if (o.for !== undefined) seconds(o.for, `${field}.for`);
      break;
    case 'presence':
      only(o, field, ['type', 'person', 'event']);
      if (o.person !== undefined) entityId(o.person, `${field}.person`, 'person');
      oneOf(required(o, field, 'event'), `${field}.event`, ['arrive', 'leave', 'first_arrived', 'last_left'] as const);
      break;
    case 'solar':
      only(o, field, ['type', 'event', 'offset']);
      oneOf(required(o, field, 'event'), `${field}.event`, ['sunrise', 'sunset'] as const);
      if (o.offset !== undefined) num(o.offset, `${field}.offset`, { min: -720, max: 720, what: 'minutes (−720…720)' });
      break;
    case 'device_state':
      only(o, field, ['type', 'entity', 'from', 'to', 'for']);
      entityId(required(o, field, 'entity'), `${field}.entity`);
      if (o.from !== undefined) stateValue(o.from, `${field}.from`);
      if (o.to !== undefined) stateValue(o.to, `${field}.to`);
      if (o.for !== undefined) seconds(o.for, `${field}.for`);
      break;
  }
  return o as unknown as Trigger;
}

export function validateCondition(v: unknown, field: string, depth = 0): Condition {
  const o = obj(v, field);
  const type = oneOf(required(o, field, 'type'), `${field}.type`, ['presence', 'time', 'state', 'numeric', 'sun', 'and', 'or', 'not'] as const);
  switch (type) {
    case 'presence':
      only(o, field, ['type', 'state', 'person']);
      oneOf(required(o, field, 'state'), `${field}.state`, ['home', 'away'] as const);
      if (o.person !== undefined) entityId(o.person, `${field}.person`, 'person');
      break;
    case 'time':
      only(o, field, ['type', 'after', 'before', 'days']);
      if (o.after !== undefined) hhmm(o.after, `${field}.after`);
      if (o.before !== undefined) hhmm(o.before, `${field}.before`);
      if (o.days !== undefined) days(o.days, `${field}.days`);
      if (o.after === undefined && o.before === undefined && o.days === undefined) fail(`${field}.after`, `${field} needs "after", "before" or "days"`);
      break;
    case 'state':
      only(o, field, ['type', 'entity', 'state']);
      entityId(required(o, field, 'entity'), `${field}.entity`);
      stateValue(required(o, field, 'state'), `${field}.state`);
      break;
    case 'numeric':
      only(o, field, ['type', 'entity', 'above', 'below']);
      entityId(required(o, field, 'entity'), `${field}.entity`);
      range(o, field);
      if (o.above === undefined && o.below === undefined) fail(`${field}.above`, `${field} needs "above" or "below"`);
      break;
    case 'sun':
      only(o, field, ['type', 'after', 'before']);
      if (o.after !== undefined) oneOf(o.after, `${field}.after`, ['sunrise', 'sunset'] as const);
      if (o.before !== undefined) oneOf(o.before, `${field}.before`, ['sunrise', 'sunset'] as const);
      if (o.after === undefined && o.before === undefined) fail(`${field}.after`, `${field} needs "after" or "before"`);
      break;
    default: {
      only(o, field, ['type', 'conditions']);
      if (depth > 8) fail(field, `${field} nests conditions too deeply (at most 8 levels)`);
      const list = required(o, field, 'conditions');
      if (!Array.isArray(list) || list.length === 0 || list.length > 50) fail(`${field}.conditions`, `${field}.conditions must be an array of 1–50 conditions`);
      (list as unknown[]).forEach((c, i) => validateCondition(c, `${field}.conditions[${i}]`, depth + 1));
    }
  }
  return o as unknown as Condition;
}

const ACTION_PARAM = (v: unknown) =>
  typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || (Array.isArray(v) && v.length <= 3 && v.every((x) => typeof x === 'number'));

export function validateAction(v: unknown, field: string): Action {
  const o = obj(v, field);
  if ('entity' in o || 'action' in o) {
    entityId(required(o, field, 'entity'), `${field}.entity`);
    str(required(o, field, 'action'), `${field}.action`, 64);
    for (const [k, p] of Object.entries(o)) {
      if (k !== 'entity' && k !== 'action' && !ACTION_PARAM(p)) fail(`${field}.${k}`, `${field}.${k} must be number, string, boolean or [r,g,b]`);
    }
  } else if ('scene' in o) {
    only(o, field, ['scene']);
    const s = str(o.scene, `${field}.scene`, 100);
    if (!/^[a-z0-9-]+$/.test(s)) fail(`${field}.scene`, `${field}.scene must be a scene id like good-night`);
  } else if ('delay' in o) {
    only(o, field, ['delay']);
    seconds(o.delay, `${field}.delay`);
  } else if ('notify' in o) {
    only(o, field, ['notify']);
    str(o.notify, `${field}.notify`, 1000);
  } else if ('wait' in o) {
    only(o, field, ['wait', 'timeout']);
    validateCondition(o.wait, `${field}.wait`);
    seconds(required(o, field, 'timeout'), `${field}.timeout`);
  } else {
    fail(field, `${field} must be one of {entity, action, …params}, {scene}, {delay}, {notify}, {wait, timeout}`);
  }
  return o as unknown as Action;
}

function list(v: unknown, field: string, min: number, max: number): unknown[] {
  if (!Array.isArray(v)) fail(field, `${field} must be array`);
  const a = v as unknown[];
  if (a.length < min || a.length > max) fail(field, `${field} must hold ${min}–${max} items`);
  return a;
}

/** Checks an automation body; returns it typed, or throws 400 VALIDATION_FAILED naming the field. */
export function validateDefinition(body: unknown): AutomationDefinition {
  try {
    const o = obj(body, '');
    only(o, '', ['name', 'description', 'enabled', 'trigger', 'triggers', 'conditions', 'actions', 'mode', 'catch_up']);
    str(required(o, '', 'name'), 'name', 100);
    if (o.description !== undefined) {
      if (typeof o.description !== 'string' || o.description.length > 1000) fail('description', 'description must be string (at most 1000 characters)');
    }
    if (o.enabled !== undefined && typeof o.enabled !== 'boolean') fail('enabled', `enabled must be boolean, not ${typeName(o.enabled)}`);
    if (o.trigger !== undefined) validateTrigger(o.trigger, 'trigger');
    if (o.triggers !== undefined) list(o.triggers, 'triggers', 1, 20).forEach((t, i) => validateTrigger(t, `triggers[${i}]`));
    if (o.conditions !== undefined) list(o.conditions, 'conditions', 0, 50).forEach((c, i) => validateCondition(c, `conditions[${i}]`));
    list(required(o, '', 'actions'), 'actions', 1, 100).forEach((a, i) => validateAction(a, `actions[${i}]`));
    if (o.mode !== undefined) oneOf(o.mode, 'mode', MODES);
    if (o.catch_up !== undefined) seconds(o.catch_up, 'catch_up', 86_400);
    if (o.trigger !== undefined && o.triggers !== undefined) fail('triggers', 'give "trigger" (one) or "triggers" (several), not both');
    if (o.trigger === undefined && o.triggers === undefined) fail('trigger', 'field "trigger" is required (or "triggers" for several)');
    return o as unknown as AutomationDefinition;
  } catch (err) {
    if (err instanceof Problem) throw Errors.validation(err.message, { field: err.field || undefined, problems: [err.message] });
    throw err;
  }
}
