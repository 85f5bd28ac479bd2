import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import type { VenueConfig, WebApi } from '../platform/api';

/** Renders the real route table at a path, with a fake API and a cache that never retries. */
export function renderApp(path: string, api: WebApi) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders api={api} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** An API failure as the client throws it (status, code, message…). */
export function apiFailure(status: number, code: number, message = 'failure') {
  return Object.assign(new Error(message), { status, code, detail: null, previous: null, ui: false });
}

export function venueConfig(overrides: Partial<VenueConfig['surveys'][number]> = {}): VenueConfig {
  return {
    company: { keyName: 'demo', name: 'Demo Hospitality Group' },
    surveys: [{ templateId: 1, name: 'Demo Bistro', templateLocale: 'en-gb', branding: {}, ...overrides }],
  };
}
