import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The console's screens render in jsdom and are queried by role (Testing Library); the API is faked at
// the fetch level (src/test/fake-api.ts).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
