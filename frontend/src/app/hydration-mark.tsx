import { useEffect } from 'react';

/**
 * Set on <html> once the browser's React has taken the page over: the screen hydrated, and rendered again with
 * what only the browser knows (useHydrated, useMediaQuery flip in the same task, right after this effect). Tests
 * wait for it before acting.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Sets HYDRATED_ATTRIBUTE. It sits inside the screen's Suspense boundary (app/routes.tsx), which React hydrates in
 * a pass of its own, after the rest of the app (at idle priority: the server's HTML is already there): an effect of
 * the App itself runs before the screen is taken over. The App no longer forces that pass by rendering itself
 * again at once (a store flip in App: the whole page's hydration as one long task, TBT: docs/rendering.md).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}
