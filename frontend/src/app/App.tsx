import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '../components/DeferredToaster';
import { seedInitialData, takeInitialData } from './initial-data';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { system } from './theme';

export function App() {
  const [queryClient] = useState(() => seedInitialData(createQueryClient(), takeInitialData()));
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <DeferredToaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
