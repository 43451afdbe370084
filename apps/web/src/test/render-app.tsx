import type { Me } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppContext } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { resetSessionForTests } from '../lib/session';

export { testMe } from './fixtures';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders `ui` (the whole app by default) at `route`, with the app's providers and a location probe. */
export function renderApp({ route = '/', me, ui }: { route?: string; me?: Me | null; ui?: ReactNode } = {}) {
  // Seeding "me" skips the network for the session: null is a visitor, a user is signed in.
  resetSessionForTests(me);
  const queryClient = testQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppContext>
        <MemoryRouter initialEntries={[route]}>
          {ui ?? <AppRoutes />}
          <LocationProbe />
        </MemoryRouter>
      </AppContext>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location: () => result.getByTestId('location').textContent };
}
