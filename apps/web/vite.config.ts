import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets: the server caches them for a year (immutable).
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate files keep them cached across
        // releases (hashed names, immutable). Order matters: the first matching group wins.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev); the browser still sees one origin.
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
