import { io, type Socket } from 'socket.io-client';
import { api, ApiError, message, session } from './api';
import type { Area, CommandResult, Entity, StateChangedEvent } from './types';

/** What the dashboard shows under a tile after a command: pending until the outcome arrives. */
export interface ControlStatus {
  status: 'pending' | 'confirmed' | 'failed' | 'timeout';
  text: string;
  retry?: () => void;
  correlation_id?: string;
}

type Listener = () => void;

/** Back-off between reconnection attempts the page makes itself (after the server closed the socket). */
const RETRY_MS = [500, 1000, 2000, 4000, 8000, 15000];

/**
 * The home as the dashboard sees it, kept live over Socket.IO. Each tile listens to its own
 * entity only, so one state change re-renders one tile, not 500.
 */
export class HomeStore {
  entities = new Map<string, Entity>();
  areas: Area[] = [];
  readonly control = new Map<string, ControlStatus>();
  /** True while the socket is up and the state has been re-read since it (re)connected. */
  connected = false;
  /** Set once the session is refused on reconnect (expired or revoked): the page signs out. */
  onSessionEnded: () => void = () => {};
  private socket: Socket | null = null;
  private readonly byEntity = new Map<string, Set<Listener>>();
  private readonly structure = new Set<Listener>();
  private readonly connection = new Set<Listener>();
  private readonly extra = new Set<{ event: string; fn: (payload: unknown) => void }>();
  private version = 0;
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Events that arrive while a catch-up load is in flight, applied over its (older) snapshot. */
  private pending: StateChangedEvent[] | null = null;

  /**
   * Reads every entity and area and re-renders every tile whose entity changed: tiles are
   * memoised and listen to their own entity, so replacing the map alone would leave them stale.
   */
  async load() {
    this.pending = [];
    try {
      const [entities, areas] = await Promise.all([
        api<Entity[]>('GET', '/api/home/entities'),
        api<Area[]>('GET', '/api/home/areas'),
      ]);
      const before = this.entities;
      this.entities = new Map(entities.map((e) => [e.entity_id, e]));
      for (const ev of this.pending) this.applyState(ev, false);
      this.areas = areas;
      this.changedStructure();
      for (const [id, e] of this.entities) if (before.get(id) !== e) this.notify(id);
    } finally {
      this.pending = null;
    }
  }

  connect() {
    // Auth as a function: a reconnect uses the session's current token, not the one from page load.
    const socket = io({ auth: (cb) => cb({ token: session.token }), transports: ['websocket'] });
    this.socket = socket;
    for (const { event, fn } of this.extra) socket.on(event, fn);
    socket.on('connect', () => {
      this.retry = 0;
      // Catch up on anything missed while disconnected; live again only once that is on screen.
      this.load().then(
        () => this.setConnected(socket.connected),
        () => {
          socket.disconnect();
          this.reconnectLater();
        },
      );
    });
    socket.on('disconnect', (reason) => {
      this.setConnected(false);
      // Socket.IO retries by itself after a network drop, but not when the server closed the
      // socket (a restart says `io server disconnect`): keep trying, with back-off, forever.
      if (reason === 'io server disconnect') this.reconnectLater();
    });
    socket.on('connect_error', (err: Error & { data?: { code?: string } }) => {
      if (err.data?.code === 'UNAUTHENTICATED') {
        this.disconnect();
        this.onSessionEnded();
        return;
      }
      // A refused handshake (not a transport error) is not retried by Socket.IO itself.
      if (!socket.active) this.reconnectLater();
    });
    socket.on('state_changed', (e: StateChangedEvent) => this.applyState(e, true));
    socket.on('entity_added', (e: Entity) => {
      this.entities.set(e.entity_id, e);
      this.changedStructure();
    });
    socket.on('entity_updated', (e: Entity) => {
      const old = this.entities.get(e.entity_id);
      this.entities.set(e.entity_id, e);
      if (old?.area !== e.area || old.name !== e.name || String(old.labels) !== String(e.labels))
        this.changedStructure();
      else this.notify(e.entity_id);
    });
    socket.on('entity_removed', (e: { entity_id: string }) => {
      this.entities.delete(e.entity_id);
      this.changedStructure();
    });
    socket.on('device_availability', (e: { available: boolean; entity_ids: string[] }) => {
      for (const id of e.entity_ids) {
        const cur = this.entities.get(id);
        if (cur) this.put({ ...cur, available: e.available });
      }
    });
    socket.on('command_result', (r: CommandResult) => {
      const cur = this.control.get(r.entity_id);
      if (cur?.correlation_id === r.correlation_id) this.settle(r, cur.retry);
    });
  }

  /**
   * Listens to a server event on the live socket (kept across reconnects; may be called before
   * `connect`). `T` is the event's payload as the API specification gives it: the caller names it.
   */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- see above
  listen<T>(event: string, fn: (payload: T) => void): () => void {
    const entry = { event, fn: fn as (p: unknown) => void };
    this.extra.add(entry);
    this.socket?.on(event, entry.fn);
    return () => {
      this.extra.delete(entry);
      this.socket?.off(event, entry.fn);
    };
  }

  disconnect() {
    clearTimeout(this.retryTimer);
    this.socket?.disconnect();
    this.socket = null;
  }

  private reconnectLater() {
    const socket = this.socket;
    if (!socket) return;
    clearTimeout(this.retryTimer);
    const base = RETRY_MS[Math.min(this.retry++, RETRY_MS.length - 1)]!;
    // Jitter, so the tablets of a home do not all knock at the same instant after a restart.
    this.retryTimer = setTimeout(
      () => {
        if (this.socket === socket && !socket.connected) socket.connect();
      },
      base * (0.75 + Math.random() / 2),
    );
  }

  private setConnected(on: boolean) {
    if (this.connected === on) return;
    this.connected = on;
    for (const l of this.connection) l();
  }

  private applyState(e: StateChangedEvent, live: boolean) {
    if (live && this.pending) this.pending.push(e);
    const cur = this.entities.get(e.entity_id);
    if (!cur) return;
    if (live) this.put({ ...cur, ...e.new_state });
    else this.entities.set(e.entity_id, { ...cur, ...e.new_state });
  }

  /** Sends a command (REST, which waits briefly for the device) and tracks its outcome on the tile. */
  async send(entityId: string, action: string, params: Record<string, unknown> = {}) {
    const retry = () => void this.send(entityId, action, params);
    this.setControl(entityId, { status: 'pending', text: 'Sending…' });
    try {
      const r = await api<CommandResult>('POST', '/api/home/control', {
        entity_id: entityId,
        action,
        ...params,
      });
      if (r.outcome === 'accepted')
        this.setControl(entityId, {
          status: 'pending',
          text: 'Waiting for the device…',
          correlation_id: r.correlation_id,
          retry,
        });
      else this.settle(r, retry);
    } catch (err) {
      const text =
        err instanceof ApiError && err.status === 503 ? `Unavailable: ${err.message}` : message(err);
      this.setControl(entityId, { status: 'failed', text, retry });
    }
  }

  private settle(r: CommandResult, retry?: () => void) {
    const text = {
      confirmed: 'Done',
      accepted: 'Sent',
      failed: `Failed${r.error ? `: ${r.error}` : ''}`,
      timeout: 'No answer from the device',
    }[r.outcome];
    const status = r.outcome === 'accepted' ? 'pending' : r.outcome;
    this.setControl(r.entity_id, { status, text, ...(retry && status !== 'confirmed' ? { retry } : {}) });
  }

  private setControl(id: string, s: ControlStatus) {
    this.control.set(id, s);
    this.notify(id);
  }

  private put(e: Entity) {
    this.entities.set(e.entity_id, e);
    this.notify(e.entity_id);
  }

  private notify(id: string) {
    for (const l of this.byEntity.get(id) ?? []) l();
  }

  private changedStructure() {
    this.version++;
    for (const l of this.structure) l();
  }

  get structureVersion() {
    return this.version;
  }

  subscribe(id: string, l: Listener) {
    let set = this.byEntity.get(id);
    if (!set) this.byEntity.set(id, (set = new Set()));
    set.add(l);
    return () => void set.delete(l);
  }

  /** The entity whose details dialog is open (one at a time, opened from its tile or the quick bar). */
  details: string | null = null;
  private readonly detailsListeners = new Set<Listener>();

  showDetails(id: string | null) {
    this.details = id;
    for (const l of this.detailsListeners) l();
  }

  subscribeDetails(l: Listener) {
    this.detailsListeners.add(l);
    return () => void this.detailsListeners.delete(l);
  }

  /** Listens to the connection going up (state re-read) or down. */
  subscribeConnection(l: Listener) {
    this.connection.add(l);
    return () => void this.connection.delete(l);
  }

  subscribeStructure(l: Listener) {
    this.structure.add(l);
    return () => void this.structure.delete(l);
  }
}
