import { DEFAULT_RETRY_POLICY, retryDelayMs } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { isRetryable } from '../lib/api-client';
import { AppRoutes } from './routes';

export function AppProviders() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // TanStack passes the failures before this one (0 on the first failure); the policy's attempts
            // include the first try and its delays count retries from 1.
            retry: (failureCount, error) => failureCount < DEFAULT_RETRY_POLICY.attempts - 1 && isRetryable(error),
            retryDelay: (failureCount) => retryDelayMs(failureCount + 1),
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
