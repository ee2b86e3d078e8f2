import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService, Principal } from '../../auth/index.js';
import { roleAllows, type Access } from '../../auth/roles.js';
import type { EventBus } from '../../bus.js';
import { AppError, Errors } from '../../errors.js';
import type { Logger } from '../../log.js';
import { sendWholeFrames } from './whole-frames.js';

/**
 * The Socket.IO channel (§5.3, §6), on the same port as REST at `/socket.io`.
 *
 * Conventions (docs/realtime.md):
 * - Event names are snake_case (`state_changed`, `command_result`).
 * - Server → client events carry one JSON object with snake_case fields.
 * - Client → server requests take one object and an ack callback; the ack receives the same
 *   JSON the REST twin returns, or `{error:{code,message,details?}}`.
 * - Each socket joins `user:<id>` and `session:<id>` rooms so revocation reaches it directly.
 */
export interface SocketData {
  principal: Principal;
}

export type HearthSocket = Socket<Record<string, (...args: never[]) => void>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>;

/** A client request handler: payload in, JSON out (or a thrown AppError). */
export type RequestHandler = (socket: HearthSocket, payload: unknown) => Promise<unknown>;

export interface RealtimeOptions {
  httpServer: HttpServer;
  auth: AuthService;
  bus: EventBus;
  log: Logger;
}

export class RealtimeServer {
  readonly io: Server;
  private readonly handlers = new Map<string, { access: Access; handler: RequestHandler }>();
  private readonly connectHooks: ((socket: HearthSocket) => void)[] = [];

  constructor(private readonly opts: RealtimeOptions) {
    this.io = new Server(opts.httpServer, { serveClient: false, maxHttpBufferSize: 1024 * 1024, cors: { origin: false } });
    sendWholeFrames(this.io);

    this.io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        return next(connectError(Errors.unauthenticated('Missing token: connect with io(url, { auth: { token } }).')));
      }
      opts.auth.authenticate(token).then(
        (principal) => {
          (socket.data as SocketData).principal = principal;
          next();
        },
        (err: unknown) => next(connectError(err instanceof AppError ? err : Errors.unauthenticated())),
      );
    });

    this.io.on('connection', (raw) => {
      const socket = raw as unknown as HearthSocket;
      const { user, session } = socket.data.principal;
      void socket.join([`user:${user.id}`, `session:${session.id}`]);
      for (const [event, { access, handler }] of this.handlers) {
        socket.on(event, (payload: unknown, ack?: unknown) => {
          void this.dispatch(socket, event, access, handler, payload, ack);
        });
      }
      for (const hook of this.connectHooks) hook(socket);
    });

    opts.bus.on('session_revoked', 'realtime', ({ session_id }) => {
      this.io.in(`session:${session_id}`).disconnectSockets(true);
    });
    opts.bus.on('user_changed', 'realtime', ({ user_id, reason }) => {
      if (reason === 'disabled' || reason === 'deleted') this.io.in(`user:${user_id}`).disconnectSockets(true);
      else void this.refreshPrincipals(user_id);
    });
  }

  /** Registers a client → server request (`socket.emit(event, payload, ack)`), checked against `access`. */
  handle(event: string, access: Access, handler: RequestHandler): void {
    this.handlers.set(event, { access, handler });
  }

  onConnect(hook: (socket: HearthSocket) => void): void {
    this.connectHooks.push(hook);
  }

  private async dispatch(socket: HearthSocket, event: string, access: Access, handler: RequestHandler, payload: unknown, ack: unknown) {
    const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => undefined;
    try {
      // Role and account state are re-read for every request, as for REST.
      const principal = await this.opts.auth.authenticate(undefined === socket.data.principal ? undefined : this.tokenOf(socket));
      socket.data.principal = principal;
      if (!roleAllows(principal.user.role, access)) throw Errors.forbidden(`This needs the ${access} role or higher; you are ${principal.user.role}.`);
      reply(await handler(socket, payload));
    } catch (err) {
      const appErr = err instanceof AppError ? err : Errors.internal();
      if (appErr.status >= 500) this.opts.log.error({ err, event }, 'socket request failed');
      reply(appErr.toJSON());
    }
  }

  private tokenOf(socket: HearthSocket): string | undefined {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    return typeof token === 'string' ? token : undefined;
  }

  private async refreshPrincipals(userId: string) {
    for (const s of await this.io.in(`user:${userId}`).fetchSockets()) {
      const socket = s as unknown as HearthSocket;
      try {
        socket.data.principal = await this.opts.auth.authenticate(this.tokenOf(socket));
      } catch {
        socket.disconnect(true);
      }
    }
  }

  async close(): Promise<void> {
    this.opts.bus.removeOwner('realtime');
    this.io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      // io.close() also closes the HTTP server; Fastify does that itself, so only stop engine.io.
      this.io.engine.close();
      resolve();
    });
  }
}

/** A handshake refusal whose `message` and `data` reach the client's `connect_error`. */
function connectError(err: AppError): Error & { data: unknown } {
  const e = new Error(err.message) as Error & { data: unknown };
  e.data = err.toJSON().error;
  return e;
}
