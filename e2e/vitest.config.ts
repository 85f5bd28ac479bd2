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
    // Two files at a time, each with its server and browser: a journey waits on the other core (the
    // server, Chromium's renderer, timers) as much as it computes, and most of a file's start is its
    // worker importing Playwright. 510 s → 288 s on a 2-core machine, 112 of 112 passing; the
    // files on the shared server use receipts and devices of their own (decision 0238).
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    // Starting the server migrates and seeds a fresh database first.
    hookTimeout: 180_000,
  },
});
