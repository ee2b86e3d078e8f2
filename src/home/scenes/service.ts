import type { EventBus } from '../../bus.js';
import type { Clock } from '../../clock.js';
import { Errors } from '../../errors.js';
import type { HomeRepository } from '../../store/index.js';
import { ACTIONS, actionKind } from '../actions.js';
import { actionsToRestore } from '../restore.js';
import type { HomeService } from '../service.js';
import { hyphenId } from '../slug.js';
import type { Cause, Command, CommandResult, Entity } from '../types.js';
import { BUILTIN_SCENES } from './builtin.js';
import type { Scene, SceneAction, SceneTarget } from './types.js';

export interface SceneActivation {
  scene_id: string;
  name: string;
  results: CommandResult[];
}

/** Scenes: the built-ins, people's custom and snapshot scenes, and activation through the home core. */
export class SceneService {
  private readonly scenes = new Map<string, Scene>();

  constructor(
    private readonly home: HomeService,
    private readonly repo: HomeRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  private nowIso() {
    return new Date(this.clock.now()).toISOString();
  }

  async load() {
    const stored = new Map((await this.repo.listScenes()).map((r) => [r.id, r]));
    for (const b of BUILTIN_SCENES) {
      const row = stored.get(b.id);
      const def = row?.definition as { actions: SceneAction[]; modified?: boolean } | undefined;
      this.scenes.set(b.id, {
        id: b.id,
        name: row?.name ?? b.name,
        builtin: true,
        modified: def?.modified ?? false,
        actions: def?.actions ?? b.actions,
        updated_at: row?.updated_at ?? new Date(0).toISOString(),
      });
    }
    for (const r of stored.values()) {
      if (r.builtin) continue;
      const def = r.definition as { actions: SceneAction[] };
      this.scenes.set(r.id, {
        id: r.id,
        name: r.name,
        builtin: false,
        modified: false,
        actions: def.actions,
        updated_at: r.updated_at,
      });
    }
  }

  list(): Scene[] {
    return [...this.scenes.values()];
  }

  get(id: string): Scene {
    const s = this.scenes.get(id);
    if (!s) throw Errors.notFound('Scene', id);
    return s;
  }

  private async save(scene: Scene) {
    this.scenes.set(scene.id, scene);
    await this.repo.saveScene({
      id: scene.id,
      name: scene.name,
      builtin: scene.builtin,
      definition: scene.builtin
        ? { actions: scene.actions, modified: scene.modified }
        : { actions: scene.actions },
      updated_at: scene.updated_at,
    });
  }

  /** Creates a custom scene; its id is the hyphenated name (`Reading Time` → `reading-time`). */
  async create(name: string, actions: SceneAction[]): Promise<Scene> {
    const id = hyphenId(name);
    if (this.scenes.has(id))
      throw Errors.conflict(`A scene with the id "${id}" already exists; pick another name.`, {
        field: 'name',
        id,
      });
    this.checkActions(actions);
    const scene: Scene = { id, name, builtin: false, modified: false, actions, updated_at: this.nowIso() };
    await this.save(scene);
    return scene;
  }

  async update(id: string, name: string, actions: SceneAction[]): Promise<Scene> {
    const existing = this.get(id);
    this.checkActions(actions);
    const scene: Scene = {
      ...existing,
      name,
      actions,
      modified: existing.builtin ? true : false,
      updated_at: this.nowIso(),
    };
    await this.save(scene);
    return scene;
  }

  async remove(id: string) {
    const scene = this.get(id);
    if (scene.builtin)
      throw Errors.conflict(
        `"${scene.name}" is built in and cannot be deleted; POST /api/home/scenes/${id}/reset restores its original actions.`,
      );
    this.scenes.delete(id);
    await this.repo.deleteScene(id);
  }

  async reset(id: string): Promise<Scene> {
    const original = BUILTIN_SCENES.find((b) => b.id === id);
    if (!original) throw Errors.conflict(`Only built-in scenes can be reset; "${id}" is a custom scene.`);
    const scene: Scene = {
      id,
      name: original.name,
      builtin: true,
      modified: false,
      actions: original.actions,
      updated_at: this.nowIso(),
    };
    await this.save(scene);
    return scene;
  }

  /** Saves the current state of some entities (or of a whole area) as a new scene. */
  async snapshot(
    name: string,
    sel: { entities?: string[] | undefined; area?: string | undefined },
  ): Promise<Scene> {
    let entities: Entity[];
    if (sel.area !== undefined) {
      const area = this.home.registry.findArea(sel.area);
      if (!area) throw Errors.notFound('Area', sel.area);
      entities = this.home
        .entities({ area: area.id })
        .filter((e) => e.capabilities.actions.length > 0 && e.domain !== 'scene');
    } else {
      entities = (sel.entities ?? []).map((id) => this.home.entity(id));
    }
    if (entities.length === 0)
      throw Errors.validation(
        'Nothing to save: give entities that can be controlled, or an area that has some.',
        { field: 'entities' },
      );
    const actions: SceneAction[] = entities.flatMap((e) =>
      actionsToRestore(
        { entity_id: e.entity_id, state: e.state, attributes: e.attributes },
        e.capabilities,
      ).map((a) => ({ entity: e.entity_id, action: a.action, ...a.params })),
    );
    return this.create(name, actions);
  }

  private checkActions(actions: SceneAction[]) {
    actions.forEach((a, i) => {
      if (a.entity !== undefined && !this.home.registry.get(a.entity)) {
        throw Errors.validation(`actions[${i}].entity: unknown entity "${a.entity}"`, {
          field: `actions[${i}].entity`,
        });
      }
    });
  }

  /** The commands a scene means in this home right now. */
  resolve(scene: Scene, cause: Cause): Command[] {
    const commands: Command[] = [];
    for (const a of scene.actions) {
      const { entity, target, action, ...params } = a;
      if (entity !== undefined) {
        commands.push({ entity_id: entity, action, params, cause });
        continue;
      }
      for (const e of this.matching(target)) {
        if (!e.capabilities.actions.includes(action)) continue;
        const fitted = fitParams(e, params);
        // A rule whose required parameter this entity cannot take (eco on a thermostat without it) skips the entity.
        if (Object.keys(ACTIONS[action]?.required ?? {}).some((k) => fitted[k] === undefined)) continue;
        commands.push({ entity_id: e.entity_id, action, params: fitted, cause });
      }
    }
    // Attributes before on/off, so a light comes on at its scene brightness.
    return commands.sort((x, y) =>
      actionKind(x.action) === actionKind(y.action) ? 0 : actionKind(x.action) === 'attribute' ? -1 : 1,
    );
  }

  private matching(t: SceneTarget): Entity[] {
    return this.home
      .entities({ domain: t.domain, area: t.area })
      .filter(
        (e) =>
          (t.label === undefined || e.labels.includes(t.label)) &&
          !(t.exclude_labels ?? []).some((l) => e.labels.includes(l)),
      );
  }

  /** Activates a scene: every entity in parallel, per-entity outcomes, one undo step for the person. */
  async activate(
    id: string,
    by: { actor?: string | undefined; cause?: Cause } = {},
  ): Promise<SceneActivation> {
    const scene = this.get(id);
    const cause: Cause = { type: 'scene', id };
    const commands = this.resolve(scene, cause);
    if (by.actor) {
      const saved = this.home.snapshot([...new Set(commands.map((c) => c.entity_id))]);
      this.home.undo.record(by.actor, { label: `scene ${scene.name}`, saved, at: this.clock.now() });
    }
    const results = await this.home.executeAll(commands, { noUndo: true });
    this.bus.emit('scene_activated', { scene_id: id, name: scene.name, cause: by.cause ?? cause, results });
    return { scene_id: id, name: scene.name, results };
  }
}

/** Rule-based actions carry generic parameters; keep those this entity supports, clamped to its range. */
function fitParams(e: Entity, params: Record<string, unknown>): Record<string, unknown> {
  const caps = e.capabilities;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'brightness' && !caps.brightness) continue;
    if (k === 'kelvin') {
      if (!caps.color_temp || typeof v !== 'number') continue;
      out.kelvin = Math.min(caps.color_temp.max_kelvin, Math.max(caps.color_temp.min_kelvin, v));
      continue;
    }
    if (k === 'color' && !caps.color) continue;
    if (k === 'preset' && !(caps.presets ?? []).includes(String(v))) continue;
    out[k] = v;
  }
  return out;
}
