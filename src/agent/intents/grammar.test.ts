import { describe, expect, it } from 'vitest';
import { compileRules, expand, parseTemplate, requiredWords } from './grammar.js';
import { tokenize } from './normalize.js';
import { IntentEngine } from './engine.js';
import { registryFromFixtures } from './registry.js';

const demo = new URL('./fixtures/demo-home.json', import.meta.url).pathname;

describe('template grammar', () => {
  it('expands alternatives, optionals, slots and rules', () => {
    const rules = compileRules({ onoff: '(on|off)' });
    const node = parseTemplate('turn <onoff> [the] {name}', rules);
    const out = expand(node)
      .map((x) => x.join(' '))
      .sort();
    expect(out).toEqual(['turn off the {name}', 'turn off {name}', 'turn on the {name}', 'turn on {name}']);
  });

  it('stores a slot under another name with {list:slot}', () => {
    expect(expand(parseTemplate('{volume:volume_level}', {}))).toEqual([['{volume_level}']]);
  });

  it('knows which words every expansion needs', () => {
    const node = parseTemplate('(turn|switch) on [all] {name}', {});
    expect([...requiredWords(node)]).toEqual(['on']);
  });

  it('rejects unbalanced templates and unknown rules', () => {
    expect(() => parseTemplate('turn (on|off', {})).toThrow();
    expect(() => parseTemplate('turn <nope>', {})).toThrow(/unknown rule/);
  });
});

describe('normalisation', () => {
  it('turns number words, percentages and degrees into tokens', () => {
    expect(tokenize('Set it to twenty one point five °')).toEqual(['set', 'it', 'to', '21.5', 'degrees']);
    expect(tokenize('one hundred and five %')).toEqual(['105', 'percent']);
    expect(tokenize("What's the TV's volume?")).toEqual(['what', 'is', 'the', 'tv', 'volume']);
  });
});

describe('slot lists from the registry', () => {
  it('picks up entity names, aliases, areas and floors live', () => {
    const reg = registryFromFixtures([demo]);
    const engine = new IntentEngine(reg);
    expect(engine.recognize('turn on the hall lamp').intent).toBeNull();
    reg.entities.push({ entity_id: 'light.hall_lamp', name: 'Hall Lamp', domain: 'light', area: 'hallway' });
    engine.setRegistry(reg);
    expect(engine.recognize('turn on the hall lamp')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Hall Lamp' },
    });
    expect(engine.recognize('turn off the night light')).toMatchObject({ slots: { name: 'Bedside Light' } });
    expect(engine.recognize('turn off the lights in the lounge')).toMatchObject({
      slots: { area: 'Living Room', domain: 'light' },
    });
    expect(engine.recognize('turn off the lights downstairs')).toMatchObject({
      slots: { floor: 'Ground Floor', domain: 'light' },
    });
  });
});
