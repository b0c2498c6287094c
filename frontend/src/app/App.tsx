import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '../components/DeferredToaster';
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
 * browser knows (the useHydrated and useMediaQuery of the components that use them flip in the same task, right
 * after this effect). Tests wait for it before acting.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export function App({ queryClient, now }: Omit<Props, 'children'>) {
  // An effect, not useHydrated(): that flip would render the whole app a second time, synchronously, in one long
  // task right after hydration (a store that changes makes React re-render at once): TBT (docs/rendering.md).
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return (
    <AppProviders queryClient={queryClient} now={now}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
