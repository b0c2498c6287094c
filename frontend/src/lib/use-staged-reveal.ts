import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a page's `total` sections to show: the first at once, then one more after each commit, each as a
 * transition. A long page (the home page's year grid, timeline, videos and articles) then reaches the screen in
 * several short steps instead of one long one, so a slow phone can answer a tap in between.
 */
export function useStagedReveal(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => setShown((count) => Math.min(total, count + 1)));
  }, [shown, total]);
  return shown;
}
