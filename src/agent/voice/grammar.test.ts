import { accentVariants, dictText, nonRhotic } from './dictionary.js';
import { describe, expect, it } from 'vitest';
import { IntentEngine } from '../intents/engine.js';
import type { IntentRegistry } from '../intents/registry.js';
import { nluLine } from '../intents/nlu-output.js';
import { Understanding } from '../understanding/understand.js';
import { buildArpa, buildGrammar, slotPhrases, spoken, wordsOf } from './grammar.js';

const REG: IntentRegistry = {
  floors: [],
  areas: [
    { id: 'kitchen', name: 'Kitchen' },
    { id: 'living_room', name: 'Living Room' },
  ],
  entities: [
    { entity_id: 'light.kitchen', name: 'Kitchen Light', domain: 'light', area: 'kitchen' },
    { entity_id: 'switch.zigbee_plug', name: 'Zigbee Plug 2', domain: 'switch', area: 'kitchen' },
    { entity_id: 'lock.front_door', name: 'Front Door', domain: 'lock', area: null },
    { entity_id: 'cover.blinds', name: 'Living Room Blinds', domain: 'cover', area: 'living_room' },
    { entity_id: 'climate.thermostat', name: 'Thermostat', domain: 'climate', area: 'living_room' },
    {
      entity_id: 'sensor.t',
      name: 'Kitchen Temperature',
      domain: 'sensor',
      area: 'kitchen',
      device_class: 'temperature',
    },
    { entity_id: 'scene.movie_night', name: 'Movie Night', domain: 'scene', area: null },
    { entity_id: 'light.odd', name: 'Łamp #1', domain: 'light', area: null },
    { entity_id: 'media_player.tv', name: 'Living Room TV', domain: 'media_player', area: 'living_room' },
  ],
};

describe('speech grammar from the registry', () => {
  it('spells digits out and refuses names it cannot speak', () => {
    expect(spoken('Zigbee Plug 2')).toBe('zigbee plug two');
    expect(spoken("Kid's Lamp")).toBe('kids lamp');
    expect(spoken('Łamp #1')).toBeUndefined();
  });

  it('lists names per slot by domain and leaves out names with words lacking a pronunciation', () => {
    const slots = slotPhrases(REG);
    expect(slots.onoff).toEqual(['kitchen light', 'living room tv', 'zigbee plug two']);
    expect(slots.stepped).toEqual(['kitchen light', 'living room tv', 'thermostat']);
    expect(slots.machine).toEqual(['living room tv', 'zigbee plug two']);
    expect(slots.media).toEqual(['living room tv']);
    expect(slots.lock).toEqual(['front door']);
    expect(slots.scene).toEqual(['movie night']);
    const g = buildGrammar(slots, (w) => w !== 'zigbee');
    expect(g.words).not.toContain('zigbee');
    expect(g.sentences).toContain('turn on the kitchen light');
    expect(g.sentences.some((s) => s.includes('plug'))).toBe(false);
    expect(g.jsgf).toContain('<onoff> = ( kitchen light | living room tv );');
  });

  it('drops a pattern whose slot is empty instead of writing an empty rule', () => {
    const g = buildGrammar(
      slotPhrases({ ...REG, entities: REG.entities.filter((e) => e.domain !== 'lock') }),
      () => true,
    );
    expect(g.jsgf).not.toContain('<lock>');
    expect(g.sentences.some((s) => s.startsWith('unlock'))).toBe(false);
  });

  it('is deterministic and versioned by content', () => {
    const a = buildGrammar(slotPhrases(REG), () => true);
    const b = buildGrammar(slotPhrases(REG), () => true);
    expect(a).toEqual(b);
    const c = buildGrammar(
      slotPhrases({ ...REG, areas: [...REG.areas, { id: 'office', name: 'Office' }] }),
      () => true,
    );
    expect(c.version).not.toBe(a.version);
    expect(wordsOf(slotPhrases(REG)).has('thermostat')).toBe(true);
  });

  it('only produces sentences the Home agent understands', () => {
    const agent = new Understanding(new IntentEngine(REG));
    const g = buildGrammar(slotPhrases(REG), () => true);
    const misses = g.sentences.filter(
      (s) => !['yes', 'no', 'cancel'].includes(s) && nluLine(agent, s, null, []).intent === null,
    );
    expect(misses).toEqual([]);
  });

  it('has the stepping, raise/lower, start/stop and pause/resume verbs, meaning what the Home agent does with them', () => {
    const agent = new Understanding(new IntentEngine(REG));
    const g = buildGrammar(slotPhrases(REG), () => true);
    const meaning = (s: string) => {
      expect(g.sentences).toContain(s);
      return nluLine(agent, s, null, []);
    };
    expect(meaning('dim the kitchen light')).toMatchObject({
      intent: 'HassLightSet',
      slots: { brightness_step: 'down', name: 'Kitchen Light' },
    });
    expect(meaning('brighten the lights in the kitchen')).toMatchObject({
      intent: 'HassLightSet',
      slots: { brightness_step: 'up', area: 'Kitchen' },
    });
    expect(meaning('turn up the thermostat')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up' },
    });
    expect(meaning('turn the living room tv down')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'down', name: 'Living Room TV' },
    });
    expect(meaning('lower the living room blinds')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
    expect(meaning('stop the zigbee plug two')).toMatchObject({ intent: 'HassTurnOff' });
    expect(meaning('pause the living room tv')).toMatchObject({ intent: 'HassMediaPause' });
    // lights are dimmed, not started; locks are not raised
    expect(g.sentences).not.toContain('start the kitchen light');
    expect(g.sentences).not.toContain('raise the front door');
  });

  it('writes an ARPA trigram model with counts that match its sections', () => {
    const arpa = buildArpa(['turn on the light', 'turn off the light']);
    expect(arpa).toContain('ngram 1=7');
    expect(arpa).toContain('\\3-grams:');
    expect(arpa.trim().endsWith('\\end\\')).toBe(true);
  });
});

describe('pronunciation variants', () => {
  it('adds the cot–caught AA vowel so "off" is not only AO F (while "on" has AA N)', () => {
    expect(accentVariants(['AO F'])).toEqual(['AO F', 'AA F']);
    expect(accentVariants(['HH AO L W EY'])).toEqual(['HH AO L W EY', 'HH AA L W EY']);
    expect(accentVariants(['AA N', 'AO N'])).toEqual(['AA N', 'AO N']);
  });

  it('does not merge AO before R ("door", "four"), but drops that R as a non-rhotic speaker does', () => {
    expect(accentVariants(['D AO R'])).toEqual(['D AO R', 'D AO']);
    expect(accentVariants(['F AO R T IY'])).toEqual(['F AO R T IY', 'F AO T IY']);
  });

  it('keeps an R before a vowel, makes ER a schwa, and leaves a schwa glide after near/square vowels', () => {
    expect(nonRhotic('TH ER M AH S T AE T')).toBe('TH AH M AH S T AE T');
    expect(nonRhotic('T EH M P R AH CH ER')).toBe('T EH M P R AH CH AH');
    expect(nonRhotic('AH R AW N D')).toBe('AH R AW N D');
    expect(nonRhotic('HH IH R')).toBe('HH IH AH');
    expect(nonRhotic('CH EH R')).toBe('CH EH AH');
    expect(nonRhotic('G AA R D AH N')).toBe('G AA D AH N');
    expect(nonRhotic('L AY T')).toBe('L AY T');
  });

  it('gives the TRAP vowel AE an open AA variant ("back", "fan"), combined with the other rules', () => {
    expect(accentVariants(['B AE K'])).toEqual(['B AE K', 'B AA K']);
    expect(accentVariants(['B AE K Y AA R D'])).toEqual([
      'B AE K Y AA R D',
      'B AE K Y AA D',
      'B AA K Y AA R D',
      'B AA K Y AA D',
    ]);
  });

  it('writes the variants only into the dictionary asked for, and never for the words kept plain (decoys)', () => {
    const lines = new Map([
      ['off', ['AO F']],
      ['door', ['D AO R']],
      ['garage', ['G ER AA ZH']],
    ]);
    expect(dictText(['off', 'door'], lines)).toBe('off AO F\ndoor D AO R\n');
    expect(dictText(['off', 'door'], lines, true)).toBe('off AO F\noff(2) AA F\ndoor D AO R\ndoor(2) D AO\n');
    expect(dictText(['door', 'garage'], lines, true, new Set(['garage']))).toBe(
      'door D AO R\ndoor(2) D AO\ngarage G ER AA ZH\n',
    );
  });
});
