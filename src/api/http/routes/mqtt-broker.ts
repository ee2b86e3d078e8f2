import { Type } from '@sinclair/typebox';
import { RefTo } from '../schemas.js';
import type { MqttService } from '../../../integrations/mqtt/index.js';
import type { HttpApp } from '../server.js';

const BrokerCredentialsSchema = Type.Object(
  {
    embedded: Type.Boolean({ description: 'false when HEARTH_MQTT_URL points at an external broker' }),
    host: Type.Union([Type.String(), Type.Null()]),
    port: Type.Union([Type.Integer(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    password: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Literal('generated'), Type.Literal('config'), Type.Null()], {
      description:
        '`generated`: made on first start (kept in the data dir); `config`: HEARTH_MQTT_BROKER_USERNAME/PASSWORD',
    }),
    anonymous_loopback: Type.Boolean({
      description: 'Clients on the same machine may connect without credentials',
    }),
  },
  { $id: 'MqttBrokerCredentials' },
);

/** The embedded broker's credentials, for the admin who configures bridges on the LAN. */
export function mqttBrokerRoutes(app: HttpApp, mqtt: MqttService) {
  app.addSchema(BrokerCredentialsSchema);
  app.get(
    '/api/settings/mqtt-broker',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: "The embedded MQTT broker's address and the credentials bridges on other machines need",
        description:
          'Point Zigbee2MQTT (`mqtt.server`, `mqtt.user`, `mqtt.password`) or Z-Wave JS UI at these. The password is shown here only; it is never logged.',
        response: { 200: RefTo(BrokerCredentialsSchema) },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      const c = mqtt.broker ? mqtt.credentials : undefined;
      return {
        embedded: c !== undefined,
        host: c ? mqtt.broker!.host : null,
        port: c ? mqtt.broker!.port : null,
        username: c?.username ?? null,
        password: c?.password ?? null,
        source: c?.source ?? null,
        anonymous_loopback: c?.source === 'generated',
      };
    },
  );
}
