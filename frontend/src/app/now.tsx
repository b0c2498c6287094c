import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/** How often relative times ('3h sedan') move on while a page stays open. */
const TICK_MS = 60_000;

const NowContext = createContext<number | null>(null);

/**
 * The time relative times and the footer's year are counted from. It starts at the time the server rendered the
 * page with (in the page's initial data), so the first render in the browser writes exactly the server's text
 * and hydration finds no difference; after hydration it moves to the browser's clock, as a transition (it never
 * replaces server HTML that is still waiting for its code by a loading line), and then every minute.
 */
export function NowProvider({ initial, children }: { initial: number; children: React.ReactNode }) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The current time as this render counts it (see NowProvider, which every tree of the app has: app/App.tsx). */
export function useNow(): Date {
  const now = useContext(NowContext);
  if (now === null) throw new Error('useNow needs a NowProvider above it (AppProviders)');
  return new Date(now);
}
