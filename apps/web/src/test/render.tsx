import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** A QueryClient as the app makes it, without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  return client;
}

/** Renders a widget inside the app's providers (Mantine in test mode, Query, toasts). */
export function renderWithProviders(ui: ReactElement, queryClient: QueryClient = createTestQueryClient()) {
  return {
    queryClient,
    ...render(
      <Providers env="test" queryClient={queryClient}>
        {ui}
      </Providers>,
    ),
  };
}

/** Renders routes in a memory router at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  queryClient: QueryClient = createTestQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...result };
}
