/**
 * The tools a language model may call: the Home agent's own intents (Home Assistant's names and
 * slots), each with a JSON schema. A tool call is validated against its schema and turned into
 * the same `IntentResult` the local matcher produces, so it meets exactly the same rules
 * (viewer refusal, confirmation turns, the home core's control path). Nothing else is reachable.
 */
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { IntentResult } from '../intents/engine.js';
import type { IntentEntity, IntentRegistry } from '../intents/registry.js';

const Step = Type.Union([Type.Literal('up'), Type.Literal('down')], {
  description: 'Relative change: up or down.',
});
const Percent = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });

const target = {
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Exact name of one device from the list.' }),
  ),
  area: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Exact name of an area (room) from the list.' }),
  ),
};
const placed = {
  ...target,
  floor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Exact name of a floor from the list.' }),
  ),
  domain: Type.Optional(
    Type.String({
      pattern: '^[a-z_]+$',
      description: 'Kind of device, e.g. light, switch, cover, fan, lock, media_player, scene.',
    }),
  ),
  device_class: Type.Optional(
    Type.String({
      pattern: '^[a-z_]+$',
      description: 'Device class, e.g. window, door, garage, temperature.',
    }),
  ),
};

const tool = (description: string, props: TProperties) => ({
  description,
  parameters: Type.Object(props, { additionalProperties: false }),
});

/** Tool name → description and parameter schema. The names are the intent names. */
export const TOOLS: Record<string, { description: string; parameters: TObject }> = {
  HassTurnOn: tool(
    'Turns on, opens, locks, plays or activates devices or a scene (domain scene), by name, area, floor or domain.',
    placed,
  ),
  HassTurnOff: tool('Turns off, closes, unlocks, or pauses devices, by name, area, floor or domain.', placed),
  HassLightSet: tool('Sets the brightness (0-100 %) or colour of lights, or makes them brighter/dimmer.', {
    ...target,
    floor: placed.floor,
    brightness: Type.Optional(Percent('Brightness in percent.')),
    brightness_step: Type.Optional(Step),
    color: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'Colour name, e.g. red, warm white.' }),
    ),
  }),
  HassClimateSetTemperature: tool('Sets the target temperature of a thermostat, or makes it warmer/cooler.', {
    ...target,
    temperature: Type.Optional(
      Type.Number({ minimum: -50, maximum: 100, description: 'Target temperature in degrees.' }),
    ),
    temperature_step: Type.Optional(Step),
  }),
  HassClimateGetTemperature: tool('Tells the current temperature of a thermostat or an area.', target),
  HassSetPosition: tool('Sets the position (0 closed - 100 open) of covers, blinds or valves.', {
    ...target,
    domain: placed.domain,
    device_class: placed.device_class,
    position: Percent('Position in percent open.'),
  }),
  HassMediaPause: tool('Pauses a media player.', target),
  HassMediaUnpause: tool('Resumes a media player.', target),
  HassMediaNext: tool('Skips to the next track on a media player.', target),
  HassMediaPrevious: tool('Goes back to the previous track on a media player.', target),
  HassSetVolume: tool('Sets the volume (0-100 %) of a media player, or makes it louder/quieter.', {
    ...target,
    volume_level: Type.Optional(Percent('Volume in percent.')),
    volume_step: Type.Optional(Step),
  }),
  HassVacuumStart: tool('Starts a vacuum cleaner.', target),
  HassVacuumReturnToBase: tool('Sends a vacuum cleaner back to its dock.', target),
  HassGetState: tool(
    'Answers a question about the state of devices (is the door locked, which lights are on).',
    {
      ...placed,
      state: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 40,
          description: 'State asked about, e.g. on, off, open, locked.',
        }),
      ),
    },
  ),
};

/** The `tools` array of an OpenAI-compatible chat-completions request. */
export function toolDefinitions(): unknown[] {
  return Object.entries(TOOLS).map(([name, t]) => ({
    type: 'function',
    function: { name, description: t.description, parameters: t.parameters },
  }));
}

export type ToolCallResult = { ok: true; result: IntentResult } | { ok: false; reply: string };

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ');

/**
 * Validates one tool call and resolves its names against the registry. Names must be the ones
 * the model was given (exact, case-insensitive, aliases allowed); anything else is refused with
 * a reply rather than guessed, because a wrong guess would switch a real device.
 */
export function toolCallToIntent(
  name: string,
  rawArgs: string,
  registry: IntentRegistry,
  callerArea: string | null,
): ToolCallResult {
  const spec = TOOLS[name];
  if (!spec) return { ok: false, reply: "Sorry, I can't do that." };
  let args: unknown;
  try {
    args = rawArgs.trim() === '' ? {} : JSON.parse(rawArgs);
  } catch {
    return { ok: false, reply: "Sorry, I didn't understand that." };
  }
  // Models often send numbers as strings ("50"); convert what converts, then check strictly.
  args = Value.Convert(spec.parameters, args);
  if (!Value.Check(spec.parameters, args)) return { ok: false, reply: "Sorry, I didn't understand that." };
  const slots: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args as Record<string, string | number>)) slots[k] = v;

  if (typeof slots.area === 'string') {
    const key = norm(slots.area);
    const area = registry.areas.find(
      (a) => norm(a.name) === key || a.id === slots.area || (a.aliases ?? []).some((x) => norm(x) === key),
    );
    if (!area) return { ok: false, reply: `I don't know an area called ${slots.area}.` };
    slots.area = area.name;
  }
  if (typeof slots.floor === 'string') {
    const key = norm(slots.floor);
    const floor = registry.floors.find(
      (f) => norm(f.name) === key || (f.aliases ?? []).some((x) => norm(x) === key),
    );
    if (!floor) return { ok: false, reply: `I don't know a floor called ${slots.floor}.` };
    slots.floor = floor.name;
  }

  let entity_ids: string[] = [];
  let ask: string | undefined;
  if (typeof slots.name === 'string') {
    const found = findByName(registry, slots.name, slots);
    if (found.length === 0) return { ok: false, reply: `I couldn't find a device called ${slots.name}.` };
    entity_ids = found.map((e) => e.entity_id);
    if (found.length > 1) ask = whichOne(found, registry);
  } else if (!('area' in slots) && !('floor' in slots) && callerArea) {
    slots.area = callerArea;
  }
  return { ok: true, result: { intent: name, slots, entity_ids, fuzzy: false, ...(ask ? { ask } : {}) } };
}

function findByName(
  registry: IntentRegistry,
  name: string,
  slots: Record<string, string | number>,
): IntentEntity[] {
  const key = norm(name);
  let found = registry.entities.filter(
    (e) => norm(e.name) === key || e.entity_id === name || (e.aliases ?? []).some((a) => norm(a) === key),
  );
  if (typeof slots.domain === 'string') found = found.filter((e) => e.domain === slots.domain);
  if (typeof slots.area === 'string' && found.length > 1) {
    const areaKey = norm(slots.area);
    const inArea = found.filter((e) =>
      registry.areas.some((a) => a.id === e.area && norm(a.name) === areaKey),
    );
    if (inArea.length > 0) found = inArea;
  }
  return found;
}

function whichOne(found: IntentEntity[], registry: IntentRegistry): string {
  const where = (e: IntentEntity) => registry.areas.find((a) => a.id === e.area)?.name;
  const labels = found.map((e) => (where(e) ? `the one in the ${where(e)}` : e.entity_id));
  return `Which ${found[0]!.name}: ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}?`;
}
