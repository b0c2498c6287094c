import { useState, useSyncExternalStore } from 'react';

/**
 * Which posts and replies a live change just touched. Each change bumps the id's version; a screen element
 * watching that id flashes once per bump (see Highlight.tsx). Versions seen before the element was on screen do
 * not flash, so going back to the list does not light up everything that changed meanwhile.
 */
const versions = new Map<string, number>();
const listeners = new Set<() => void>();

export function markChanged(ids: readonly string[]): void {
  if (ids.length === 0) return;
  for (const id of ids) versions.set(id, (versions.get(id) ?? 0) + 1);
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** 0 until the id changes while the caller is mounted, then 1, 2, … per change. */
export function useChangeCount(id: string): number {
  // On the server (and while hydrating) nothing has changed live yet.
  const version = useSyncExternalStore(
    subscribe,
    () => versions.get(id) ?? 0,
    () => 0,
  );
  const [atMount] = useState(version);
  return Math.max(0, version - atMount);
}
