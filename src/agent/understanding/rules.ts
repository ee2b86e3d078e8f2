/**
 * A rule said in chat ("every weekday at 7 turn on the kitchen light") as a normal automation
 * definition, and the same rule in words for the person to confirm. The automation engine's
 * own validation runs when it is created (HomeAccess.createAutomation), so a rule made by chat
 * is exactly as valid as one made in the dashboard.
 */
import type { PlannedCommand } from '../plan.js';
import type { RuleDraft } from './read-rule.js';

const DAY_NAMES: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface RuleDefinition {
  name: string;
  description: string;
  trigger: Record<string, unknown>;
  conditions: Record<string, unknown>[];
  actions: Record<string, unknown>[];
}

/** The automation for a rule with its planned commands; undefined when nothing would run. */
export function automationFromRule(
  rule: RuleDraft,
  commands: PlannedCommand[],
  nameOf: (id: string) => string,
): RuleDefinition | undefined {
  if (commands.length === 0) return undefined;
  const actions = commands.map((c) =>
    c.action === 'activate' && c.entity_id.startsWith('scene.')
      ? { scene: c.entity_id.slice('scene.'.length).replace(/_/g, '-') }
      : { entity: c.entity_id, action: c.action, ...c.params },
  );
  const { type, ...trigger } = rule.trigger;
  const words = ruleInWords(rule, commands, nameOf);
  return {
    name: words.length <= 100 ? words : `${words.slice(0, 99)}…`,
    description: 'Created by chat',
    trigger:
      type === 'device_state'
        ? { type, entity: (trigger as { entity: string }).entity, to: (trigger as { to: string }).to }
        : { type, ...trigger },
    conditions: rule.conditions.map((c) => ({ ...c })),
    actions,
  };
}

/** "Every weekday at 07:00, turn on the Kitchen Light." */
export function ruleInWords(
  rule: RuleDraft,
  commands: PlannedCommand[],
  nameOf: (id: string) => string,
): string {
  const t = rule.trigger;
  let when: string;
  if (t.type === 'time') {
    const days = t.days ?? [];
    const every =
      days.length === 0
        ? 'Every day'
        : days.join() === 'mon,tue,wed,thu,fri'
          ? 'Every weekday'
          : days.join() === 'sat,sun'
            ? 'Every weekend day'
            : `Every ${days.map((d) => DAY_NAMES[d] ?? d).join(' and ')}`;
    when = `${every} at ${t.at}`;
  } else if (t.type === 'solar')
    when = t.offset
      ? `Every day ${minutesInWords(Math.abs(t.offset))} ${t.offset > 0 ? 'after' : 'before'} ${t.event}`
      : `Every day at ${t.event}`;
  // a person comes and goes: "When Sam leaves home"
  else if (t.entity.startsWith('person.'))
    when = `When ${t.name} ${t.to === 'home' ? 'comes home' : t.to === 'not_home' ? 'leaves home' : `is ${t.to}`}`;
  else
    when = `When the ${t.name} ${t.to === 'on' ? 'turns on or detects something' : `is ${t.to.replace(/_/g, ' ')}`}`;
  const cond = rule.conditions
    .map((c) =>
      c.type === 'sun'
        ? c.after
          ? `after ${c.after}`
          : `before ${c.before}`
        : `${c.after ? `after ${c.after}` : ''}${c.before ? ` before ${c.before}` : ''}`.trim(),
    )
    .filter((x) => x.length > 0);
  const what = commandsInWords(commands, nameOf);
  return `${when}${cond.length > 0 ? `, ${cond.join(' and ')}` : ''}, ${what}.`;
}

const VERBS: Record<string, string> = {
  on: 'turn on',
  off: 'turn off',
  open: 'open',
  close: 'close',
  lock: 'lock',
  unlock: 'unlock',
  activate: 'activate',
  pause: 'pause',
  play: 'resume',
  next: 'skip ahead on',
  previous: 'go back on',
  start: 'start',
  return_to_base: 'send back to base',
  arm_away: 'arm',
  disarm: 'disarm',
};

/** "turn off the Kitchen Light and the Kettle", "set the Thermostat to 18 degrees". */
export function commandsInWords(commands: PlannedCommand[], nameOf: (id: string) => string): string {
  const groups = new Map<string, PlannedCommand[]>();
  for (const c of commands) {
    const key = `${c.action}:${JSON.stringify(c.params)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const parts = [...groups.values()].map((g) => {
    const c = g[0]!;
    const names = g.length > 4 ? `${g.length} devices` : join(g.map((x) => `the ${nameOf(x.entity_id)}`));
    const p = c.params;
    if (c.action === 'dim') return `set ${names} to ${String(p.brightness)}%`;
    if (c.action === 'set_temperature') return `set ${names} to ${String(p.temperature)} degrees`;
    if (c.action === 'set_position') return `set ${names} to ${String(p.position)}%`;
    if (c.action === 'set_volume') return `set the volume of ${names} to ${String(p.volume)}%`;
    if (c.action === 'set_color') return `make ${names} ${String(p.color)}`;
    return `${VERBS[c.action] ?? c.action} ${names}`;
  });
  return join(parts);
}

function join(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
function minutesInWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h > 0 ? `${h} hour${h === 1 ? '' : 's'}` : '';
  const mins = m > 0 ? `${m} minute${m === 1 ? '' : 's'}` : '';
  return [hours, mins].filter((x) => x).join(' ');
}
