import { CacheProvider, type EmotionCache } from '@emotion/react';
import { StrictMode } from 'react';
import { App } from '../App';
import { readInitialData, seedInitialData, takeInitialData } from '../initial-data';
import { createQueryClient } from '../query-client';

export { preloadScreen } from '../routes';

/**
 * Step 4 of the browser's start (main.tsx): the router, React Query, the layout and the contracts, evaluated in a
 * task of their own; the app as the server rendered it, with the data the server embedded (no fetch before it
 * shows).
 */
export function clientApp(styleCache: EmotionCache) {
  const initial = readInitialData(takeInitialData());
  const queryClient = seedInitialData(createQueryClient(), initial.queries);
  return (
    <StrictMode>
      <CacheProvider value={styleCache}>
        <App queryClient={queryClient} now={initial.now ?? Date.now()} />
      </CacheProvider>
    </StrictMode>
  );
}
