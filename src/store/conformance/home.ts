import { describe, expect, it } from 'vitest';
import type { DeviceRow, EntityRow, HistoryRow, SceneRow } from '../types.js';
import { at, useDatabase, type StoreFactory } from './harness.js';

const entity = (entityId: string, over: Partial<EntityRow> = {}): EntityRow => ({
  entity_id: entityId,
  key: `demo:${entityId}`,
  integration: 'demo',
  domain: entityId.split('.')[0]!,
  discovered_name: entityId,
  device_id: null,
  suggested_area: null,
  capabilities: { supports: ['on', 'off'], brightness: { min: 0, max: 100 } },
  labels: [],
  aliases: [],
  name_override: null,
  area_override: null,
  state: null,
  attributes: {},
  last_changed: at(0),
  last_updated: at(0),
  ...over,
});

const device = (id: string, over: Partial<DeviceRow> = {}): DeviceRow => ({
  id,
  integration: 'zigbee2mqtt',
  discovered_name: id,
  name_override: null,
  manufacturer: 'IKEA',
  model: 'LED1545G12',
  identifiers: { ieee: '0x00158d0001a2b3c4' },
  suggested_area: 'Kitchen',
  area_override: null,
  ...over,
});

const report = (entityId: string, minute: number, state: unknown): HistoryRow => ({
  entity_id: entityId,
  state,
  attributes: { brightness: minute },
  cause_type: 'device',
  cause_id: null,
  cause_user_id: null,
  correlation_id: null,
  at: at(minute),
});

const sortBy = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => key(a).localeCompare(key(b)));

export function homeContract(factory: StoreFactory) {
  describe('home', () => {
    const db = useDatabase(factory);

    it('keeps entities with their JSON fields as written and updates them by entity_id', async () => {
      const store = await db.connect();
      const lamp = entity('light.kitchen', {
        device_id: 'd1',
        labels: ['evening'],
        aliases: ['big lamp'],
        name_override: 'Kitchen light',
        state: { on: true, brightness: 80 },
        attributes: { color_temp: 370, nested: { a: [1, 2] } },
      });
      const door = entity('binary_sensor.door', { state: 'open', capabilities: null });
      const count = entity('sensor.count', { state: 0 });
      await store.home.saveEntities([lamp, door, count]);
      expect(sortBy(await store.home.loadEntities(), (e) => e.entity_id)).toEqual(
        sortBy([lamp, door, count], (e) => e.entity_id),
      );
      const dimmed = { ...lamp, state: { on: true, brightness: 10 }, last_updated: at(4) };
      await store.home.saveEntities([dimmed]);
      await store.home.deleteEntities(['binary_sensor.door', 'sensor.unknown']);
      expect(sortBy(await store.home.loadEntities(), (e) => e.entity_id)).toEqual([dimmed, count]);
      await store.home.saveEntities([]);
      await store.home.deleteEntities([]);
      expect(await store.home.loadEntities()).toHaveLength(2);
    });

    it('keeps devices and updates them by id', async () => {
      const store = await db.connect();
      const d1 = device('d1');
      const d2 = device('d2', { manufacturer: null, model: null, identifiers: {}, suggested_area: null });
      await store.home.saveDevices([d1, d2]);
      const renamed = { ...d1, name_override: 'Hall bulb', area_override: 'hall' };
      await store.home.saveDevices([renamed]);
      expect(sortBy(await store.home.loadDevices(), (d) => d.id)).toEqual([renamed, d2]);
      await store.home.deleteDevices(['d2']);
      expect(await store.home.loadDevices()).toEqual([renamed]);
    });

    it('lists areas by name and updates them by id', async () => {
      const store = await db.connect();
      await store.home.saveArea({ id: 'kitchen', name: 'Kitchen', floor: 'ground' });
      await store.home.saveArea({ id: 'attic', name: 'Attic', floor: null });
      await store.home.saveArea({ id: 'kitchen', name: 'Big kitchen', floor: null });
      expect(await store.home.listAreas()).toEqual([
        { id: 'attic', name: 'Attic', floor: null },
        { id: 'kitchen', name: 'Big kitchen', floor: null },
      ]);
      await store.home.deleteArea('attic');
      expect((await store.home.listAreas()).map((a) => a.id)).toEqual(['kitchen']);
    });

    it('lists built-in scenes first, then by name, and updates them by id', async () => {
      const store = await db.connect();
      const scene = (id: string, name: string, builtin: boolean): SceneRow => ({
        id,
        name,
        builtin,
        definition: { targets: [{ entity_id: 'light.kitchen', state: { on: builtin } }] },
        updated_at: at(0),
      });
      await store.home.saveScene(scene('movie', 'Movie', false));
      await store.home.saveScene(scene('all_off', 'All off', true));
      await store.home.saveScene(scene('dinner', 'Dinner', false));
      await store.home.saveScene({ ...scene('movie', 'Cinema', false), updated_at: at(3) });
      expect(await store.home.listScenes()).toEqual([
        scene('all_off', 'All off', true),
        { ...scene('movie', 'Cinema', false), updated_at: at(3) },
        scene('dinner', 'Dinner', false),
      ]);
      await store.home.deleteScene('dinner');
      expect((await store.home.listScenes()).map((s) => s.id)).toEqual(['all_off', 'movie']);
    });

    it("answers an entity's history between two instants inclusive, oldest first, up to a limit", async () => {
      const store = await db.connect();
      const rows = [
        report('light.a', 3, 'on'),
        report('light.a', 1, 'off'),
        report('light.b', 2, 'on'),
        {
          ...report('light.a', 2, { on: true }),
          cause_type: 'command',
          cause_id: 'u1',
          correlation_id: 'c1',
        },
        report('light.a', 5, 'off'),
      ];
      await store.home.appendHistory(rows);
      await store.home.appendHistory([]);
      expect(await store.home.history('light.a', at(1), at(3), 10)).toEqual([rows[1], rows[3], rows[0]]);
      expect(await store.home.history('light.a', at(0), at(9), 2)).toEqual([rows[1], rows[3]]);
      expect(await store.home.history('light.c', at(0), at(9), 10)).toEqual([]);
    });

    it('keeps history rows written at one instant in the order they were appended', async () => {
      const store = await db.connect();
      const rows = ['on', 'off', 'on'].map((s) => report('light.a', 1, s));
      await store.home.appendHistory(rows);
      expect((await store.home.history('light.a', at(1), at(1), 10)).map((r) => r.state)).toEqual([
        'on',
        'off',
        'on',
      ]);
    });

    it('prunes history older than an instant and says how many rows it removed', async () => {
      const store = await db.connect();
      await store.home.appendHistory([1, 2, 3, 4].map((m) => report('light.a', m, 'on')));
      expect(await store.home.pruneHistory(at(3))).toBe(2);
      expect((await store.home.history('light.a', at(0), at(9), 10)).map((r) => r.at)).toEqual([
        at(3),
        at(4),
      ]);
      expect(await store.home.pruneHistory(at(3))).toBe(0);
    });

    it('answers states and times for graphs, and the state before an instant', async () => {
      const store = await db.connect();
      await store.home.appendHistory([
        report('sensor.t', 1, 20.5),
        report('sensor.t', 3, 21),
        report('sensor.u', 2, 9),
      ]);
      expect(await store.home.historyStates('sensor.t', at(0), at(9), 10)).toEqual([
        { state: 20.5, at: at(1) },
        { state: 21, at: at(3) },
      ]);
      expect(await store.home.historyStates('sensor.t', at(0), at(9), 1)).toEqual([
        { state: 20.5, at: at(1) },
      ]);
      expect(await store.home.stateBefore('sensor.t', at(3))).toBe(20.5);
      expect(await store.home.stateBefore('sensor.t', at(1))).toBeUndefined();
    });

    it('groups numeric readings into calendar slices with min, max, sum and count, skipping other states', async () => {
      const store = await db.connect();
      const second = (minute: number, s: number, state: unknown): HistoryRow => ({
        ...report('sensor.t', minute, state),
        at: new Date(Date.parse(at(minute)) + s * 1000).toISOString(),
      });
      await store.home.appendHistory([
        second(1, 5, 20),
        second(1, 40, 22),
        second(1, 50, 'unavailable'),
        second(2, 10, -1.5),
      ]);
      expect(await store.home.historyBuckets('sensor.t', at(0), at(9), 'minute')).toEqual([
        { at: at(1), min: 20, max: 22, sum: 42, count: 2 },
        { at: at(2), min: -1.5, max: -1.5, sum: -1.5, count: 1 },
      ]);
      expect(await store.home.historyBuckets('sensor.t', at(0), at(9), 'hour')).toEqual([
        { at: at(0), min: -1.5, max: 22, sum: 40.5, count: 3 },
      ]);
    });

    it('answers the logbook: changes only, newest first, with the previous state, filtered', async () => {
      const store = await db.connect();
      await store.home.appendHistory([
        report('light.a', 1, 'off'),
        report('light.a', 2, 'on'),
        report('light.a', 3, 'on'),
        { ...report('light.a', 4, 'off'), cause_type: 'automation', cause_id: 'night' },
        report('sensor.t', 5, 20),
        report('sensor.t', 6, 21),
      ]);
      // An entity's first row in the window has the state before the window (null when none).
      const all = await store.home.logbook({ since: at(2), until: at(9), limit: 50 });
      expect(all.map((r) => [r.entity_id, r.state, r.previous_state, r.at])).toEqual([
        ['sensor.t', 21, 20, at(6)],
        ['sensor.t', 20, null, at(5)],
        ['light.a', 'off', 'on', at(4)],
        ['light.a', 'on', 'off', at(2)],
      ]);
      const lights = await store.home.logbook({
        since: at(0),
        until: at(9),
        exclude_entity_ids: ['sensor.t'],
        cause_type: 'automation',
        limit: 50,
      });
      expect(lights).toEqual([
        expect.objectContaining({ entity_id: 'light.a', state: 'off', cause_id: 'night' }),
      ]);
      const one = await store.home.logbook({
        since: at(0),
        until: at(9),
        entity_ids: ['sensor.t'],
        limit: 1,
      });
      expect(one.map((r) => r.state)).toEqual([21]);
    });

    it('still has every acknowledged write after the connection is closed and opened again', async () => {
      const first = await db.connect();
      await first.home.saveEntities([entity('light.a', { state: 'on' })]);
      await first.home.appendHistory([report('light.a', 1, 'on')]);
      await first.close();
      const again = await db.connect();
      expect((await again.home.loadEntities()).map((e) => e.state)).toEqual(['on']);
      expect(await again.home.history('light.a', at(0), at(9), 10)).toHaveLength(1);
    });
  });
}
