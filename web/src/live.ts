import { io, type Socket } from 'socket.io-client';
import { api, ApiError, message, session } from './api';
import type { Area, CommandResult, Entity } from './types';

/** What the dashboard shows under a tile after a command: pending until the outcome arrives. */
export interface ControlStatus {
  status: 'pending' | 'confirmed' | 'failed' | 'timeout';
  text: string;
  retry?: () => void;
  correlation_id?: string;
}

type Listener = () => void;

/**
 * The home as the dashboard sees it, kept live over Socket.IO. Each tile listens to its own
 * entity only, so one state change re-renders one tile, not 500.
 */
export class HomeStore {
  entities = new Map<string, Entity>();
  areas: Area[] = [];
  readonly control = new Map<string, ControlStatus>();
  connected = false;
  private socket: Socket | null = null;
  private readonly byEntity = new Map<string, Set<Listener>>();
  private readonly structure = new Set<Listener>();
  private version = 0;

  async load() {
    const [entities, areas] = await Promise.all([api<Entity[]>('GET', '/api/home/entities'), api<Area[]>('GET', '/api/home/areas')]);
    this.entities = new Map(entities.map((e) => [e.entity_id, e]));
    this.areas = areas;
    this.changedStructure();
  }

  connect() {
    const socket = io({ auth: { token: session.token }, transports: ['websocket'] });
    this.socket = socket;
    socket.on('connect', () => {
      this.connected = true;
      // Catch up on anything missed while disconnected.
      void this.load().catch(() => {});
    });
    socket.on('disconnect', () => {
      this.connected = false;
      this.changedStructure();
    });
    socket.on('state_changed', (e: { entity_id: string; new_state: Pick<Entity, 'state' | 'attributes' | 'available' | 'last_changed'> }) => {
      const cur = this.entities.get(e.entity_id);
      if (!cur) return;
      this.put({ ...cur, ...e.new_state });
    });
    socket.on('entity_added', (e: Entity) => {
      this.entities.set(e.entity_id, e);
      this.changedStructure();
    });
    socket.on('entity_updated', (e: Entity) => {
      const old = this.entities.get(e.entity_id);
      this.entities.set(e.entity_id, e);
      if (!old || old.area !== e.area || old.name !== e.name) this.changedStructure();
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

  disconnect() {
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Sends a command (REST, which waits briefly for the device) and tracks its outcome on the tile. */
  async send(entityId: string, action: string, params: Record<string, unknown> = {}) {
    const retry = () => void this.send(entityId, action, params);
    this.setControl(entityId, { status: 'pending', text: 'Sending…' });
    try {
      const r = await api<CommandResult>('POST', '/api/home/control', { entity_id: entityId, action, ...params });
      if (r.outcome === 'accepted') this.setControl(entityId, { status: 'pending', text: 'Waiting for the device…', correlation_id: r.correlation_id, retry });
      else this.settle(r, retry);
    } catch (err) {
      const text = err instanceof ApiError && err.status === 503 ? `Unavailable: ${err.message}` : message(err);
      this.setControl(entityId, { status: 'failed', text, retry });
    }
  }

  private settle(r: CommandResult, retry?: () => void) {
    const text = { confirmed: 'Done', accepted: 'Sent', failed: `Failed${r.error ? `: ${r.error}` : ''}`, timeout: 'No answer from the device' }[r.outcome];
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

  subscribeStructure(l: Listener) {
    this.structure.add(l);
    return () => void this.structure.delete(l);
  }
}
