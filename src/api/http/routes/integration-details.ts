import { Type } from '@sinclair/typebox';
import { Errors } from '../../../errors.js';
import type { Integration } from '../../../home/integration.js';
import type { HomeService } from '../../../home/service.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';

const Summary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('transport'), Type.Literal('integration')]),
  status: Type.Record(Type.String(), Type.Unknown()),
  entities: Type.Integer(),
  devices: Type.Integer(),
  actions: Type.Array(Type.String(), { description: 'what the integration can do, e.g. permit_join' }),
});
// Named like the pairing routes' parameter: one name per path position.
const IdParam = Strict({
  integration_id: Type.String({
    pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
    description: 'e.g. zigbee2mqtt, mqtt',
  }),
});

/** What an integration can be asked to do beyond its devices (the dashboard shows a control for each). */
function actionsOf(i: Integration): string[] {
  return i.permitJoin ? ['permit_join'] : [];
}

/** One integration's details and its own actions (Zigbee2MQTT: let devices join); the list is in home.ts, pairing in integrations.ts. */
export function integrationDetailRoutes(app: HttpApp, home: HomeService) {
  const find = (id: string) => {
    const i = home.integrationList().find((x) => x.id === id);
    if (!i) throw Errors.notFound('Integration', id);
    return i;
  };
  /** Integrations and transports (the MQTT connection) alike: what the details page shows. */
  const entry = (id: string) => {
    const e = home.statusList().find((x) => x.id === id);
    if (!e) throw Errors.notFound('Integration', id);
    return e;
  };
  const devicesOf = (id: string) => [...home.registry.devices.values()].filter((d) => d.integration === id);
  const summary = (e: ReturnType<typeof entry>) => {
    const i = home.integrationList().find((x) => x.id === e.id);
    return {
      ...e,
      entities: home.entities({ integration: e.id }).length,
      devices: devicesOf(e.id).length,
      actions: i ? actionsOf(i) : [],
    };
  };

  app.get(
    '/api/home/integrations/:integration_id',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'One integration: its status, actions and devices',
        params: IdParam,
        response: {
          200: Type.Object({
            ...Summary.properties,
            device_list: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                area: Type.Union([Type.String(), Type.Null()]),
                available: Type.Boolean(),
                manufacturer: Type.Union([Type.String(), Type.Null()]),
                model: Type.Union([Type.String(), Type.Null()]),
                entities: Type.Array(Type.String()),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const e = entry(req.params.integration_id);
      return {
        ...summary(e),
        device_list: devicesOf(e.id).map((d) => ({
          id: d.id,
          name: d.name,
          area: d.area,
          available: d.available,
          manufacturer: d.manufacturer,
          model: d.model,
          entities: d.entities,
        })),
      };
    },
  );

  app.post(
    '/api/home/integrations/:integration_id/permit_join',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Let new devices join (Zigbee2MQTT) for some minutes, or stop with 0',
        description:
          'Sends Zigbee2MQTT `bridge/request/permit_join` with `{"time": seconds}`, renewed before each 254-second request ends.',
        params: IdParam,
        body: Strict({ minutes: Type.Integer({ minimum: 0, maximum: 60 }) }),
        response: {
          200: Type.Object({
            permit_join_until: Type.Union([Type.String(), Type.Null()], {
              description: 'when joining ends (ISO), null when closed',
            }),
          }),
        },
      },
    },
    async (req) => {
      const i = find(req.params.integration_id);
      if (!i.permitJoin)
        throw Errors.conflict(`${i.name} does not pair devices itself; pair them in its own app.`, {
          field: 'id',
        });
      const until = await i.permitJoin(req.body.minutes * 60);
      app.log.info({ integration: i.id, minutes: req.body.minutes }, 'permit join');
      return { permit_join_until: until };
    },
  );
}
