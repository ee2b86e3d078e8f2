import { useEffect, useState } from 'preact/hooks';
import type { ControlStatus, HomeStore } from './live';
import type { Entity } from './types';

/** Re-renders the caller when this one entity (or its control status) changes. */
export function useEntity(store: HomeStore, id: string): [Entity | undefined, ControlStatus | undefined] {
  const [, tick] = useState(0);
  useEffect(() => store.subscribe(id, () => tick((n) => n + 1)), [store, id]);
  return [store.entities.get(id), store.control.get(id)];
}

/** Re-renders the caller when entities are added, removed or moved between rooms. */
export function useStructure(store: HomeStore): number {
  const [, tick] = useState(0);
  useEffect(() => store.subscribeStructure(() => tick((n) => n + 1)), [store]);
  return store.structureVersion;
}
