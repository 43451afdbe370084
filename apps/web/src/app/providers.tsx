import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from '../lib/theme';
import { Toaster, ToastProvider } from '../lib/toast';
import { AppRoutes } from './routes';

/**
 * Everything the app needs around it; tests add their own router (and query client). No query client here:
 * the screens that use TanStack Query bring it with them (lib/query-client, decision 030).
 */
export function AppContext({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <ToastProvider>
        {children}
        <Toaster />
      </ToastProvider>
    </ThemeProvider>
  );
}

/** The whole app in the browser. */
export function AppProviders() {
  return (
    <AppContext>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppContext>
  );
}
