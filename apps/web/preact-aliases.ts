import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * React's API served by Preact (`preact/compat`, ~11 kB gzip instead of React DOM's ~67 kB): the
 * first guest screen's budget (issue 5, decision 0078). The build and the unit tests share this list,
 * so the tests run on what ships. Exact-match patterns: `react-router` must not become `preact-router`.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // react-i18next's shim for React < 18 (CommonJS, requires 'react'): Preact has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // react-i18next's hooks over the app's own translator instead of i18next (~18 kB gzip less on the
  // first screen; decision 0078, step 3). The screens keep importing 'react-i18next' and its types.
  {
    find: /^react-i18next$/,
    replacement: fileURLToPath(new URL('./src/platform/react-i18n.tsx', import.meta.url)),
  },
];
