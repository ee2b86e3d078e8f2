import type { SimNode, SimValue } from './simulator.js';

/**
 * The eight devices Hearth was run against (issue 15), as Z-Wave JS UI's getNodes returns them:
 * ZUIValueId fields and metadata as zwave-js defines them (Notification states from its
 * Notifications.ts registry, Door Lock modes from `DoorLockMode`, setpoint types from
 * `ThermostatSetpointType`, meter keys from MeterCC), numeric device classes.
 */
const CC_NAMES: Record<number, string> = {
  37: 'Binary Switch',
  38: 'Multilevel Switch',
  49: 'Multilevel Sensor',
  50: 'Meter',
  64: 'Thermostat Mode',
  67: 'Thermostat Setpoint',
  98: 'Door Lock',
  113: 'Notification',
  128: 'Battery',
};

export function val(
  commandClass: number,
  property: string | number,
  extra: Partial<SimValue> & { propertyKey?: string | number } = {},
): [string, SimValue] {
  const key = `${commandClass}-${extra.endpoint ?? 0}-${property}${extra.propertyKey !== undefined ? `-${extra.propertyKey}` : ''}`;
  return [
    key,
    {
      commandClass,
      commandClassName: CC_NAMES[commandClass] ?? `CC ${commandClass}`,
      endpoint: 0,
      property,
      propertyName: String(property),
      type: 'number',
      readable: true,
      writeable: false,
      stateless: false,
      list: false,
      ...extra,
    },
  ];
}

const states = (m: Record<number, string>) =>
  Object.entries(m).map(([value, text]) => ({ text, value: Number(value) }));

const node = (id: number, fields: Partial<SimNode>, values: [string, SimValue][]): SimNode => ({
  id,
  manufacturer: 'Test',
  productLabel: `P${id}`,
  status: 'Alive',
  ready: true,
  available: true,
  failed: false,
  inited: true,
  isControllerNode: false,
  ...fields,
  values: Object.fromEntries(values),
});

const level = (value: number) =>
  val(128, 'level', { label: 'Battery level', unit: '%', min: 0, max: 100, value });

const doorStates = {
  22: 'Window/door is open',
  23: 'Window/door is closed',
  5632: 'Window/door is open in regular position',
  5633: 'Window/door is open in tilt position',
};

/** The sleeping door sensor's values, known only once it woke up and its interview finished. */
export const WINDOW_SENSOR_VALUES = Object.fromEntries([
  val(113, 'Access Control', {
    propertyKey: 'Door state',
    propertyKeyName: 'Door state',
    label: 'Door state',
    states: states(doorStates),
    list: true,
    ccSpecific: { notificationType: 6 },
    value: 23,
  }),
  val(113, 'Access Control', {
    propertyKey: 'Door state (simple)',
    label: 'Door state (simple)',
    states: states({ 22: 'Window/door is open', 23: 'Window/door is closed' }),
    ccSpecific: { notificationType: 6 },
    value: 23,
  }),
  val(113, 'Access Control', {
    propertyKey: 'Opening state',
    label: 'Opening state',
    states: states({ 0: 'Closed', 1: 'Open' }),
    ccSpecific: { notificationType: 6 },
    value: 0,
  }),
  level(100),
]);

export function testNodes(): SimNode[] {
  return [
    node(1, { name: '', isControllerNode: true, productLabel: 'ZST10' }, []),
    node(2, { name: 'Dimmer', loc: 'Kitchen', deviceClass: { basic: 4, generic: 17, specific: 1 } }, [
      val(38, 'currentValue', { label: 'Current value', min: 0, max: 99, value: 0 }),
      val(38, 'targetValue', { label: 'Target value', min: 0, max: 99, writeable: true, value: 0 }),
      val(38, 'Up', {
        type: 'boolean',
        label: 'Perform a level change (Up)',
        writeable: true,
        readable: false,
      }),
    ]),
    node(3, { name: 'Coffee Plug', loc: 'Küche', deviceClass: { basic: 4, generic: 16, specific: 1 } }, [
      val(37, 'currentValue', { type: 'boolean', label: 'Current value', value: false }),
      val(37, 'targetValue', { type: 'boolean', label: 'Target value', writeable: true, value: false }),
      val(50, 'value', {
        propertyKey: 65537,
        propertyKeyName: 'Electric_kWh_Consumed',
        label: 'Electric Consumption [kWh]',
        unit: 'kWh',
        ccSpecific: { meterType: 1, scale: 0, rateType: 1 },
        value: 1.25,
      }),
      val(50, 'reset', {
        type: 'boolean',
        label: 'Reset accumulated values',
        readable: false,
        writeable: true,
      }),
    ]),
    node(4, { name: 'Front Door', deviceClass: { basic: 4, generic: 64, specific: 3 } }, [
      val(98, 'currentMode', {
        label: 'Current lock mode',
        states: states({
          0: 'Unsecured',
          1: 'UnsecuredWithTimeout',
          16: 'InsideUnsecured',
          17: 'InsideUnsecuredWithTimeout',
          32: 'OutsideUnsecured',
          33: 'OutsideUnsecuredWithTimeout',
          254: 'Unknown',
          255: 'Secured',
        }),
        list: true,
        value: 255,
      }),
      val(98, 'targetMode', {
        label: 'Target lock mode',
        writeable: true,
        states: states({ 0: 'Unsecured', 255: 'Secured' }),
        value: 255,
      }),
      val(113, 'Access Control', {
        propertyKey: 'Lock state',
        label: 'Lock state',
        states: states({ 0: 'idle', 11: 'Lock jammed' }),
        ccSpecific: { notificationType: 6 },
        value: 0,
      }),
      val(113, 'alarmType', { label: 'Alarm Type', min: 0, max: 255, value: 21 }),
      val(113, 'alarmLevel', { label: 'Alarm Level', min: 0, max: 255, value: 1 }),
      level(80),
    ]),
    node(5, { name: 'Thermostat', loc: 'Living Room', deviceClass: { basic: 4, generic: 8, specific: 6 } }, [
      val(64, 'mode', {
        label: 'Thermostat mode',
        writeable: true,
        states: states({ 0: 'Off', 1: 'Heat', 2: 'Cool', 3: 'Auto' }),
        list: true,
        value: 1,
      }),
      val(67, 'setpoint', {
        propertyKey: 1,
        propertyKeyName: 'Heating',
        label: 'Setpoint (Heating)',
        writeable: true,
        unit: '°C',
        min: 5,
        max: 30,
        ccSpecific: { setpointType: 1 },
        value: 20,
      }),
      val(67, 'setpoint', {
        propertyKey: 2,
        propertyKeyName: 'Cooling',
        label: 'Setpoint (Cooling)',
        writeable: true,
        unit: '°C',
        min: 16,
        max: 35,
        ccSpecific: { setpointType: 2 },
        value: 26,
      }),
      val(49, 'Air temperature', {
        label: 'Air temperature',
        unit: '°C',
        ccSpecific: { sensorType: 1, scale: 0 },
        value: 19.5,
      }),
    ]),
    node(6, { name: 'Multisensor', deviceClass: { basic: 4, generic: 7, specific: 1 } }, [
      val(49, 'Air temperature', { label: 'Air temperature', unit: '°C', value: 21.4 }),
      val(49, 'Humidity', { label: 'Humidity', unit: '%', value: 40 }),
      val(113, 'Home Security', {
        propertyKey: 'Motion sensor status',
        label: 'Motion sensor status',
        states: states({ 0: 'idle', 8: 'Motion detection' }),
        ccSpecific: { notificationType: 7 },
        value: 0,
      }),
      val(113, 'Home Security', {
        propertyKey: 'Cover status',
        label: 'Cover status',
        states: states({ 0: 'idle', 3: 'Tampering, product cover removed' }),
        ccSpecific: { notificationType: 7 },
        value: 0,
      }),
      level(90),
    ]),
    node(7, { name: '', productLabel: 'ZW096', deviceClass: { basic: 4, generic: 16, specific: 1 } }, [
      val(37, 'currentValue', { type: 'boolean', label: 'Current value', value: false }),
      val(37, 'targetValue', { type: 'boolean', label: 'Target value', writeable: true, value: false }),
    ]),
    node(8, { name: 'Living Blind', deviceClass: { basic: 4, generic: 17, specific: 6 } }, [
      val(38, 'currentValue', { label: 'Current value', min: 0, max: 99, value: 0 }),
      val(38, 'targetValue', { label: 'Target value', min: 0, max: 99, writeable: true, value: 0 }),
      val(38, 'Open', {
        type: 'boolean',
        label: 'Perform a level change (Open)',
        writeable: true,
        readable: false,
      }),
    ]),
    node(
      9,
      {
        name: 'Window Sensor',
        status: 'Asleep',
        ready: false,
        deviceClass: { basic: 4, generic: 7, specific: 1 },
      },
      [],
    ),
  ];
}
