import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/home/actions.js';
import { ACTION_PARAMS, paramsOf } from '../../web/src/action-catalogue.js';

/** The dashboard's forms ask for exactly the parameters the home core checks. */
describe('the dashboard action catalogue', () => {
  it('lists the same actions and parameters as the home core', () => {
    const core = Object.fromEntries(
      Object.entries(ACTIONS).map(([name, spec]) => [
        name,
        {
          required: Object.keys(spec.required ?? {}),
          optional: Object.keys(spec.optional ?? {}),
        },
      ]),
    );
    expect(ACTION_PARAMS).toEqual(core);
  });

  it("takes the ranges from the entity's capabilities and leaves out what it cannot do", () => {
    const caps = {
      actions: ['on', 'set_temperature'],
      brightness: true,
      temperature: { min: 7, max: 30, step: 0.5, unit: '°C' },
    };
    expect(paramsOf('on', caps).map((p) => p.name)).toEqual(['brightness']);
    expect(paramsOf('set_temperature', caps)[0]).toMatchObject({
      required: true,
      spec: { kind: 'number', min: 7, max: 30, step: 0.5 },
    });
  });
});
