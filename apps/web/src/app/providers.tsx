import { DEFAULT_RETRY_POLICY, retryDelayMs } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { isRetryable } from '../lib/api-client';
import { ThemeProvider } from '../lib/theme';
import { Toaster, ToastProvider } from '../lib/toast';
import { AppRoutes } from './routes';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // TanStack passes the failures before this one (0 on the first failure); the policy's attempts
        // include the first try and its delays count retries from 1.
        retry: (failureCount, error) => failureCount < DEFAULT_RETRY_POLICY.attempts - 1 && isRetryable(error),
        retryDelay: (failureCount) => retryDelayMs(failureCount + 1),
      },
    },
  });
}

/** Everything the app needs around it; tests pass their own query client and router. */
export function AppContext({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          {children}
          <Toaster />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The whole app in the browser; main.tsx passes the query client when it has primed it for hydration. */
export function AppProviders({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppContext queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppContext>
  );
}
