import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readInitialData, seedInitialData, takeInitialData } from './app/initial-data';
import { createQueryClient } from './app/query-client';
import { preloadScreen } from './app/routes';
import { adoptServerStyles } from './app/server-styles';
import { createStyleCache } from './app/style-cache';
import { system } from './app/theme';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const initial = readInitialData(takeInitialData());
const queryClient = seedInitialData(createQueryClient(), initial.queries);
const styleCache = createStyleCache();
const app = (
  <StrictMode>
    <CacheProvider value={styleCache}>
      <App queryClient={queryClient} now={initial.now ?? Date.now()} />
    </CacheProvider>
  </StrictMode>
);

// The server rendered the page (backend/src/ssr): the first screen's code is loaded before hydrating, so React
// adopts the server's HTML at once instead of suspending on that code (which could swap the HTML for a loading line).
// Hydration runs as a transition: React then yields to the browser every few milliseconds instead of adopting the
// whole page in one long task, so a tap or a key during hydration is not held up (TBT; docs/rendering.md). The
// page is already painted from the HTML, so nothing waits for it to finish.
if (root.hasChildNodes()) {
  adoptServerStyles(styleCache, system);
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, app, {
          onRecoverableError: (error, info) => console.error('Hydration did not match the server HTML', error, info.componentStack),
        });
      }),
    );
} else {
  createRoot(root).render(app);
}
