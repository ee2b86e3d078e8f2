import type { EntityAnnouncement } from '../../home/integration.js';
import type { Attributes, EntityState } from '../../home/types.js';

/** The demo home: what `npm start` shows with no hardware. Entity ids here are relied on by scenes, docs and tests. */
export interface DemoEntity extends EntityAnnouncement {
  state: EntityState;
  initial: Attributes;
  model: string;
}

const LIGHT_FULL = { actions: ['on', 'off', 'toggle', 'dim', 'set_color_temp', 'set_color'], brightness: true, color_temp: { min_kelvin: 2200, max_kelvin: 6500 }, color: true };
const LIGHT_WHITE = { actions: ['on', 'off', 'toggle', 'dim', 'set_color_temp'], brightness: true, color_temp: { min_kelvin: 2200, max_kelvin: 6500 } };
const LIGHT_DIM = { actions: ['on', 'off', 'toggle', 'dim'], brightness: true };
const LIGHT_STRIP = { actions: ['on', 'off', 'toggle', 'dim', 'set_color'], brightness: true, color: true };
const COVER = { actions: ['open', 'close', 'stop', 'set_position'], position: true };
const LOCK = { actions: ['lock', 'unlock'] };
const CAMERA = { actions: ['start_recording', 'stop_recording'] };

const light = (object_id: string, name: string, area: string, caps: object, on: boolean, brightness: number, extra: Attributes = {}, labels: string[] = []): DemoEntity => ({
  unique_id: object_id, object_id, domain: 'light', name, area, capabilities: caps as DemoEntity['capabilities'], labels, model: 'Demo Bulb',
  state: on ? 'on' : 'off', initial: { brightness, ...extra },
});

export const DEMO_ENTITIES: DemoEntity[] = [
  light('living_room', 'Living Room Light', 'Living Room', LIGHT_FULL, true, 80, { kelvin: 2700, color_mode: 'color_temp', color: [255, 180, 107] }),
  light('kitchen', 'Kitchen Light', 'Kitchen', LIGHT_WHITE, false, 100, { kelvin: 4000, color_mode: 'color_temp' }),
  light('bedroom', 'Bedroom Light', 'Bedroom', LIGHT_FULL, false, 60, { kelvin: 2700, color_mode: 'color_temp', color: [255, 180, 107] }),
  light('hallway', 'Hallway Light', 'Hallway', LIGHT_DIM, false, 100),
  light('tv_backlight', 'TV Backlight', 'Living Room', LIGHT_STRIP, false, 50, { color: [90, 60, 255], color_mode: 'color' }, ['tv_backlight']),
  {
    unique_id: 'living_room_blinds', object_id: 'living_room_blinds', domain: 'cover', name: 'Living Room Blinds', area: 'Living Room', capabilities: COVER,
    model: 'Demo Blind Motor', state: 'open', initial: { position: 100, device_class: 'blind' },
  },
  {
    unique_id: 'bedroom_blinds', object_id: 'bedroom_blinds', domain: 'cover', name: 'Bedroom Blinds', area: 'Bedroom', capabilities: COVER,
    model: 'Demo Blind Motor', state: 'closed', initial: { position: 0, device_class: 'blind' },
  },
  {
    unique_id: 'coffee_machine', object_id: 'coffee_machine', domain: 'switch', name: 'Coffee Machine', area: 'Kitchen', labels: ['coffee_machine'],
    capabilities: { actions: ['on', 'off', 'toggle'] }, model: 'Demo Smart Plug', state: 'off', initial: { device_class: 'outlet' },
  },
  {
    unique_id: 'thermostat', object_id: 'thermostat', domain: 'climate', name: 'Thermostat', area: 'Living Room', model: 'Demo Thermostat',
    capabilities: {
      actions: ['set_temperature', 'set_hvac_mode', 'set_preset', 'off'], temperature: { min: 7, max: 30, step: 0.5, unit: '°C' },
      hvac_modes: ['off', 'heat', 'cool', 'auto'], presets: ['home', 'eco', 'away', 'comfort'],
    },
    state: 'heat', initial: { temperature: 21, current_temperature: 20.6, preset: 'home', unit_of_measurement: '°C' },
  },
  { unique_id: 'front_door_lock', object_id: 'front_door', domain: 'lock', name: 'Front Door', area: 'Hallway', capabilities: LOCK, model: 'Demo Lock', state: 'locked', initial: {} },
  { unique_id: 'back_door_lock', object_id: 'back_door', domain: 'lock', name: 'Back Door', area: 'Kitchen', capabilities: LOCK, model: 'Demo Lock', state: 'locked', initial: {} },
  {
    unique_id: 'home_alarm', object_id: 'home_alarm', domain: 'alarm_control_panel', name: 'Home Alarm', area: 'Hallway', model: 'Demo Alarm Panel',
    capabilities: { actions: ['arm_home', 'arm_away', 'arm_night', 'disarm'] }, state: 'disarmed', initial: {},
  },
  { unique_id: 'front_door_camera', object_id: 'front_door', domain: 'camera', name: 'Front Door Camera', area: 'Outside', capabilities: CAMERA, model: 'Demo Camera', state: 'idle', initial: {} },
  { unique_id: 'backyard_camera', object_id: 'backyard', domain: 'camera', name: 'Backyard Camera', area: 'Outside', capabilities: CAMERA, model: 'Demo Camera', state: 'idle', initial: {} },
  {
    unique_id: 'hallway_motion', object_id: 'hallway_motion', domain: 'binary_sensor', name: 'Hallway Motion', area: 'Hallway', capabilities: { actions: [] },
    model: 'Demo Motion Sensor', state: 'off', initial: { device_class: 'motion' },
  },
  {
    unique_id: 'front_door_contact', object_id: 'front_door_contact', domain: 'binary_sensor', name: 'Front Door Contact', area: 'Hallway', capabilities: { actions: [] },
    model: 'Demo Door Sensor', state: 'off', initial: { device_class: 'door' },
  },
  {
    unique_id: 'living_room_temperature', object_id: 'living_room_temperature', domain: 'sensor', name: 'Living Room Temperature', area: 'Living Room',
    capabilities: { actions: [] }, model: 'Demo Climate Sensor', state: 20.6, initial: { device_class: 'temperature', unit_of_measurement: '°C' },
  },
  {
    unique_id: 'living_room_humidity', object_id: 'living_room_humidity', domain: 'sensor', name: 'Living Room Humidity', area: 'Living Room',
    capabilities: { actions: [] }, model: 'Demo Climate Sensor', state: 45, initial: { device_class: 'humidity', unit_of_measurement: '%' },
  },
  {
    unique_id: 'living_room_tv', object_id: 'living_room_tv', domain: 'media_player', name: 'Living Room TV', area: 'Living Room', model: 'Demo TV',
    capabilities: { actions: ['on', 'off', 'toggle', 'play', 'pause', 'next', 'previous', 'set_volume'], volume: true },
    state: 'off', initial: { volume: 25, media_title: null, source: 'HDMI 1' },
  },
  {
    unique_id: 'bedroom_fan', object_id: 'bedroom_fan', domain: 'fan', name: 'Bedroom Fan', area: 'Bedroom', model: 'Demo Fan',
    capabilities: { actions: ['on', 'off', 'toggle', 'set_fan_speed'], fan_speeds: ['low', 'medium', 'high'] }, state: 'off', initial: { speed: 'low' },
  },
  {
    unique_id: 'resident', object_id: 'resident', domain: 'person', name: 'Resident', area: null, capabilities: { actions: [] },
    model: 'Demo Phone', state: 'home', initial: { source: 'demo' },
  },
];
