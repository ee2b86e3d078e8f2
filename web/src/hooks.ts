import { useEffect, useRef, useState } from 'preact/hooks';
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

/** Whether the page is live (socket up and state re-read); re-renders the caller when that changes. */
export function useConnected(store: HomeStore): boolean {
  const [, tick] = useState(0);
  useEffect(() => store.subscribeConnection(() => tick((n) => n + 1)), [store]);
  return store.connected;
}

/** `value` once it has held for `ms` (false at once): hides a flash of "offline" while the page first connects. */
export function useDelayed(value: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) return setShown(false);
    const t = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return shown;
}

/** The entity whose details dialog is open, or null. */
export function useDetails(store: HomeStore): string | null {
  const [, tick] = useState(0);
  useEffect(() => store.subscribeDetails(() => tick((n) => n + 1)), [store]);
  return store.details;
}

/** A modal <dialog> opened on mount (focus trapped, Esc closes); `onClose` when it closes. */
export function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current!;
    if (!d.open) d.showModal();
    const close = () => onClose();
    d.addEventListener('close', close);
    return () => d.removeEventListener('close', close);
  }, []);
  return ref;
}
