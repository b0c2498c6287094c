import { startTransition, useEffect, useState } from 'react';

/**
 * Set on <html> once the browser's React has taken the page over: the screen hydrated, and rendered again with
 * what only the browser knows (useHydrated flips in the task of the hydration's commit; useMediaQuery answers in
 * the transition HydrationMark waits for). Tests wait for it before acting.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Sets HYDRATED_ATTRIBUTE. It sits inside the screen's Suspense boundary (app/routes.tsx), which React hydrates in
 * a pass of its own, after the rest of the app (at idle priority: the server's HTML is already there): an effect of
 * the App itself runs before the screen is taken over. The App no longer forces that pass by rendering itself
 * again at once (a store flip in App: the whole page's hydration as one long task, TBT: docs/rendering.md).
 * The attribute waits for one transition: the screen's answers to useMediaQuery arrive as transitions started in
 * the same effects flush, so React renders and commits them with this one, and a test that waits for the
 * attribute finds the page laid out for its screen.
 */
export function HydrationMark() {
  const [settled, setSettled] = useState(false);
  useEffect(() => startTransition(() => setSettled(true)), []);
  useEffect(() => {
    if (settled) document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, [settled]);
  return null;
}
