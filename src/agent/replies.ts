/**
 * Short replies a person would say: "Turned off the Kitchen Light.", "The Front Door is locked."
 */
import type { HomeCommandResult, HomeEntityView } from './home-access.js';
import type { PlannedCommand } from './plan.js';

const the = (name: string) => (/^the\b/i.test(name) ? name : `the ${name}`);

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 4) return `${names.length} devices`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function describe(cmd: PlannedCommand, names: string): string {
  const p = cmd.params;
  switch (cmd.action) {
    case 'on':
      return `Turned on ${names}`;
    case 'off':
      return `Turned off ${names}`;
    case 'open':
      return `Opened ${names}`;
    case 'close':
      return `Closed ${names}`;
    case 'lock':
      return `Locked ${names}`;
    case 'unlock':
      return `Unlocked ${names}`;
    case 'dim':
      return `Set ${names} to ${String(p.brightness)}%`;
    case 'set_color':
      return `Set ${names} to ${String(p.color)}`;
    case 'set_temperature':
      return `Set ${names} to ${String(p.temperature)} degrees`;
    case 'set_position':
      return `Set ${names} to ${String(p.position)}%`;
    case 'pause':
      return `Paused ${names}`;
    case 'play':
      return `Resumed ${names}`;
    case 'next':
      return `Skipped ahead on ${names}`;
    case 'previous':
      return `Went back on ${names}`;
    case 'set_volume':
      return `Set the volume of ${names} to ${String(p.volume)}%`;
    case 'activate':
      return `Activated ${names}`;
    case 'start':
      return `Started ${names}`;
    case 'return_to_base':
      return `Sent ${names} back to its base`;
    case 'arm_away':
      return `Armed ${names}`;
    case 'disarm':
      return `Disarmed ${names}`;
    default:
      return `Done: ${cmd.action} on ${names}`;
  }
}

/** One sentence per kind of action, then one for what failed. */
export function actionReply(
  cmds: PlannedCommand[],
  results: HomeCommandResult[],
  nameOf: (id: string) => string,
): string {
  const ok = new Set(
    results.filter((r) => r.outcome === 'confirmed' || r.outcome === 'accepted').map((r) => r.entity_id),
  );
  const groups = new Map<string, PlannedCommand[]>();
  for (const c of cmds) {
    if (!ok.has(c.entity_id)) continue;
    const key = `${c.action}:${JSON.stringify(c.params)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const parts = [...groups.values()].map(
    (g) => `${describe(g[0]!, joinNames(g.map((c) => the(nameOf(c.entity_id)))))}.`,
  );
  const failed = results.filter((r) => !ok.has(r.entity_id)).map((r) => the(nameOf(r.entity_id)));
  if (failed.length > 0) parts.push(`${capital(joinNames(failed))} did not respond.`);
  return parts.join(' ') || 'Nothing needed to change.';
}

export function confirmQuestion(cmds: PlannedCommand[], nameOf: (id: string) => string): string {
  const verbs: Record<string, string> = { unlock: 'unlock', open: 'open', disarm: 'disarm' };
  const first = cmds[0]!;
  const names = joinNames(cmds.map((c) => the(nameOf(c.entity_id))));
  return `Do you want me to ${verbs[first.action] ?? first.action} ${names}? Say yes to confirm.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const STATE_TEXT: Record<string, string> = { not_home: 'away', on: 'on', off: 'off' };

export function stateText(e: HomeEntityView): string {
  const unit =
    typeof e.attributes.unit_of_measurement === 'string' ? ` ${e.attributes.unit_of_measurement}` : '';
  if (e.state === null) return 'unknown';
  if (typeof e.state === 'number' || /^-?\d+(\.\d+)?$/.test(e.state)) return `${e.state}${unit}`;
  return STATE_TEXT[e.state] ?? e.state.replace(/_/g, ' ');
}

export function describeState(e: HomeEntityView): string {
  return `${capital(the(e.name))} is ${stateText(e)}.`;
}

/** "Is/are ... <state>?" about one or several entities. */
/**
 * Whether an entity is in the state asked about; a climate device is "on" in any mode but off
 * ("is the heater on" while it heats).
 */
export function inState(e: HomeEntityView, wanted: string): boolean {
  const state = String(e.state);
  if (wanted === 'on' && e.entity_id.startsWith('climate.'))
    return !['off', 'unavailable', 'unknown'].includes(state);
  // (an alarm asked whether it is armed is armed in any mode: armed_home, armed_away, …)
  if (wanted === 'armed' && e.entity_id.startsWith('alarm_control_panel.')) return state.startsWith('armed');
  return state === wanted;
}

export function stateAnswer(entities: HomeEntityView[], wanted: string | undefined, word: string): string {
  if (entities.length === 0) return "I couldn't find anything like that.";
  if (!wanted) return entities.slice(0, 4).map(describeState).join(' ');
  const matching = entities.filter((e) => inState(e, wanted));
  if (entities.length === 1) {
    const e = entities[0]!;
    return matching.length === 1
      ? `Yes, ${the(e.name)} is ${word}.`
      : `No, ${the(e.name)} is ${stateText(e)}.`;
  }
  if (matching.length === 0) return `No, none are ${word}.`;
  if (matching.length === entities.length) return `Yes, all ${entities.length} are ${word}.`;
  return `${capital(joinNames(matching.map((e) => the(e.name))))} ${matching.length === 1 ? 'is' : 'are'} ${word}.`;
}
