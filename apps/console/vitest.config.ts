import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The console's screens render in jsdom and are queried by role (Testing Library); the API is faked at
// the fetch level (src/test/fake-api.ts).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share one jsdom and its modules instead of each setting up and importing
    // Mantine, React and the routes again (decision 0238): every test renders a new console with its own
    // query client and router, and the set-up file cleans the DOM, notifications, stubbed globals,
    // localStorage and the language after each. A test that mocks a module (vi.mock) or leaves other
    // global state behind does not belong here without isolate: true in its own project.
    isolate: false,
    testTimeout: 15_000,
  },
});
