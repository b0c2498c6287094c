import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '../app/theme';
import { Hero } from '../components/home/Hero';
import { Layout } from '../components/layout/Layout';
import { LoadingText } from '../components/LoadingText';
import { PrerenderContext } from '../lib/prerender';

/**
 * The first paint, rendered at build time from the app's own components (vite's `prerenderedShells` plugin runs
 * this in Node and writes dist/.shell/*.html). The server puts a shell inside #root, so a visitor sees the page's
 * frame — the navigation in its 'user loading' state and, on the home page, the hero — while the JavaScript is
 * still on its way. Emotion writes each component's styles next to it; on start the client moves them into <head>
 * and renders the real page over the shell.
 */
function shell(page: React.ReactNode, path: string): string {
  const queryClient = new QueryClient();
  return renderToString(
    <PrerenderContext.Provider value>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<Layout />}>
                <Route path="*" element={page} />
              </Route>
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </PrerenderContext.Provider>,
  );
}

export function renderShells(): Record<'home' | 'page', string> {
  // The page shell stands for any other route, so no navigation link is marked as the current one.
  return { home: shell(<Hero />, '/'), page: shell(<LoadingText>Laddar...</LoadingText>, '/-') };
}
