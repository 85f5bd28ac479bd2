import { defineProject } from 'vitest/config';

// API tests build the app and use app.inject against PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
export default defineProject({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The test files of a worker share its modules instead of each importing the whole app again
    // (decision 0164): the app keeps its state per instance (caches, rate limits, writers), each file
    // builds its own app and database, and no server test mocks a module or stubs a global.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
