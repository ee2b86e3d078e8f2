import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService, Principal } from '../../auth/index.js';
import { roleAllows, type Access } from '../../auth/roles.js';
import type { EventBus } from '../../bus.js';
import { AppError, Errors, unexpectedError } from '../../errors.js';
import { isLimited } from '../../auth/api-tokens.js';
import { OriginPolicy } from '../http/edges.js';
import type { CommandLimits } from '../rate-limit.js';
import type { Logger } from '../../log.js';
import { FanOut } from './fan-out.js';
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

export type HearthSocket = Socket<
  Record<string, (...args: never[]) => void>,
  Record<string, (...args: never[]) => void>,
  Record<string, never>,
  SocketData
>;

/** A client request handler: payload in, JSON out (or a thrown AppError). */
export type RequestHandler = (socket: HearthSocket, payload: unknown) => Promise<unknown>;

export interface RealtimeOptions {
  httpServer: HttpServer;
  auth: AuthService;
  bus: EventBus;
  log: Logger;
  /** Per-socket request and per-user command rate limits. */
  limits?: CommandLimits;
  /** Foreign origins allowed besides Hearth's own (`HEARTH_CORS_ORIGINS`). */
  corsOrigins?: readonly string[];
}

interface Registered {
  access: Access;
  handler: RequestHandler;
  command: boolean;
}

export class RealtimeServer {
  readonly io: Server;
  /** Household events (home, automations) go out through this, in batches (see FanOut). */
  private readonly fanOut: FanOut;
  private readonly handlers = new Map<string, Registered>();
  private readonly connectHooks: ((socket: HearthSocket) => void)[] = [];

  constructor(private readonly opts: RealtimeOptions) {
    const origins = new OriginPolicy(opts.corsOrigins ?? []);
    this.io = new Server(opts.httpServer, {
      serveClient: false,
      maxHttpBufferSize: 1024 * 1024,
      cors: opts.corsOrigins?.length ? { origin: [...opts.corsOrigins] } : { origin: false },
      // A WebSocket is not subject to the browser's CORS checks: a page on a foreign origin is
      // refused here, as REST refuses it (clients without an Origin, like scripts, are not affected).
      allowRequest: (req, callback) => callback(null, origins.check(req.headers).ok),
    });
    sendWholeFrames(this.io);
    this.fanOut = new FanOut(this.io, (socket, behind) =>
      opts.log.warn(
        {
          socket_id: socket.id,
          user_id: (socket.data as SocketData).principal.user.id,
          behind_bytes: behind,
        },
        'disconnected a client that stopped reading its events (it reconnects and reloads the home)',
      ),
    );

    this.io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        return next(
          connectError(Errors.unauthenticated('Missing token: connect with io(url, { auth: { token } }).')),
        );
      }
      opts.auth.authenticate(token).then(
        (principal) => {
          // Broadcast events (automations, notifications, scenes) cannot be cut to some entities.
          if (isLimited(principal.token))
            return next(
              connectError(
                Errors.tokenScope(
                  'An API token limited to areas or entities works over REST only; use an unlimited token for Socket.IO.',
                ),
              ),
            );
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
      for (const [event, registered] of this.handlers) {
        socket.on(event, (payload: unknown, ack?: unknown) => {
          void this.dispatch(socket, event, registered, payload, ack);
        });
      }
      socket.on('disconnect', () => opts.limits?.socketClosed(socket.id));
      for (const hook of this.connectHooks) hook(socket);
    });

    opts.bus.on('session_revoked', 'realtime', ({ session_id }) => {
      this.io.in(`session:${session_id}`).disconnectSockets(true);
    });
    opts.bus.on('user_changed', 'realtime', ({ user_id, reason }) => {
      if (reason === 'disabled' || reason === 'deleted')
        this.io.in(`user:${user_id}`).disconnectSockets(true);
      else void this.refreshPrincipals(user_id);
    });
  }

  /**
   * Registers a client → server request (`socket.emit(event, payload, ack)`), checked against
   * `access`; a `command` also counts against the user's command rate limit (shared with REST).
   */
  handle(event: string, access: Access, handler: RequestHandler, opts: { command?: boolean } = {}): void {
    this.handlers.set(event, { access, handler, command: opts.command === true });
  }

  onConnect(hook: (socket: HearthSocket) => void): void {
    this.connectHooks.push(hook);
  }

  private async dispatch(
    socket: HearthSocket,
    event: string,
    { access, handler, command }: Registered,
    payload: unknown,
    ack: unknown,
  ) {
    const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => undefined;
    try {
      // Before anything else: a flooding socket costs one bucket check per request, not a storage read.
      this.opts.limits?.socketRequest(socket.id);
      // Role and account state are re-read for every request, as for REST.
      const principal = await this.opts.auth.authenticate(this.tokenOf(socket));
      socket.data.principal = principal;
      if (!roleAllows(principal.user.role, access))
        throw Errors.forbidden(`This needs the ${access} role or higher; you are ${principal.user.role}.`);
      if (command) this.opts.limits?.command(principal.user.id);
      reply(await handler(socket, payload));
    } catch (err) {
      const appErr = err instanceof AppError ? err : unexpectedError(err);
      if (appErr.code === 'STORAGE_FULL')
        this.opts.log.warn({ event }, 'socket request refused: the disk is full');
      else if (appErr.status >= 500) this.opts.log.error({ err, event }, 'socket request failed');
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

  /** Sends `event` to the sockets in any of `rooms` (every socket when undefined), batched with other household events. */
  broadcast(rooms: readonly string[] | undefined, event: string, payload: unknown): void {
    this.fanOut.send(rooms, event, payload);
  }

  async close(): Promise<void> {
    this.fanOut.close();
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
