import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False while a page is server HTML (on the server, and in the browser's hydrating render, which must write the
 * same), true once the browser's script runs it. A control that needs the script (the mobile menu button) keeps
 * its place but is not offered before, or a tap on it would do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
