import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the device simulators of the tests share: a server on 127.0.0.1 (its own port, kept across
 * a reboot so Hearth finds it again), stopping with every connection dropped, and a reboot.
 */
export abstract class SimulatedDevice {
  port = 0;
  private server: Server | undefined;

  /** A new (not yet listening) server with the device's API on it. */
  protected abstract createServer(): Server;
  /** Drops what the device keeps besides connections (push clients, timers). */
  protected onStop(): void {}

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  async start(port = this.port) {
    const server = this.createServer();
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop() {
    this.onStop();
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  }

  /** Drops every connection and comes back on the same port after `downMs` (a power cycle). */
  async reboot(downMs = 200) {
    await this.stop();
    await new Promise((r) => setTimeout(r, downMs));
    await this.start(this.port);
  }
}
