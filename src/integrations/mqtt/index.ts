import type { Config } from '../../config/index.js';
import type { Part } from '../../context.js';
import type { IntegrationStatus, Transport } from '../../home/integration.js';
import type { Logger } from '../../log.js';
import { join } from 'node:path';
import { BrokerPortTaken, EmbeddedBroker } from './broker.js';
import { loadOrCreateBrokerCredentials, type BrokerCredentials } from './credentials.js';
import { MqttConnection, type ConnectionOptions } from './connection.js';

export { MqttConnection } from './connection.js';
export { EmbeddedBroker, BrokerPortTaken } from './broker.js';

/**
 * The MQTT transport as a part of Hearth: starts the embedded broker when no `HEARTH_MQTT_URL`
 * is set, connects the shared client, and reports both as a transport in the integrations list. It owns no
 * entities; the bridge integrations (Zigbee2MQTT, Z-Wave JS UI, discovery) ride on `connection`.
 */
export class MqttService implements Part {
  readonly name = 'mqtt';
  broker?: EmbeddedBroker;
  /** What clients of the embedded broker must present (undefined with an external broker). */
  credentials?: BrokerCredentials;
  readonly connection: MqttConnection;
  private readonly connOpts: ConnectionOptions;
  private started = false;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    if (!config.mqtt_url) {
      const credentialsFile = join(config.data_dir, 'secrets', 'mqtt-broker.json');
      const configured =
        config.mqtt_broker_username !== undefined || config.mqtt_broker_password !== undefined;
      this.credentials = configured
        ? {
            username: config.mqtt_broker_username ?? '',
            password: config.mqtt_broker_password ?? '',
            source: 'config',
          }
        : loadOrCreateBrokerCredentials(credentialsFile);
      this.broker = new EmbeddedBroker(
        {
          host: config.mqtt_broker_host,
          port: config.mqtt_broker_port ?? 1883,
          credentials: this.credentials,
          credentialsFile,
        },
        log.child({ part: 'mqtt-broker' }),
      );
    }
    const c = config;
    this.connOpts = {
      url: c.mqtt_url ?? '',
      // Hearth's own clients log in even where loopback may be anonymous: the broker may be bound
      // to a LAN address only, and then Hearth connects from a non-loopback address too.
      username: c.mqtt_url ? c.mqtt_username : this.credentials?.username,
      password: c.mqtt_url ? c.mqtt_password : this.credentials?.password,
      clientId: c.mqtt_client_id,
      caFile: c.mqtt_ca_file,
      certFile: c.mqtt_cert_file,
      keyFile: c.mqtt_key_file,
    };
    this.connection = new MqttConnection(this.connOpts, log.child({ part: 'mqtt' }));
  }

  /** Part: start the broker (fails start-up if its port is taken), then connect. */
  async start() {
    if (this.broker) {
      let port: number;
      try {
        port = await this.broker.start();
      } catch (err) {
        if (!(err instanceof BrokerPortTaken) || this.config.mqtt_broker_port !== undefined) throw err;
        await this.useBrokerAlreadyThere(err);
        return;
      }
      const host = ['0.0.0.0', '::', ''].includes(this.config.mqtt_broker_host)
        ? '127.0.0.1'
        : this.config.mqtt_broker_host;
      this.connOpts.url = `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`;
    }
    // The embedded broker answers at once; an external one gets a few seconds, then Hearth
    // starts anyway and keeps retrying (its bridges' entities stay unavailable meanwhile).
    await this.connection.connect(this.broker ? 2_000 : 5_000);
    this.started = true;
  }

  /**
   * Only the default port was in the way (a Mosquitto on this machine, typically): rather than
   * refuse to start, use that broker if it answers MQTT, and say how to make this explicit.
   */
  private async useBrokerAlreadyThere(taken: BrokerPortTaken) {
    const probe = new MqttConnection(
      // Never the embedded broker's credentials: this is somebody else's broker.
      {
        ...this.connOpts,
        url: 'mqtt://127.0.0.1:1883',
        username: this.config.mqtt_username,
        password: this.config.mqtt_password,
      },
      this.log.child({ part: 'mqtt' }),
    );
    await probe.connect(3_000);
    const answered = probe.connected;
    await probe.close();
    if (!answered) throw taken;
    this.log.warn(
      'port 1883 is taken by another MQTT broker; using it. Set HEARTH_MQTT_URL=mqtt://127.0.0.1:1883 to make this explicit, or HEARTH_MQTT_BROKER_PORT for an embedded broker on another port.',
    );
    this.broker = undefined;
    this.credentials = undefined;
    this.connOpts.url = 'mqtt://127.0.0.1:1883';
    this.connOpts.username = this.config.mqtt_username;
    this.connOpts.password = this.config.mqtt_password;
    await this.connection.connect(5_000);
    this.started = true;
  }

  async stop() {
    this.started = false;
    await this.connection.close();
    await this.broker?.stop();
  }

  /** Where another local client (the demo's simulated bridge) reaches the broker. */
  clientOptions(): { url: string; username?: string | undefined; password?: string | undefined } {
    return { url: this.connOpts.url, username: this.connOpts.username, password: this.connOpts.password };
  }

  /** The connection as a transport of the home: listed with its status, owning no entities. */
  asTransport(): Transport {
    return { id: 'mqtt', name: 'MQTT broker connection', status: () => this.status() };
  }

  status(): IntegrationStatus {
    if (!this.started) return { state: 'starting' };
    return {
      ...this.connection.status(),
      // The password is shown only to admins (GET /api/settings/mqtt-broker); this status is for every role.
      embedded_broker: this.broker
        ? {
            running: this.broker.running,
            port: this.broker.port,
            host: this.config.mqtt_broker_host,
            username: this.credentials!.username,
            anonymous_loopback: this.credentials!.source === 'generated',
            credentials: 'GET /api/settings/mqtt-broker (admin)',
          }
        : null,
    };
  }
}
