import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from './toaster';

const loadView = () => import('./toaster-view');
const ToasterView = lazy(loadView);

/**
 * The toast UI is not needed to paint a page, so its code (about 7 kB gzipped) stays out of the first load:
 * it is fetched and mounted when the browser is idle, or at once when a notice comes earlier (the store keeps
 * that notice until the view shows it).
 */
export function DeferredToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    // Once the code is here, mount the view, so later notices appear without delay.
    const prefetch = () => void loadView().then(() => setNeeded(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 2000);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (needed) return;
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
