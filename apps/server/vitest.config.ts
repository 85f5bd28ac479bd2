import { defineProject } from 'vitest/config';

// API tests build the app and use app.inject against PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
export default defineProject({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
