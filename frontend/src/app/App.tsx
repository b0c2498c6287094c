import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '../components/DeferredToaster';
import { useHydrated } from '../lib/use-hydrated';
import { NowProvider } from './now';
import { AppRoutes } from './routes';
import { system } from './theme';

type Props = { queryClient: QueryClient; now: number; children: React.ReactNode };

/** Everything around the routes, the same on the server (entry-server.tsx) and in the browser (main.tsx). */
export function AppProviders({ queryClient, now, children }: Props) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <NowProvider initial={now}>
          {children}
          <DeferredToaster />
        </NowProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

/**
 * Set on <html> once the browser's React has taken the page over: hydrated, and rendered again with what only the
 * browser knows (useHydrated, useMediaQuery flip in that same render). Tests wait for it before acting.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export function App({ queryClient, now }: Omit<Props, 'children'>) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, [hydrated]);
  return (
    <AppProviders queryClient={queryClient} now={now}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
