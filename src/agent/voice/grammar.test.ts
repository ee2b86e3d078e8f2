import { accentVariants, dictText } from './dictionary.js';
import { describe, expect, it } from 'vitest';
import { IntentEngine } from '../intents/engine.js';
import type { IntentRegistry } from '../intents/registry.js';
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
    expect(slots.onoff).toEqual(['kitchen light', 'zigbee plug two']);
    expect(slots.lock).toEqual(['front door']);
    expect(slots.scene).toEqual(['movie night']);
    const g = buildGrammar(slots, (w) => w !== 'zigbee');
    expect(g.words).not.toContain('zigbee');
    expect(g.sentences).toContain('turn on the kitchen light');
    expect(g.sentences.some((s) => s.includes('plug'))).toBe(false);
    expect(g.jsgf).toContain('<onoff> = ( kitchen light );');
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

  it('only produces sentences the intent engine understands', () => {
    const engine = new IntentEngine(REG);
    const g = buildGrammar(slotPhrases(REG), () => true);
    const misses = g.sentences.filter(
      (s) => !['yes', 'no', 'cancel'].includes(s) && engine.recognize(s).intent === null,
    );
    expect(misses).toEqual([]);
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

  it('leaves AO before R alone ("door", "four" are not merged)', () => {
    expect(accentVariants(['D AO R'])).toEqual(['D AO R']);
    expect(accentVariants(['F AO R T IY'])).toEqual(['F AO R T IY']);
  });

  it('writes the variants only into the dictionary asked for (the grammar pass, not the LM pass)', () => {
    const lines = new Map([
      ['off', ['AO F']],
      ['door', ['D AO R']],
    ]);
    expect(dictText(['off', 'door'], lines)).toBe('off AO F\ndoor D AO R\n');
    expect(dictText(['off', 'door'], lines, true)).toBe('off AO F\noff(2) AA F\ndoor D AO R\n');
  });
});
