import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { pwa } from './pwa.config';

/**
 * V8's explicit compile hint (Chrome 136+; to other engines only a comment): every function of the file
 * is compiled while the file downloads, on a background thread, instead of on the main thread at its
 * first call. Only for the scripts every page load runs from the start: the entry and the two library
 * chunks it imports (decision 0154). Added after minification, which would drop a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const EAGER_LIBRARY_CHUNKS = new Set(['framework', 'vendor']);
const compileHint = (chunk: { name: string; isEntry: boolean }) =>
  chunk.isEntry || EAGER_LIBRARY_CHUNKS.has(chunk.name) ? COMPILE_HINT : '';

const root = fileURLToPath(new URL('.', import.meta.url));
const SIDE_EFFECT_FREE = /packages[\\/](domain|client)[\\/]src[\\/]/;
/** Radix Dialog and the packages it brings (focus lock, scroll lock, aria-hidden). */
const DIALOG_LIBRARIES =
  /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-sidecar|use-callback-ref|get-nonce|tslib)[\\/]/;

/**
 * A language's texts: src/locales/<language>.json, src/features/<name>/locales/<language>.json, and
 * src/locales/texts-<language>.ts, which gathers a language's every namespace (platform/i18n.ts).
 */
const LOCALE_FILE = /[\\/]locales[\\/](?:texts-)?([a-z]{2}(?:-[a-z]{2})?)\.(?:json|ts)$/;
/** The features only a tablet shows: their English texts load with the tablet (platform/i18n.ts). */
const TABLET_FEATURE = /[\\/]features[\\/](?:app-update|device|device-sync|kiosk|team)[\\/]/;
/** The survey's features (questions and the steps after them): their English loads with the survey. */
const SURVEY_FEATURE = /[\\/]features[\\/](?:questions|checkout|sharing|upload)[\\/]/;
const textsChunk = (id: string) => {
  const language = LOCALE_FILE.exec(id)?.[1];
  if (!language) return null;
  if (language !== 'en-gb') return `texts-${language}`;
  if (TABLET_FEATURE.test(id)) return 'texts-en-gb-tablet';
  return SURVEY_FEATURE.test(id) ? 'texts-en-gb-survey' : 'texts-en-gb';
};

/**
 * The server's render of the first screen (src/entry-server.tsx, decision 0169): `vite build --ssr`
 * writes it to dist/server, beside the app it renders for, so a build carries both. Everything is
 * bundled, libraries too: their production builds (React's is chosen by NODE_ENV at build time, not by
 * the server's environment), and the render runs the very versions the browser hydrates with.
 */
const serverRender: UserConfig = {
  root,
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    ssr: 'src/entry-server.tsx',
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRender
    : {
        root,
        plugins: [react(), pwa(), precompress()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // Hashed file names under /assets: the server caches them for a year (immutable).
          assetsDir: 'assets',
          target: 'es2022',
          // dist/.vite/manifest.json: the chunk graph the first-screen budget is measured from
          // (bench/bundle-budget.ts, e2e/bundle-budget.test.ts; decision 0077).
          manifest: true,
          rolldownOptions: {
            // The domain and the API client have no module side effects (conventions 1 and 6): modules the
            // entry does not use (the survey engine, validators) stay out of it. Decision 0077.
            treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
            output: {
              postBanner: compileHint,
              // Libraries change far less often than our code: separate files keep them cached across
              // releases (hashed names, immutable). Order matters: the first matching group wins. There is no
              // catch-all group: a library in none goes with the screens that import it, so a new screen's
              // library stays off the first screen (decision 0077; the budget test catches one that doesn't).
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  },
                  // The HEIC converter (~3 MB of WebAssembly) is imported only when a HEIC photo is chosen
                  // (decision 0066); in a shared group every first screen would download it.
                  { name: 'heic-to', test: /node_modules[\\/]heic-to[\\/]/ },
                  // Only screens with a form or a modal load these.
                  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                  { name: 'dialog', test: DIALOG_LIBRARIES },
                  // zod loads after the first screen, with the client's schemas (decision 0078): its own file.
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                  // What the entry itself runs on every address: texts, server data, stores.
                  {
                    name: 'vendor',
                    test: /node_modules[\\/](i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
                  },
                  // One file per language with every feature's texts: a language is needed whole, and twelve
                  // tiny files queue behind each other on HTTP/1.1's six connections (decision 0133).
                  { name: textsChunk, test: LOCALE_FILE },
                  // The rest of what the entry imports statically, in one file instead of ~10 tiny shared ones.
                  // Only modules the first screen loads anyway: later screens keep their own chunks (0133).
                  { name: 'initial', tags: ['$initial'] },
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
      },
);
