import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Journeys in headless Chromium against the real server (npm run test:e2e builds the app first).
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // One server and one browser per file on a 2-core machine: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    // Starting the server migrates and seeds a fresh database first.
    hookTimeout: 180_000,
  },
});
