import type { Expose } from './types.js';

/**
 * Group exposes are not in `bridge/groups` (bridges.md §1.9): derive them from the members. A
 * group of lights is a light with every feature some member has; a group of switches a switch.
 */
export function groupExposes(members: Expose[][]): Expose[] {
  const lights = members.flatMap((m) => m.filter((e) => e.type === 'light' && !e.endpoint));
  if (lights.length > 0) {
    const features = new Map<string, Expose>();
    for (const l of lights)
      for (const f of l.features ?? []) if (f.name && !features.has(f.name)) features.set(f.name, f);
    return [{ type: 'light', features: [...features.values()] }];
  }
  const switches = members.flatMap((m) => m.filter((e) => e.type === 'switch' && !e.endpoint));
  if (switches.length > 0) return [switches[0]!];
  return [];
}
