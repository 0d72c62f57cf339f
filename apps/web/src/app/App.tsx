import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { subscribeToken } from '../shared/session';
import { sessionScope } from '../shared/queryScopes';
import { AppRoutes } from './AppRoutes';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request layer already told the user; pages offer a retry button instead.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  // Whatever belonged to the previous user goes when the token changes.
  useEffect(
    () => subscribeToken(() => queryClient.removeQueries({ queryKey: sessionScope })),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
