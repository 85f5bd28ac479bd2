import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { INSTALL_MODAL_CLOSED_KEY, InstallAppModal } from './install-app-modal';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <InstallAppModal /> }], {
    initialEntries: [path],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const standalone = (matches: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation(
      (query: string) => ({ matches: matches && query === '(display-mode: standalone)' }) as MediaQueryList,
    );

beforeEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
  if (!window.matchMedia) window.matchMedia = (() => ({ matches: false })) as never;
});

describe('install-app modal (device-mode §2 default layout; decision 0089)', () => {
  it("a tablet in a browser tab is asked on the staff home, with the install page's instructions", async () => {
    standalone(false);
    renderAt('/staff');
    const dialog = await screen.findByRole('dialog', { name: 'Install the app' });
    expect(dialog).toHaveTextContent(/not supported on this device or browser|home screen|install/i);
  });

  it('closing it keeps it closed for the tab', async () => {
    standalone(false);
    const first = renderAt('/staff');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(INSTALL_MODAL_CLOSED_KEY)).toBe('1');
    first.unmount();
    renderAt('/staff');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['/questions', '/register', '/checkout'])('never covers %s', (path) => {
    standalone(false);
    renderAt(path);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the installed app (standalone) is never asked', () => {
    standalone(true);
    renderAt('/staff');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
