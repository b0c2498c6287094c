import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
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

export function App({ queryClient, now }: Omit<Props, 'children'>) {
  return (
    <AppProviders queryClient={queryClient} now={now}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
