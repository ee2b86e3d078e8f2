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

export interface HomeCommandResult { entity_id: string; action: string; outcome: string; state?: unknown }

export interface HomeAccess {
  /** A snapshot for the intent engine (entities incl. scenes, areas, floors). */
  registry(): IntentRegistry;
  /** Calls `listener` when entities, areas or scenes change (the engine re-indexes). */
  onChange(listener: () => void): void;
  entity(entityId: string): HomeEntityView | undefined;
  /** Runs one command through the home core's control path with cause {type:'agent', id}. */
  execute(cmd: { entity_id: string; action: string; params: Record<string, unknown> }, agentId: string): Promise<HomeCommandResult>;
  /** Activates a scene by its entity id (`scene.<id>`). */
  activateScene(entityId: string, agentId: string): Promise<HomeCommandResult[]>;
  /** Saves the current state of an area's (or these) entities as a scene. */
  snapshotScene(name: string, sel: { area?: string; entities?: string[] }): Promise<{ id: string; name: string }>;
  /** Creates a scene from explicit actions. */
  createScene(name: string, actions: { entity: string; action: string; [param: string]: unknown }[]): Promise<{ id: string; name: string }>;
}
