import { useCallback, useSyncExternalStore } from 'react';
import { system } from '../app/theme';

/** A breakpoint of the theme as a media query ('screen and (min-width: 64rem)'), so the theme stays its one definition. */
export const atLeast = (breakpoint: 'sm' | 'md' | 'lg' | 'xl') => system.breakpoints.up(breakpoint).replace(/^@media\s+/, '');

/**
 * Whether the screen matches `query`; null while that is unknown: on the server, and in the browser's hydrating
 * render, which must write what the server wrote. A component that lays out differently by screen renders both
 * layouts (one hidden by CSS) until it knows, so the server's HTML is right on every screen.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}
