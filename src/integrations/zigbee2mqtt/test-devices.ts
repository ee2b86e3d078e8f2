import type { Expose, Z2mDevice } from './types.js';

/** Hand-written Zigbee2MQTT devices, one per domain, shaped like bridges.md §1.3 (tests only). */
const bin = (
  name: string,
  property = name,
  access = 7,
  on: unknown = 'ON',
  off: unknown = 'OFF',
  endpoint?: string,
): Expose => ({
  type: 'binary',
  name,
  property,
  access,
  value_on: on,
  value_off: off,
  ...(endpoint ? { endpoint } : {}),
});
const numeric = (
  name: string,
  access: number,
  unit?: string,
  min?: number,
  max?: number,
  step?: number,
): Expose => ({
  type: 'numeric',
  name,
  property: name,
  access,
  ...(unit ? { unit } : {}),
  ...(min !== undefined ? { value_min: min, value_max: max } : {}),
  ...(step ? { value_step: step } : {}),
});
const lqi = numeric('linkquality', 1, 'lqi', 0, 255);

let n = 0;
export function device(friendly_name: string, exposes: Expose[], extra: Partial<Z2mDevice> = {}): Z2mDevice {
  n++;
  return {
    ieee_address: `0x00158d00000000${n.toString(16).padStart(2, '0')}`,
    friendly_name,
    type: 'Router',
    supported: true,
    disabled: false,
    interview_state: 'SUCCESSFUL',
    interview_completed: true,
    interviewing: false,
    definition: {
      model: `TEST-${n}`,
      vendor: 'Test',
      description: friendly_name,
      source: 'native',
      exposes: [...exposes, lqi],
    },
    ...extra,
  };
}

export const LIGHT: Expose = {
  type: 'light',
  features: [
    bin('state'),
    numeric('brightness', 7, undefined, 0, 254),
    numeric('color_temp', 7, 'mired', 153, 500),
    {
      type: 'composite',
      name: 'color_xy',
      property: 'color',
      access: 7,
      features: [numeric('x', 7), numeric('y', 7)],
    },
  ],
};

export function testDevices(): Z2mDevice[] {
  n = 0;
  return [
    {
      ieee_address: '0x00124b0000000000',
      friendly_name: 'Coordinator',
      type: 'Coordinator',
      supported: true,
      disabled: false,
      interview_state: 'SUCCESSFUL',
    },
    device('Kitchen/Ceiling Lamp', [LIGHT]),
    device('Hall Switch', [
      { type: 'switch', endpoint: 'l1', features: [bin('state', 'state_l1', 7, 'ON', 'OFF', 'l1')] },
      { type: 'switch', endpoint: 'l2', features: [bin('state', 'state_l2', 7, 'ON', 'OFF', 'l2')] },
    ]),
    device('Coffee Plug', [
      { type: 'switch', features: [bin('state')] },
      numeric('power', 5, 'W'),
      numeric('energy', 5, 'kWh'),
    ]),
    device('Living Blind', [
      {
        type: 'cover',
        features: [
          { type: 'enum', name: 'state', property: 'state', access: 3, values: ['OPEN', 'CLOSE', 'STOP'] },
          numeric('position', 7, '%', 0, 100),
        ],
      },
    ]),
    device('Front Door Lock', [
      {
        type: 'lock',
        features: [
          bin('state', 'state', 7, 'LOCK', 'UNLOCK'),
          {
            type: 'enum',
            name: 'lock_state',
            property: 'lock_state',
            access: 1,
            values: ['locked', 'unlocked', 'not_fully_locked'],
          },
        ],
      },
    ]),
    device('Bedroom TRV', [
      {
        type: 'climate',
        features: [
          numeric('local_temperature', 5, '°C'),
          numeric('occupied_heating_setpoint', 7, '°C', 5, 30, 0.5),
          {
            type: 'enum',
            name: 'system_mode',
            property: 'system_mode',
            access: 7,
            values: ['off', 'heat', 'auto'],
          },
          {
            type: 'enum',
            name: 'preset',
            property: 'preset',
            access: 7,
            values: ['manual', 'eco', 'comfort'],
          },
        ],
      },
      numeric('battery', 1, '%', 0, 100),
    ]),
    device('Ceiling Fan', [
      {
        type: 'fan',
        features: [
          bin('fan_state', 'fan_state'),
          {
            type: 'enum',
            name: 'fan_mode',
            property: 'fan_mode',
            access: 7,
            values: ['off', 'low', 'medium', 'high', 'on'],
          },
        ],
      },
    ]),
    device('Door Sensor', [bin('contact', 'contact', 1, false, true), numeric('battery', 1, '%', 0, 100)]),
    device('Motion Sensor', [bin('occupancy', 'occupancy', 1, true, false)]),
    device('New Gadget', [], { interview_state: 'IN_PROGRESS', definition: null }),
    device('Spare Plug', [{ type: 'switch', features: [bin('state')] }], { disabled: true }),
  ];
}
