import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load through the fake fetch; on CI's two busy cores that can take more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// What jsdom lacks and Mantine asks for (its documented test set-up): media queries, element sizes, scrolling.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStandIn;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a store of its own, beyond the render: none may reach the next test.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// One i18next instance for the whole file: a test that switched language leaves English for the next.
afterEach(async () => {
  const { i18n } = await import('../platform/i18n');
  await i18n.changeLanguage('en-gb');
});
