import { startTransition, useEffect, useState } from 'react';
import { system } from '../app/theme';

/** A breakpoint of the theme as a media query ('screen and (min-width: 64rem)'), so the theme stays its one definition. */
export const atLeast = (breakpoint: 'sm' | 'md' | 'lg' | 'xl') => system.breakpoints.up(breakpoint).replace(/^@media\s+/, '');

/**
 * Whether the screen matches `query`; null while that is unknown: on the server, in the browser's hydrating render
 * (which must write what the server wrote) and in any first render. A component that lays out differently by screen
 * renders both layouts (one hidden by CSS) until it knows, so the server's HTML is right on every screen.
 * The answer arrives as a transition, which React renders in slices: with useSyncExternalStore it was a synchronous
 * render right after hydration, the whole lineup of a year page at once (~500 ms on Lighthouse's phone, issue 17,
 * TBT). HydrationMark waits for it (app/hydration-mark.tsx).
 */
export function useMediaQuery(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
