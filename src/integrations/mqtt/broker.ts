import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { Logger } from '../../log.js';
import { credentialsMatch, isLoopback, type BrokerCredentials } from './credentials.js';
import { indexedMemoryPersistence } from './retained.js';

export interface BrokerOptions {
  host: string;
  port: number;
  /** Required from clients on other machines (`generated`) or from every client (`config`). */
  credentials: BrokerCredentials;
  /** Where the generated credentials are kept (for the start-up line; never the password). */
  credentialsFile?: string;
}

/** The broker is not ours to start: something already listens on the port. */
export class BrokerPortTaken extends Error {
  override readonly name = 'BrokerPortTaken';
}

/**
 * The embedded MQTT broker (Aedes): lets a Zigbee2MQTT or Z-Wave JS UI bridge point straight at
 * Hearth when no broker runs on the network. No packet-size cap: a 2,000-device
 * `bridge/devices` is about 8.5 MB.
 */
export class EmbeddedBroker {
  private aedes?: Aedes;
  private server?: Server;
  port = 0;
  /** Kept across restarts, like a broker's persistence file: retained topics survive a restart. */
  private readonly persistence = indexedMemoryPersistence();

  constructor(
    private readonly opts: BrokerOptions,
    private readonly log: Logger,
  ) {}

  async start(): Promise<number> {
    // A restart reuses the port first bound (also when port 0 picked a free one).
    const port = this.port || this.opts.port;
    // Z-Wave JS UI's client id (`ZWAVE_GATEWAY-zwave-js-ui`) is longer than Aedes' default limit of 23.
    const aedes = await Aedes.createBroker({ persistence: this.persistence, maxClientsIdLength: 256 });
    const { credentials } = this.opts;
    aedes.authenticate = (client, user, pass, done) => {
      // A device on the LAN must not be able to publish (retained) configs without credentials;
      // a client on this machine (Hearth itself, a local bridge) may stay anonymous unless the
      // credentials were configured, which have always applied to every client.
      const remote = (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress;
      const anonymousOk = credentials.source === 'generated' && isLoopback(remote) && user === undefined;
      const ok = anonymousOk || credentialsMatch(credentials, user, pass);
      if (!ok)
        this.log.info(
          { client_id: client.id, address: remote },
          'refused an MQTT client without valid credentials',
        );
      done(null, ok);
    };
    const server = createServer((socket) => aedes.handle(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        aedes.close();
        if (err.code === 'EADDRINUSE') {
          reject(
            new BrokerPortTaken(
              `MQTT port ${this.opts.host}:${port} is already in use, probably by a broker such as Mosquitto. ` +
                `Set HEARTH_MQTT_URL to that broker (e.g. HEARTH_MQTT_URL=mqtt://127.0.0.1:${port}), or choose another HEARTH_MQTT_BROKER_PORT.`,
            ),
          );
        } else reject(err);
      });
      server.listen(port, this.opts.host, () => resolve());
    });
    this.aedes = aedes;
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.log.info(
      {
        host: this.opts.host,
        port: this.port,
        username: credentials.username,
        anonymous_loopback: credentials.source === 'generated',
      },
      credentials.source === 'generated'
        ? `embedded MQTT broker listening; clients from other machines must log in as "${credentials.username}" ` +
            `(password: GET /api/settings/mqtt-broker as an admin, or ${this.opts.credentialsFile ?? 'the data dir'}); ` +
            'clients on this machine may connect without credentials'
        : 'embedded MQTT broker listening; every client must log in with HEARTH_MQTT_BROKER_USERNAME/PASSWORD',
    );
    return this.port;
  }

  get host() {
    return this.opts.host;
  }

  get running() {
    return this.server !== undefined;
  }

  /** Stops the broker and drops every client (tests use this to simulate a broker restart). */
  async stop() {
    const { server, aedes } = this;
    this.server = undefined;
    this.aedes = undefined;
    if (!server || !aedes) return;
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
