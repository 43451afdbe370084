import { DEFAULT_RETRY_POLICY, retryDelayMs } from '@bookshelf/contract';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { isRetryable } from './api-client';

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

let shared: QueryClient | undefined;

/**
 * Gives its children the page's one query client, created on first use. It wraps the screens that use
 * TanStack Query (the signed-in app, the sign-in dialog, the password reset), each loaded lazily with it: a
 * visitor's pages load no query library (decision 030). The sign-in dialog and the signed-in app it hands
 * over to share the one client. A client already given above (tests give their own) is kept.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  shared ??= createQueryClient();
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>;
}
