/**
 * The browser's entry. It starts the client in steps, each in a task of its own: evaluating all of the client's
 * code at once (React DOM, Chakra and the theme, the router, the contracts' schemas) was one task of ~430 ms on
 * Lighthouse's slow phone, input blocked throughout (TBT, issue 17). The steps are dynamic imports: the bundler
 * makes each its own chunks, and the server's page loader has already asked for all of them
 * (backend/src/seo/route-preloads.ts), so a step waits for no network, only for its turn.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Yields to the browser (input, paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  const serverRendered = root.hasChildNodes();
  const react = await import('./app/start/react-dom');
  await nextTask();
  await import('./app/start/chakra-core');
  await nextTask();
  const styleCache = (await import('./app/start/styles')).clientStyles(serverRendered);
  await nextTask();
  // The archive's API calls and the contracts' schemas (zod) they check answers with: those of most public
  // screens, the home page's among them; with the screen's own code they were one long task.
  await import('./api/archive');
  await nextTask();
  const client = await import('./app/start/client-app');
  await nextTask();
  const app = client.clientApp(styleCache);
  if (!serverRendered) {
    react.createRoot(root).render(app);
    return;
  }
  // The server rendered the page (backend/src/ssr): the first screen's code is loaded before hydrating, so React
  // adopts the server's HTML at once instead of suspending on that code (which could swap the HTML for a loading
  // line). Hydration runs as a transition: React then yields to the browser every few milliseconds instead of
  // adopting the whole page in one long task (TBT; docs/rendering.md). The page is already painted from the HTML,
  // so nothing waits for it to finish.
  await nextTask();
  await client.preloadScreen(window.location.pathname).catch(() => undefined);
  await nextTask();
  react.startTransition(() => {
    react.hydrateRoot(root, app, {
      onRecoverableError: (error, info) => console.error('Hydration did not match the server HTML', error, info.componentStack),
    });
  });
}

void start(root);
