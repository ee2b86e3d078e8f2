/**
 * What the Home agent needs from the home core, as a narrow interface: a registry view for the
 * intent engine, current state, the one control path (cause `agent`) and scenes. An adapter
 * over the HomeService implements it (home-adapter.ts); tests use a small fake.
 */
import type { IntentRegistry } from './intents/registry.js';

export interface HomeEntityView {
  entity_id: string;
  name: string;
  domain: string;
  area: string | null;
  state: string | number | null;
  attributes: Record<string, unknown>;
  /** Actions this entity supports (from its capabilities), e.g. ["on","off","dim"]. */
  actions: string[];
}

export interface HomeCommandResult {
  entity_id: string;
  action: string;
  outcome: string;
  state?: unknown;
}

/** On whose behalf the agent acts: the agent's name and the person who asked. */
export interface AgentActor {
  agent: string;
  user_id: string;
}

export interface HomeAccess {
  /** A snapshot for the intent engine (entities incl. scenes, areas, floors). */
  registry(): IntentRegistry;
  /** Calls `listener` when entities, areas or scenes change (the engine re-indexes). */
  onChange(listener: () => void): void;
  entity(entityId: string): HomeEntityView | undefined;
  /**
   * Runs one command through the home core's control path with cause
   * {type:'agent', id: agent, user_id}; the undo step is recorded for that person.
   */
  execute(
    cmd: { entity_id: string; action: string; params: Record<string, unknown> },
    by: AgentActor,
  ): Promise<HomeCommandResult>;
  /** Activates a scene by its entity id (`scene.<id>`), on behalf of the person. */
  activateScene(entityId: string, by: AgentActor): Promise<HomeCommandResult[]>;
  /** Restores the person's last command or scene activation (the home core's undo). */
  undo(by: AgentActor): Promise<{ restored: string | null; results: HomeCommandResult[] }>;
  /** The home's time zone (IANA name) for "at 7", the time and the date. */
  timeZone?(): string;
  /**
   * Creates an automation through the automation engine's own validation (the same as
   * POST /api/automations); throws its validation error when the definition is refused.
   */
  createAutomation(def: unknown): Promise<{ id: string; name: string }>;
  /** Saves the current state of an area's (or these) entities as a scene. */
  snapshotScene(
    name: string,
    sel: { area?: string; entities?: string[] },
  ): Promise<{ id: string; name: string }>;
  /** Creates a scene from explicit actions. */
  createScene(
    name: string,
    actions: { entity: string; action: string; [param: string]: unknown }[],
  ): Promise<{ id: string; name: string }>;
}
