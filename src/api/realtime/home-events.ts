import { Type } from '@sinclair/typebox';
import type { EventBus } from '../../bus.js';
import type { SceneService } from '../../home/scenes/service.js';
import type { HomeService } from '../../home/service.js';
import { ControlBody } from '../http/routes/control.js';
import { Strict } from '../http/schemas.js';
import { compileValidator } from '../http/validation.js';
import type { HearthSocket, RealtimeServer } from './server.js';

const ALL = 'home:all';
const SubscribeSchema = Strict({
  entity_ids: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 5000 })),
  domains: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  areas: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
});

const rooms = (entityId: string, domain: string, area: string | null) =>
  area
    ? [ALL, `entity:${entityId}`, `domain:${domain}`, `area:${area}`]
    : [ALL, `entity:${entityId}`, `domain:${domain}`];

/**
 * Home events over Socket.IO. Every socket starts in `home:all`; `subscribe` narrows it to
 * rooms per entity, domain and area. One emit per event to the union of the matching rooms:
 * Socket.IO delivers once per socket, so fan-out costs no loop over sockets here.
 */
export function homeEvents(realtime: RealtimeServer, bus: EventBus, home: HomeService, scenes: SceneService) {
  const owner = 'realtime:home';

  realtime.onConnect((socket) => void socket.join(ALL));

  const validateSubscribe = compileValidator(SubscribeSchema, 'subscribe');
  realtime.handle('subscribe', 'viewer', async (socket: HearthSocket, payload) => {
    const sub = validateSubscribe(payload ?? {});
    for (const room of socket.rooms)
      if (room === ALL || /^(entity|domain|area):/.test(room)) void socket.leave(room);
    const wanted = [
      ...(sub.entity_ids ?? []).map((id) => `entity:${id}`),
      ...(sub.domains ?? []).map((d) => `domain:${d}`),
      ...(sub.areas ?? []).map((a) => `area:${a}`),
    ];
    void socket.join(wanted.length === 0 ? [ALL] : wanted);
    return { ok: true, subscribed: wanted.length === 0 ? 'all' : sub };
  });

  const validateControl = compileValidator(ControlBody, 'control');
  realtime.handle(
    'control',
    'user',
    async (socket, payload) => {
      const { entity_id, action, ...params } = validateControl(payload);
      const userId = socket.data.principal.user.id;
      return home.execute(
        { entity_id, action, params, cause: { type: 'user', id: userId } },
        { actor: userId },
      );
    },
    { command: true },
  );

  const validateScene = compileValidator(
    Strict({ scene_id: Type.String({ maxLength: 100 }) }),
    'activate_scene',
  );
  realtime.handle(
    'activate_scene',
    'user',
    async (socket, payload) => {
      const userId = socket.data.principal.user.id;
      return scenes.activate(validateScene(payload).scene_id, {
        actor: userId,
        cause: { type: 'user', id: userId },
      });
    },
    { command: true },
  );

  realtime.handle(
    'undo',
    'user',
    async (socket) => {
      const userId = socket.data.principal.user.id;
      return home.undoLast(userId, { type: 'user', id: userId });
    },
    { command: true },
  );

  const send = realtime.broadcast.bind(realtime);
  bus.on('state_changed', owner, (e) => send(rooms(e.entity_id, e.domain, e.area), 'state_changed', e));
  bus.on('entity_added', owner, ({ entity }) =>
    send(rooms(entity.entity_id, entity.domain, entity.area), 'entity_added', entity),
  );
  bus.on('entity_updated', owner, ({ entity }) =>
    send(rooms(entity.entity_id, entity.domain, entity.area), 'entity_updated', entity),
  );
  bus.on('entity_removed', owner, (e) => send(rooms(e.entity_id, e.domain, e.area), 'entity_removed', e));
  bus.on('device_availability', owner, ({ device, available }) => {
    const targets = new Set<string>([ALL]);
    for (const id of device.entities) {
      const e = home.registry.get(id);
      if (e) rooms(e.entity_id, e.domain, e.area).forEach((r) => targets.add(r));
    }
    send([...targets], 'device_availability', {
      device_id: device.id,
      name: device.name,
      available,
      entity_ids: device.entities,
    });
  });
  bus.on('command_result', owner, (r) => send(rooms(r.entity_id, r.domain, r.area), 'command_result', r));
  bus.on('scene_activated', owner, (e) => send(undefined, 'scene_activated', e));

  return () => bus.removeOwner(owner);
}
