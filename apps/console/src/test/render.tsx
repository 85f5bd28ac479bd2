import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';

/**
 * The whole console at `path` (its real routes, shell and providers), with the API faked at the fetch level
 * by the test (fake-api.ts). Answers the router, to see where a screen went, and a user-event instance.
 */
export function renderConsole(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user };
}
