/**
 * HomeAccess over the home core (HomeService + SceneService). Typed structurally against the
 * few members it uses, so the agent depends on the core's behaviour, not its internals.
 * Scenes become `scene.<id>` entities in the intent registry, so "activate movie night" works
 * like any other name.
 */
import type { AgentActor, HomeAccess, HomeCommandResult, HomeEntityView } from './home-access.js';
import type { IntentRegistry } from './intents/registry.js';

interface CoreEntity {
  entity_id: string;
  name: string;
  domain: string;
  area: string | null;
  state: string | number | null;
  attributes: Record<string, unknown>;
  capabilities: { actions: string[] };
  aliases?: string[];
}
interface CoreArea {
  id: string;
  name: string;
  floor: string | null;
}

export interface HomeServiceLike {
  entities(): CoreEntity[];
  registry: { get(id: string): CoreEntity | undefined; areas: Map<string, CoreArea> };
  execute(
    cmd: {
      entity_id: string;
      action: string;
      params: Record<string, unknown>;
      cause: AgentCause;
    },
    opts?: { actor?: string },
  ): Promise<{ entity_id: string; action: string; outcome: string; state: unknown }>;
  undoLast(
    actor: string,
    cause: AgentCause,
  ): Promise<{
    restored: string | null;
    results: { entity_id: string; action: string; outcome: string; state: unknown }[];
  }>;
}
interface AgentCause {
  type: 'agent';
  id?: string;
  user_id?: string;
}
const causeOf = (by: AgentActor): AgentCause => ({ type: 'agent', id: by.agent, user_id: by.user_id });
export interface SceneServiceLike {
  list(): { id: string; name: string }[];
  activate(
    id: string,
    by: { actor?: string; cause?: { type: 'agent'; id?: string } },
  ): Promise<{ results: { entity_id: string; action: string; outcome: string }[] }>;
  snapshot(name: string, sel: { entities?: string[]; area?: string }): Promise<{ id: string; name: string }>;
  create(
    name: string,
    actions: { entity: string; action: string; [param: string]: unknown }[],
  ): Promise<{ id: string; name: string }>;
}

export class CoreHomeAccess implements HomeAccess {
  private readonly listeners: (() => void)[] = [];
  private cached: IntentRegistry | undefined;
  private sceneKey = '';

  constructor(
    private readonly home: HomeServiceLike,
    private readonly scenes: SceneServiceLike,
    /** The automation engine's create, behind its own validation. */
    private readonly automations?: (def: unknown) => Promise<{ id: string; name: string }>,
    /** The home's time zone setting. */
    private readonly zone?: () => string,
  ) {}

  timeZone(): string {
    return this.zone?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  async createAutomation(def: unknown): Promise<{ id: string; name: string }> {
    if (!this.automations) throw new Error('automations are not available');
    const a = await this.automations(def);
    return { id: a.id, name: a.name };
  }

  /** The composition root calls this on entity/area/scene changes. */
  changed(): void {
    this.cached = undefined;
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  registry(): IntentRegistry {
    // scenes can be created elsewhere (REST, UI) without an event; compare a cheap signature
    const scenes = this.scenes.list();
    const areas = [...this.home.registry.areas.values()];
    const key = [
      ...scenes.map((x) => `${x.id}\u0001${x.name}`),
      ...areas.map((a) => `${a.id}\u0001${a.name}\u0001${a.floor ?? ''}`),
    ].join('\u0000');
    if (key !== this.sceneKey) {
      this.sceneKey = key;
      this.cached = undefined;
    }
    if (this.cached) return this.cached;
    const floors = [...new Set(areas.map((a) => a.floor).filter((f): f is string => !!f))];
    this.cached = {
      floors: floors.map((f) => ({ id: f, name: f.replace(/_/g, ' ') })),
      areas: areas.map((a) => ({ id: a.id, name: a.name, floor: a.floor })),
      entities: [
        ...this.home
          .entities()
          .filter((e) => e.domain !== 'scene')
          .map((e) => ({
            entity_id: e.entity_id,
            name: e.name,
            domain: e.domain,
            area: e.area,
            aliases: e.aliases ?? [],
            device_class: typeof e.attributes.device_class === 'string' ? e.attributes.device_class : null,
            state: e.state === null ? null : String(e.state),
            attributes: e.attributes,
          })),
        ...scenes.map((s) => ({ entity_id: `scene.${s.id}`, name: s.name, domain: 'scene', area: null })),
      ],
    };
    return this.cached;
  }

  entity(entityId: string): HomeEntityView | undefined {
    if (entityId.startsWith('scene.')) {
      const s = this.scenes.list().find((x) => `scene.${x.id}` === entityId);
      return s
        ? {
            entity_id: entityId,
            name: s.name,
            domain: 'scene',
            area: null,
            state: null,
            attributes: {},
            actions: ['activate'],
          }
        : undefined;
    }
    const e = this.home.registry.get(entityId);
    if (!e) return undefined;
    return {
      entity_id: e.entity_id,
      name: e.name,
      domain: e.domain,
      area: e.area,
      state: e.state,
      attributes: e.attributes,
      actions: e.capabilities.actions,
    };
  }

  async execute(
    cmd: { entity_id: string; action: string; params: Record<string, unknown> },
    by: AgentActor,
  ): Promise<HomeCommandResult> {
    const r = await this.home.execute({ ...cmd, cause: causeOf(by) }, { actor: by.user_id });
    return { entity_id: r.entity_id, action: r.action, outcome: r.outcome, state: r.state };
  }

  async activateScene(entityId: string, by: AgentActor): Promise<HomeCommandResult[]> {
    const r = await this.scenes.activate(entityId.slice('scene.'.length), {
      actor: by.user_id,
      cause: causeOf(by),
    });
    return r.results.map((x) => ({ entity_id: x.entity_id, action: x.action, outcome: x.outcome }));
  }

  async undo(by: AgentActor) {
    const r = await this.home.undoLast(by.user_id, causeOf(by));
    return {
      restored: r.restored,
      results: r.results.map((x) => ({
        entity_id: x.entity_id,
        action: x.action,
        outcome: x.outcome,
        state: x.state,
      })),
    };
  }

  async snapshotScene(name: string, sel: { area?: string; entities?: string[] }) {
    const s = await this.scenes.snapshot(name, sel);
    this.changed();
    return { id: s.id, name: s.name };
  }

  async createScene(name: string, actions: { entity: string; action: string; [param: string]: unknown }[]) {
    const s = await this.scenes.create(name, actions);
    this.changed();
    return { id: s.id, name: s.name };
  }
}
