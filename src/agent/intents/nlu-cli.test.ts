import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const demo = fileURLToPath(new URL('./fixtures/demo-home.json', import.meta.url));

describe('npm run nlu', () => {
  it('answers one JSON line per input line with intent and slots, and nothing else on stdout', () => {
    const input = [
      { id: 'a', text: 'turn off the lights', context: { area: 'Kitchen' } },
      { id: 'b', text: 'tell me a joke' },
      { id: 'c', text: 'set the desk lamp to fifty percent' },
      { id: 'd', text: 'and the floor lamp too', history: [{ text: 'turn on the desk lamp' }] },
      { id: 'e', text: 'turn off the kitchen light and lock the front door' },
    ]
      .map((x) => JSON.stringify(x))
      .join('\n');
    const res = spawnSync('npm', ['run', '--silent', 'nlu', '--', '--fixtures', demo, '--fixtures', demo], {
      cwd: root,
      input,
      encoding: 'utf8',
    });
    expect(res.status).toBe(0);
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        id: 'a',
        text: 'turn off the lights',
        intent: 'HassTurnOff',
        slots: { domain: 'light', area: 'Kitchen' },
      },
      { id: 'b', text: 'tell me a joke', intent: null, slots: {} },
      {
        id: 'c',
        text: 'set the desk lamp to fifty percent',
        intent: 'HassLightSet',
        slots: { name: 'Desk Lamp', brightness: 50 },
      },
      // a dialogue item: the earlier turn is understood first, in the same conversation
      { id: 'd', text: 'and the floor lamp too', intent: 'HassTurnOn', slots: { name: 'Floor Lamp' } },
      // a compound command: intents joined, slots numbered by part
      {
        id: 'e',
        text: 'turn off the kitchen light and lock the front door',
        intent: 'HassTurnOff+HassTurnOn',
        slots: { '1.name': 'Kitchen Light', '2.name': 'Front Door' },
      },
    ]);
  });

  it('fails with a usage message on an unknown argument', () => {
    const res = spawnSync('npm', ['run', '--silent', 'nlu', '--', '--bogus'], {
      cwd: root,
      input: '',
      encoding: 'utf8',
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/usage: nlu --fixtures/);
  });
});
