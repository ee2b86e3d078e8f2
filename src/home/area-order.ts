import type { SettingsRepository } from '../store/index.js';

const KEY = 'home.area_order';

/**
 * The order of the rooms as the household arranged them (the dashboard shows rooms in it).
 * Rooms not in the list follow, by name; a deleted room simply drops out.
 */
export class AreaOrder {
  private ids: string[] = [];

  constructor(private readonly repo: SettingsRepository) {}

  async load() {
    const saved = await this.repo.get(KEY);
    this.ids = Array.isArray(saved) ? saved.filter((x): x is string => typeof x === 'string') : [];
  }

  async set(ids: string[]) {
    this.ids = [...new Set(ids)];
    await this.repo.set(KEY, this.ids);
  }

  sort<T extends { id: string; name: string }>(areas: T[]): T[] {
    const rank = new Map(this.ids.map((id, i) => [id, i]));
    return [...areas].sort((a, b) => {
      const ra = rank.get(a.id) ?? Infinity;
      const rb = rank.get(b.id) ?? Infinity;
      return ra !== rb ? ra - rb : a.name.localeCompare(b.name);
    });
  }
}
