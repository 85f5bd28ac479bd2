import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/client', 'apps/server', 'apps/web'],
  },
});
