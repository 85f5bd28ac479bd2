import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Issue 9's long reliability runs (npm run test:soak): one file at a time, they load the whole machine.
export default defineConfig({
  test: {
    name: 'soak',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['soak/**/*.soak.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 180_000,
  },
});
