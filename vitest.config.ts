import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/client', 'apps/server', 'apps/web'],
    coverage: {
      // The domain holds the rules; its line coverage is the figure the team watches (issue 3: ≥ 90 %).
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 90 },
    },
  },
});
