import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Components render in jsdom with React 19 and are queried by role (Testing Library).
export default defineProject({
  plugins: [react()],
  test: {
    // zod through Vite, so that vi.resetModules() gives zod-jitless.test.ts a fresh copy, as the lazy
    // chunk is in the browser (zod reads its global settings when it loads).
    server: { deps: { inline: ['zod'] } },
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Room for the 5 s waits of src/test/setup.ts: a test is cut off only when it is stuck.
    testTimeout: 15_000,
  },
});
