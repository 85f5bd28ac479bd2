import { defineProject } from 'vitest/config';

// Property tests run hundreds of cases: on a loaded CI machine one took over vitest's 5 s default.
export default defineProject({
  test: { environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 15_000 },
});
