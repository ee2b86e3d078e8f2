import { describe, expect, it } from 'vitest';
import type { HomeEntityView } from './home-access.js';
import { inUnitOf } from './plan.js';

const thermostat = (attributes: Record<string, unknown>): HomeEntityView => ({
  entity_id: 'climate.thermostat',
  name: 'Thermostat',
  domain: 'climate',
  area: null,
  state: 'heat',
  attributes,
  actions: ['set_temperature'],
});

describe('a temperature said in the other scale than the thermostat', () => {
  it('68 to a °C thermostat is 68 °F, set as 20 °C', () => {
    expect(inUnitOf(thermostat({ unit_of_measurement: '°C' }), 68)).toBe(20);
    expect(inUnitOf(thermostat({}), 72)).toBe(22);
  });

  it('21 to a °F thermostat is 21 °C, set as 70 °F', () => {
    expect(inUnitOf(thermostat({ unit_of_measurement: '°F' }), 21)).toBe(70);
  });

  it("a number in the thermostat's own scale or range is kept as said", () => {
    expect(inUnitOf(thermostat({ unit_of_measurement: '°C' }), 21.5)).toBe(21.5);
    expect(inUnitOf(thermostat({ unit_of_measurement: '°F' }), 68)).toBe(68);
    // a pool heater that goes to 60 °C: 45 is 45 °C
    expect(inUnitOf(thermostat({ unit_of_measurement: '°C', min_temp: 10, max_temp: 60 }), 45)).toBe(45);
  });
});
