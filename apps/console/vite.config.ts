import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The domain and the API client have no module side effects: what the console does not use stays out. */
const SIDE_EFFECT_FREE = /packages[\\/](domain|client)[\\/]src[\\/]/;

/**
 * The operator console (decision 0222): its own build under /console/, so nothing of it is in the guest's
 * or the tablet's bundle; the server serves dist/ at /console/ (apps/server/src/plugins/console.ts).
 */
export default defineConfig({
  root,
  base: '/console/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /console/assets: the server caches them for a year (immutable).
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: {
        // Libraries change less often than the screens: their own files stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    // In development the API runs on its own port (npm run dev); the browser still sees one origin.
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
