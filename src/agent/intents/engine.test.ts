import { describe, expect, it } from 'vitest';
import { IntentEngine } from './engine.js';
import { registryFromFixtures } from './registry.js';

const engine = new IntentEngine(
  registryFromFixtures([new URL('./fixtures/demo-home.json', import.meta.url).pathname]),
);
const rec = (text: string, area?: string) => engine.recognize(text, { area });

describe('intents on the demo home', () => {
  it.each([
    ['turn on the living room light', 'HassTurnOn', { name: 'Living Room Light' }],
    ['switch off the coffee machine', 'HassTurnOff', { name: 'Coffee Machine' }],
    ['lock the front door', 'HassTurnOn', { name: 'Front Door' }],
    ['unlock the front door', 'HassTurnOff', { name: 'Front Door' }],
    ['close the living room blinds', 'HassTurnOff', { name: 'Living Room Blinds' }],
    ['activate movie night', 'HassTurnOn', { name: 'Movie Night' }],
    ['set the desk lamp to 40%', 'HassLightSet', { name: 'Desk Lamp', brightness: 40 }],
    ['make the kitchen red', 'HassLightSet', { area: 'Kitchen', color: 'red' }],
    ['is the front door locked', 'HassGetState', { name: 'Front Door', state: 'locked', domain: 'lock' }],
    [
      'set the thermostat to 21.5 degrees',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21.5 },
    ],
    ['what is the temperature in the living room', 'HassClimateGetTemperature', { area: 'Living Room' }],
    [
      'set the living room blinds to 30 percent',
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 30 },
    ],
    ['pause the living room tv', 'HassMediaPause', { name: 'Living Room TV' }],
    ['resume the living room tv', 'HassMediaUnpause', { name: 'Living Room TV' }],
    ['next track on the living room tv', 'HassMediaNext', { name: 'Living Room TV' }],
    ['previous song on the living room tv', 'HassMediaPrevious', { name: 'Living Room TV' }],
    ['set the living room tv volume to 25', 'HassSetVolume', { name: 'Living Room TV', volume_level: 25 }],
    ['start robo', 'HassVacuumStart', { name: 'Robo' }],
    ['send robo back to base', 'HassVacuumReturnToBase', { name: 'Robo' }],
  ])('%s → %s', (text, intent, slots) => {
    const r = rec(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });

  it('reports relative changes as *_step up/down', () => {
    expect(rec('make it a bit warmer', 'Living Room')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up', area: 'Living Room' },
    });
    expect(rec('dim the lights in the kitchen')).toMatchObject({
      intent: 'HassLightSet',
      slots: { brightness_step: 'down', area: 'Kitchen' },
    });
    expect(rec('louder', 'Living Room')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up' },
    });
  });

  it('fills the caller area for "in here" and area-less commands, not for named devices', () => {
    expect(rec('turn off the lights in here', 'Kitchen').slots).toEqual({ domain: 'light', area: 'Kitchen' });
    expect(rec('lights on', 'Bedroom').slots).toEqual({ domain: 'light', area: 'Bedroom' });
    expect(rec('turn on the coffee machine', 'Bedroom').slots).toEqual({ name: 'Coffee Machine' });
    expect(rec('turn off all the lights everywhere', 'Kitchen').slots).toEqual({ domain: 'light' });
  });

  it('takes no "in here" for the whole house when the room is not known', () => {
    expect(rec('turn off the lights in here')).toMatchObject({ intent: null });
    expect(rec('lights off in here')).toMatchObject({ intent: null });
  });

  it('tolerates small typos and partial names', () => {
    expect(rec('trun on the kichen light')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Light' },
      fuzzy: true,
    });
    expect(rec('turn on the backlight')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'TV Backlight' },
    });
    expect(rec('close the livingroom blinds')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
  });

  it('asks back when a name fits several devices', () => {
    const r = rec('turn on the lamp');
    expect(r.intent).toBe('HassTurnOn');
    expect(r.slots.name).toBeUndefined();
    expect(r.ask).toBe('Which lamp: Desk Lamp or Floor Lamp?');
    expect(r.ambiguous?.candidates.map((c) => c.entity_id).sort()).toEqual([
      'light.desk_lamp',
      'light.floor_lamp',
    ]);
  });

  it('resolves the ambiguity with the caller area when it can', () => {
    expect(rec('turn on the lamp', 'Office')).toMatchObject({ slots: { domain: 'light', area: 'Office' } });
  });

  it('declines unknown devices and out-of-domain sentences', () => {
    for (const text of [
      'turn on the oven',
      'set the oven to 200 degrees',
      'translate good morning into spanish',
      'tell me a joke',
      '',
      'open the fridge',
    ]) {
      expect(rec(text).intent, text).toBeNull();
    }
  });

  it('does not let fuzziness pick a wrong device', () => {
    expect(rec('turn on the dishwasher').intent).toBeNull();
    expect(rec('lock the front window').intent).toBeNull();
  });
});
