/** Which entities a rule-based scene action applies to, resolved when the scene is activated. */
export interface SceneTarget {
  domain?: string;
  /** Area id, e.g. `living_room`. */
  area?: string;
  label?: string;
  exclude_labels?: string[];
}

/**
 * One scene action: `{entity, action, …params}` for one entity (custom scenes, the
 * specification's shape), or `{target, action, …params}` for every matching entity (built-ins).
 */
export type SceneAction = ({ entity: string; target?: never } | { target: SceneTarget; entity?: never }) & {
  action: string;
  [param: string]: unknown;
};

export interface Scene {
  id: string;
  name: string;
  builtin: boolean;
  /** True when a built-in scene was edited (reset restores the original). */
  modified: boolean;
  actions: SceneAction[];
  updated_at: string;
}
