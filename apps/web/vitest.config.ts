import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from './preact-aliases';

// Components render in jsdom and are queried by role (Testing Library).
export default defineProject({
  plugins: [react()],
  // The tests run on Preact as the build does (decision 0078).
  resolve: {
    // Libraries' ES builds (whose imports the aliases reach), not the CommonJS ones Node would pick.
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'main'],
    alias: PREACT_ALIASES,
  },
  test: {
    // Every library through Vite, so that its `import 'react'` meets the aliases (Node would load React).
    server: { deps: { inline: true } },
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Room for the 5 s waits of src/test/setup.ts: a test is cut off only when it is stuck.
    testTimeout: 15_000,
  },
});
