import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (decision 0088): Workbox's generated worker precaches the app shell and every
 * built chunk, so a tablet works offline after one visit; index.html answers every navigation outside
 * /api; API answers are never cached (the device store and the offline queue own them).
 * Prompt mode: a new worker waits until the app tells it to take over (useAppUpdate, D4.51), so an
 * update never reloads a survey in progress.
 */
export const pwa = () =>
  VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // Registered by src/platform/pwa/register.ts (after load, with the update flow wired in).
    injectRegister: false,
    // public/manifest.webmanifest is the manifest; index.html links it.
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,wasm}'],
      globIgnores: ['**/heic-to-*.js'],
      // Only HEIC photos need the converter: cached the first time one is chosen, not on install.
      runtimeCaching: [
        {
          // The HEIC converter chunk (vite.config.ts names its group 'heic-to'). A RegExp, not a
          // function: Workbox copies functions into sw.js as text, without the variables they use.
          urlPattern: /\/assets\/heic-to-[^/]+\.js$/,
          handler: 'CacheFirst',
          options: { cacheName: 'venue-voice-heic', expiration: { maxEntries: 2 } },
        },
      ],
      navigateFallback: 'index.html',
      // /preview is answered by the server, whose headers let the console frame it (decision 0258); the
      // cached index.html carries the guest pages' refusal of any frame. The console is its own app: a
      // worker the preview frame installed must not answer the console's pages with the guest app.
      navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/preview(?:[/?]|$)/, /^\/console(?:[/?]|$)/],
      // Hashed names change with their content: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
      cleanupOutdatedCaches: true,
      // A first install controls the open page at once (offline from the first visit); an update
      // still waits, since activation itself waits for SKIP_WAITING.
      clientsClaim: true,
      skipWaiting: false,
      // One file, so the server's no-cache rule for sw.js covers the whole worker.
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
